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
export const HttpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2048, 'must be at most 2048 characters');
/** An array directly inside an array: MongoDB stores it, FerretDB 1.24 does not, so the API refuses it for both. */
function hasNestedArray(value: unknown, inArray = false): boolean {
  if (Array.isArray(value)) return inArray || value.some((item) => hasNestedArray(item, true));
  if (value && typeof value === 'object') return Object.values(value).some((item) => hasNestedArray(item, false));
  return false;
}

/**
 * Free-form metadata; keys are stored as document field names, so no `$` start, no `.`, no NUL;
 * no array directly inside another array.
 */
export const Metadata = z
  .record(
    z
      .string()
      // eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
      .regex(/^[^$.\u0000][^.\u0000]*$/, 'metadata keys must not start with $ or contain . or NUL')
      .max(200),
    z.unknown(),
  )
  .refine((metadata) => !hasNestedArray(metadata), 'metadata must not hold an array directly inside another array');
