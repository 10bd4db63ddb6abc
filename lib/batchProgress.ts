import type { BatchDoc, BatchStatus, CallStatus } from './documents';
import type { Collections } from './mongo';

export interface BatchProgress {
  batch_id: string;
  total_calls: number;
  processed: number;
  failed: number;
  in_progress: number;
  status: BatchStatus;
  progress_percentage: number;
}

/*
 * A batch's counts always come from its calls' records, so they can never disagree with what
 * GET /calls shows. `processed` counts finished calls (completed or failed), as in the spec.
 */
export async function computeBatchProgress(collections: Collections, batch: BatchDoc): Promise<BatchProgress> {
  const counts: Record<CallStatus, number> = { queued: 0, processing: 0, completed: 0, failed: 0 };
  const rows = await collections.calls
    .aggregate<{ _id: CallStatus; count: number }>([
      { $match: { org_id: batch.org_id, _id: { $in: batch.call_ids } } },
      { $group: { _id: '$status', count: { $sum: 1 } } },
    ])
    .toArray();
  for (const row of rows) counts[row._id] = row.count;
  const total = batch.total_calls;
  const finished = counts.completed + counts.failed;
  return {
    batch_id: batch._id,
    total_calls: total,
    processed: finished,
    failed: counts.failed,
    in_progress: total - finished,
    status: batchStatusFrom(total, counts),
    progress_percentage: total === 0 ? 100 : Math.floor((finished * 100) / total),
  };
}

export function batchStatusFrom(total: number, counts: Record<CallStatus, number>): BatchStatus {
  const finished = counts.completed + counts.failed;
  if (finished < total) return counts.queued === total ? 'queued' : 'processing';
  if (counts.failed === 0) return 'completed';
  return counts.failed === total ? 'failed' : 'completed_with_errors';
}
