import { z } from 'zod';

/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164Phone = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +14155550123');
export const Email = z
  .email('must be an e-mail address')
  .max(254)
  // RFC 5321: the part before @ is at most 64 characters.
  .refine((value) => value.indexOf('@') <= 64, 'must be an e-mail address (at most 64 characters before @)');
/**
 * An e-mail used as a list filter: matched exactly (case-insensitively), so it is a plain string;
 * one that is not an address simply matches nothing.
 */
export const EmailFilter = z.string().trim().min(3).max(254).describe('an e-mail address, matched exactly');
/** ISO 8601 date-time with a UTC offset or Z, e.g. 2026-03-10T15:04:00-05:00. */
export const IsoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with offset' });
/**
 * A URL the product will call: of the given schemes, at most 2048 characters, and without
 * `user:password@` (outbound requests refuse credentials in URLs, so they are refused when given;
 * the message never repeats them).
 */
export function outboundUrl(protocol: RegExp, message: string) {
  return z
    .url({ protocol, message })
    .max(2048, 'must be at most 2048 characters')
    .refine((value) => {
      // Runs even when the URL check failed (zod 4 keeps checking): an unparsable URL is that check's to report.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return !url.username && !url.password;
    }, 'must not contain credentials (user:password@)');
}
export const HttpUrl = outboundUrl(/^https?$/, 'must be an http(s) URL');
/**
 * Bounds on free-form metadata, so one tenant's call records cannot be made expensive to store,
 * index, scan or serve for everyone (docs/api.md "Metadata"). Depth counts objects and arrays:
 * `{ "a": { "b": 1 } }` is 2 levels.
 */
export const METADATA_LIMITS = {
  maxBytes: 32 * 1024,
  maxDepth: 5,
  maxKeys: 200,
  maxKeyLength: 200,
  maxArrayLength: 100,
  maxStringLength: 4096,
} as const;

// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const STORABLE_KEY = /^[^$.\u0000][^.\u0000]*$/;

/**
 * The first problem in metadata as `{ path, message }`, or null. Walks without recursion and stops
 * at the depth bound, so a value nested thousands of levels is refused, never traversed. Every
 * key at every level is a stored field name: no `$` start, no `.`, no NUL. No array directly
 * inside another array: metadata is a flat-ish record for filters and CRM fields, and the limit
 * keeps it the same on every MongoDB-wire server.
 */
export function metadataProblem(
  metadata: Record<string, unknown>,
): { path: (string | number)[]; message: string } | null {
  const limits = METADATA_LIMITS;
  const stack: { value: unknown; depth: number; path: (string | number)[]; inArray: boolean }[] = [
    { value: metadata, depth: 1, path: [], inArray: false },
  ];
  let keys = 0;
  while (stack.length > 0) {
    const { value, depth, path, inArray } = stack.pop()!;
    if (typeof value === 'string' && value.length > limits.maxStringLength) {
      return { path, message: `strings in metadata are at most ${limits.maxStringLength} characters` };
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > limits.maxDepth) return { path, message: `metadata is nested at most ${limits.maxDepth} levels` };
    if (Array.isArray(value)) {
      if (inArray) return { path, message: 'metadata must not hold an array directly inside another array' };
      if (value.length > limits.maxArrayLength) {
        return { path, message: `arrays in metadata hold at most ${limits.maxArrayLength} items` };
      }
      value.forEach((item, index) =>
        stack.push({ value: item, depth: depth + 1, path: [...path, index], inArray: true }),
      );
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyPath = [...path, key.slice(0, 64)];
      if (++keys > limits.maxKeys)
        return { path: keyPath, message: `metadata holds at most ${limits.maxKeys} keys in all` };
      if (key.length > limits.maxKeyLength) {
        return { path: keyPath, message: `metadata keys are at most ${limits.maxKeyLength} characters` };
      }
      if (!STORABLE_KEY.test(key)) {
        return { path: keyPath, message: 'metadata keys must not start with $ or contain . or NUL' };
      }
      stack.push({ value: item, depth: depth + 1, path: keyPath, inArray: false });
    }
  }
  if (Buffer.byteLength(JSON.stringify(metadata)) > limits.maxBytes) {
    return { path: [], message: `metadata is at most ${limits.maxBytes} bytes as JSON` };
  }
  return null;
}

/**
 * Free-form metadata within METADATA_LIMITS; keys are stored as document field names at every
 * level (see metadataProblem).
 */
export const Metadata = z.record(z.string(), z.unknown()).superRefine((metadata, context) => {
  const problem = metadataProblem(metadata);
  if (problem) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});
