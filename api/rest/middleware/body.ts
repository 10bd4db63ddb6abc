import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { unsupportedMediaType } from '../../../lib/errors';

/**
 * JSON bodies only, up to `limitBytes` (413 beyond it); malformed JSON is a 400 and a body in any
 * other Content-Type a 415. The multipart upload route parses its own stream instead.
 */
export function jsonBody(limitBytes: number): Middleware[] {
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
    }),
  ];
}
