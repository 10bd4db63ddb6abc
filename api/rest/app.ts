import { Router } from '@koa/router';
import Koa from 'koa';
import { cachedAudioCheck } from '../../lib/audioToolchain';
import { sttBaseUrl } from '../../lib/config';
import { httpMetrics, metricsRouter } from '../http/metrics';
import { httpTracing } from '../http/tracing';
import { healthRouter, pingHttpServer } from '../http/health';
import { allowedMethods } from '../http/allowedMethods';
import { errorHandler } from '../http/errors';
import { requestLogging } from '../http/logging';
import { requestId } from '../http/requestId';
import { pingDatabase } from '../../lib/mongo';
import { pingTemporal } from '../../lib/temporalClient';
import { consoleRouter } from './consoleAssets';
import type { RestDeps } from './deps';
import { actorOf, authenticate, type AuthContext } from './middleware/auth';
import { recordAuditEvent } from '../../lib/auditLog';
import { idempotency } from './middleware/idempotency';
import { organizationRateLimit, REST_RATE_LIMIT_WINDOW_SECONDS } from './middleware/rateLimit';
import { requestGate } from '../../lib/requestGate';
import { apiReferenceRouter } from './apiReference';
import { buildOpenApiDocument } from './openapi';
import { analyticsRoutes } from './routes/analytics';
import { apiKeyRoutes } from './routes/apiKeys';
import { batchRoutes } from './routes/batches';
import { callRoutes } from './routes/calls';
import { ingestRoutes } from './routes/ingest';
import { contactRoutes } from './routes/contacts';
import { datasetRoutes } from './routes/datasets';
import { scorecardTemplateRoutes } from './routes/scorecardTemplates';
import { webhookRoutes } from './routes/webhooks';
import { connectionRoutes, dialerRoutes, resyncRoutes } from './routes/connections';
import { sessionRoutes } from './routes/sessions';
import { privacyRoutes } from './routes/privacy';
import { reprocessRoutes } from './routes/reprocess';
import { searchRoutes } from './routes/search';
import { auditTargetOf, mountRoutes, type RouteDefinition } from './routing';

export const API_PREFIX = '/api/v1';

/** Every declared `/api/v1` route, in one list: the router and the OpenAPI document both come from it. */
export function restRoutes(deps: RestDeps): RouteDefinition[] {
  return [
    ...batchRoutes(deps),
    ...ingestRoutes(deps),
    ...callRoutes(deps),
    ...contactRoutes(deps),
    ...analyticsRoutes(deps),
    ...apiKeyRoutes(deps),
    ...datasetRoutes(deps),
    ...scorecardTemplateRoutes(deps),
    ...webhookRoutes(deps),
    ...connectionRoutes(deps),
    ...dialerRoutes(deps),
    ...resyncRoutes(deps),
    ...sessionRoutes(deps),
    ...privacyRoutes(deps),
    ...reprocessRoutes(deps),
    ...searchRoutes(deps),
  ];
}

/**
 * The REST app, composed top to bottom: request id → logging → errors → health and docs (no key)
 * → authentication → rate limit → routes (each parses its own body). The rate limit follows authentication
 * because it is per organization.
 */
export function createRestApp(deps: RestDeps): Koa {
  const app = new Koa({ proxy: deps.config.TRUST_PROXY });
  app.use(requestId());
  app.use(httpMetrics('rest'));
  app.use(httpTracing('rest'));
  app.use(requestLogging(deps.logger));
  app.use(errorHandler(deps.logger));
  app.use(metricsRouter().routes());

  const health = healthRouter({
    mongo: () => pingDatabase(deps.database),
    temporal: () => pingTemporal(deps.temporal, deps.config.TEMPORAL_NAMESPACE),
    ...(deps.config.READYZ_CHECKS_WORKER_TOOLS
      ? {
          audio_toolchain: cachedAudioCheck(deps.config.AUDIO_PYTHON),
          speech_to_text: () => pingHttpServer(sttBaseUrl(deps.config)),
        }
      : {}),
  });
  app.use(health.routes());

  const routes = restRoutes(deps);
  const document = buildOpenApiDocument(routes, deps.baseUrl);
  const publicRouter = new Router();
  publicRouter.get(`${API_PREFIX}/openapi.json`, (ctx) => {
    ctx.body = document;
  });
  app.use(publicRouter.routes());
  app.use(allowedMethods(publicRouter));
  const reference = apiReferenceRouter();
  app.use(reference.routes());
  app.use(allowedMethods(reference));
  const consolePages = consoleRouter();
  app.use(consolePages.routes());
  app.use(allowedMethods(consolePages));

  // Signing in and accepting an invitation: before authentication and the organization's limit.
  const signIn = new Router({ prefix: API_PREFIX });
  mountRoutes(
    signIn,
    routes.filter((route) => route.public),
    {
      jsonLimitBytes: deps.config.JSON_BODY_LIMIT_BYTES,
      idempotency: (mode) => idempotency(deps.database.collections, mode),
    },
  );
  app.use(signIn.routes());

  const v1 = new Router({ prefix: API_PREFIX });
  v1.use(
    authenticate(
      deps.database.collections,
      requestGate(deps.database.collections.requestGates, REST_RATE_LIMIT_WINDOW_SECONDS),
    ),
  );
  v1.use(organizationRateLimit());
  mountRoutes(
    v1,
    routes.filter((route) => !route.public),
    {
      jsonLimitBytes: deps.config.JSON_BODY_LIMIT_BYTES,
      idempotency: (mode) => idempotency(deps.database.collections, mode),
      audit: async (ctx, route) => {
        const auth = ctx.state.auth as AuthContext;
        await recordAuditEvent(deps.database.collections, {
          orgId: auth.orgId,
          actor: actorOf(auth),
          action: route.operationId,
          target: auditTargetOf(ctx, route),
          requestId: ctx.state.requestId as string,
          ip: ctx.ip,
          details: (ctx.state.auditDetails as Record<string, unknown> | undefined) ?? {},
        });
      },
    },
  );
  app.use(v1.routes());
  app.use(allowedMethods(v1));
  return app;
}
