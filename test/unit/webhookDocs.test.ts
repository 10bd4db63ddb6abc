import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_TYPES } from '../../lib/events';
import { EVENT_DATA_SCHEMAS, EventEnvelope } from '../../lib/schemas/events';
import { deliveryHeaders, generateWebhookSecret } from '../../lib/webhookSignature';

/** docs/webhooks.md shows one example per event; each must be what the product would send. */
describe('docs/webhooks.md event examples', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../docs/webhooks.md'), 'utf8');
  const examples = new Map<string, unknown>();
  for (const match of doc.matchAll(/^### `([a-z.]+)`\n\n```json\n([\s\S]*?)\n```/gm)) {
    examples.set(match[1]!, JSON.parse(match[2]!));
  }

  test('every event of the catalog has an example', () => {
    expect([...examples.keys()].sort()).toEqual([...EVENT_TYPES].sort());
  });

  test.each([...EVENT_TYPES])('%s matches its envelope and data schema', (type) => {
    const example = EventEnvelope.parse(examples.get(type));
    expect(example.type).toBe(type);
    expect(() => EVENT_DATA_SCHEMAS[type].parse(example.data)).not.toThrow();
  });
});

describe('the receiver code in docs/webhooks.md', () => {
  const doc = readFileSync(path.resolve(__dirname, '../../docs/webhooks.md'), 'utf8');
  const block = (language: string) => new RegExp('```' + language + '\\n([\\s\\S]*?)\\n```').exec(doc)![1]!;
  const current = generateWebhookSecret();
  const previous = generateWebhookSecret();
  const body = JSON.stringify({ id: 'evt_1', type: 'test.ping', data: { message: 'héllo' } });
  const headers = deliveryHeaders({
    secrets: [current, previous],
    eventId: 'evt_1',
    eventType: 'test.ping',
    deliveryId: 'dlv_1',
    body,
    timestamp: Math.floor(Date.now() / 1000),
  });

  test('the Node functions accept our signatures (either secret) and refuse a tampered body', () => {
    const load = new Function('require', `${block('js')}; return { verifyServiceSignature, verifyStandardWebhook };`);
    const { verifyServiceSignature, verifyStandardWebhook } = load(require);
    for (const secret of [current, previous]) {
      expect(verifyServiceSignature(secret, body, headers['X-Service-Signature'])).toBe(true);
      expect(verifyStandardWebhook(secret, body, headers)).toBe(true);
    }
    expect(verifyServiceSignature(current, `${body} `, headers['X-Service-Signature'])).toBe(false);
    expect(verifyStandardWebhook(generateWebhookSecret(), body, headers)).toBe(false);
  });

  test('the Python functions accept our signatures and refuse a tampered body', () => {
    const script = `${block('python')}
import json, sys
args = json.loads(sys.stdin.read())
body = args["body"].encode()
print(json.dumps([
  verify_service_signature(args["secret"], body, args["headers"]["X-Service-Signature"]),
  verify_standard_webhook(args["secret"], body, args["headers"]),
  verify_service_signature(args["secret"], body + b" ", args["headers"]["X-Service-Signature"]),
]))`;
    for (const secret of [current, previous]) {
      const output = execFileSync('python3', ['-c', script], { input: JSON.stringify({ secret, body, headers }) });
      expect(JSON.parse(output.toString())).toEqual([true, true, false]);
    }
  });
});
