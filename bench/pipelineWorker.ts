/**
 * A worker process for bench/pipeline: the real processCall workflow (and the no-op baseline) on
 * BENCH_TASK_QUEUE with every activity replaced by an instant one, plus an instant speech-to-text
 * on the `transcription` queue. Runs as a child process so the benchmark can use 1, 2, … of them.
 * Prints "ready" once it polls.
 */
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import type { CallProcessingActivities } from '../activities';
import { taskQueues } from '../lib/temporal';
import { quietLogger } from '../test/support/temporal';

/** Instant stand-ins for every activity processCall calls. */
export function instantActivities(): CallProcessingActivities {
  const done =
    <T>(value: T) =>
    async () =>
      value;
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

async function main(): Promise<void> {
  const taskQueue = process.env.BENCH_TASK_QUEUE!;
  const connection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS });
  const workflowBundle = await bundleWorkflowCode({
    workflowsPath: require.resolve('./workflows'),
    logger: quietLogger,
  });
  const workers = [
    await Worker.create({
      connection,
      taskQueue,
      workflowBundle,
      activities: { ...instantActivities(), noop: async () => undefined },
      maxConcurrentActivityTaskExecutions: 200,
    }),
    // processCall sends speech-to-text to the `transcription` queue by name.
    await Worker.create({
      connection,
      taskQueue: taskQueues.transcription,
      activities: { transcribeCall: async () => ({ segments: 3, channels: 2, language: 'en' }) },
    }),
  ];
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => workers.forEach((worker) => worker.shutdown()));
  const running = Promise.all(workers.map((worker) => worker.run()));
  process.stdout.write('ready\n');
  await running;
  await connection.close();
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
