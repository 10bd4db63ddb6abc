import type { DatasetDefinition } from '../../lib/datasets';
import type { CallSummaryDoc, ExtractionResult, ScorecardCriterionResult } from '../../lib/documents';
import type { ScorecardTemplate } from '../../lib/scorecardTemplates';
import { detectActions, type DetectedActions } from './embedded/actions';
import type { CallText } from './embedded/callText';
import { customerEmailOf, extractDataset } from './embedded/extraction';
import { scoreTranscript, summarizeTranscript } from './embedded/language';
export { totalOf } from './embedded/language';

/**
 * The one interface of the language stages (summary, scorecard, extraction, action detection),
 * with the embedded deterministic engine and hosted chat models (providers/chatModel.ts) behind it.
 * Evidence is always resolved by us from transcript segments, never taken from a model's words.
 */
export interface ScoreResult {
  criteria: ScorecardCriterionResult[];
  total: { score: number; max_score: number; percentage: number };
}

export interface LanguageEngine {
  readonly name: string;
  summarize(text: CallText): Promise<CallSummaryDoc>;
  score(template: ScorecardTemplate, text: CallText): Promise<ScoreResult>;
  extract(dataset: DatasetDefinition, text: CallText): Promise<ExtractionResult>;
  detectActions(text: CallText): Promise<DetectedActions>;
}

export const embeddedLanguageEngine: LanguageEngine = {
  name: 'embedded',
  summarize: async (text) => summarizeTranscript(uniqueSegments(text)),
  score: async (template, text) => scoreTranscript(template, uniqueSegments(text)),
  extract: async (dataset, text) => extractDataset(dataset, text),
  detectActions: async (text) => detectActions(text, customerEmailOf(text)),
};

/** The transcript's segments in order (sentences point back to them). */
export function uniqueSegments(text: CallText) {
  return [...new Set(text.sentences.map((sentence) => sentence.segment))];
}
