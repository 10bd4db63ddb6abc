import { createHmac, randomBytes } from 'node:crypto';
import { hmacSha256Hex } from './crypto';

/*
 * Signatures of webhook deliveries. Two schemes on every delivery, over the same raw body:
 * - `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the body, keyed with the secret string as
 *   shown (`whsec_…`), lowercase hex (spec section 5).
 * - Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`): HMAC-SHA256
 *   of `<id>.<timestamp>.<body>`, keyed with the base64-decoded part of the secret after `whsec_`,
 *   so any Standard Webhooks library verifies it and rejects replays by the timestamp.
 * While a rotated-out secret is still honoured, each header lists a signature per secret, newest
 * first: `sha256=<new>,sha256=<old>` and `v1,<new> v1,<old>`.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export function serviceSignature(secret: string, body: string): string {
  return `sha256=${hmacSha256Hex(secret, body)}`;
}

export function standardWebhookSignature(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export function deliveryHeaders(input: {
  /** Newest first. */
  secrets: string[];
  eventId: string;
  eventType: string;
  deliveryId: string;
  body: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'call-intelligence-webhooks/1',
    'X-Service-Signature': input.secrets.map((secret) => serviceSignature(secret, input.body)).join(','),
    'X-Service-Event': input.eventType,
    'X-Service-Delivery': input.deliveryId,
    'webhook-id': input.eventId,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': input.secrets
      .map((secret) => standardWebhookSignature(secret, input.eventId, input.timestamp, input.body))
      .join(' '),
  };
}
