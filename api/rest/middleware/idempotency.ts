import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import { isDuplicateKeyError, type Collections } from '../../../lib/mongo';
import { authOf, callerOf } from './auth';

/**
 * `Idempotency-Key` on POSTs: the first successful (2xx) response is stored and replayed for 24
 * hours to any request with the same key, with `Idempotent-Replayed: true`. The same key with a
 * different request is 422; while the first request is still running, 409. A failed request
 * stores nothing, so the client can retry it with the same key.
 *
 * A replay is an answer like any other: it runs after authentication, the route's permission and
 * its own checks (a dialer signature), never instead of them (api/rest/routing.ts mounts it so).
 * Routes whose answer holds a secret refuse the header: a stored answer would keep the secret in
 * clear text for the replay window, and the secret is shown once by design.
 *
 * A multipart upload is fingerprinted from its fields and its file's digest, known only once the
 * body is read; its handler claims the key then (`claimIdempotencyKey`).
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotencyMode = 'body' | 'deferred' | 'refused';

interface DeferredClaim {
  claim(fingerprint: string): Promise<boolean>;
}
const DEFERRED_CLAIM = 'idempotencyDeferredClaim';

/** A fingerprint of what the request asks for: method, path, and its content (body, or fields and file digest). */
export function requestFingerprint(ctx: Context, content: unknown): string {
  return createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${content === undefined ? '' : JSON.stringify(content)}`)
    .digest('hex');
}

/**
 * For routes in `deferred` mode: claims the request's Idempotency-Key with its fingerprint once the
 * handler knows it. True: go on and answer (the answer is stored). False: a stored answer was
 * replayed into `ctx`, and the handler must stop. Throws 422/409 like the JSON routes.
 */
export async function claimIdempotencyKey(ctx: Context, fingerprint: string): Promise<boolean> {
  const deferred = ctx.state[DEFERRED_CLAIM] as DeferredClaim | undefined;
  return deferred ? deferred.claim(fingerprint) : true;
}

export function idempotency(collections: Collections, mode: IdempotencyMode): Middleware {
  const records = collections.idempotencyKeys;
  return async (ctx, next) => {
    // Present but empty is a mistake to report, not a request without a key.
    if (ctx.headers['idempotency-key'] === undefined) return next();
    const key = ctx.get('Idempotency-Key');
    if (mode === 'refused') {
      throw badRequest(
        'Idempotency-Key is not accepted here: this answer holds a secret that is shown once and never stored',
        [{ path: 'Idempotency-Key', message: 'not accepted on a route that returns a secret' }],
      );
    }
    if (!KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters', [
        { path: 'Idempotency-Key', message: '1 to 255 printable ASCII characters' },
      ]);
    }
    // Scoped to the caller (the API key, or a session's user), so a replay never hands one
    // caller's response to another.
    const auth = authOf(ctx);
    const { orgId } = auth;
    const id = `${orgId}:${callerOf(auth)}:${key}`;
    const now = new Date();
    const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
    let claimed = false;

    /** True when this request now holds the key; false when a stored answer was written to ctx. */
    const claim = async (hash: string): Promise<boolean> => {
      for (let attempt = 0; ; attempt++) {
        try {
          await records.insertOne({
            _id: id,
            org_id: orgId,
            request_hash: hash,
            state: 'pending',
            status: null,
            body: null,
            location: null,
            created_at: now,
          });
          claimed = true;
          return true;
        } catch (error) {
          if (!isDuplicateKeyError(error) || attempt > 0) throw error;
        }
        const existing = await records.findOne({ _id: id, org_id: orgId });
        if (!existing || existing.created_at < cutoff) {
          // Expired (expiry is this query, not a TTL index): forget it and claim the key afresh.
          await records.deleteOne({ _id: id, org_id: orgId, created_at: { $lt: cutoff } });
          continue;
        }
        if (existing.request_hash !== hash) {
          throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request');
        }
        if (existing.state === 'pending')
          throw conflict('A request with this Idempotency-Key is still being processed');
        ctx.status = existing.status ?? 200;
        ctx.body = existing.body;
        if (existing.location) ctx.set('Location', existing.location);
        ctx.set('Idempotent-Replayed', 'true');
        return false;
      }
    };

    if (mode === 'deferred') {
      ctx.state[DEFERRED_CLAIM] = { claim } satisfies DeferredClaim;
    } else if (!(await claim(requestFingerprint(ctx, (ctx.request as { body?: unknown }).body)))) {
      return;
    }

    try {
      await next();
    } catch (error) {
      if (claimed) await records.deleteOne({ _id: id, org_id: orgId });
      throw error;
    }
    if (!claimed) return;
    if (ctx.status >= 200 && ctx.status < 300) {
      await records.updateOne(
        { _id: id, org_id: orgId },
        { $set: { state: 'done', status: ctx.status, body: ctx.body, location: ctx.response.get('Location') || null } },
      );
      await records.deleteMany({ org_id: orgId, created_at: { $lt: cutoff } });
    } else {
      await records.deleteOne({ _id: id, org_id: orgId });
    }
  };
}

/**
 * Stored answers written before secret-returning routes refused Idempotency-Key held the secret
 * in clear text; they are removed at start (they would expire within a day anyway).
 */
export async function purgeStoredSecrets(collections: Collections): Promise<number> {
  const { deletedCount } = await collections.idempotencyKeys.deleteMany({
    $or: [{ 'body.data.secret': { $exists: true } }, { 'body.data.key': { $exists: true } }],
  });
  return deletedCount;
}
