import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startFerretDb, startTemporalDevServer, type ManagedProcess } from '../scripts/stack';
import { ensureTools, toolPath, toolsNeeded } from '../scripts/tools';

/** Benchmarks run against real servers: the ones in the environment, or fresh embedded ones. */
export async function benchServers(
  log: (line: string) => void,
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
      await startFerretDb({ binary: toolPath('ferretdb'), port, dataDir: path.join(scratch, 'ferretdb'), sink: quiet }),
    );
    env.MONGODB_URI = `mongodb://127.0.0.1:${port}/`;
  }
  if (!env.TEMPORAL_ADDRESS) {
    const port = await freePort();
    started.push(
      await startTemporalDevServer({ binary: toolPath('temporal'), port, uiPort: null, dbFile: null, sink: quiet }),
    );
    env.TEMPORAL_ADDRESS = `127.0.0.1:${port}`;
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
