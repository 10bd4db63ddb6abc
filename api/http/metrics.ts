import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { httpRequestDuration, metricsRegistry } from '../../lib/metrics';

/**
 * Times every request and counts it by route template (`/api/v1/calls/:callId`, never the id
 * itself, so the label set stays small); requests no route matched count as `unmatched`.
 */
export function httpMetrics(app: 'rest' | 'help'): Middleware {
  return async (ctx, next) => {
    const stop = httpRequestDuration.startTimer({ app, method: ctx.method });
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string })._matchedRoute;
      stop({ route: typeof route === 'string' ? route : 'unmatched', status: String(ctx.status) });
    }
  };
}

/** `GET /metrics`: the Prometheus text format, no key (scrape it from inside the deployment). */
export function metricsRouter(): Router {
  const router = new Router();
  router.get('/metrics', async (ctx) => {
    ctx.type = metricsRegistry.contentType;
    ctx.body = await metricsRegistry.metrics();
  });
  return router;
}
