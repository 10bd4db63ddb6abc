import type { Collections } from '../lib/mongo';
import { DEFAULT_SCORECARD_TEMPLATE, templateFromDefinition } from '../lib/scorecardTemplates';
import { loadCallText } from './callTranscript';
import { runLanguage } from './languageCall';
import type { LanguageEngine } from './language/engine';

/** The QA scorecard of a call (the organization's default template, else the built-in one), stored by call id. */
export function createScorecardActivities(deps: { collections: Collections; language: LanguageEngine }) {
  const { collections } = deps;
  return {
    async scoreCall(input: { orgId: string; callId: string }): Promise<{ percentage: number }> {
      const { call, text } = await loadCallText(collections, input);
      const own = await collections.scorecardTemplates.findOne({ org_id: input.orgId, is_default: true });
      const template = own ? templateFromDefinition({ ...own, id: own._id }) : DEFAULT_SCORECARD_TEMPLATE;
      const result = await runLanguage(() => deps.language.score(template, text));
      await collections.scorecards.replaceOne(
        { _id: call._id, org_id: input.orgId },
        {
          org_id: input.orgId,
          call_id: call._id,
          template_id: template.id,
          template_name: template.name,
          criteria: result.criteria,
          total: result.total,
          produced_by: {
            engine: deps.language.name,
            versions: { [template.id]: own ? own.updated_at.toISOString() : 'built-in' },
            at: new Date(),
          },
          created_at: new Date(),
        },
        { upsert: true },
      );
      return { percentage: result.total.percentage };
    },
  };
}
