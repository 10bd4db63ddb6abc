import type { ManagedProcess } from '../../scripts/stack';
import { freePort } from '../../scripts/stack';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { expectEveryCallOnce, postRecordingBatch } from '../support/faultBatches';
import { pollBatch, startRestProcess } from '../support/processes';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

const CALLS = 30;

describeWithStack('the REST API process killed and restarted while a batch runs', () => {
  // The workers run in this process; the API clients talk to runs in a child process of its own.
  let stack: TestStack;
  let rest: ManagedProcess | undefined;
  let recordings: LocalServer;
  const output: string[] = [];
  const wav = makeWav(2);

  beforeAll(async () => {
    recordings = await startLocalServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'Content-Length': wav.length }).end(wav), 300);
    });
    stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }), { workers: true });
  });
  afterAll(async () => {
    await rest?.stop();
    await stack?.close();
    await recordings?.close();
  });

  test('processing carries on without the API, and polling continues to the end after the restart', async () => {
    const tenant = await seedTenant(stack.database);
    const port = await freePort();
    const client = { baseUrl: `http://127.0.0.1:${port}/api/v1` };
    rest = await startRestProcess(stack.config, port, output);
    const batchId = await postRecordingBatch(client, tenant.key, {
      recordingsUrl: recordings.url,
      calls: CALLS,
      externalIdPrefix: 'api-restart',
    });
    await pollBatch(client, tenant.key, batchId, (progress) => progress.processed >= 3, {
      timeoutMs: 120_000,
      output,
      intervalMs: 50,
    });

    rest.child.kill('SIGKILL');
    await rest.stop();
    const completedCalls = () =>
      stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id, status: 'completed' });
    const completedAtKill = await completedCalls();
    // A client polling through the restart: its polls fail while the API is gone, then succeed.
    const polling = pollBatch(client, tenant.key, batchId, (state) => state.processed === CALLS, {
      timeoutMs: 300_000,
      output,
      intervalMs: 250,
    });
    // Workflows do not need the API: calls keep completing while it is down.
    await waitFor(
      'a call completed while the API was down',
      async () => ((await completedCalls()) > completedAtKill ? true : undefined),
      60_000,
    );
    rest = await startRestProcess(stack.config, port, output);

    const { progress, failedPolls, polls } = await polling;
    expect(failedPolls).toBeGreaterThan(0);
    expect(polls).toBeGreaterThan(failedPolls);
    expect(progress).toMatchObject({ total_calls: CALLS, processed: CALLS, failed: 0, status: 'completed' });
    await expectEveryCallOnce(stack, tenant.organization._id, CALLS, wav.length);
    // The restarted API serves the finished calls like the first one did.
    const listed = await api(client, tenant.key, 'GET', `/calls?limit=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(CALLS);
  }, 600_000);
});
