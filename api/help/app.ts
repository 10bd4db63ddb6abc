import Koa from 'koa';
import type { Config } from '../../lib/config';
import { healthRouter } from '../../lib/http/health';
import { errorHandler } from '../../lib/http/errors';
import { requestLogging } from '../../lib/http/logging';
import { requestId } from '../../lib/http/requestId';
import type { Logger } from '../../lib/logger';
import { pingDatabase, type Database } from '../../lib/mongo';

export interface HelpDeps {
  config: Config;
  database: Database;
  logger: Logger;
}

/** The public help-content app (its own port, no version segment in paths). */
export function createHelpApp(deps: HelpDeps): Koa {
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  app.use(requestId());
  app.use(requestLogging(deps.logger));
  app.use(errorHandler(deps.logger));
  // MongoDB holds the shared ask rate-limit counters, so the app is not ready without it.
  app.use(healthRouter({ mongo: () => pingDatabase(deps.database) }).routes());
  return app;
}
