import type { Server } from 'node:http';
import { loadConfigOrExit, restBaseUrl, TASK_QUEUE_NAMES, type Config } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startTracing } from '../../lib/tracing';
import { connectDatabase, ensureIndexes } from '../../lib/mongo';
import { observeTaskQueueBacklog } from '../../lib/metrics';
import { connectTemporal, taskQueueBacklog } from '../../lib/temporalClient';
import { createRestApp } from './app';
import { purgeStoredSecrets } from './middleware/idempotency';

export async function startRestServer(config: Config): Promise<{ server: Server; close(): Promise<void> }> {
  const tracing = startTracing(config, 'call-intelligence-rest');
  const logger = createLogger(config, 'rest');
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const purged = await purgeStoredSecrets(database.collections);
  if (purged > 0) logger.info({ purged }, 'removed stored idempotent answers that held a secret');
  const temporal = await connectTemporal(config);
  observeTaskQueueBacklog(
    (taskQueue, kind) => taskQueueBacklog(temporal, config.TEMPORAL_NAMESPACE, taskQueue, kind),
    [...TASK_QUEUE_NAMES],
  );
  const app = createRestApp({ config, database, temporal, logger, baseUrl: restBaseUrl(config) });
  const server = app.listen(config.REST_PORT, config.HOST);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  logger.info({ url: `http://${config.HOST}:${config.REST_PORT}/api/v1` }, 'REST API listening');
  return {
    server,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await temporal.close();
      await database.close();
      await tracing?.shutdown();
    },
  };
}

if (require.main === module) {
  const config = loadConfigOrExit();
  startRestServer(config)
    .then(({ close }) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const)
        process.once(signal, () => void close().then(() => process.exit(0)));
    })
    .catch((error) => {
      process.stderr.write(`REST API failed to start: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    });
}
