import { Router } from '@koa/router';
import Koa from 'koa';
import { healthRouter } from '../../lib/http/health';
import { errorHandler } from '../../lib/http/errors';
import { requestLogging } from '../../lib/http/logging';
import { requestId } from '../../lib/http/requestId';
import { pingDatabase } from '../../lib/mongo';
import { pingTemporal } from '../../lib/temporalClient';
import type { RestDeps } from './deps';
import { authenticate } from './middleware/auth';
import { jsonBody } from './middleware/body';
import { batchRoutes } from './routes/batches';
import { callRoutes } from './routes/calls';

/** The `/api/v1` app, composed top to bottom: request id → logging → errors → health → auth → routes. */
export function createRestApp(deps: RestDeps): Koa {
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  app.use(requestId());
  app.use(requestLogging(deps.logger));
  app.use(errorHandler(deps.logger));

  const health = healthRouter({
    mongo: () => pingDatabase(deps.database),
    temporal: () => pingTemporal(deps.temporal, deps.config.TEMPORAL_NAMESPACE),
  });
  app.use(health.routes());

  const v1 = new Router({ prefix: '/api/v1' });
  v1.use(authenticate(deps.database.collections));
  v1.use(...jsonBody(deps.config.JSON_BODY_LIMIT_BYTES));
  for (const resource of [batchRoutes(deps), callRoutes(deps)])
    v1.use(resource.routes(), resource.allowedMethods({ throw: true }));
  app.use(v1.routes());
  app.use(v1.allowedMethods({ throw: true }));
  return app;
}
