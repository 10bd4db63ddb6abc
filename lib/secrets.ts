import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AppError } from './errors';
import { randomToken } from './ids';

/**
 * Secrets we must be able to read back (dialer HMAC secrets, later webhook signing secrets and CRM
 * credentials) are stored encrypted with AES-256-GCM under SECRETS_ENCRYPTION_KEY (32 bytes,
 * base64). Stored form: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
const VERSION = 'v1';

function keyBytes(encodedKey: string | undefined): Buffer {
  if (!encodedKey) {
    throw new AppError(500, 'internal_error', 'SECRETS_ENCRYPTION_KEY is not set: secrets cannot be stored or read');
  }
  return Buffer.from(encodedKey, 'base64');
}

export function generateEncryptionKey(): string {
  return randomBytes(32).toString('base64');
}

export function encryptSecret(encodedKey: string | undefined, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyBytes(encodedKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptSecret(encodedKey: string | undefined, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unrecognized encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(encodedKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A stream cipher for large stored files (an original recording kept under audio redaction):
 * AES-256-GCM with a fresh IV; the tag is known once the stream ends (`cipher.getAuthTag()`).
 */
export function sealingCipher(encodedKey: string | undefined) {
  const iv = randomBytes(12);
  return { iv: iv.toString('base64url'), cipher: createCipheriv('aes-256-gcm', keyBytes(encodedKey), iv) };
}

/** The reverse of sealingCipher: a stream that fails at its end if the bytes or the tag were changed. */
export function openingDecipher(encodedKey: string | undefined, iv: string, tag: string) {
  const decipher = createDecipheriv('aes-256-gcm', keyBytes(encodedKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return decipher;
}

/** A new dialer signing secret: `dsec_` and 40 base32 characters. */
export function generateDialerSecret(): string {
  return `dsec_${randomToken(40)}`;
}
