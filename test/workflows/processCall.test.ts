import { ApplicationFailure } from '@temporalio/activity';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { batchStatusFrom, type BatchProgress } from '../../lib/batchProgress';
import type { CallProcessingActivities } from '../../activities';
import { NON_RETRYABLE } from '../../lib/temporal';
import type { CallStatus, StageName, StageStatus } from '../../lib/documents';
import { batchWorkflowId, callWorkflowId } from '../../lib/temporal';
import { ingestBatch, processCall } from '../../workflows';

import { describeWithTestServer } from '../support/env';
import { quietLogger, registerSearchAttributes } from '../support/temporal';

const notUsedHere = async (): Promise<never> => {
  throw new Error('not used by processCall or ingestBatch');
};

/** The call store in memory: the workflows' activities with their side effects observable. */
function fakeActivities(
  fetch: (callId: string) => Promise<void>,
  options: { lending?: boolean; mismoFails?: boolean; searchFails?: boolean } = {},
) {
  const calls = new Map<
    string,
    { status: CallStatus; reason?: string; stages: Partial<Record<StageName, StageStatus>> }
  >();
  const batches = new Map<string, string[]>();
  const events: string[] = [];
  const language: string[] = [];
  const activities: CallProcessingActivities = {
    async setCallStatus({ callId, status, reason }) {
      const call = calls.get(callId) ?? { status: 'queued', stages: {} };
      calls.set(callId, { ...call, status, reason });
    },
    async setCallStage({ callId, stage, status }) {
      const call = calls.get(callId) ?? { status: 'queued', stages: {} };
      call.stages[stage] = status;
      calls.set(callId, call);
    },
    async fetchRecording({ callId }) {
      await fetch(callId);
      return { fileId: `rec_${callId}`, bytes: 100, contentType: 'audio/wav' };
    },
    // Erasure and retention run in workflows of their own (test/integration/privacy.test.ts).
    eraseNextCalls: notUsedHere,
    finishErasure: notUsedHere,
    organizationsWithRetention: notUsedHere,
    enforceRetentionBatch: notUsedHere,
    reapplyRedaction: notUsedHere,
    loadReprocessJob: notUsedHere,
    nextReprocessCalls: notUsedHere,
    recordReprocessProgress: notUsedHere,
    setReprocessStatus: notUsedHere,
    // The search sweep and rebuild are workflows of their own (test/integration/search.test.ts).
    organizationsWithStaleSearch: notUsedHere,
    indexStaleCalls: notUsedHere,
    rebuildSearchPage: notUsedHere,
    finishSearchRebuild: notUsedHere,
    async indexCallsForSearch({ callIds }) {
      if (options.searchFails) throw new Error('the search engine at http://127.0.0.1:9 did not answer');
      language.push(...callIds.map((callId) => `search:${callId}`));
      return { indexed: callIds.length };
    },
    async redactCall({ callId }) {
      language.push(`redaction:${callId}`);
      return { redacted: {}, silenceAudio: false };
    },
    async summarizeCall({ callId }) {
      language.push(`summary:${callId}`);
      return { keyPoints: 1 };
    },
    async scoreCall({ callId }) {
      language.push(`scorecard:${callId}`);
      return { percentage: 100 };
    },
    async extractCallData({ callId }) {
      language.push(`extraction:${callId}`);
      return { datasets: options.lending ? ['mortgage_lead'] : [], isLendingCall: Boolean(options.lending) };
    },
    async detectCallActions({ callId }) {
      language.push(`actions:${callId}`);
      return { tasks: 1, appointments: 1 };
    },
    async generateMismo({ callId }) {
      if (options.mismoFails) {
        throw ApplicationFailure.nonRetryable(
          'The MISMO file is invalid: phone is not 10-15 digits',
          NON_RETRYABLE.invalidMismo,
        );
      }
      if (!options.lending) return { generated: false, reason: 'not a lending call' };
      language.push(`mismo:${callId}`);
      return { generated: true };
    },
    async checkConnection() {
      return { error: null };
    },
    async syncCallToCrm() {
      return { status: 'skipped' as const, reason: 'no CRM connection is configured', synced: 0 };
    },
    async syncCallToCalendar() {
      return { status: 'skipped' as const, reason: 'no calendar connection is configured', synced: 0 };
    },
    async upsertContactForCall() {
      return { contactId: null };
    },
    async emitEvent({ type, subjectId }) {
      events.push(`${type}:${subjectId}`);
      return `evt_${subjectId}`;
    },
    async emitCallCompleted({ callId }) {
      events.push(`call.completed:${callId}`);
      return `evt_${callId}`;
    },
    async recordBatchOutcome({ batchId }): Promise<BatchProgress> {
      const ids = batches.get(batchId) ?? [];
      const counts: Record<CallStatus, number> = { queued: 0, processing: 0, completed: 0, failed: 0 };
      for (const id of ids) counts[calls.get(id)?.status ?? 'queued']++;
      return {
        batch_id: batchId,
        total_calls: ids.length,
        processed: counts.completed + counts.failed,
        failed: counts.failed,
        in_progress: ids.length - counts.completed - counts.failed,
        status: batchStatusFrom(ids.length, counts),
        progress_percentage: 100,
      };
    },
  };
  return { activities, calls, batches, events, language };
}

