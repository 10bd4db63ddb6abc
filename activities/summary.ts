import type { Collections } from '../lib/mongo';
import { loadCallText } from './callTranscript';
import { runLanguage } from './languageCall';
import type { LanguageEngine } from './language/engine';

/** The call summary from its transcript, stored on the call. */
export function createSummaryActivities(deps: { collections: Collections; language: LanguageEngine }) {
  const { collections } = deps;
  return {
    async summarizeCall(input: { orgId: string; callId: string }): Promise<{ keyPoints: number }> {
      const { call, text } = await loadCallText(collections, input);
      const summary =
        text.sentences.length === 0
          ? { text: 'No speech was recognized in this call.', key_points: [], outcome: null, next_steps: [] }
          : await runLanguage(() => deps.language.summarize(text));
      await collections.calls.updateOne(
        { _id: call._id, org_id: input.orgId },
        {
          $set: {
            summary,
            summary_produced_by: { engine: deps.language.name, versions: {}, at: new Date() },
            updated_at: new Date(),
          },
        },
      );
      return { keyPoints: summary.key_points.length };
    },
  };
}
