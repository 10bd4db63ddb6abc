import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import { isDuplicateKeyError, type Collections } from '../../../lib/mongo';
import { authOf } from './auth';

/**
 * `Idempotency-Key` on POSTs: the first successful (2xx) response is stored and replayed for 24
 * hours to any request with the same key, with `Idempotent-Replayed: true`. The same key with a
 * different request is 422; while the first request is still running, 409. A failed request
 * stores nothing, so the client can retry it with the same key.
 */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function requestHash(ctx: Context): string {
  const body = (ctx.request as { body?: unknown }).body;
  return createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${body === undefined ? '' : JSON.stringify(body)}`)
    .digest('hex');
}

export function idempotency(collections: Collections): Middleware {
  const records = collections.idempotencyKeys;
  return async (ctx, next) => {
    // Present but empty is a mistake to report, not a request without a key.
    if (ctx.headers['idempotency-key'] === undefined) return next();
    const key = ctx.get('Idempotency-Key');
    if (!KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters', [
        { path: 'Idempotency-Key', message: '1 to 255 printable ASCII characters' },
      ]);
    }
    // Scoped to the API key, so a replay never hands one key's response to another.
    const { orgId, keyId } = authOf(ctx);
    const id = `${orgId}:${keyId}:${key}`;
    const hash = requestHash(ctx);
    const now = new Date();
    const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);

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
        break;
      } catch (error) {
        if (!isDuplicateKeyError(error) || attempt > 0) throw error;
      }
      const existing = await records.findOne({ _id: id, org_id: orgId });
      if (!existing || existing.created_at < cutoff) {
        // Expired (no TTL indexes on FerretDB): forget it and claim the key afresh.
        await records.deleteOne({ _id: id, org_id: orgId, created_at: { $lt: cutoff } });
        continue;
      }
      if (existing.request_hash !== hash) {
        throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request');
      }
      if (existing.state === 'pending') throw conflict('A request with this Idempotency-Key is still being processed');
      ctx.status = existing.status ?? 200;
      ctx.body = existing.body;
      if (existing.location) ctx.set('Location', existing.location);
      ctx.set('Idempotent-Replayed', 'true');
      return;
    }

    try {
      await next();
    } catch (error) {
      await records.deleteOne({ _id: id, org_id: orgId });
      throw error;
    }
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
