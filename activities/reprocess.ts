import { ApplicationFailure } from '@temporalio/activity';
import type { ReprocessJobDoc } from '../lib/documents';
import { selectedCallIds } from '../lib/reprocessSelection';
import type { Collections } from '../lib/mongo';
import { NON_RETRYABLE } from '../lib/temporal';

/** Failures a job keeps, with their reasons; the count goes on. */
const KEPT_FAILURES = 50;

/**
 * The bookkeeping of the `reprocessCalls` workflow: the next page of selected calls, and the
 * job's progress (what `GET /reprocess/{id}` shows). The stages themselves are the pipeline's own
 * activities, run on the `reprocessing` task queue.
 */
export function createReprocessActivities(deps: { collections: Collections }) {
  const { collections } = deps;
  const load = async (input: { orgId: string; jobId: string }) => {
    const job = await collections.reprocessJobs.findOne({ _id: input.jobId, org_id: input.orgId });
    if (!job) {
      throw ApplicationFailure.nonRetryable(
        `Reprocess job ${input.jobId} does not exist`,
        NON_RETRYABLE.reprocessNotFound,
      );
    }
    return job;
  };

  return {
    async loadReprocessJob(input: { orgId: string; jobId: string }): Promise<Pick<ReprocessJobDoc, 'stages'>> {
      return { stages: (await load(input)).stages };
    },

    async nextReprocessCalls(input: {
      orgId: string;
      jobId: string;
      afterCallId: string | null;
      limit: number;
    }): Promise<{ callIds: string[] }> {
      const job = await load(input);
      return { callIds: await selectedCallIds(collections, job, input.afterCallId, input.limit) };
    },

    /** Adds a page's outcome; idempotent per page (a retried write after `lastCallId` changes nothing). */
    async recordReprocessProgress(input: {
      orgId: string;
      jobId: string;
      lastCallId: string;
      processed: number;
      failures: { call_id: string; reason: string }[];
    }): Promise<void> {
      const job = await load(input);
      if (job.last_call_id !== null && job.last_call_id >= input.lastCallId) return;
      await collections.reprocessJobs.updateOne(
        { _id: input.jobId, org_id: input.orgId },
        {
          $inc: { processed: input.processed, failed: input.failures.length },
          $set: { last_call_id: input.lastCallId, updated_at: new Date() },
          $push: { failures: { $each: input.failures, $slice: KEPT_FAILURES } },
        },
      );
    },

    async setReprocessStatus(input: {
      orgId: string;
      jobId: string;
      status: ReprocessJobDoc['status'];
    }): Promise<void> {
      const finished = input.status === 'completed' || input.status === 'cancelled';
      await collections.reprocessJobs.updateOne(
        { _id: input.jobId, org_id: input.orgId },
        { $set: { status: input.status, updated_at: new Date(), ...(finished ? { finished_at: new Date() } : {}) } },
      );
    },
  };
}
