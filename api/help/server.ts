import type { Server } from 'node:http';
import { loadConfigOrExit, type Config } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { startTracing } from '../../lib/tracing';
import { connectDatabase, ensureIndexes } from '../../lib/mongo';
import { createHelpApp } from './app';

export async function startHelpServer(config: Config): Promise<{ server: Server; close(): Promise<void> }> {
  const tracing = startTracing(config, 'call-intelligence-help');
  const logger = createLogger(config, 'help');
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const app = createHelpApp({ config, database, logger });
  const server = app.listen(config.HELP_PORT, config.HOST);
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  logger.info({ url: `http://${config.HOST}:${config.HELP_PORT}` }, 'help API listening');
  return {
    server,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await tracing?.shutdown();
    },
  };
}

if (require.main === module) {
  const config = loadConfigOrExit();
  startHelpServer(config)
    .then(({ close }) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const)
        process.once(signal, () => void close().then(() => process.exit(0)));
    })
    .catch((error) => {
      process.stderr.write(`help API failed to start: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(1);
    });
}
