import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  spawnManaged,
  startSecantus,
  startTemporalDevServerOnFreePorts,
  type ManagedProcess,
} from '../scripts/stack';
import { ensureTools, toolPath, toolsNeeded } from '../scripts/tools';

/** Benchmarks run against real servers: the ones in the environment, or fresh embedded ones. */
export async function benchServers(
  log: (line: string) => void,
  options: { privateTemporal?: boolean } = {},
): Promise<{ env: NodeJS.ProcessEnv; stop(): Promise<void> }> {
  // Benchmarks start Temporal and MongoDB only; speech-to-text is not part of what they measure.
  ensureTools(
    toolsNeeded(process.env, 'dev').filter((tool) => tool !== 'stt'),
    log,
  );
  const started: ManagedProcess[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env };
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cis-bench-'));
  const quiet = () => undefined;
  if (!env.MONGODB_URI) {
    const port = await freePort();
    started.push(
      await startSecantus({
        binary: toolPath('secantus'),
        port,
        dataDir: path.join(scratch, 'mongo'),
        sink: quiet,
      }),
    );
    env.MONGODB_URI = `mongodb://127.0.0.1:${port}/`;
  }
  // A benchmark whose workers serve the product's own queue names needs a server no other worker polls.
  if (!env.TEMPORAL_ADDRESS || options.privateTemporal) {
    const temporal = await startTemporalDevServerOnFreePorts({
      binary: toolPath('temporal'),
      ui: false,
      dbFile: null,
      sink: quiet,
    });
    started.push(temporal.server);
    env.TEMPORAL_ADDRESS = `127.0.0.1:${temporal.port}`;
  }
  log(`servers: MongoDB ${env.MONGODB_URI}, Temporal ${env.TEMPORAL_ADDRESS}`);
  return {
    env,
    async stop() {
      for (const server of started.reverse()) await server.stop();
    },
  };
}

export function percentile(sortedMs: number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sortedMs.length));
  return sortedMs[rank - 1]!;
}

export const fmt = (value: number, digits = 1) => value.toFixed(digits);

/** A measured row: name, throughput per second, p50 and p99 of the latencies (ms). */
export function measuredRow(name: string, count: number, run: { latencies: number[]; wallMs: number }): string[] {
  return [
    name,
    fmt((count / run.wallMs) * 1000),
    fmt(percentile(run.latencies, 50)),
    fmt(percentile(run.latencies, 99)),
  ];
}

/** Prints rows as a table: the first column left-aligned, the others right-aligned. */
export function printTable(log: (line: string) => void, rows: string[][], firstWidth = 36): void {
  for (const row of rows)
    log(row.map((cell, index) => (index === 0 ? cell.padEnd(firstWidth) : cell.padStart(14))).join(''));
}

export async function timed<T>(work: () => Promise<T>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Runs `count` jobs with at most `concurrency` at once; returns each job's latency (ms) and the wall time. */
export async function runJobs(count: number, concurrency: number, job: (index: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < count; index = next++) latencies.push(await timed(() => job(index)));
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), wallMs: Number(process.hrtime.bigint() - started) / 1e6 };
}

const REPO = path.resolve(__dirname, '..');

/**
 * Runs one of the project's TypeScript entrypoints as a child process (the REST API, a bench
 * worker) and resolves once `ready` answers true, so a benchmark can measure 1, 2, … processes.
 */
export async function startBenchProcess(
  name: string,
  file: string,
  env: NodeJS.ProcessEnv,
  ready: (output: string[]) => Promise<boolean>,
): Promise<ManagedProcess> {
  const output: string[] = [];
  const child = spawnManaged(name, process.execPath, ['--require', 'tsx/cjs', path.join(REPO, file)], {
    cwd: REPO,
    env,
    sink: (line) => output.push(line),
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) throw new Error(`${name} exited:\n${child.recentOutput()}`);
    if (await ready(output)) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await child.stop();
  throw new Error(`${name} was not ready after 120 s:\n${child.recentOutput()}`);
}

/** Readiness of an HTTP server: `path` on `port` answers 2xx. */
export const answersOn = (port: number, probePath: string) => async () =>
  fetch(`http://127.0.0.1:${port}${probePath}`).then(
    (response) => response.ok,
    () => false,
  );
