/*
 * Webhook delivery benchmark: events recorded through the event log are delivered by the
 * `deliverWebhook` workflow (one per event and endpoint, a real worker on the `webhooks` queue) to a
 * local receiver, emitted one at a time and then `--concurrency` at a time; next to them, the same
 * bodies POSTed by a plain HTTP loop in the same run. Prints deliveries per second and p50/p99 from
 * event to receipt for each, and the ratio of the concurrent rate to the one-at-a-time rate
 * (target, issue 16: at least 1).
 *
 *   npm run bench -- webhooks [--events 200] [--concurrency 4]
 */
import { NativeConnection } from '@temporalio/worker';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig } from '../lib/config';
import { recordEvent } from '../lib/eventLog';
import { newId } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { connectDatabase, ensureIndexes } from '../lib/mongo';
import { encryptSecret, generateEncryptionKey } from '../lib/secrets';
import { connectTemporal } from '../lib/temporalClient';
import { generateWebhookSecret } from '../lib/webhookSignature';
import { createWorkers } from '../workers/createWorkers';
import { benchServers, fmt, measuredRow, percentile, printTable, runJobs } from './stack';

const log = (line: string) => process.stdout.write(`[bench:webhooks] ${line}\n`);

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { events: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '4' } },
  });
  const count = Number(values.events);
  const concurrency = Number(values.concurrency);
  const servers = await benchServers(log);
  const config = loadConfig({
    ...servers.env,
    MONGODB_DB: `bench_${newId('req').slice(4, 14)}`,
    LOG_LEVEL: 'silent',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    SECRETS_ENCRYPTION_KEY: generateEncryptionKey(),
  });
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const temporal = await connectTemporal(config);
  const connection = await NativeConnection.connect({ address: servers.env.TEMPORAL_ADDRESS });
  const [worker] = await createWorkers({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    queues: ['webhooks'],
    deps: { db: database.db, collections: database.collections, config, temporal: temporal.client },
    logger: createLogger(config, 'bench'),
  });
  const workerDone = worker!.run();

  // The receiver notes when each body arrived, by the key the sender put in it.
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { data: { call_id: string } };
      arrivals.set(parsed.data.call_id, performance.now());
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const orgId = newId('org');
  await database.collections.webhookEndpoints.insertOne({
    _id: newId('whe'),
    org_id: orgId,
    url: receiverUrl,
    events: ['call.completed'],
    description: 'bench',
    enabled: true,
    disabled_reason: null,
    secret_encrypted: encryptSecret(config.SECRETS_ENCRYPTION_KEY, generateWebhookSecret()),
    previous_secret_encrypted: null,
    previous_secret_expires_at: null,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const data = (callId: string) => ({
    call_id: callId,
    external_id: null,
    batch_id: null,
    status: 'completed',
    recorded_at: new Date().toISOString(),
    agent_email: 'agent@example.com',
    contact_id: null,
    duration_seconds: 60,
    transcript_segments: 12,
    summary: null,
    stages: { fetch: 'completed', transcription: 'completed' },
  });
  const deps = { collections: database.collections, temporal: temporal.client, config };

  /** Sends `count` items through `send`; latency of each = receipt time - send start. */
  const measure = async (prefix: string, atOnce: number, send: (callId: string) => Promise<void>) => {
    const sentAt = new Map<string, number>();
    const started = performance.now();
    await runJobs(count, atOnce, async (index) => {
      const callId = `${prefix}-${index}`;
      sentAt.set(callId, performance.now());
      await send(callId);
    });
    const deadline = Date.now() + 300_000;
    while ([...sentAt.keys()].some((id) => !arrivals.has(id))) {
      if (Date.now() > deadline) throw new Error(`${prefix}: not every body arrived within 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const latencies = [...sentAt].map(([id, at]) => arrivals.get(id)! - at).sort((a, b) => a - b);
    const wallMs = Math.max(...[...sentAt.keys()].map((id) => arrivals.get(id)!)) - started;
    return { latencies, wallMs };
  };

  try {
    const viaWorkflow = (callId: string) =>
      recordEvent(deps, { orgId, type: 'call.completed', subjectId: callId, data: data(callId) }).then(() => undefined);
    log('warming up');
    await measure('warm-workflow', concurrency, viaWorkflow);
    log(`${count} events through recordEvent → deliverWebhook → receiver, one emitted at a time`);
    const oneAtATime = await measure('workflow-1', 1, viaWorkflow);
    log(`${count} events the same way, ${concurrency} emitted at a time`);
    const concurrent = await measure(`workflow-${concurrency}`, concurrency, viaWorkflow);
    log(`baseline: ${count} plain HTTP POSTs of the same bodies, ${concurrency} at a time`);
    const plain = await measure('plain', concurrency, async (callId) => {
      const response = await fetch(receiverUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: callId, type: 'call.completed', data: data(callId) }),
      });
      await response.arrayBuffer();
    });
    printTable(log, [
      ['', 'deliveries/s', 'p50 ms', 'p99 ms'],
      measuredRow('deliverWebhook workflows, 1 at a time', count, oneAtATime),
      measuredRow(`deliverWebhook workflows, ${concurrency} at a time`, count, concurrent),
      measuredRow(`plain HTTP POST loop, ${concurrency} at a time`, count, plain),
    ]);
    const rate = (run: { wallMs: number }) => count / run.wallMs;
    log(
      `${concurrency} at a time delivers ${fmt(rate(concurrent) / rate(oneAtATime), 2)}× as many per second as one at a time (target ≥ 1); ` +
        `workflow wall time / plain loop wall time: ${fmt(concurrent.wallMs / plain.wallMs, 1)}×; ` +
        `p50 latency ratio ${fmt(percentile(concurrent.latencies, 50) / percentile(plain.latencies, 50), 1)}×`,
    );
  } finally {
    worker!.shutdown();
    await workerDone;
    await connection.close();
    receiver.close();
    await temporal.close();
    await database.db.dropDatabase().catch(() => undefined);
    await database.close();
    await servers.stop();
  }
}
