import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { badRequest, unsupportedMediaType } from '../../../lib/errors';

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
    refuseMalformedUnicode,
  ];
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/;

/** JSON may escape lone UTF-16 surrogates (`"\udba6"`) and NUL (`"\u0000"`): not text, and not storable as field names. */
function malformedPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path || '(body)' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = malformedPath(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return path ? `${path}.(key)` : '(key)';
      const found = malformedPath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

const refuseMalformedUnicode: Middleware = async (ctx, next) => {
  const where = malformedPath(ctx.request.body, '');
  if (where)
    throw badRequest(`${where} contains invalid text (an unpaired surrogate or NUL)`, [
      { path: where, message: 'invalid text' },
    ]);
  await next();
};

/** The exact bytes of a JSON body (routes declared with `rawBody: true`), for HMAC checks. */
export function rawBodyOf(ctx: Context): string {
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  if (typeof raw !== 'string') throw new Error('raw body was not kept for this route');
  return raw;
}
