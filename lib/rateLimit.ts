import type { Collection } from 'mongodb';
import type { RateLimitWindowDoc } from './documents';
import { isDuplicateKeyError } from './mongo';

/*
 * Exact fixed-window rate limiting shared by every process through MongoDB: one counter document
 * per key and window, raised with an atomic upserting `$inc`, so at most `limit` requests are
 * admitted per window however many run in parallel, across any number of API processes. The
 * first request of a window removes the key's earlier windows (no TTL monitor needed).
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window ends. */
  resetAt: number;
  /** Seconds until a request may succeed again (only meaningful when not allowed). */
  retryAfterSeconds: number;
}

export async function consumeRateLimit(
  windows: Collection<RateLimitWindowDoc>,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitDecision> {
  const windowStart = windowStartOf(now, windowSeconds);
  const count = await countRequest(windows, key, windowStart);
  if (count === 1) await windows.deleteMany({ key, window_start: { $lt: windowStart } });
  return decisionFor(count, limit, windowStart, windowSeconds, now);
}

/** The start of the fixed window `now` falls in. */
export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** The answer for the request numbered `count` (from 1) in the window that began at `windowStart`. */
export function decisionFor(
  count: number,
  limit: number,
  windowStart: Date,
  windowSeconds: number,
  now: Date,
): RateLimitDecision {
  const resetAtMs = windowStart.getTime() + windowSeconds * 1000;
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetAt: Math.ceil(resetAtMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - now.getTime()) / 1000)),
  };
}

/** This request's number in its window. */
async function countRequest(windows: Collection<RateLimitWindowDoc>, key: string, windowStart: Date): Promise<number> {
  const increment = () =>
    windows.findOneAndUpdate(
      { _id: `${key}:${windowStart.getTime()}` },
      { $inc: { count: 1 }, $setOnInsert: { key, window_start: windowStart } },
      { upsert: true, returnDocument: 'after' },
    );
  try {
    return (await increment())!.count;
  } catch (error) {
    // Two first requests of a window raced to insert its document: the loser increments it.
    if (!isDuplicateKeyError(error)) throw error;
    return (await increment())!.count;
  }
}