describeWithTestServer('processCall and ingestBatch on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundleWithSourceMap;

  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: process.env.TEMPORAL_TEST_SERVER_PATH! } },
    });
    await registerSearchAttributes(env.connection);
    bundle = await bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: quietLogger });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function withWorker<T>(activities: CallProcessingActivities, taskQueue: string, run: () => Promise<T>) {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: bundle,
      activities,
    });
    // Speech-to-text runs on its own queue, as in production.
    const transcription = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'transcription',
      activities: {
        async transcribeCall({ callId }: { callId: string }) {
          transcribed.push(callId);
          return { segments: 1, channels: 2, language: 'en' };
        },
      },
    });
    return transcription.runUntil(worker.runUntil(run()));
  }
  let transcribed: string[] = [];
  beforeEach(() => {
    transcribed = [];
  });

  test('a transient download failure is retried and the call then completes', async () => {
    let attempts = 0;
    const fake = fakeActivities(async () => {
      attempts++;
      if (attempts < 3) throw new Error('connection reset');
    });
    const result = await withWorker(fake.activities, 'tq-retry', () =>
      env.client.workflow.execute(processCall, {
        workflowId: callWorkflowId('call_retry'),
        taskQueue: 'tq-retry',
        args: [{ orgId: 'org_1', callId: 'call_retry' }],
      }),
    );
    expect(attempts).toBe(3);
    expect(result).toEqual({ callId: 'call_retry', status: 'completed' });
    const call = fake.calls.get('call_retry')!;
    expect(call.status).toBe('completed');
    expect(call.stages.fetch).toBe('completed');
    expect(call.stages.transcription).toBe('completed');
    expect(transcribed).toEqual(['call_retry']);
    expect(fake.events).toEqual(['call.completed:call_retry']);
    // Redaction comes before every stage that reads the text.
    expect(fake.language[0]).toBe('redaction:call_retry');
    expect(fake.language.sort()).toEqual([
      'actions:call_retry',
      'extraction:call_retry',
      'redaction:call_retry',
      'scorecard:call_retry',
      'search:call_retry',
      'summary:call_retry',
    ]);
    for (const stage of ['summary', 'scorecard', 'extraction', 'actions'] as const) {
      expect(call.stages[stage]).toBe('completed');
    }
    // No CRM/calendar connection, and not a lending call: skipped, not failed.
    expect([call.stages.crm, call.stages.calendar, call.stages.mismo]).toEqual(['skipped', 'skipped', 'skipped']);
  });

  test('a lending call gets its MISMO stage completed; an invalid MISMO file fails the call with the reason', async () => {
    const lending = fakeActivities(async () => undefined, { lending: true });
    const done = await withWorker(lending.activities, 'tq-lending', () =>
      env.client.workflow.execute(processCall, {
        workflowId: callWorkflowId('call_lending'),
        taskQueue: 'tq-lending',
        args: [{ orgId: 'org_1', callId: 'call_lending' }],
      }),
    );
    expect(done.status).toBe('completed');
    expect(lending.calls.get('call_lending')!.stages.mismo).toBe('completed');
    expect(lending.language).toContain('mismo:call_lending');

    const broken = fakeActivities(async () => undefined, { lending: true, mismoFails: true });
    const failed = await withWorker(broken.activities, 'tq-mismo-bad', () =>
      env.client.workflow.execute(processCall, {
        workflowId: callWorkflowId('call_mismo_bad'),
        taskQueue: 'tq-mismo-bad',
        args: [{ orgId: 'org_1', callId: 'call_mismo_bad' }],
      }),
    );
    expect(failed).toEqual({
      callId: 'call_mismo_bad',
      status: 'failed',
      reason: 'The MISMO file is invalid: phone is not 10-15 digits',
    });
    expect(broken.calls.get('call_mismo_bad')!.stages.mismo).toBe('failed');
    expect(broken.events).toEqual([]);
    expect(broken.language.filter((entry) => entry.startsWith('search:'))).toEqual([]);
  });

  test('a search engine that cannot take the call does not fail it (the sweep indexes it later)', async () => {
    const fake = fakeActivities(async () => undefined, { searchFails: true });
    const result = await withWorker(fake.activities, 'tq-search-down', () =>
      env.client.workflow.execute(processCall, {
        workflowId: callWorkflowId('call_search_down'),
        taskQueue: 'tq-search-down',
        args: [{ orgId: 'org_1', callId: 'call_search_down' }],
      }),
    );
    expect(result).toEqual({ callId: 'call_search_down', status: 'completed' });
    expect(fake.calls.get('call_search_down')!.status).toBe('completed');
    expect(fake.events).toEqual(['call.completed:call_search_down']);
  });

  test('a permanent failure (404 URL) ends the call failed with the reason, without retries', async () => {
    let attempts = 0;
    const fake = fakeActivities(async () => {
      attempts++;
      throw ApplicationFailure.nonRetryable('Recording URL answered HTTP 404', NON_RETRYABLE.recordingUnavailable);
    });
    const result = await withWorker(fake.activities, 'tq-permanent', () =>
      env.client.workflow.execute(processCall, {
        workflowId: callWorkflowId('call_404'),
        taskQueue: 'tq-permanent',
        args: [{ orgId: 'org_1', callId: 'call_404' }],
      }),
    );
    expect(attempts).toBe(1);
    expect(result).toEqual({ callId: 'call_404', status: 'failed', reason: 'Recording URL answered HTTP 404' });
    expect(fake.calls.get('call_404')).toMatchObject({ status: 'failed', reason: 'Recording URL answered HTTP 404' });
    expect(fake.calls.get('call_404')!.stages.fetch).toBe('failed');
    expect(fake.calls.get('call_404')!.stages.transcription).toBeUndefined();
    expect(transcribed).toEqual([]);
    expect(fake.events).toEqual([]);
  });

  test('a batch with one bad URL ends completed_with_errors with exact counts', async () => {
    const callIds = ['call_a', 'call_b', 'call_bad', 'call_c'];
    const fake = fakeActivities(async (callId) => {
      if (callId === 'call_bad') {
        throw ApplicationFailure.nonRetryable('Recording URL answered HTTP 404', NON_RETRYABLE.recordingUnavailable);
      }
    });
    fake.batches.set('batch_1', callIds);
    const outcome = await withWorker(fake.activities, 'tq-batch', () =>
      env.client.workflow.execute(ingestBatch, {
        workflowId: batchWorkflowId('batch_1'),
        taskQueue: 'tq-batch',
        args: [
          {
            orgId: 'org_1',
            batchId: 'batch_1',
            calls: callIds.map((callId) => ({ callId, agentEmail: 'agent@example.com', externalId: null })),
            concurrency: 2,
          },
        ],
      }),
    );
    expect(outcome).toMatchObject({
      total_calls: 4,
      processed: 4,
      failed: 1,
      in_progress: 0,
      status: 'completed_with_errors',
    });
    expect([...fake.calls.values()].filter((call) => call.status === 'completed')).toHaveLength(3);
  });
});
