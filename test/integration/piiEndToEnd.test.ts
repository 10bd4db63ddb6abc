import type { ManagedProcess } from '../../scripts/stack';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { startWorkerProcess } from '../support/processes';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { startTlsReceiver, type TlsReceiver } from '../support/tlsReceiver';
import { waitFor } from '../support/wait';
import { mentions, withoutProductIds } from '../support/productIds';

/*
 * A call through the whole pipeline in a worker process, from an uploaded recording to webhook
 * deliveries, with a speech-to-text server (a real local HTTP server speaking the OpenAI
 * verbose_json format) that "hears" personal data. Then every place the values could leak is
 * scanned: every document of every collection, every webhook body, every log line of the worker
 * (at debug level) and of the speech-to-text exchange's caller.
 */
const SAID = [
  {
    start: 0.0,
    end: 3.0,
    text: 'Thanks for calling Brightwater Home Loans. Can I get your social for the credit pull?',
  },
  { start: 3.2, end: 7.0, text: 'Sure, it is six one seven, four four, nine three zero two.' },
  { start: 7.2, end: 10.0, text: 'And your date of birth? I was born August ninth, nineteen seventy-six.' },
  { start: 10.2, end: 14.0, text: 'For the application fee the card is 5425 2334 3010 9903, thanks.' },
  { start: 14.2, end: 18.0, text: 'Great, I will send the loan estimate tomorrow and call you Friday at 10 am.' },
];
/** Each value as it could appear anywhere: as said, as digits, in part. */
const VALUES = [
  'nine three zero two',
  '617-44-9302',
  '617449302',
  'nineteen seventy-six',
  '5425',
  '5425233430109903',
  '3010 9903',
  '9903',
];

function verboseJson() {
  return {
    language: 'en',
    duration: 18,
    text: SAID.map((segment) => segment.text).join(' '),
    segments: SAID.map((segment) => {
      const words = segment.text.split(' ');
      const step = (segment.end - segment.start) / words.length;
      return {
        ...segment,
        avg_logprob: -0.1,
        words: words.map((word, index) => ({
          word: ` ${word}`,
          start: segment.start + index * step,
          end: segment.start + (index + 1) * step,
        })),
      };
    }),
  };
}

describeWithStack('personal data said on a call reaches no document, webhook body or log line', () => {
  let stack: TestStack;
  let speechToText: LocalServer;
  let receiver: TlsReceiver;
  let worker: ManagedProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    receiver = await startTlsReceiver();
    speechToText = await startLocalServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(verboseJson()));
      });
    });
    stack = await startTestStack(
      testConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1', OUTBOUND_CA_FILE: receiver.caFile }),
      { workers: false },
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
    await speechToText?.close();
    await receiver?.close();
  });

  test('the whole pipeline on redacted text only', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const endpoint = await api(stack, key, 'POST', `/organizations/${organization._id}/webhooks`, {
      url: `${receiver.url}/hooks`,
      events: ['call.completed', 'call.data.extracted', 'task.created', 'appointment.created'],
    });
    expect(endpoint.status).toBe(201);
    worker = startWorkerProcess(stack.config, 'call-processing,transcription,webhooks', output, {
      STT_BASE_URL: speechToText.url,
      LOG_LEVEL: 'debug',
      OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1',
      OUTBOUND_CA_FILE: receiver.caFile,
    });

    const form = new FormData();
    form.append('file', new Blob([makeWav(18, 16000)]), 'call.wav');
    form.append('agent_name', 'Lena Ortiz');
    form.append('agent_email', 'lena.ortiz@brightwater.example');
    form.append('recorded_at', '2026-10-06T10:15:00-05:00');
    form.append('metadata', JSON.stringify({ note: 'customer SSN 617-44-9302 on file', loan_type: 'purchase' }));
    const uploaded = await fetch(`${stack.baseUrl}/calls/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}` },
      body: form,
    });
    const body = (await uploaded.json()) as { data: { call_id: string } };
    expect({ status: uploaded.status, body }).toMatchObject({ status: 202 });
    const callId = body.data.call_id;

    const call = await waitFor(
      'the call to finish',
      async () => {
        const detail = (await api(stack, key, 'GET', `/calls/${callId}`)).body.data;
        return detail.status === 'completed' || detail.status === 'failed' ? detail : undefined;
      },
      180_000,
    ).catch((error) => {
      process.stderr.write(`[piiEndToEnd] worker output:\n${output.join('\n')}\n`);
      throw error;
    });
    expect(call.status).toBe('completed');
    expect(speechToText.requests.length).toBeGreaterThan(0);
    const said = call.transcript.segments.map((segment: { text: string }) => segment.text).join(' ');
    expect(said).toContain('[SSN]');
    expect(said).toContain('[DATE_OF_BIRTH]');
    expect(said).toContain('[CARD_NUMBER]');
    expect(call.metadata.note).toBe('customer SSN [SSN] on file');
    const deliveries = await waitFor('call.completed at the receiver', async () =>
      receiver.received.some((request) => JSON.parse(request.body).type === 'call.completed')
        ? receiver.received
        : undefined,
    );

    const leaks: string[] = [];
    for (const { name } of await stack.database.db.listCollections({}, { nameOnly: true }).toArray()) {
      if (name.endsWith('.chunks')) continue; // the recording's bytes: a tone, no text
      for await (const document of stack.database.db.collection(name).find({})) {
        // The product's own ids and hashes are random ("dlv_f8f0b25cf5990367…" and an API key's hash held
        // "9903" by chance), here and in the webhook bodies and log lines below: not said text; a leaked
        // value is its own token.
        const text = withoutProductIds(JSON.stringify(document));
        for (const value of VALUES) if (mentions(text, value)) leaks.push(`${name}/${String(document._id)}: ${value}`);
      }
    }
    for (const delivery of deliveries) {
      const body = withoutProductIds(delivery.body);
      for (const value of VALUES) if (mentions(body, value)) leaks.push(`webhook body: ${value}`);
    }
    expect(output.length).toBeGreaterThan(10);
    for (const line of output) {
      const said = withoutProductIds(line);
      for (const value of VALUES) if (mentions(said, value)) leaks.push(`worker log: ${line.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
