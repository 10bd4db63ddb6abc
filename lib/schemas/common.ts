import { z } from 'zod';

/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164Phone = z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +14155550123');
export const Email = z.email('must be an e-mail address').max(254);
/** ISO 8601 date-time with a UTC offset or Z, e.g. 2026-03-10T15:04:00-05:00. */
export const IsoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with offset' });
export const HttpUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .max(2048, 'must be at most 2048 characters');
export const Metadata = z.record(z.string(), z.unknown());
