import { ApplicationFailure } from '@temporalio/activity';
import type { Collections } from '../lib/mongo';
import { NON_RETRYABLE } from './policies';
import { summarizeTranscript } from './providers/embedded/language';

/** The call summary from its transcript (embedded extractive engine), stored on the call. */
export function createSummaryActivities(collections: Collections) {
  return {
    async summarizeCall(input: { orgId: string; callId: string }): Promise<{ keyPoints: number }> {
      const transcript = await collections.transcripts.findOne({ _id: input.callId, org_id: input.orgId });
      if (!transcript) throw ApplicationFailure.nonRetryable('The call has no transcript', NON_RETRYABLE.noTranscript);
      const summary = summarizeTranscript(transcript.segments);
      await collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        { $set: { summary, updated_at: new Date() } },
      );
      return { keyPoints: summary.key_points.length };
    },
  };
}
