import type { z } from 'zod';
import type { ReprocessJobDoc } from '../../../lib/documents';
import { reprocessWorkflowId } from '../../../lib/temporal';
import type { ReprocessView } from '../schemas/reprocess';

export function reprocessView(job: ReprocessJobDoc): z.infer<typeof ReprocessView> {
  const { from, to, ...rest } = job.selection;
  return {
    reprocess_id: job._id,
    status: job.status,
    stages: job.stages,
    selection: { ...rest, ...(from ? { from: from.toISOString() } : {}), ...(to ? { to: to.toISOString() } : {}) },
    total: job.total,
    processed: job.processed,
    failed: job.failed,
    progress: job.total === 0 ? 1 : Math.min(1, job.processed / job.total),
    last_call_id: job.last_call_id,
    failures: job.failures,
    created_at: job.created_at.toISOString(),
    finished_at: job.finished_at?.toISOString() ?? null,
    workflow_id: reprocessWorkflowId(job._id),
  };
}
