import type { ManagedProcess } from '../../scripts/stack';
import { reprocessWorkflowId } from '../../lib/temporal';
import { describeWithStack, testConfig } from '../support/env';
import { startWorkerProcess } from '../support/processes';
import { insertCalls, makeCall } from '../support/seed';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

const CALLS = 300;

describeWithStack('a worker killed with SIGKILL in the middle of a re-processing job and restarted', () => {
  let stack: TestStack;
  let worker: ManagedProcess | undefined;
  const output: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await stack?.close();
  });

  test('the job completes: every selected call re-scored, none scheduled twice', async () => {
    try {
      await reprocessThroughACrash();
    } catch (error) {
      process.stderr.write(`[reprocessCrash] worker output:\n${output.slice(-200).join('\n')}\n`);
      throw error;
    }
  }, 600_000);

  async function reprocessThroughACrash() {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const calls = Array.from({ length: CALLS }, (_, index) =>
      makeCall(orgId, { _id: `call_reprocess_crash_${String(index).padStart(4, '0')}`, status: 'completed' }),
    );
    await insertCalls(stack.database, calls);
    await stack.database.collections.transcripts.insertMany(
      calls.map((call) => ({
        _id: call._id,
        org_id: orgId,
        call_id: call._id,
        language: 'en',
        segments: [
          { speaker: 'agent' as const, start: 0, end: 3, text: 'Thanks for calling, how can I help?', confidence: 1 },
        ],
        created_at: new Date(),
      })),
    );
    const template = await api(stack, key, 'POST', '/scorecard-templates', {
      name: 'Greeting only',
      is_default: true,
      criteria: [{ id: 'thanks', label: 'Thanks the caller', phrases: ['thanks for calling'] }],
    });
    expect(template.status).toBe(201);

    worker = startWorkerProcess(stack.config, 'call-processing,reprocessing', output);
    const started = await api(stack, key, 'POST', '/reprocess', { stages: ['scorecard'] });
    expect(started.body.data.total).toBe(CALLS);
    const id = started.body.data.reprocess_id as string;
    const jobOf = async () => (await api(stack, key, 'GET', `/reprocess/${id}`)).body.data;

    await waitFor('a page to be done', async () => ((await jobOf()).processed >= 50 ? true : undefined), 120_000);
    worker.child.kill('SIGKILL');
    await worker.stop();
    const interrupted = await jobOf();
    expect(interrupted.status).toBe('running');
    expect(interrupted.processed).toBeLessThan(CALLS);
    process.stderr.write(`[reprocessCrash] worker killed with ${interrupted.processed}/${CALLS} calls re-scored\n`);

    // Activities lost with the worker are retried after their start-to-close timeout (2 min).
    worker = startWorkerProcess(stack.config, 'call-processing,reprocessing', output);
    const done = await waitFor(
      'the job to complete after the restart',
      async () => {
        const job = await jobOf();
        return job.status === 'completed' ? job : undefined;
      },
      400_000,
    );
    expect(done).toMatchObject({ processed: CALLS, failed: 0 });
    const scorecards = await stack.database.collections.scorecards.find({ org_id: orgId }).toArray();
    expect(scorecards).toHaveLength(CALLS);
    expect(new Set(scorecards.map((scorecard) => scorecard.template_id))).toEqual(new Set([template.body.data.id]));

    // From the workflow's history: one scoreCall scheduled per call, never two.
    const history = await stack.temporal.client.workflow.getHandle(reprocessWorkflowId(id)).fetchHistory();
    const scheduled = (history.events ?? [])
      .map((event) => event.activityTaskScheduledEventAttributes)
      .filter((attributes) => attributes?.activityType?.name === 'scoreCall')
      .map((attributes) => {
        const payload = attributes!.input!.payloads![0]!.data!;
        return (JSON.parse(Buffer.from(payload).toString('utf8')) as { callId: string }).callId;
      });
    expect(scheduled).toHaveLength(CALLS);
    expect(new Set(scheduled).size).toBe(CALLS);
  }
});
