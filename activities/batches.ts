import { ApplicationFailure } from '@temporalio/activity';
import type { Collections } from '../lib/mongo';
import { computeBatchProgress, type BatchProgress } from '../lib/batchProgress';
import { NON_RETRYABLE } from '../lib/temporal';

export function createBatchActivities({ collections }: { collections: Collections }) {
  return {
    /** Stores the batch's final status (the API recomputes it anyway; this keeps listings cheap). */
    async recordBatchOutcome(input: { orgId: string; batchId: string }): Promise<BatchProgress> {
      const batch = await collections.batches.findOne({ _id: input.batchId, org_id: input.orgId });
      if (!batch) {
        throw ApplicationFailure.nonRetryable(`Batch ${input.batchId} does not exist`, NON_RETRYABLE.batchNotFound);
      }
      const progress = await computeBatchProgress(collections, batch);
      await collections.batches.updateOne(
        { _id: input.batchId, org_id: input.orgId },
        { $set: { status: progress.status, updated_at: new Date() } },
      );
      return progress;
    },
  };
}
