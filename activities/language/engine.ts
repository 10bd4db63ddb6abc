import type { DatasetDefinition } from '../../lib/datasets';
import type { CallSummaryDoc, Evidence, ExtractionResult, ScorecardCriterionResult } from '../../lib/documents';
import type { ScorecardTemplate } from '../../lib/scorecardTemplates';
import type { CallText } from './core/callText';

/*
 * The one interface of the language stages (summary, scorecard, extraction, action detection, and
 * the lending decision), with the embedded deterministic engine (embedded/) and hosted chat models
 * (hosted/) behind it; what both read and share is in core/. Evidence is always resolved by us from
 * transcript segments, never taken from a model's words.
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
  /** Whether the call is about borrowing money for a home, with the reasons (stored beside it). */
  classifyLending(text: CallText): Promise<LendingDecision>;
}

export interface LendingDecision {
  lending: boolean;
  /** Why, in short phrases: the cues heard (embedded) or the model's reasons (hosted). */
  reasons: string[];
}

export interface DetectedTask {
  text: string;
  owner: 'agent' | 'customer';
  /** YYYY-MM-DD, or null when no day was said. */
  due: string | null;
  evidence: Evidence[];
}

export interface DetectedAppointment {
  title: string;
  /** ISO 8601 in the call's offset. */
  start: string;
  end: string;
  attendees: { name: string | null; email: string | null; phone: string | null }[];
  evidence: Evidence[];
}

export interface DetectedActions {
  tasks: DetectedTask[];
  appointments: DetectedAppointment[];
}

/** The transcript's segments in order (sentences point back to them). */
export function uniqueSegments(text: CallText) {
  return [...new Set(text.sentences.flatMap((sentence) => sentence.segments))];
}
