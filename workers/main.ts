import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { checkAudioToolchain } from '../lib/audioToolchain';
import { loadConfigOrExit, temporalAddress } from '../lib/config';
import { backfillLeadResponses } from '../lib/leadResponse';
import { createLogger } from '../lib/logger';
import { startTracing } from '../lib/tracing';
import { WORKER_HISTOGRAM_BUCKETS } from '../activities/metrics';
import { OpenTelemetryPlugin } from '@temporalio/interceptors-opentelemetry';
import { connectDatabase, ensureIndexes } from '../lib/mongo';
import { connectTemporal } from '../lib/temporalClient';
import { createWorkers } from './createWorkers';
import { ensureRetentionSchedule, ensureSearchSyncSchedule } from '../lib/workflowStarts';
import { RETENTION_SCHEDULE_ID, SEARCH_SYNC_SCHEDULE_ID } from '../lib/temporal';

/**
 * The worker entrypoint: `WORKER_TASK_QUEUES` chooses the queues this process serves, so each
 * can be scaled alone. SIGTERM/SIGINT drain in-flight tasks (up to the grace period) and exit.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const tracing = startTracing(config, 'call-intelligence-worker');
  const logger = createLogger(config, 'worker');
  if (config.WORKER_METRICS_PORT) {
    // Workflow and activity outcomes, latencies, task-queue polls and slots, from the SDK itself.
    Runtime.install({
      logger: new DefaultLogger('WARN'),
      telemetryOptions: {
        metrics: {
          prometheus: {
            bindAddress: `${config.HOST}:${config.WORKER_METRICS_PORT}`,
            // The SDK's default buckets are milliseconds; these fit what the product records.
            histogramBucketOverrides: WORKER_HISTOGRAM_BUCKETS,
          },
        },
      },
    });
    logger.info({ port: config.WORKER_METRICS_PORT }, 'worker metrics at /metrics');
  }
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const connection = await NativeConnection.connect({ address: temporalAddress(config) });
  // Activities that emit events start the webhook deliveries through a client.
  const temporal = await connectTemporal(config);
  const workers = await createWorkers({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    queues: config.WORKER_TASK_QUEUES,
    deps: { db: database.db, collections: database.collections, config, temporal: temporal.client },
    logger,
    shutdownGraceTime: `${config.WORKER_SHUTDOWN_GRACE_SECONDS} seconds`,
    // Workflow and activity spans, continuing the trace of whoever started the workflow.
    plugins: tracing
      ? [new OpenTelemetryPlugin({ resource: tracing.resource, spanProcessor: tracing.spanProcessor })]
      : [],
  });
  if (config.WORKER_TASK_QUEUES.includes('transcription')) {
    // A broken toolchain is said at start, in the deployment's words; calls retry until it is fixed.
    await checkAudioToolchain(config.AUDIO_PYTHON).then(
      (version) => logger.info({ python: config.AUDIO_PYTHON, pyav: version }, 'audio toolchain ready'),
      (error: Error) => logger.error({ python: config.AUDIO_PYTHON }, error.message),
    );
  }
  // Contacts written before they kept their speed-to-lead get it; team metrics work it out from
  // the histories until an organization is done. In the background: the workers serve meanwhile.
  void backfillLeadResponses(database.collections, (message) => logger.info(message)).then(
    ({ organizations, contacts }) =>
      organizations && logger.info({ organizations, contacts }, 'speed-to-lead kept on every contact'),
    (error: Error) => logger.warn({ err: error }, 'speed-to-lead backfill stopped; it resumes at the next start'),
  );
  if (config.WORKER_CREATES_SCHEDULES && config.WORKER_TASK_QUEUES.includes('call-processing')) {
    // Retention runs on a Temporal Schedule, created once by whichever worker starts first.
    await ensureRetentionSchedule(temporal.client).then(
      (outcome) => logger.info({ schedule: RETENTION_SCHEDULE_ID, outcome }, 'retention schedule ready'),
      (error: Error) =>
        logger.error({ err: error }, 'the retention schedule could not be created; retry at next start'),
    );
  }
  if (config.WORKER_CREATES_SCHEDULES && config.WORKER_TASK_QUEUES.includes('call-processing')) {
    await ensureSearchSyncSchedule(temporal.client).then(
      (outcome) => logger.info({ schedule: SEARCH_SYNC_SCHEDULE_ID, outcome }, 'search sync schedule ready'),
      (error: Error) =>
        logger.error({ err: error }, 'the search sync schedule could not be created; retry at next start'),
    );
  }
  logger.info({ queues: config.WORKER_TASK_QUEUES }, 'workers running');
  try {
    await Promise.all(workers.map((worker) => worker.run()));
  } finally {
    await connection.close();
    await temporal.close();
    await database.close();
    await tracing?.shutdown();
    logger.info('workers stopped');
  }
}

main().catch((error) => {
  process.stderr.write(`worker failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
