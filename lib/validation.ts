import type { z } from 'zod';
import { badRequest, type ErrorDetail } from './errors';

/** Every zod issue as `{ path, message }`, with array indexes kept (`calls.3.audio_url`). */
export function issuesToDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

/** Parses input with a schema or throws a 400 that lists every problem. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what = 'Request body'): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = issuesToDetails(parsed.error);
    throw badRequest(
      `${what} is invalid: ${details.map((detail) => `${detail.path}: ${detail.message}`).join('; ')}`,
      details,
    );
  }
  return parsed.data;
}
