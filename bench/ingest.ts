/**
 * Ingest benchmark: POST /calls/upload/batch with 100 calls per request, against the cost of
 * starting the same number of workflows (one per call) directly with the Temporal client, in the
 * same run and on the same servers. The ratio is the figure to watch (target ≤ 1.25×).
 *
 *   npm run bench -- ingest [--batches 10] [--concurrency 2]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { createRestApp } from '../api/rest/app';
import { loadConfig } from '../lib/config';
import { newId } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { connectDatabase, ensureIndexes } from '../lib/mongo';
import { taskQueues } from '../lib/temporal';
import { connectTemporal } from '../lib/temporalClient';
import { createOrganizationWithUserAndKey } from '../lib/tenancy';
import { benchServers, fmt, measuredRow, printTable, runJobs } from './stack';

const log = (line: string) => process.stdout.write(`[bench:ingest] ${line}\n`);

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { batches: { type: 'string', default: '10' }, concurrency: { type: 'string', default: '2' } },
  });
  const batches = Number(values.batches);
  const concurrency = Number(values.concurrency);
  const callsPerBatch = 100;
  const servers = await benchServers(log);
  const config = loadConfig({ ...servers.env, MONGODB_DB: `bench_${newId('req').slice(4, 14)}`, LOG_LEVEL: 'silent' });
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const temporal = await connectTemporal(config);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  server.on(
    'request',
    createRestApp({ config, database, temporal, logger: createLogger(config, 'bench'), baseUrl }).callback(),
  );
  // No worker runs: this measures acceptance (validate, store, start), not processing.
  const { organization, key } = await createOrganizationWithUserAndKey(database.collections, {
    name: 'Bench',
    plan: 'enterprise',
    rateLimitPerHour: 1_000_000,
    user: { email: 'bench@example.com', name: 'Bench', role: 'owner' },
    keyName: 'bench',
  });

  const item = (batch: number, index: number) => ({
    audio_url: `https://recordings.example.com/${batch}/${index}.wav`,
    recorded_at: '2026-03-10T15:04:00-05:00',
    agent_name: 'Sarah Miller',
    agent_email: 'sarah@acme.example',
    contact_phone: '+14155550123',
    external_id: `bench-${batch}-${index}`,
    tags: ['bench'],
  });
  const postBatch = async (batch: number) => {
    const response = await fetch(`${baseUrl}/calls/upload/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ calls: Array.from({ length: callsPerBatch }, (_, index) => item(batch, index)) }),
    });
    if (response.status !== 202) throw new Error(`batch ${batch}: HTTP ${response.status} ${await response.text()}`);
  };
  const startWorkflowsDirectly = async (batch: number) => {
    // The baseline: one workflow per call, started straight from the client, 20 at a time.
    const ids = Array.from({ length: callsPerBatch }, (_, index) => `bench-direct-${batch}-${index}`);
    for (let offset = 0; offset < ids.length; offset += 20) {
      await Promise.all(
        ids.slice(offset, offset + 20).map((workflowId) =>
          temporal.client.workflow.start('processCall', {
            workflowId,
            taskQueue: `${taskQueues.callProcessing}-bench-baseline`,
            args: [{ orgId: organization._id, callId: workflowId }],
          }),
        ),
      );
    }
  };

  try {
    log(`warming up`);
    await postBatch(-1);
    await startWorkflowsDirectly(-1);
    log(`API: ${batches} batches × ${callsPerBatch} calls, ${concurrency} at a time`);
    const viaApi = await runJobs(batches, concurrency, postBatch);
    log(
      `baseline: ${batches} × ${callsPerBatch} workflow starts with the Temporal client, ${concurrency} batches at a time`,
    );
    const direct = await runJobs(batches, concurrency, startWorkflowsDirectly);

    const calls = batches * callsPerBatch;
    printTable(log, [
      ['', 'calls/s', 'p50 ms/batch', 'p99 ms/batch'],
      measuredRow('POST /calls/upload/batch', calls, viaApi),
      measuredRow('Temporal client, 1 start per call', calls, direct),
    ]);
    log(`ratio (API time / baseline time, same calls): ${fmt(viaApi.wallMs / direct.wallMs, 2)}× (target ≤ 1.25×)`);
  } finally {
    server.close();
    await temporal.close();
    await database.db.dropDatabase().catch(() => undefined);
    await database.close();
    await servers.stop();
  }
}
