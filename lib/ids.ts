import { randomBytes } from 'node:crypto';

/**
 * Public ids: a resource prefix and 24 random base32 characters (120 bits), e.g. `call_9x2k…`.
 * Prefixes make a pasted id self-describing in logs, the Temporal UI and support tickets.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let index = 0; index < length; index++) out += ALPHABET[bytes[index]! % 32];
  return out;
}

export type IdPrefix =
  | 'org'
  | 'usr'
  | 'key'
  | 'call'
  | 'batch'
  | 'ct'
  | 'evt'
  | 'whe'
  | 'dlv'
  | 'req'
  | 'ds'
  | 'sct'
  | 'conn'
  | 'aud'
  | 'era'
  | 'rep';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(24)}`;
}
