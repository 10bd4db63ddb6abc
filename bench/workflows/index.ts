import { proxyActivities } from '@temporalio/workflow';

/** The workflows `bench/pipeline` runs: the real processCall, and the no-op baseline. */
export { processCall } from '../../workflows/processCall';

const { noop } = proxyActivities<{ noop(): Promise<void> }>({ startToCloseTimeout: '1 minute' });

/** The baseline: as many activities as processCall runs for one call, doing nothing. */
export async function noopActivities(count: number): Promise<void> {
  for (let index = 0; index < count; index++) await noop();
}

/** bench/scaling posts real batches: ingestBatch fans them out to processCall. */
export { ingestBatch } from '../../workflows/ingestBatch';
