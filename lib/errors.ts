/*
 * One error type for every HTTP-facing failure. `code` is stable (clients branch on it), `status`
 * is the HTTP status, `details` lists field problems. api/http/errors.ts turns it into the one error
 * body: `{ success: false, error: { code, message, details?, request_id } }`.
 */
export interface ErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'invalid_request', message, details);
export const unauthorized = (message: string) =>
  new AppError(401, 'unauthorized', message, undefined, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message: string, details?: ErrorDetail[]) => new AppError(403, 'forbidden', message, details);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'payload_too_large', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'unsupported_media_type', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Rate limit exceeded', undefined, { 'Retry-After': String(retryAfterSeconds) });
export const serviceUnavailable = (message: string) => new AppError(503, 'service_unavailable', message);
