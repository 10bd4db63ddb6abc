import type { CallStatus, StageName, StageStatus } from '../lib/documents';
import type { Collections } from '../lib/mongo';
import { ApplicationFailure } from '@temporalio/activity';

/** The call store: status and per-stage progress, written as they change so the API shows them. */
export const CALL_NOT_FOUND = 'CallNotFound';

export function createCallStoreActivities(collections: Collections) {
  return {
    async setCallStatus(input: { orgId: string; callId: string; status: CallStatus; reason?: string }): Promise<void> {
      const now = new Date();
      const result = await collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        { $set: { status: input.status, failure_reason: input.reason ?? null, updated_at: now } },
      );
      if (result.matchedCount === 0) {
        throw ApplicationFailure.nonRetryable(`Call ${input.callId} does not exist`, CALL_NOT_FOUND);
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
        throw ApplicationFailure.nonRetryable(`Call ${input.callId} does not exist`, CALL_NOT_FOUND);
      }
    },
  };
}
