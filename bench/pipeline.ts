/**
 * Pipeline benchmark: N calls through the real processCall workflow with every activity replaced
 * by an instant one (what is measured is the orchestration: Temporal, the workflow code, the
 * worker), next to a workflow running `--baseline-activities` no-op activities one after another
 * (31: what processCall scheduled before its status writes became local activities), on the same
 * dev server in the same run. Prints calls per minute and the ratio (target: processCall ≥ 1.5× the
 * baseline's rate). The workers run in `--workers` child processes (bench/pipelineWorker.ts);
 * `npm run bench -- scaling` compares 1 and 2.
 *
 *   npm run bench -- pipeline [--calls 200] [--concurrency 20] [--workers 1] [--baseline-activities 31]
 */
import { parseArgs } from 'node:util';
import type { ManagedProcess } from '../scripts/stack';
import { newId } from '../lib/ids';
import { callWorkflowId, taskQueues } from '../lib/temporal';
import { connectTemporal, type TemporalHandle } from '../lib/temporalClient';
import { loadConfig } from '../lib/config';
import { benchServers, fmt, measuredRow, printTable, runJobs, startBenchProcess } from './stack';

const log = (line: string) => process.stdout.write(`[bench:pipeline] ${line}\n`);

export interface PipelineRun {
  workers: number;
  activitiesPerCall: number;
  localActivitiesPerCall: number;
  baselineActivities: number;
  pipeline: Awaited<ReturnType<typeof runJobs>>;
  baseline: Awaited<ReturnType<typeof runJobs>>;
}

/** Starts `workers` worker processes on a queue of their own, runs both workloads, stops them. */
export async function measurePipeline(
  env: NodeJS.ProcessEnv,
  temporal: TemporalHandle,
  options: { workers: number; calls: number; concurrency: number; baselineActivities?: number },
  say: (line: string) => void,
): Promise<PipelineRun> {
  const run = `bench-${newId('req').slice(4, 12)}`;
  const taskQueue = `${taskQueues.callProcessing}-${run}`;
  const children: ManagedProcess[] = [];
  try {
    for (let index = 0; index < options.workers; index++)
      children.push(
        await startBenchProcess(`worker ${index + 1}`, 'bench/pipelineWorker.ts', { ...env, BENCH_TASK_QUEUE: taskQueue }, async (output) => output.includes('ready')), // prettier-ignore
      );
    const startCall = (callId: string) =>
      temporal.client.workflow.execute('processCall', {
        workflowId: callWorkflowId(callId),
        taskQueue,
        args: [{ orgId: 'org_bench', callId }],
      });
    say(`${options.workers} worker process(es): warming up`);
    await startCall(`${run}-warm`);
    // Every activity processCall ran for one call, read from its history.
    const history = await temporal.client.workflow.getHandle(callWorkflowId(`${run}-warm`)).fetchHistory();
    const activitiesPerCall = (history.events ?? []).filter(
      (event) => event.activityTaskScheduledEventAttributes,
    ).length;
    const localActivitiesPerCall = (history.events ?? []).filter(
      (event) => event.markerRecordedEventAttributes?.markerName === 'core_local_activity',
    ).length;
    const baselineActivities = options.baselineActivities ?? activitiesPerCall;
    say(
      `processCall schedules ${activitiesPerCall} activities and runs ${localActivitiesPerCall} local ones per call (all instant here)`,
    );
    say(`${options.calls} calls through processCall, ${options.concurrency} at a time`);
    const pipeline = await runJobs(options.calls, options.concurrency, (index) => startCall(`${run}-${index}`));
    say(`baseline: ${options.calls} workflows of ${baselineActivities} no-op activities each`);
    const baseline = await runJobs(options.calls, options.concurrency, (index) =>
      temporal.client.workflow.execute('noopActivities', {
        workflowId: `${run}-noop-${index}`,
        taskQueue,
        args: [baselineActivities],
      }),
    );
    return {
      workers: options.workers,
      activitiesPerCall,
      localActivitiesPerCall,
      baselineActivities,
      pipeline,
      baseline,
    };
  } finally {
    for (const child of children) await child.stop();
  }
}

export const callsPerMinute = (count: number, wallMs: number) => fmt((count / wallMs) * 60_000, 0);

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      calls: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '20' },
      workers: { type: 'string', default: '1' },
      'baseline-activities': { type: 'string', default: '31' },
    },
  });
  const calls = Number(values.calls);
  const servers = await benchServers(log);
  const temporal = await connectTemporal(loadConfig({ ...servers.env, LOG_LEVEL: 'silent' }));
  try {
    const run = await measurePipeline(
      servers.env,
      temporal,
      {
        workers: Number(values.workers),
        calls,
        concurrency: Number(values.concurrency),
        baselineActivities: Number(values['baseline-activities']),
      },
      log,
    );
    printTable(log, [
      ['', 'per second', 'p50 ms/call', 'p99 ms/call'],
      measuredRow('processCall (instant activities)', calls, run.pipeline),
      measuredRow(`no-op workflow (${run.baselineActivities} activities)`, calls, run.baseline),
    ]);
    log(
      `calls per minute: ${callsPerMinute(calls, run.pipeline.wallMs)} (baseline ${callsPerMinute(calls, run.baseline.wallMs)} workflows per minute)`,
    );
    log(`ratio (processCall time / baseline time): ${fmt(run.pipeline.wallMs / run.baseline.wallMs, 2)}×`);
    log(
      `processCall's rate is ${fmt(run.baseline.wallMs / run.pipeline.wallMs, 2)}× the ${run.baselineActivities}-activity baseline's (target ≥ 1.5×)`,
    );
  } finally {
    await temporal.close();
    await servers.stop();
  }
}
