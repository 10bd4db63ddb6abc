import { NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createCallProcessingActivities, type ActivityDeps } from '../activities';
import { sttBaseUrl, type TaskQueueName } from '../lib/config';
import { OpenAiCompatibleSpeechToText } from '../activities/providers/speechToText';
import { createTranscriptionActivities } from '../activities/transcription';
import { createWebhookActivities } from '../activities/webhooks';
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
        activities: createTranscriptionActivities({
          db: deps.db,
          collections: deps.collections,
          config: deps.config,
          speechToText: new OpenAiCompatibleSpeechToText({
            baseUrl: sttBaseUrl(deps.config),
            apiKey: deps.config.STT_API_KEY,
            model: deps.config.STT_MODEL,
            timeoutMs: deps.config.STT_TIMEOUT_SECONDS * 1000,
          }),
        }),
        // Recognition is CPU-bound: a couple at a time per process; scale with processes.
        maxConcurrentActivityTaskExecutions: 2,
      };
    case 'webhooks':
      return {
        workflowsPath: require.resolve('../workflows'),
        activities: createWebhookActivities(deps),
        // Deliveries wait on the network, not the CPU.
        maxConcurrentActivityTaskExecutions: 100,
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
        ...rest,
        ...workflowSource,
      }),
    );
    options.logger.info({ queue }, 'worker created');
  }
  return workers;
}
