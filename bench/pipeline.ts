/**
 * Pipeline benchmark: N calls through the real processCall workflow with every activity replaced
 * by an instant one (what is measured is the orchestration: Temporal, the workflow code, the
 * worker), next to a workflow running the same number of no-op activities one after another, on
 * the same dev server in the same run. Prints calls per minute and the ratio.
 *
 *   npm run bench -- pipeline [--calls 200] [--concurrency 20]
 */
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { parseArgs } from 'node:util';
import type { CallProcessingActivities } from '../activities';
import { loadConfig } from '../lib/config';
import { newId } from '../lib/ids';
import { callWorkflowId, taskQueues } from '../lib/temporal';
import { connectTemporal } from '../lib/temporalClient';
import { benchServers, fmt, measuredRow, printTable, runJobs } from './stack';

const log = (line: string) => process.stdout.write(`[bench:pipeline] ${line}\n`);

/** Instant stand-ins for every activity processCall calls; counts the calls. */
function instantActivities(counter: { calls: number }): CallProcessingActivities {
  const done =
    <T>(value: T) =>
    async () => {
      counter.calls++;
      return value;
    };
  return {
    setCallStatus: done(undefined),
    setCallStage: done(undefined),
    fetchRecording: done({ fileId: 'rec', bytes: 1, contentType: 'audio/wav' }),
    summarizeCall: done({ keyPoints: 1 }),
    scoreCall: done({ percentage: 100 }),
    extractCallData: done({ datasets: ['mortgage_lead'], isLendingCall: true }),
    detectCallActions: done({ tasks: 1, appointments: 1 }),
    checkConnection: done({ error: null }),
    syncCallToCrm: done({ status: 'skipped' as const, reason: 'no CRM connection is configured', synced: 0 }),
    syncCallToCalendar: done({ status: 'skipped' as const, reason: 'no calendar connection is configured', synced: 0 }),
    generateMismo: done({ generated: true }),
    upsertContactForCall: done({ contactId: null }),
    emitEvent: done('evt'),
    emitCallCompleted: done('evt'),
    recordBatchOutcome: done({
      batch_id: 'b',
      total_calls: 0,
      processed: 0,
      failed: 0,
      in_progress: 0,
      status: 'completed' as const,
      progress_percentage: 100,
    }),
  } as unknown as CallProcessingActivities;
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { calls: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '20' } },
  });
  const count = Number(values.calls);
  const concurrency = Number(values.concurrency);
  const servers = await benchServers(log);
  const config = loadConfig({ ...servers.env, LOG_LEVEL: 'silent' });
  const temporal = await connectTemporal(config);
  const connection = await NativeConnection.connect({ address: servers.env.TEMPORAL_ADDRESS });
  const workflowBundle = await bundleWorkflowCode({ workflowsPath: require.resolve('./workflows') });
  const counter = { calls: 0 };
  const run = `bench-${newId('req').slice(4, 12)}`;
  const workers = [
    await Worker.create({
      connection,
      taskQueue: `${taskQueues.callProcessing}-${run}`,
      workflowBundle,
      activities: { ...instantActivities(counter), noop: async () => undefined },
      maxConcurrentActivityTaskExecutions: 200,
    }),
    // processCall sends speech-to-text to the `transcription` queue by name.
    await Worker.create({
      connection,
      taskQueue: taskQueues.transcription,
      activities: {
        transcribeCall: async () => {
          counter.calls++;
          return { segments: 3, channels: 2, language: 'en' };
        },
      },
    }),
  ];
  const running = Promise.all(workers.map((worker) => worker.run()));
  try {
    log('warming up');
    await temporal.client.workflow.execute('processCall', {
      workflowId: callWorkflowId(`${run}-warm`),
      taskQueue: `${taskQueues.callProcessing}-${run}`,
      args: [{ orgId: 'org_bench', callId: `${run}-warm` }],
    });
    const perCall = counter.calls;
    log(`processCall runs ${perCall} activities per call (all instant here)`);
    log(`${count} calls through processCall, ${concurrency} at a time`);
    const pipeline = await runJobs(count, concurrency, (index) =>
      temporal.client.workflow.execute('processCall', {
        workflowId: callWorkflowId(`${run}-${index}`),
        taskQueue: `${taskQueues.callProcessing}-${run}`,
        args: [{ orgId: 'org_bench', callId: `${run}-${index}` }],
      }),
    );
    log(`baseline: ${count} workflows of ${perCall} no-op activities each, ${concurrency} at a time`);
    const baseline = await runJobs(count, concurrency, (index) =>
      temporal.client.workflow.execute('noopActivities', {
        workflowId: `${run}-noop-${index}`,
        taskQueue: `${taskQueues.callProcessing}-${run}`,
        args: [perCall],
      }),
    );
    const perMinute = (wallMs: number) => fmt((count / wallMs) * 60_000, 0);
    printTable(log, [
      ['', 'per second', 'p50 ms/call', 'p99 ms/call'],
      measuredRow('processCall (instant activities)', count, pipeline),
      measuredRow(`no-op workflow (${perCall} activities)`, count, baseline),
    ]);
    log(
      `calls per minute: ${perMinute(pipeline.wallMs)} (baseline ${perMinute(baseline.wallMs)} workflows per minute)`,
    );
    log(`ratio (processCall time / baseline time): ${fmt(pipeline.wallMs / baseline.wallMs, 2)}×`);
  } finally {
    for (const worker of workers) worker.shutdown();
    await running;
    await connection.close();
    await temporal.close();
    await servers.stop();
  }
}
