import type { Context, Middleware } from 'koa';
import { rateLimited } from '../../../lib/errors';
import type { Collections } from '../../../lib/mongo';
import { rateLimitRefusals } from '../../../lib/metrics';
import { consumeRateLimit, type RateLimitDecision } from '../../../lib/rateLimit';
import { authOf } from './auth';

export const REST_RATE_LIMIT_WINDOW_SECONDS = 3600;

/**
 * Per-organization hourly limit, counted across every API process. Runs after authentication
 * (the organization is what is limited); every authenticated response carries the headers.
 *
 * A read (GET, HEAD) is counted while it runs rather than before, which saves it a database round
 * trip: if the count says no, its answer is thrown away and the client gets the 429. Once this
 * process has seen an organization over its limit, its requests are counted first again until the
 * window ends, so a client hammering past its limit does not get reads done for nothing. Writes are
 * always counted first: nothing is written for a refused request.
 */
export function organizationRateLimit(collections: Collections): Middleware {
  /** Organization id → when its exhausted window ends (ms), as this process last saw it. */
  const exhaustedUntil = new Map<string, number>();
  return async (ctx, next) => {
    const auth = authOf(ctx);
    const counting = consumeRateLimit(
      collections.rateLimitWindows,
      `org:${auth.orgId}`,
      auth.rateLimitPerHour,
      REST_RATE_LIMIT_WINDOW_SECONDS,
    );
    const noted = (decision: RateLimitDecision) => {
      if (decision.allowed) exhaustedUntil.delete(auth.orgId);
      else {
        exhaustedUntil.set(auth.orgId, decision.resetAt * 1000);
        rateLimitRefusals.inc();
      }
      ctx.set('X-RateLimit-Limit', String(decision.limit));
      ctx.set('X-RateLimit-Remaining', String(decision.remaining));
      ctx.set('X-RateLimit-Reset', String(decision.resetAt));
      return decision;
    };
    const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (!isRead || (exhaustedUntil.get(auth.orgId) ?? 0) > Date.now()) {
      const decision = noted(await counting);
      if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
      await next();
      return;
    }
    const headersBefore = new Set(Object.keys(ctx.response.headers));
    const [counted, handled] = await Promise.allSettled([counting, next()]);
    if (counted.status === 'rejected') {
      discardAnswer(ctx, headersBefore);
      throw counted.reason;
    }
    if (!counted.value.allowed) discardAnswer(ctx, headersBefore);
    const decision = noted(counted.value);
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
    if (handled.status === 'rejected') throw handled.reason;
  };
}

/** Drops what a read answered (its body, and headers it set) so the error answer stands alone. */
function discardAnswer(ctx: Context, headersBefore: Set<string>): void {
  const body = ctx.body as { destroy?: () => void } | null | undefined;
  if (body && typeof body.destroy === 'function') body.destroy();
  ctx.body = null;
  for (const name of Object.keys(ctx.response.headers)) if (!headersBefore.has(name)) ctx.remove(name);
}
