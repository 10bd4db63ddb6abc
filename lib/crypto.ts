import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from './ids';

export const API_KEY_PREFIX = 'cis_live_';
/** 40 base32 characters: 200 bits of entropy. */
const API_KEY_RANDOM_LENGTH = 40;
const API_KEY_PATTERN = /^cis_live_[a-z2-7]{40}$/;
/** How much of a key listings show: the product prefix and the first six random characters. */
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomToken(API_KEY_RANDOM_LENGTH)}`;
  return { key, prefix: key.slice(0, VISIBLE_PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_PATTERN.test(candidate);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function hmacSha256Hex(secret: string | Buffer, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time string comparison that does not leak the length through an early return. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}
