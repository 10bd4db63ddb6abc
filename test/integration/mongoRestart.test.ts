import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recordingsBucket } from '../../lib/mongo';
import { callWorkflowId } from '../../lib/temporal';
import { freePort, startFerretDb, type ManagedProcess } from '../../scripts/stack';
import { toolPath } from '../../scripts/tools';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { pollBatch } from '../support/processes';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const CALLS = 30;
/** Longer than the driver's server-selection timeout (10 s), so operations fail and are retried. */
const OUTAGE_MS = 15_000;

describeWithStack('the MongoDB server stopped and restarted in the middle of a batch', () => {
  // This file runs its own FerretDB so that stopping it disturbs no other test.
  let mongo: ManagedProcess;
  let mongoPort: number;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cis-mongo-restart-'));
  const output: string[] = [];
  let stack: TestStack;
  let recordings: LocalServer;
  const wav = makeWav(2);

  const startMongo = () =>
    startFerretDb({
      binary: toolPath('ferretdb'),
      port: mongoPort,
      dataDir,
      sink: (line) => output.push(`[mongo] ${line}`),
    });

  beforeAll(async () => {
    mongoPort = await freePort();
    mongo = await startMongo();
    recordings = await startLocalServer((_req, res) => {
      // Half a second per recording keeps several calls in flight when the database goes away.
      setTimeout(() => res.writeHead(200, { 'Content-Length': wav.length }).end(wav), 500);
    });
    stack = await startTestStack(
      testConfig({ MONGODB_URI: `mongodb://127.0.0.1:${mongoPort}/`, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }),
      { workers: true },
    );
  });
  afterAll(async () => {
    await stack?.close();
    await mongo?.stop();
    await recordings?.close();
  });

  test('activities retry, the API answers 503 while it is down, and the batch completes with nothing lost', async () => {
    const tenant = await seedTenant(stack.database);
    const created = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: Array.from({ length: CALLS }, (_, index) => ({
        audio_url: `${recordings.url}/calls/${index}.wav`,
        recorded_at: '2026-03-10T15:04:00-05:00',
        agent_name: 'Sarah Miller',
        agent_email: 'sarah@acme.example',
        external_id: `mongo-restart-${index}`,
      })),
    });
    expect(created.status).toBe(202);
    const batchId = created.body.data.batch_id;
    await pollBatch(stack, tenant.key, batchId, (progress) => progress.processed >= 3, {
      timeoutMs: 120_000,
      output,
      intervalMs: 50,
    });

    await mongo.stop();
    const stoppedAt = Date.now();
    // While it is down the API says so (503 + Retry-After), not a 500 or a hang.
    const duringOutage = await api(stack, tenant.key, 'GET', `/batches/${batchId}`);
    expect(Date.now() - stoppedAt).toBeLessThan(OUTAGE_MS);
    expect(duringOutage.status).toBe(503);
    expect(duringOutage.headers.get('retry-after')).toBe('5');
    expect(duringOutage.body.error).toMatchObject({ code: 'service_unavailable' });
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - stoppedAt)));
    mongo = await startMongo();

    const { progress } = await pollBatch(stack, tenant.key, batchId, (state) => state.processed === CALLS, {
      timeoutMs: 300_000,
      output,
      intervalMs: 500,
    });
    expect(progress).toMatchObject({ total_calls: CALLS, processed: CALLS, failed: 0, status: 'completed' });

    // Nothing lost, nothing doubled: one completed call and one whole recording per external_id.
    const calls = await stack.database.collections.calls.find({ org_id: tenant.organization._id }).toArray();
    expect(calls).toHaveLength(CALLS);
    expect(new Set(calls.map((call) => call.external_id)).size).toBe(CALLS);
    expect(calls.filter((call) => call.status !== 'completed').map((call) => call.external_id)).toEqual([]);
    const files = await recordingsBucket(stack.database.db)
      .find({ 'metadata.org_id': tenant.organization._id })
      .toArray();
    expect(files).toHaveLength(CALLS);
    for (const file of files) expect(file.length).toBe(wav.length);
    const chunks = await stack.database.db.collection('recordings.chunks').countDocuments({});
    expect(chunks).toBe(files.reduce((sum, file) => sum + Math.ceil(file.length / file.chunkSize), 0));

    // The outage was felt by the workers: some activities failed and succeeded on a later attempt.
    let retried = 0;
    for (const call of calls) {
      const history = await stack.temporal.client.workflow.getHandle(callWorkflowId(call._id)).fetchHistory();
      for (const event of history.events ?? [])
        if ((event.activityTaskStartedEventAttributes?.attempt ?? 1) > 1) retried++;
    }
    process.stderr.write(`[mongoRestart] activities that succeeded on a retry after the outage: ${retried}\n`);
    expect(retried).toBeGreaterThan(0);
  }, 600_000);
});
