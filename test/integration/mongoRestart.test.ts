import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callWorkflowId } from '../../lib/temporal';
import { freePort, startSecantus, type ManagedProcess } from '../../scripts/stack';
import { toolPath } from '../../scripts/tools';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { expectEveryCallOnce, postRecordingBatch } from '../support/faultBatches';
import { pollBatch } from '../support/processes';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const CALLS = 30;
/** Longer than the driver's server-selection timeout (10 s), so operations fail and are retried. */
const OUTAGE_MS = 15_000;

describeWithStack('the MongoDB server stopped and restarted in the middle of a batch', () => {
  // This file runs its own SecantusDB so that stopping it disturbs no other test.
  let mongo: ManagedProcess;
  let mongoPort: number;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cis-mongo-restart-'));
  const output: string[] = [];
  let stack: TestStack;
  let recordings: LocalServer;
  const wav = makeWav(2);

  const startMongo = () =>
    startSecantus({
      binary: toolPath('secantus'),
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
    const batchId = await postRecordingBatch(stack, tenant.key, {
      recordingsUrl: recordings.url,
      calls: CALLS,
      externalIdPrefix: 'mongo-restart',
    });
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

    // Nothing lost, nothing doubled.
    const calls = await expectEveryCallOnce(stack, tenant.organization._id, CALLS, wav.length);

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
