import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Console passwords, hashed with scrypt at OWASP's recommended cost (N = 2^17, r = 8, p = 1: about
 * 0.45 s and 128 MiB on this project's 2-core reference machine), run on libuv's thread pool so
 * the API keeps answering meanwhile. The stored string carries its parameters, so a later cost
 * change still verifies older hashes: `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url).
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

const LOG2_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: 2 * 128 * r * 2 ** log2N };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, LOG2_N, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', LOG2_N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; a malformed stored value matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(log2N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash nobody's password matches, verified when a sign-in names no known user, so that an
 * unknown e-mail takes as long to refuse as a wrong password.
 */
let decoy: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoy;
}
