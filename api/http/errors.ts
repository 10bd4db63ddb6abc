import type { Context, Middleware } from 'koa';
import { MongoNetworkError, MongoServerSelectionError } from 'mongodb';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';

export interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: { path: string; message: string }[]; request_id: string };
}

/** Status codes raised by libraries (koa-body, the router, raw-body) and the code each becomes. */
const LIBRARY_STATUS_CODES: Record<number, string> = {
  400: 'invalid_request',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  501: 'not_implemented',
};

const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Turns every failure into the one error body. Unknown errors become a 500 with a generic message:
 * never a stack trace or an internal message in a response (they go to the log with the request id).
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw notFound('Route');
    } catch (error) {
      writeError(ctx, toAppError(error, ctx, logger));
    }
  };
}

function toAppError(error: unknown, ctx: Context, logger: Logger): AppError {
  if (error instanceof AppError) return error;
  const status =
    (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && LIBRARY_STATUS_CODES[status]) {
    const headers = (error as { headers?: Record<string, string> }).headers;
    return new AppError(status, LIBRARY_STATUS_CODES[status]!, libraryMessage(status, error), undefined, headers);
  }
  if (error instanceof MongoServerSelectionError || error instanceof MongoNetworkError) {
    // The database is restarting or unreachable: a state the client can wait out, not a bug.
    logger.warn({ err: error, request_id: ctx.state.requestId, path: ctx.path }, 'database unavailable');
    return new AppError(503, 'service_unavailable', 'The database is unavailable; retry shortly', undefined, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  logger.error({ err: error, request_id: ctx.state.requestId, path: ctx.path }, 'unhandled error');
  return new AppError(500, 'internal_error', 'Internal server error');
}

function libraryMessage(status: number, error: unknown): string {
  const type = (error as { type?: string }).type;
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported Content-Type';
  if (status === 400 && (type === 'entity.parse.failed' || error instanceof SyntaxError)) return 'Malformed JSON body';
  if (status === 405) return 'Method not allowed';
  return (error as Error).message || 'Request failed';
}

export function writeError(ctx: Context, error: AppError): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
  const body: ErrorBody = {
    success: false,
    error: {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      request_id: String(ctx.state.requestId ?? ''),
    },
  };
  ctx.body = body;
}
