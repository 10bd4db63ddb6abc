import type { Middleware } from 'koa';
import { rateLimited } from '../../../lib/errors';
import { rateLimitRefusals } from '../../../lib/metrics';
import { gateDecision } from '../../../lib/requestGate';
import { authOf, gatePassOf } from './auth';

export const REST_RATE_LIMIT_WINDOW_SECONDS = 3600;

/**
 * Per-organization hourly limit, exact across every API process: the request was counted when it
 * passed its organization's gate during authentication (lib/requestGate.ts), so this only answers.
 * Every authenticated response carries the headers, and nothing runs for a refused request.
 */
export function organizationRateLimit(): Middleware {
  return async (ctx, next) => {
    const decision = gateDecision(gatePassOf(ctx), authOf(ctx).rateLimitPerHour, REST_RATE_LIMIT_WINDOW_SECONDS);
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(decision.resetAt));
    if (!decision.allowed) {
      rateLimitRefusals.inc();
      throw rateLimited(decision.retryAfterSeconds);
    }
    await next();
  };
}
