import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { recordingsBucket } from '../../lib/mongo';
import { batchWorkflowId, callWorkflowId } from '../../lib/temporal';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { waitFor } from '../support/wait';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const REPLAY_DIR = path.resolve(__dirname, '..', 'replay');

describeWithStack('a batch started through the API, processed by the real worker on the real servers', () => {
  let stack: TestStack;
  let recordings: LocalServer;
  const wav = makeWav(1.5);

  beforeAll(async () => {
    recordings = await startLocalServer((req, res) => {
      if (req.url === '/calls/missing.wav') {
        res.writeHead(404).end('not here');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': wav.length }).end(wav);
    });
    stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }), { workers: true });
  });
  afterAll(async () => {
    await stack?.close();
    await recordings?.close();
  });

  test('the workflow writes to MongoDB and is visible in Temporal with its search attributes', async () => {
    const tenant = await seedTenant(stack.database);
    const created = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: `${recordings.url}/calls/one.wav`,
          recorded_at: '2026-03-10T15:04:00-05:00',
          agent_name: 'Sarah Miller',
          agent_email: 'sarah.miller@acme-lending.example',
          external_id: 'dialer-1',
          tags: ['inbound'],
        },
        {
          audio_url: `${recordings.url}/calls/missing.wav`,
          recorded_at: '2026-03-10T16:00:00Z',
          agent_name: 'Sarah Miller',
          agent_email: 'sarah.miller@acme-lending.example',
        },
      ],
    });
    expect(created.status).toBe(202);
    const { batch_id: batchId, calls } = created.body.data;
    expect(created.body.data).toMatchObject({ total_calls: 2, status: 'queued' });
    expect(created.body.data.status_url).toBe(`${stack.baseUrl}/batches/${batchId}`);

    const finished = await waitFor('the batch to finish', async () => {
      const polled = await api(stack, tenant.key, 'GET', `/batches/${batchId}`);
      return ['completed', 'completed_with_errors', 'failed'].includes(polled.body.data.status)
        ? polled.body.data
        : undefined;
    });
    expect(finished).toEqual({
      batch_id: batchId,
      total_calls: 2,
      processed: 2,
      failed: 1,
      in_progress: 0,
      status: 'completed_with_errors',
      progress_percentage: 100,
    });

    // MongoDB holds what the workflow wrote: stage progress and the recording in GridFS.
    const good = await api(stack, tenant.key, 'GET', `/calls/${calls[0].call_id}`);
    expect(good.body.data).toMatchObject({ status: 'completed', stages: { fetch: { status: 'completed' } } });
    const stored = await recordingsBucket(stack.database.db).find({ 'metadata.call_id': calls[0].call_id }).toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.length).toBe(wav.length);
    // processCall puts the completed call into the search index itself, as its last step (after the
    // status the batch counts): the flag its completion set is cleared.
    const indexedCall = await waitFor('processCall to index its call', async () => {
      const call = await stack.database.collections.calls.findOne({
        _id: calls[0].call_id,
        org_id: tenant.organization._id,
      });
      return call && call.search_stale === undefined ? call : undefined;
    });
    expect(indexedCall.search_version).toBe(1);
    const bad = await api(stack, tenant.key, 'GET', `/calls/${calls[1].call_id}`);
    expect(bad.body.data).toMatchObject({ status: 'failed', failure_reason: 'Recording URL answered HTTP 404' });

    // Temporal visibility: ops find these workflows by organization, batch and status.
    const client = stack.temporal.client;
    const listed = await waitFor('visibility to catch up', async () => {
      const found = [];
      for await (const execution of client.workflow.list({ query: `OrgId = "${tenant.organization._id}"` })) {
        found.push(execution);
      }
      // Visibility is eventually consistent, and the batch workflow finishes just after its calls.
      const settled = found.filter((execution) => execution.status.name === 'COMPLETED');
      return found.length === 3 && settled.length === 3 ? found : undefined;
    });
    const byId = Object.fromEntries(listed.map((execution) => [execution.workflowId, execution]));
    expect(byId[batchWorkflowId(batchId)]).toMatchObject({ type: 'ingestBatch', status: { name: 'COMPLETED' } });
    expect(byId[callWorkflowId(calls[0].call_id)]!.searchAttributes).toMatchObject({
      OrgId: [tenant.organization._id],
      CallId: [calls[0].call_id],
      BatchId: [batchId],
      ExternalId: ['dialer-1'],
      AgentEmail: ['sarah.miller@acme-lending.example'],
      CallStatus: ['completed'],
    });
    expect(byId[callWorkflowId(calls[1].call_id)]!.searchAttributes.CallStatus).toEqual(['failed']);
    const failedCalls = [];
    for await (const execution of client.workflow.list({
      query: `BatchId = "${batchId}" AND CallStatus = "failed"`,
    })) {
      failedCalls.push(execution.workflowId);
    }
    expect(failedCalls).toEqual([callWorkflowId(calls[1].call_id)]);

    // Status and stage writes are local activities: the history schedules only the work itself.
    const completedHistory = await client.workflow.getHandle(callWorkflowId(calls[0].call_id)).fetchHistory();
    const scheduled = (completedHistory.events ?? []).filter((event) => event.activityTaskScheduledEventAttributes);
    const localWrites = (completedHistory.events ?? []).filter(
      (event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    );
    expect(scheduled.length).toBeLessThanOrEqual(12);
    expect(scheduled.at(-1)!.activityTaskScheduledEventAttributes!.activityType!.name).toBe('indexCallsForSearch');
    expect(scheduled.map((event) => event.activityTaskScheduledEventAttributes!.activityType!.name)).not.toContain(
      'setCallStage',
    );
    expect(localWrites.length).toBeGreaterThanOrEqual(17);

    // Histories for the replay suite: refreshed with UPDATE_REPLAY_HISTORIES=1.
    if (process.env.UPDATE_REPLAY_HISTORIES === '1') {
      for (const [file, workflowId] of [
        ['ingestBatch.completed_with_errors.json', batchWorkflowId(batchId)],
        ['processCall.completed.json', callWorkflowId(calls[0].call_id)],
        ['processCall.failed_404.json', callWorkflowId(calls[1].call_id)],
      ] as const) {
        const history = await client.workflow.getHandle(workflowId).fetchHistory();
        writeFileSync(path.join(REPLAY_DIR, file), `${historyToJSON(history)}\n`);
      }
    }
  });

  test('posting the same batch again creates no new calls', async () => {
    const tenant = await seedTenant(stack.database);
    const item = {
      audio_url: `${recordings.url}/calls/again.wav`,
      recorded_at: '2026-03-10T15:04:00-05:00',
      agent_name: 'Sarah Miller',
      agent_email: 'sarah.miller@acme-lending.example',
      external_id: 'dialer-again',
    };
    const first = await api(stack, tenant.key, 'POST', '/calls/upload/batch', { calls: [item] });
    const second = await api(stack, tenant.key, 'POST', '/calls/batch-upload', { calls: [item] });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.body.data.calls[0].call_id).toBe(first.body.data.calls[0].call_id);
    expect(await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id })).toBe(1);
  });
});
