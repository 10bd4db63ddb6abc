import type { Collection } from 'mongodb';
import { isDuplicateKeyError } from './mongo';

/**
 * Exact fixed-window rate limiting shared by every process through MongoDB.
 *
 * Each admitted request claims a numbered slot `key:window:n` by inserting a document with that
 * `_id`. The unique `_id` makes each slot claimable exactly once, so at most `limit` requests are
 * admitted per window however many run in parallel, across any number of API processes.
 * Read-modify-write counters (`findOneAndUpdate` + `$inc`) are not used: FerretDB 1.24 loses
 * concurrent increments (measured: 150 parallel `$inc`s ended at 4), and this scheme needs nothing
 * but unique-key inserts, which both MongoDB and FerretDB enforce atomically.
 */
export interface RateLimitSlotDoc {
  _id: string;
  key: string;
  window_start: Date;
}

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
  slots: Collection<RateLimitSlotDoc>,
  key: string,
  limit: number,
  windowSeconds: number,
  now = new Date(),
): Promise<RateLimitDecision> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const resetAtMs = windowStart.getTime() + windowMs;
  const decision = (slot: number | null): RateLimitDecision => ({
    allowed: slot !== null,
    limit,
    remaining: slot === null ? 0 : Math.max(0, limit - slot),
    resetAt: Math.ceil(resetAtMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAtMs - now.getTime()) / 1000)),
  });

  // Slots 1..count are always taken (each request only moves past taken slots), so the first
  // free one is count + 1 or later.
  let slot = (await slots.countDocuments({ key, window_start: windowStart })) + 1;
  while (slot <= limit) {
    try {
      await slots.insertOne({ _id: `${key}:${windowStart.getTime()}:${slot}`, key, window_start: windowStart });
      if (slot === 1) await slots.deleteMany({ key, window_start: { $lt: windowStart } });
      return decision(slot);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      slot++;
    }
  }
  return decision(null);
}
