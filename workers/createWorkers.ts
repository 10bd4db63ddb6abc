import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import {
  createCallProcessingActivities,
  createTranscriptionQueueActivities,
  createWebhookQueueActivities,
  type ActivityDeps,
} from '../activities';
import type { TaskQueueName } from '../lib/config';
import type { Logger } from '../lib/logger';

/** What each task queue serves. */
function queueOptions(queue: TaskQueueName, deps: ActivityDeps): Partial<WorkerOptions> {
  switch (queue) {
    case 'call-processing':
      return {
        workflowsPath: require.resolve('../workflows'),
        activities: createCallProcessingActivities(deps),
        maxConcurrentActivityTaskExecutions: 50,
      };
    case 'transcription':
      return {
        activities: createTranscriptionQueueActivities(deps),
        // Recognition is CPU-bound: a couple at a time per process; scale with processes.
        maxConcurrentActivityTaskExecutions: 2,
      };
    case 'webhooks':
      return {
        workflowsPath: require.resolve('../workflows'),
        activities: createWebhookQueueActivities(deps),
        // Deliveries wait on the network, not the CPU.
        maxConcurrentActivityTaskExecutions: 100,
      };
    case 'reprocessing':
      return {
        // The pipeline's stage activities again, for past calls: a few at a time per process, on a
        // queue of their own, so a large re-run never takes the live calls' workers.
        activities: createCallProcessingActivities(deps),
        maxConcurrentActivityTaskExecutions: 4,
      };
  }
}

export async function createWorkers(options: {
  connection: NativeConnection;
  namespace: string;
  queues: readonly TaskQueueName[];
  deps: ActivityDeps;
  logger: Logger;
  workflowBundle?: WorkerOptions['workflowBundle'];
  shutdownGraceTime?: WorkerOptions['shutdownGraceTime'];
  plugins?: WorkerOptions['plugins'];
}): Promise<Worker[]> {
  const workers: Worker[] = [];
  for (const queue of options.queues) {
    const queueSpecific = queueOptions(queue, options.deps);
    // Tests pass a prebuilt bundle so each test file does not bundle the workflows again.
    const { workflowsPath, ...rest } = queueSpecific;
    const workflowSource = workflowsPath
      ? options.workflowBundle
        ? { workflowBundle: options.workflowBundle }
        : { workflowsPath }
      : {};
    workers.push(
      await Worker.create({
        connection: options.connection,
        namespace: options.namespace,
        taskQueue: queue,
        ...(options.shutdownGraceTime ? { shutdownGraceTime: options.shutdownGraceTime } : {}),
        ...(options.plugins?.length ? { plugins: options.plugins } : {}),
        ...rest,
        ...workflowSource,
      }),
    );
    options.logger.info({ queue }, 'worker created');
  }
  return workers;
}
