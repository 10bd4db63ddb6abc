import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { AppError } from '../../lib/errors';

/**
 * A known path with a method it does not take is a 405 in the one error body, with the `Allow`
 * header RFC 9110 requires. A method no route knows at all (TRACE, CONNECT, …) is the same 405,
 * not a 501. OPTIONS answers 200 with `Allow`.
 */
export function allowedMethods(router: Router): Middleware {
  const answerAllowed = router.allowedMethods({ throw: false });
  return async (ctx, next) => {
    await answerAllowed(ctx as Parameters<typeof answerAllowed>[0], async () => {
      await next();
    });
    if ((ctx.status === 405 || ctx.status === 501) && !ctx.body) {
      const allow = ctx.response.get('Allow');
      throw new AppError(405, 'method_not_allowed', 'Method not allowed', undefined, allow ? { Allow: allow } : {});
    }
  };
}
