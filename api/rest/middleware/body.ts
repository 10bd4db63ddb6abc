import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { unsupportedMediaType } from '../../../lib/errors';

/**
 * JSON bodies only, up to `limitBytes` (413 beyond it); malformed JSON is a 400 and a body in any
 * other Content-Type a 415. Mounted per route (api/rest/routing.ts), only where a JSON body is taken.
 */
export function jsonBody(limitBytes: number, options: { keepRaw: boolean } = { keepRaw: false }): Middleware[] {
  const requireJson: Middleware = async (ctx, next) => {
    const hasBody = (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json', 'application/*+json')) {
      throw unsupportedMediaType('Send the body as application/json');
    }
    await next();
  };
  return [
    requireJson,
    koaBody({
      json: true,
      jsonStrict: true,
      jsonLimit: limitBytes,
      multipart: false,
      urlencoded: false,
      text: false,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
      includeUnparsed: options.keepRaw,
    }),
  ];
}

/** The exact bytes of a JSON body (routes declared with `rawBody: true`), for HMAC checks. */
export function rawBodyOf(ctx: Context): string {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  if (typeof raw !== 'string') throw new Error('raw body was not kept for this route');
  return raw;
}
