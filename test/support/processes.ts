import path from 'node:path';
import { spawnManaged, type ManagedProcess } from '../../scripts/stack';
import type { Config } from '../../lib/config';
import { api } from './stackApp';

/**
 * The product's own entrypoints as child processes, for the fault tests that kill or restart one
 * of them (the in-process test stack cannot be SIGKILLed without killing jest).
 */
const REPO = path.resolve(__dirname, '../..');

/** The settings a child process shares with the test's own stack: same servers, same database. */
function childEnv(config: Config, extra: Record<string, string>): NodeJS.ProcessEnv {
  const shared: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    MONGODB_URI: config.MONGODB_URI,
    MONGODB_DB: config.MONGODB_DB,
    TEMPORAL_ADDRESS: config.TEMPORAL_ADDRESS,
    STT_BASE_URL: config.STT_BASE_URL,
    AUDIO_PYTHON: config.AUDIO_PYTHON,
    SECRETS_ENCRYPTION_KEY: config.SECRETS_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    // A Schedule on the shared test server would keep starting runs in every later test file.
    WORKER_CREATES_SCHEDULES: 'false',
    ...extra,
  };
  // An unset value must stay unset in the child, not become the string "undefined".
  for (const [name, value] of Object.entries(shared)) if (value === undefined) delete shared[name];
  return { ...process.env, ...shared };
}

function startEntrypoint(name: string, file: string, env: NodeJS.ProcessEnv, output: string[]): ManagedProcess {
  return spawnManaged(name, process.execPath, ['--require', 'tsx/cjs', path.join(REPO, file)], {
    cwd: REPO,
    env,
    sink: (line) => output.push(`[${name}] ${line}`),
  });
}

/** `workers/main.ts` serving `queues`; its output lines go to `output` (printed when a test fails). */
export function startWorkerProcess(
  config: Config,
  queues: string,
  output: string[],
  extra: Record<string, string> = {},
): ManagedProcess {
  return startEntrypoint(
    'worker',
    'workers/main.ts',
    childEnv(config, { WORKER_TASK_QUEUES: queues, ...extra }),
    output,
  );
}

/** `api/rest/server.ts` on `port`; resolves once it answers /readyz. */
export async function startRestProcess(
  config: Config,
  port: number,
  output: string[],
  extra: Record<string, string> = {},
): Promise<ManagedProcess> {
  const rest = startEntrypoint(
    'rest',
    'api/rest/server.ts',
    childEnv(config, { REST_PORT: String(port), HOST: '127.0.0.1', ...extra }),
    output,
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (rest.child.exitCode !== null) throw new Error(`the REST API exited early:\n${output.slice(-20).join('\n')}`);
    const answered = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return rest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await rest.stop();
  throw new Error(`the REST API did not answer on port ${port}:\n${output.slice(-20).join('\n')}`);
}

export interface BatchProgress {
  total_calls: number;
  processed: number;
  failed: number;
  status: string;
}

/**
 * Polls GET /batches/{id} until `done(progress)` or the deadline. Failed polls (the API or the
 * database is down on purpose) are counted, not thrown, so a test can show polling carried on.
 */
export async function pollBatch(
  target: { baseUrl: string },
  key: string,
  batchId: string,
  done: (progress: BatchProgress) => boolean,
  options: { timeoutMs: number; output: string[]; intervalMs?: number },
): Promise<{ progress: BatchProgress; failedPolls: number; polls: number }> {
  const deadline = Date.now() + options.timeoutMs;
  let failedPolls = 0;
  let polls = 0;
  let last: unknown;
  while (Date.now() < deadline) {
    polls++;
    try {
      const response = await api(target, key, 'GET', `/batches/${batchId}`);
      last = response.body;
      if (response.status === 200) {
        const progress = response.body.data as BatchProgress;
        if (done(progress)) return { progress, failedPolls, polls };
      } else {
        failedPolls++;
      }
    } catch (error) {
      failedPolls++;
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
  throw new Error(
    `batch ${batchId} did not reach the expected state; last answer: ${JSON.stringify(last)}\n${options.output.slice(-30).join('\n')}`,
  );
}
