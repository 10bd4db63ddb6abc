import type { ManagedProcess } from '../../scripts/stack';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { expectEveryCallOnce, postRecordingBatch } from '../support/faultBatches';
import { pollBatch, startWorkerProcess } from '../support/processes';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { startTlsReceiver, type TlsReceiver } from '../support/tlsReceiver';
import { waitFor } from '../support/wait';

const CALLS = 100;

describeWithStack('a worker killed with SIGKILL in the middle of a 100-call batch and restarted', () => {
  let stack: TestStack;
  let recordings: LocalServer;
  let receiver: TlsReceiver;
  let worker: ManagedProcess | undefined;
  const wav = makeWav(2);
  const output: string[] = [];
  const workerSettings = () => ({
    OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1',
    OUTBOUND_CA_FILE: receiver.caFile,
    BATCH_CONCURRENCY: '10',
  });

  beforeAll(async () => {
    receiver = await startTlsReceiver();
    // Each recording trickles out over ~0.6 s, so downloads are in flight when the worker dies.
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
      }, 100);
      res.on('close', () => clearInterval(timer));
    });
    stack = await startTestStack(
      testConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1', OUTBOUND_CA_FILE: receiver.caFile }),
      { workers: false },
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
    await recordings?.close();
    await receiver?.close();
  });

  test('100/100 calls complete once each, and every call.completed reaches the webhook with one stable id', async () => {
    const tenant = await seedTenant(stack.database);
    const endpoint = await api(stack, tenant.key, 'POST', `/organizations/${tenant.organization._id}/webhooks`, {
      url: `${receiver.url}/calls`,
      events: ['call.completed'],
    });
    expect(endpoint.status).toBe(201);
    worker = startWorkerProcess(stack.config, 'call-processing,transcription,webhooks', output, workerSettings());
    const batchId = await postRecordingBatch(stack, tenant.key, {
      recordingsUrl: recordings.url,
      calls: CALLS,
      externalIdPrefix: 'crash',
    });

    // Kill the worker while the batch is partway: some calls done, others downloading or queued.
    await pollBatch(stack, tenant.key, batchId, (progress) => progress.processed >= 5, {
      timeoutMs: 120_000,
      output,
      intervalMs: 50,
    });
    worker.child.kill('SIGKILL');
    await worker.stop();
    const interrupted = (await api(stack, tenant.key, 'GET', `/batches/${batchId}`)).body.data;
    expect(interrupted.processed).toBeLessThan(CALLS);
    process.stderr.write(`[workerCrash] worker killed with ${interrupted.processed}/${CALLS} calls processed\n`);

    worker = startWorkerProcess(stack.config, 'call-processing,transcription,webhooks', output, workerSettings());
    // Activities lost with the worker are retried after their heartbeat timeout (transcription: 1 min).
    const { progress } = await pollBatch(stack, tenant.key, batchId, (state) => state.processed === CALLS, {
      timeoutMs: 480_000,
      output,
      intervalMs: 1_000,
    });
    expect(progress).toMatchObject({ total_calls: CALLS, processed: CALLS, failed: 0, status: 'completed' });

    // Exactly once: one call record and one whole recording per external_id, nothing orphaned.
    const calls = await expectEveryCallOnce(stack, tenant.organization._id, CALLS, wav.length);

    // At least once, one id per call: redeliveries (if any) repeat the id, never invent a new event.
    const eventIdsByCall = await waitFor(
      `call.completed for all ${CALLS} calls at the receiver`,
      async () => {
        const byCall = new Map<string, Set<string>>();
        for (const request of receiver.received) {
          const body = JSON.parse(request.body);
          if (body.type !== 'call.completed') continue;
          expect(request.headers['webhook-id']).toBe(body.id);
          byCall.set(body.data.call_id, (byCall.get(body.data.call_id) ?? new Set()).add(body.id));
        }
        return byCall.size === CALLS ? byCall : undefined;
      },
      180_000,
    );
    expect([...eventIdsByCall.keys()].sort()).toEqual(calls.map((call) => call._id).sort());
    const deliveries = receiver.received.filter((request) => request.headers['x-service-event'] === 'call.completed');
    process.stderr.write(`[workerCrash] call.completed: ${deliveries.length} deliveries of ${CALLS} events\n`);
    for (const [callId, ids] of eventIdsByCall) expect({ callId, ids: ids.size }).toEqual({ callId, ids: 1 });
    const stored = await stack.database.collections.events
      .find({ org_id: tenant.organization._id, type: 'call.completed' })
      .toArray();
    expect(stored).toHaveLength(CALLS);
    expect(new Set(stored.map((event) => event._id))).toEqual(
      new Set([...eventIdsByCall.values()].map((ids) => [...ids][0])),
    );
  }, 900_000);
});
