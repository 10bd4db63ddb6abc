/**
 * Ids the product makes: a prefix and 16 or more characters, random base32 (`call_…`) or a hash in
 * hex (`dlv_f8f0b25cf5990367…`, `evt_…`), the hash after a subject in an idempotency key
 * (`call_…@3fa9…`), and bare hashes in hex (an API key's `key_hash`, a session's token hash). A scan
 * for a leaked value ("9903", "8440") must not find it inside one of them by chance: they are never
 * made from said text.
 */
const PRODUCT_ID = /\b[a-z]{2,5}_[0-9a-z]{16,}\b|@[0-9a-f]{16}\b|\b[0-9a-f]{32,}\b/g;

/** The text with every product id replaced by `<id>`. */
export function withoutProductIds(text: string): string {
  return text.replace(PRODUCT_ID, '<id>');
}

/**
 * Whether `text` holds `value` as a whole token: not inside a longer run of letters and digits (a
 * base64 secret or ciphertext can hold "9903" by chance; a leaked card ending is its own token).
 */
export function mentions(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`).test(text);
}
