/**
 * Scaling benchmark: the same work with 1 and then 2 worker processes, on the same servers in the
 * same run, and the ratio of the throughputs (2 processes / 1 process).
 * - pipeline: bench/pipeline's workload, processCall with every activity instant.
 * - ingest: batches of 100 calls posted to the REST API and carried to the end by the workers
 *   (ingestBatch fans each out to processCall children; activities instant, as in pipeline).
 * Worker processes are bench/pipelineWorker.ts children. On a 2-core machine the Temporal dev
 * server and MongoDB share those cores with the workers, which bounds the ratio (docs/performance.md).
 *
 *   npm run bench -- scaling [--calls 200] [--concurrency 20] [--batches 5]
 */
import { parseArgs } from 'node:util';
import type { ManagedProcess } from '../scripts/stack';
import { newId } from '../lib/ids';
import { batchWorkflowId, taskQueues } from '../lib/temporal';
import { benchBatchItem, startBenchApi, type BenchApi } from './api';
import { measurePipeline } from './pipeline';
import { benchServers, fmt, measuredRow, printTable, runJobs, startBenchProcess } from './stack';

const log = (line: string) => process.stdout.write(`[bench:scaling] ${line}\n`);
const CALLS_PER_BATCH = 100;
const WORKER_COUNTS = [1, 2];

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      calls: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '20' },
      batches: { type: 'string', default: '5' },
    },
  });
  const calls = Number(values.calls);
  const batches = Number(values.batches);
  const servers = await benchServers(log, { privateTemporal: true });
  const api = await startBenchApi(servers.env);
  try {
    const pipelineRuns = [];
    for (const workers of WORKER_COUNTS)
      pipelineRuns.push(
        await measurePipeline(
          servers.env,
          api.temporal,
          { workers, calls, concurrency: Number(values.concurrency) },
          log,
        ),
      );
    const ingestRuns = [];
    for (const workers of WORKER_COUNTS) ingestRuns.push(await measureIngest(servers.env, api, workers, batches));

    const plural = (workers: number) => `${workers} worker process${workers === 1 ? '' : 'es'}`;
    log(`pipeline: ${calls} calls through processCall, ${values.concurrency} at a time`);
    printTable(log, [
      ['', 'calls/s', 'p50 ms/call', 'p99 ms/call'],
      ...pipelineRuns.map((run) => measuredRow(`processCall, ${plural(run.workers)}`, calls, run.pipeline)),
      ...pipelineRuns.map((run) => measuredRow(`no-op workflow, ${plural(run.workers)}`, calls, run.baseline)),
    ]);
    log(`ingest: ${batches} batches × ${CALLS_PER_BATCH} calls posted at once, each followed to its end`);
    printTable(log, [
      ['', 'calls/s', 'p50 ms/batch', 'p99 ms/batch'],
      ...ingestRuns.map((run) => measuredRow(`batches, ${plural(run.workers)}`, batches * CALLS_PER_BATCH, run)),
    ]);
    const ratio = (runs: { wallMs: number }[]) => fmt(runs[0]!.wallMs / runs[1]!.wallMs, 2);
    log(`scaling, 2 processes / 1 process (throughput): pipeline ${ratio(pipelineRuns.map((run) => run.pipeline))}×, ingest ${ratio(ingestRuns)}× (2.00× would be linear); the no-op baseline workflow ${ratio(pipelineRuns.map((run) => run.baseline))}×`); // prettier-ignore
  } finally {
    await api.close();
    await servers.stop();
  }
}

/** Posts `batches` batches at once and waits for each batch workflow to finish. */
async function measureIngest(env: NodeJS.ProcessEnv, api: BenchApi, workers: number, batches: number) {
  const run = `scale-${newId('req').slice(4, 12)}`;
  const children: ManagedProcess[] = [];
  try {
    for (let index = 0; index < workers; index++)
      children.push(
        await startBenchProcess(`worker ${index + 1}`, 'bench/pipelineWorker.ts', { ...env, BENCH_TASK_QUEUE: taskQueues.callProcessing }, async (output) => output.includes('ready')), // prettier-ignore
      );
    const ingestBatch = async (batch: number) => {
      const created = await api.post(
        '/calls/upload/batch',
        { calls: Array.from({ length: CALLS_PER_BATCH }, (_, index) => benchBatchItem(run, batch, index)) },
        202,
      );
      await api.temporal.client.workflow.getHandle(batchWorkflowId(created.data.batch_id)).result();
    };
    log(`ingest with ${workers} worker process(es): warming up`);
    await ingestBatch(-1);
    return { workers, ...(await runJobs(batches, batches, ingestBatch)) };
  } finally {
    for (const child of children) await child.stop();
  }
}
