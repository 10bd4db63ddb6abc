import type { Middleware } from 'koa';
import type { Logger } from '../../lib/logger';

export function requestLogging(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        {
          request_id: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Math.round(durationMs * 10) / 10,
          org_id: ctx.state.auth?.orgId,
        },
        'request',
      );
    }
  };
}
