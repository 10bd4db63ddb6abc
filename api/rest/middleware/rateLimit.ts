import type { Middleware } from 'koa';
import { rateLimited } from '../../../lib/errors';
import type { Collections } from '../../../lib/mongo';
import { consumeRateLimit } from '../../../lib/rateLimit';
import { authOf } from './auth';

export const REST_RATE_LIMIT_WINDOW_SECONDS = 3600;

/**
 * Per-organization hourly limit, counted across every API process. Runs after authentication
 * (the organization is what is limited); every authenticated response carries the headers.
 */
export function organizationRateLimit(collections: Collections): Middleware {
  return async (ctx, next) => {
    const auth = authOf(ctx);
    const decision = await consumeRateLimit(
      collections.rateLimitWindows,
      `org:${auth.orgId}`,
      auth.rateLimitPerHour,
      REST_RATE_LIMIT_WINDOW_SECONDS,
    );
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetAt));
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
    await next();
  };
}
