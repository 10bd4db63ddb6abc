/**
 * Ingest benchmark: POST /calls/upload/batch with 100 calls per request, against the cost of
 * starting the same number of workflows (one per call) directly with the Temporal client, in the
 * same run and on the same servers. The ratio is the figure to watch (target ≤ 1.25×).
 *
 *   npm run bench -- ingest [--batches 10] [--concurrency 2]
 */
import { parseArgs } from 'node:util';
import { taskQueues } from '../lib/temporal';
import { benchBatchItem, startBenchApi } from './api';
import { benchServers, fmt, measuredRow, printTable, runJobs } from './stack';

const log = (line: string) => process.stdout.write(`[bench:ingest] ${line}\n`);

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { batches: { type: 'string', default: '10' }, concurrency: { type: 'string', default: '2' } },
  });
  const batches = Number(values.batches);
  const concurrency = Number(values.concurrency);
  const callsPerBatch = 100;
  const servers = await benchServers(log);
  // No worker runs: this measures acceptance (validate, store, start), not processing.
  const api = await startBenchApi(servers.env);
  const postBatch = async (batch: number) => {
    await api.post(
      '/calls/upload/batch',
      { calls: Array.from({ length: callsPerBatch }, (_, index) => benchBatchItem('bench', batch, index)) },
      202,
    );
  };
  const startWorkflowsDirectly = async (batch: number) => {
    // The baseline: one workflow per call, started straight from the client, 20 at a time.
    const ids = Array.from({ length: callsPerBatch }, (_, index) => `bench-direct-${batch}-${index}`);
    for (let offset = 0; offset < ids.length; offset += 20) {
      await Promise.all(
        ids.slice(offset, offset + 20).map((workflowId) =>
          api.temporal.client.workflow.start('processCall', {
            workflowId,
            taskQueue: `${taskQueues.callProcessing}-bench-baseline`,
            args: [{ orgId: api.orgId, callId: workflowId }],
          }),
        ),
      );
    }
  };

  try {
    log(`warming up`);
    await postBatch(-1);
    await startWorkflowsDirectly(-1);
    log(`API: ${batches} batches × ${callsPerBatch} calls, ${concurrency} at a time`);
    const viaApi = await runJobs(batches, concurrency, postBatch);
    log(
      `baseline: ${batches} × ${callsPerBatch} workflow starts with the Temporal client, ${concurrency} batches at a time`,
    );
    const direct = await runJobs(batches, concurrency, startWorkflowsDirectly);

    const calls = batches * callsPerBatch;
    printTable(log, [
      ['', 'calls/s', 'p50 ms/batch', 'p99 ms/batch'],
      measuredRow('POST /calls/upload/batch', calls, viaApi),
      measuredRow('Temporal client, 1 start per call', calls, direct),
    ]);
    log(`ratio (API time / baseline time, same calls): ${fmt(viaApi.wallMs / direct.wallMs, 2)}× (target ≤ 1.25×)`);
  } finally {
    await api.close();
    await servers.stop();
  }
}
