import { ApplicationFailure } from '@temporalio/activity';
import { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { NON_RETRYABLE, reprocessWorkflowId } from '../../lib/temporal';
import { reprocessCalls } from '../../workflows';
import { REPROCESS_PAGE_SIZE, REPROCESS_PAGES_PER_RUN } from '../../workflows/reprocess';
import { describeWithTestServer } from '../support/env';
import { quietLogger, registerSearchAttributes } from '../support/temporal';
import { waitFor } from '../support/wait';

/**
 * The job's bookkeeping and the stage activities in memory: which calls each stage ran for, and
 * the progress the workflow recorded. `gate` holds every scoring until it is opened.
 */
function fakeJob(totalCalls: number, stages: string[]) {
  const callIds = Array.from({ length: totalCalls }, (_, index) => `call_${String(index).padStart(6, '0')}`);
  const ran = new Map<string, number>();
  const indexed = new Map<string, number>();
  const progress = { processed: 0, failed: 0, pages: 0, status: 'running' };
  let open: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  const stage =
    (name: string) =>
    async ({ callId }: { callId: string }) => {
      if (name === 'scorecard' && gate) await gate;
      if (callId === 'call_000007' && name === 'summary') {
        throw ApplicationFailure.nonRetryable('the model answered nonsense', NON_RETRYABLE.invalidModelOutput);
      }
      ran.set(`${name}:${callId}`, (ran.get(`${name}:${callId}`) ?? 0) + 1);
      return { isLendingCall: false, percentage: 80, keyPoints: 1 } as never;
    };
  const bookkeeping = {
    async loadReprocessJob() {
      return { stages };
    },
    async nextReprocessCalls({ afterCallId, limit }: { afterCallId: string | null; limit: number }) {
      const from = afterCallId ? callIds.indexOf(afterCallId) + 1 : 0;
      return { callIds: callIds.slice(from, from + limit) };
    },
    async recordReprocessProgress({ processed, failures }: { processed: number; failures: unknown[] }) {
      progress.processed += processed;
      progress.failed += failures.length;
      progress.pages++;
    },
    async setReprocessStatus({ status }: { status: string }) {
      progress.status = status;
    },
  };
  const stageActivities = {
    summarizeCall: stage('summary'),
    scoreCall: stage('scorecard'),
    extractCallData: stage('extraction'),
    detectCallActions: stage('actions'),
    generateMismo: stage('mismo'),
    syncCallToCrm: stage('crm'),
    syncCallToCalendar: stage('calendar'),
    async indexCallsForSearch({ callIds: ids }: { callIds: string[] }) {
      for (const id of ids) indexed.set(id, (indexed.get(id) ?? 0) + 1);
      return { indexed: ids.length };
    },
  };
  return {
    callIds,
    ran,
    indexed,
    progress,
    bookkeeping,
    stageActivities,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
  };
}

describeWithTestServer('reprocessCalls on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundleWithSourceMap;
  let client: Client;

  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: process.env.TEMPORAL_TEST_SERVER_PATH! } },
    });
    await registerSearchAttributes(env.connection);
    bundle = await bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: quietLogger });
    // Time stays where it is: nothing here waits on a timer.
    client = new Client({ connection: env.connection });
  });
  afterAll(async () => {
    await env?.teardown();
  });

  async function withWorkers<T>(job: ReturnType<typeof fakeJob>, taskQueue: string, run: () => Promise<T>) {
    const workflows = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: bundle,
      activities: job.bookkeeping,
      maxCachedWorkflows: 10,
    });
    const stages = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'reprocessing',
      activities: job.stageActivities,
      maxConcurrentActivityTaskExecutions: 100,
    });
    return stages.runUntil(workflows.runUntil(run()));
  }

  test('10,000 selected calls: each done once, the job continued as new, a failing call counted', async () => {
    const job = fakeJob(10_000, ['summary']);
    const workflowId = reprocessWorkflowId('rep_large');
    const result = await withWorkers(job, 'tq-reprocess-large', () =>
      client.workflow.execute(reprocessCalls, {
        workflowId,
        taskQueue: 'tq-reprocess-large',
        args: [{ orgId: 'org_1', jobId: 'rep_large' }],
      }),
    );
    expect(result).toEqual({ status: 'completed' });
    expect(job.progress).toMatchObject({ processed: 10_000, failed: 1, status: 'completed' });
    expect(job.progress.pages).toBe(10_000 / REPROCESS_PAGE_SIZE);
    // Every call once (one failed on its summary and is not retried by the job).
    expect(job.ran.size).toBe(9_999);
    expect([...job.ran.values()].every((times) => times === 1)).toBe(true);
    // A re-run summary re-indexes its call for search, once; the failed call keeps its index entry.
    expect(job.indexed.size).toBe(9_999);
    expect([...job.indexed.values()].every((times) => times === 1)).toBe(true);
    expect(job.indexed.has('call_000007')).toBe(false);
    // The last run was continued from an earlier one, and its history holds only its own pages.
    expect(Math.ceil(10_000 / REPROCESS_PAGE_SIZE / REPROCESS_PAGES_PER_RUN)).toBeGreaterThan(1);
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    expect(history.events?.[0]?.workflowExecutionStartedEventAttributes?.continuedExecutionRunId).toBeTruthy();
    // Two activities per call (the summary, then the search index), a few events each.
    expect(history.events!.length).toBeLessThan(REPROCESS_PAGES_PER_RUN * REPROCESS_PAGE_SIZE * 2 * 4);
  }, 600_000);

  test('pause holds the job between calls (those in flight finish); resume finishes it', async () => {
    const job = fakeJob(120, ['summary', 'scorecard']);
    job.hold();
    const workflowId = reprocessWorkflowId('rep_pause');
    await withWorkers(job, 'tq-reprocess-pause', async () => {
      const handle = await client.workflow.start(reprocessCalls, {
        workflowId,
        taskQueue: 'tq-reprocess-pause',
        args: [{ orgId: 'org_1', jobId: 'rep_pause' }],
      });
      await waitFor('the first scorings to start', async () => (job.ran.has('summary:call_000000') ? true : undefined));
      await handle.signal('pause');
      job.release();
      await waitFor('the calls in flight to finish', async () =>
        (await handle.query<{ paused: boolean }>('state')).paused ? true : undefined,
      );
      // Held: the calls in flight (four) finish, no new one starts.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const whilePaused = [...job.ran.keys()].filter((key) => key.startsWith('scorecard:')).length;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect([...job.ran.keys()].filter((key) => key.startsWith('scorecard:')).length).toBe(whilePaused);
      expect(whilePaused).toBeLessThan(120);
      await handle.signal('resume');
      expect(await handle.result()).toEqual({ status: 'completed' });
    });
    expect(job.progress).toMatchObject({ processed: 120, status: 'completed' });
    expect([...job.ran.keys()].filter((key) => key.startsWith('scorecard:'))).toHaveLength(119);
  });

  test('cancel stops it between calls: what was re-run stays, the job ends cancelled', async () => {
    const job = fakeJob(500, ['summary', 'scorecard']);
    job.hold();
    const workflowId = reprocessWorkflowId('rep_cancel');
    await withWorkers(job, 'tq-reprocess-cancel', async () => {
      const handle = await client.workflow.start(reprocessCalls, {
        workflowId,
        taskQueue: 'tq-reprocess-cancel',
        args: [{ orgId: 'org_1', jobId: 'rep_cancel' }],
      });
      await waitFor('the first scorings to start', async () =>
        job.ran.size > 0 || job.progress.pages > 0 ? true : undefined,
      );
      await handle.signal('cancel');
      job.release();
      expect(await handle.result()).toEqual({ status: 'cancelled' });
    });
    expect(job.progress.status).toBe('cancelled');
    const scored = [...job.ran.keys()].filter((key) => key.startsWith('scorecard:'));
    expect(scored.length).toBeGreaterThan(0);
    expect(scored.length).toBeLessThan(REPROCESS_PAGE_SIZE);
  });
});
