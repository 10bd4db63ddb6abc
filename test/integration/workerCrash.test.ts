import path from 'node:path';
import { recordingsBucket } from '../../lib/mongo';
import { spawnManaged, type ManagedProcess } from '../../scripts/stack';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const REPO = path.resolve(__dirname, '../..');
const CALLS = 12;

describeWithStack('a worker killed with SIGKILL mid-batch and restarted', () => {
  let stack: TestStack;
  let recordings: LocalServer;
  let worker: ManagedProcess | undefined;
  const wav = makeWav(2);
  const workerOutput: string[] = [];

  beforeAll(async () => {
    // Each recording trickles out over ~1.5 s, so downloads are in flight when the worker dies.
    recordings = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Length': wav.length });
      const chunks = 6;
      const size = Math.ceil(wav.length / chunks);
      let sent = 0;
      const timer = setInterval(() => {
        res.write(wav.subarray(sent * size, (sent + 1) * size));
        if (++sent === chunks) {
          clearInterval(timer);
          res.end();
        }
      }, 250);
      res.on('close', () => clearInterval(timer));
    });
    stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }), { workers: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
    await recordings?.close();
  });

  function startWorkerProcess(): ManagedProcess {
    return spawnManaged('worker', process.execPath, ['--require', 'tsx/cjs', path.join(REPO, 'workers/main.ts')], {
      cwd: REPO,
      env: {
        ...process.env,
        MONGODB_URI: process.env.MONGODB_URI,
        MONGODB_DB: stack.config.MONGODB_DB,
        TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS,
        WORKER_TASK_QUEUES: 'call-processing,transcription',
        STT_BASE_URL: process.env.STT_BASE_URL,
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        BATCH_CONCURRENCY: '4',
        LOG_LEVEL: 'warn',
      },
      sink: (line) => workerOutput.push(line),
    });
  }

  test('every call still completes exactly once', async () => {
    const tenant = await seedTenant(stack.database);
    worker = startWorkerProcess();
    const created = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: Array.from({ length: CALLS }, (_, index) => ({
        audio_url: `${recordings.url}/calls/${index}.wav`,
        recorded_at: '2026-03-10T15:04:00-05:00',
        agent_name: 'Sarah Miller',
        agent_email: 'sarah@acme.example',
        external_id: `crash-${index}`,
      })),
    });
    expect(created.status).toBe(202);
    const batchId = created.body.data.batch_id;

    // Kill the worker while downloads are running (some calls done, some not).
    const deadline = Date.now() + 60_000;
    for (;;) {
      const progress = (await api(stack, tenant.key, 'GET', `/batches/${batchId}`)).body.data;
      if (progress.processed >= 1 && progress.processed < CALLS) break;
      if (Date.now() > deadline)
        throw new Error(`no progress to interrupt: ${JSON.stringify(progress)}\n${workerOutput.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    worker.child.kill('SIGKILL');
    await worker.stop();
    const interrupted = (await api(stack, tenant.key, 'GET', `/batches/${batchId}`)).body.data;
    expect(interrupted.processed).toBeLessThan(CALLS);

    worker = startWorkerProcess();
    const finished = await (async () => {
      // Activities lost with the worker are retried after their heartbeat timeout (transcription: 1 min).
      const end = Date.now() + 300_000;
      while (Date.now() < end) {
        const progress = (await api(stack, tenant.key, 'GET', `/batches/${batchId}`)).body.data;
        if (progress.processed === CALLS) return progress;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`batch did not finish after the restart\n${workerOutput.slice(-30).join('\n')}`);
    })();
    expect(finished).toMatchObject({ total_calls: CALLS, processed: CALLS, failed: 0, status: 'completed' });

    // Exactly once: one call record per external_id, one recording per call, nothing orphaned.
    const calls = await stack.database.collections.calls.find({ org_id: tenant.organization._id }).toArray();
    expect(calls).toHaveLength(CALLS);
    expect(new Set(calls.map((call) => call.external_id)).size).toBe(CALLS);
    const files = await recordingsBucket(stack.database.db)
      .find({ 'metadata.org_id': tenant.organization._id })
      .toArray();
    expect(files).toHaveLength(CALLS);
    for (const file of files) expect(file.length).toBe(wav.length);
    // This test file has a database of its own, so every chunk in it belongs to these calls.
    const chunks = await stack.database.db.collection('recordings.chunks').countDocuments({});
    expect(chunks).toBe(files.reduce((sum, file) => sum + Math.ceil(file.length / file.chunkSize), 0));
  }, 420_000);
});
