import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { badRequest, unsupportedMediaType } from '../../../lib/errors';

/**
 * JSON bodies only, up to `limitBytes` (413 beyond it); malformed JSON is a 400 and a body in any
 * other Content-Type a 415. A body compressed with an unknown Content-Encoding is a 415, one that
 * does not decompress a 400, and JSON nested deeper than MAX_JSON_DEPTH levels a 400 (checked
 * without recursion, before anything walks the value). Mounted per route (api/rest/routing.ts),
 * only where a JSON body is taken.
 */
export const MAX_JSON_DEPTH = 64;
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
      onError: (error) => {
        throw bodyReadError(error);
      },
    }),
    refuseDeepNesting,
    refuseMalformedUnicode,
  ];
}

type ErrorFields = { type?: string; code?: string; status?: number; message?: string };

/**
 * The fields of a parse failure. koa-body wraps a thrown value that is not an `Error` of its own
 * realm (as zlib's are under jest's VM) into one whose message is the value as JSON.
 */
function readableError(error: unknown): ErrorFields {
  const fields = error as ErrorFields & { name?: string };
  if (fields?.name === 'object' && typeof fields.message === 'string') {
    try {
      return { ...(JSON.parse(fields.message) as ErrorFields), message: fields.message };
    } catch {
      return fields;
    }
  }
  return fields ?? {};
}

/** What a failure to read or parse the body means for the client. */
function bodyReadError(error: unknown): unknown {
  const { type, code, status, message } = readableError(error);
  if (type === 'encoding.unsupported' || (status === 415 && /Content-Encoding/i.test(message ?? ''))) {
    return unsupportedMediaType('Unsupported Content-Encoding: send the body as is, or gzip, deflate or br');
  }
  // zlib's errors: Z_DATA_ERROR and the like for gzip/deflate, ERR_… with a negative errno for brotli.
  if (
    typeof code === 'string' &&
    (code.startsWith('Z_') || code.startsWith('ERR__ERROR') || code.startsWith('ERR_BROTLI'))
  ) {
    return badRequest('The body does not decompress with its Content-Encoding', [
      { path: 'Content-Encoding', message: 'the body is not in this encoding' },
    ]);
  }
  // V8 gives up on JSON nested deeper than its stack while parsing.
  if (error instanceof RangeError) return nestedTooDeeply('(body)');
  return error; // statuses raised by the parser (400, 413) are mapped by the error handler
}

const nestedTooDeeply = (fullPath: string) => {
  const path = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
  return badRequest(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels (at ${path})`, [
    { path, message: `nested deeper than ${MAX_JSON_DEPTH} levels` },
  ]);
};

/** The path of the first value nested deeper than `maxDepth`, found without recursion; else null. */
export function pathDeeperThan(value: unknown, maxDepth: number): string | null {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return item.path || '(body)';
    for (const [key, child] of Object.entries(item.value)) {
      stack.push({ value: child, depth: item.depth + 1, path: item.path ? `${item.path}.${key}` : key });
    }
  }
  return null;
}

const refuseDeepNesting: Middleware = async (ctx, next) => {
  const where = pathDeeperThan(ctx.request.body, MAX_JSON_DEPTH);
  if (where) throw nestedTooDeeply(where);
  await next();
};

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
