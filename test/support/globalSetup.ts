import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startSearchServer,
  startSecantus,
  startSttServer,
  startTemporalDevServerOnFreePorts,
  type ManagedProcess,
} from '../../scripts/stack';
import {
  embeddedSttModel,
  ensureTools,
  SEARCH_SERVER_SCRIPT,
  STT_SERVER_SCRIPT,
  toolPath,
  toolsNeeded,
} from '../../scripts/tools';

/**
 * Starts a real Temporal dev server, SecantusDB, speech-to-text and the search engine on free ports
 * (unless TEMPORAL_ADDRESS / MONGODB_URI / STT_BASE_URL / SEARCH_URL are set) and hands their
 * addresses to the tests through the environment. When the tools cannot be installed, the suites that need them skip with the reason printed (see
 * test/support/env.ts) instead of passing silently.
 */
declare global {
  var __CIS_STACK__: ManagedProcess[] | undefined;
}

const log = (line: string) => process.stderr.write(`[test-stack] ${line}\n`);

export default async function globalSetup(): Promise<void> {
  const started: ManagedProcess[] = [];
  globalThis.__CIS_STACK__ = started;
  try {
    ensureTools(toolsNeeded(process.env, 'test'), log);
    process.env.TEMPORAL_TEST_SERVER_PATH ??= toolPath('temporalTestServer');
    process.env.AUDIO_PYTHON ??= toolPath('stt');
  } catch (error) {
    process.env.CIS_STACK_UNAVAILABLE = `tools could not be installed: ${(error as Error).message}`;
    log(`!!! ${process.env.CIS_STACK_UNAVAILABLE}`);
    return;
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cis-test-'));
  const quiet = (name: string) => (line: string) => {
    if (process.env.CIS_TEST_STACK_LOGS) process.stderr.write(`[${name}] ${line}\n`);
  };
  try {
    if (!process.env.MONGODB_URI) {
      const port = await freePort();
      started.push(
        await startSecantus({
          binary: toolPath('secantus'),
          port,
          dataDir: path.join(scratch, 'mongo'),
          sink: quiet('mongo'),
        }),
      );
      process.env.MONGODB_URI = `mongodb://127.0.0.1:${port}/`;
    }
    if (!process.env.TEMPORAL_ADDRESS) {
      const temporal = await startTemporalDevServerOnFreePorts({
        binary: toolPath('temporal'),
        ui: false,
        dbFile: null,
        sink: quiet('temporal'),
      });
      started.push(temporal.server);
      process.env.TEMPORAL_ADDRESS = `127.0.0.1:${temporal.port}`;
    }
    if (!process.env.STT_BASE_URL) {
      const port = await freePort();
      started.push(
        await startSttServer({
          python: toolPath('stt'),
          script: STT_SERVER_SCRIPT,
          port,
          sink: quiet('stt'),
          model: embeddedSttModel(process.env.STT_EMBEDDED_MODEL === 'tiny.en' ? 'tiny.en' : 'base'),
        }),
      );
      process.env.STT_BASE_URL = `http://127.0.0.1:${port}`;
    }
    if (!process.env.SEARCH_URL) {
      const port = await freePort();
      started.push(
        await startSearchServer({
          python: toolPath('search'),
          script: SEARCH_SERVER_SCRIPT,
          port,
          dataDir: path.join(scratch, 'search'),
          sink: quiet('search'),
        }),
      );
      process.env.SEARCH_URL = `http://127.0.0.1:${port}`;
    }
    log(
      `MongoDB ${process.env.MONGODB_URI}, Temporal ${process.env.TEMPORAL_ADDRESS}, speech-to-text ${process.env.STT_BASE_URL}, search ${process.env.SEARCH_URL}`,
    );
  } catch (error) {
    process.env.CIS_STACK_UNAVAILABLE = `servers could not start: ${(error as Error).message}`;
    log(`!!! ${process.env.CIS_STACK_UNAVAILABLE}`);
  }
}
