import { SEARCH_STALE } from '../lib/search/document';
import { ApplicationFailure } from '@temporalio/activity';
import type { CallStatus, StageName, StageStatus } from '../lib/documents';
import type { Collections } from '../lib/mongo';
import { NON_RETRYABLE } from '../lib/temporal';

/** The call an activity was given is gone (deleted, or another organization's): no retry brings it back. */
export function callNotFound(callId: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(`Call ${callId} does not exist`, NON_RETRYABLE.callNotFound);
}

/** The call store: status and per-stage progress, written as they change so the API shows them. */

export function createCallStoreActivities({ collections }: { collections: Collections }) {
  return {
    async setCallStatus(input: { orgId: string; callId: string; status: CallStatus; reason?: string }): Promise<void> {
      const now = new Date();
      const status = { status: input.status, failure_reason: input.reason ?? null, updated_at: now };
      // A completed call is flagged for the search index in the same write (activities/search.ts).
      const result = await collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        input.status === 'completed'
          ? { $set: { ...status, ...SEARCH_STALE.$set }, $inc: SEARCH_STALE.$inc }
          : { $set: status },
      );
      if (result.matchedCount === 0) {
        throw callNotFound(input.callId);
      }
    },

    async setCallStage(input: {
      orgId: string;
      callId: string;
      stage: StageName;
      status: StageStatus;
      reason?: string;
    }): Promise<void> {
      const now = new Date();
      const stage = { status: input.status, updated_at: now, ...(input.reason ? { reason: input.reason } : {}) };
      const result = await collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        { $set: { [`stages.${input.stage}`]: stage, updated_at: now } },
      );
      if (result.matchedCount === 0) {
        throw callNotFound(input.callId);
      }
    },
  };
}
