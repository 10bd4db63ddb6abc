import type { Middleware } from 'koa';
import { newId } from '../../lib/ids';

const ACCEPTABLE_INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Honors a caller's well-formed X-Request-Id (for tracing across proxies), else makes one. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const id = ACCEPTABLE_INCOMING_ID.test(incoming) ? incoming : newId('req');
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
