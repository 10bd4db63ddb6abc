import { ApplicationFailure } from '@temporalio/activity';
import type { Collections } from '../lib/mongo';
import { NON_RETRYABLE } from './policies';
import { DEFAULT_SCORECARD_TEMPLATE, templateFromDefinition } from '../lib/scorecardTemplates';
import { scoreTranscript } from './providers/embedded/language';

/** The QA scorecard of a call (the organization's default template, else the built-in one), stored by call id. */
export function createScorecardActivities(collections: Collections) {
  return {
    async scoreCall(input: { orgId: string; callId: string }): Promise<{ percentage: number }> {
      const transcript = await collections.transcripts.findOne({ _id: input.callId, org_id: input.orgId });
      if (!transcript) throw ApplicationFailure.nonRetryable('The call has no transcript', NON_RETRYABLE.noTranscript);
      const own = await collections.scorecardTemplates.findOne({ org_id: input.orgId, is_default: true });
      const template = own ? templateFromDefinition({ ...own, id: own._id }) : DEFAULT_SCORECARD_TEMPLATE;
      const result = scoreTranscript(template, transcript.segments);
      await collections.scorecards.replaceOne(
        { _id: input.callId, org_id: input.orgId },
        {
          org_id: input.orgId,
          call_id: input.callId,
          template_id: template.id,
          template_name: template.name,
          criteria: result.criteria,
          total: result.total,
          created_at: new Date(),
        },
        { upsert: true },
      );
      return { percentage: result.total.percentage };
    },
  };
}
