/**
 * Ids the product makes: a prefix and 16 or more characters, random base32 (`call_…`) or a hash in
 * hex (`dlv_f8f0b25cf5990367…`, `evt_…`), and the hash after a subject in an idempotency key
 * (`call_…@3fa9…`). A scan for a leaked value ("9903", "8440") must not find it inside one of
 * them by chance: they are never made from said text.
 */
const PRODUCT_ID = /\b[a-z]{2,5}_[0-9a-z]{16,}\b|@[0-9a-f]{16}\b/g;

/** The text with every product id replaced by `<id>`. */
export function withoutProductIds(text: string): string {
  return text.replace(PRODUCT_ID, '<id>');
}
