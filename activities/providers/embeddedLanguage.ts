import type {
  CallSummaryDoc,
  Evidence,
  ScorecardCriterionResult,
  Speaker,
  TranscriptSegment,
} from '../../lib/documents';

/**
 * The embedded, deterministic language engine (no network, no model): rule-based scorecards and an
 * extractive summary, each result carrying the transcript quotes and times it rests on. Rules
 * describe what a criterion means in many wordings, not the words of any one call.
 */

export interface ScorecardCriterion {
  id: string;
  label: string;
  description: string;
  weight: number;
  type: 'pass_fail';
  /** Who must say it; `unknown` speakers (mono recordings) can satisfy any criterion. */
  speaker: Speaker | 'any';
  /** Each pattern must be matched by some segment (the same or different ones). */
  patterns: RegExp[];
  /** Only segments starting within this many seconds count (e.g. a greeting is at the start). */
  withinSeconds?: number;
  /** How many distinct matching segments are needed (e.g. several discovery questions). */
  minMatches?: number;
}

export interface ScorecardTemplate {
  id: string;
  name: string;
  criteria: ScorecardCriterion[];
}

const WEEKDAYS = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';

/** The default template for sales and lending calls. */
export const DEFAULT_SCORECARD_TEMPLATE: ScorecardTemplate = {
  id: 'default_sales_lending',
  name: 'Sales and lending calls',
  criteria: [
    {
      id: 'greeting_and_identification',
      label: 'Greeting and identification',
      description: 'The agent greets the customer and says who they are or whom they represent, early in the call.',
      weight: 1,
      type: 'pass_fail',
      speaker: 'agent',
      withinSeconds: 60,
      patterns: [
        // A greeting word, or the telephone opening "<Company>, this is <name>" / "<Company>, <name> speaking".
        /\b(hi|hello|hey|good (morning|afternoon|evening)|thank(s| you) for (calling|holding|your))\b|^[^,.?!]{2,40},\s*(this is|[a-z]+ speaking)\b/i,
        /\b(this is|my name is|i'm|i am|calling (from|on behalf of)|speaking)\b/i,
      ],
    },
    {
      id: 'recording_disclosure',
      label: 'Recording disclosure',
      description: 'The agent tells the customer that the call is recorded or monitored.',
      weight: 1,
      type: 'pass_fail',
      speaker: 'agent',
      patterns: [
        /\b(call|conversation|line)\b[^.?!]{0,30}\b(is|are|may be|will be|might be|being)\b[^.?!]{0,15}\b(recorded|monitored)\b|\brecorded for (quality|training)\b|\brecording (this|the) call\b/i,
      ],
    },
    {
      id: 'needs_discovery',
      label: 'Needs discovery',
      description: "The agent asks open questions about the customer's situation and needs.",
      weight: 1,
      type: 'pass_fail',
      speaker: 'agent',
      minMatches: 2,
      patterns: [
        /\b(how|what|which|when|where|why|who|tell me|can you|could you|do you|are you|will (this|you)|is (this|it|that))\b[^.!]*\?/i,
      ],
    },
    {
      id: 'next_steps_agreed',
      label: 'Next steps agreed',
      description: 'A concrete next step (a follow-up, a document, a meeting) is agreed before the call ends.',
      weight: 1,
      type: 'pass_fail',
      speaker: 'any',
      patterns: [
        new RegExp(
          `\\b(i(?:'ll| will) (send|email|call|follow up|get back)|(we|i) can (talk|meet|schedule)|can we (talk|meet)|let'?s (talk|meet|schedule)|schedule|appointment|follow[- ]up|next step|(talk|speak|meet) (again )?(on|next|tomorrow)|tomorrow|next (week|${WEEKDAYS})|on ${WEEKDAYS})\\b`,
          'i',
        ),
      ],
    },
  ],
};

function speakerMatches(required: ScorecardCriterion['speaker'], actual: Speaker): boolean {
  return required === 'any' || actual === 'unknown' || actual === required;
}

const toEvidence = (segment: TranscriptSegment): Evidence => ({
  quote: segment.text,
  start: segment.start,
  end: segment.end,
  speaker: segment.speaker,
});

export function scoreTranscript(template: ScorecardTemplate, segments: TranscriptSegment[]) {
  const criteria: ScorecardCriterionResult[] = template.criteria.map((criterion) => {
    const eligible = segments.filter(
      (segment) =>
        speakerMatches(criterion.speaker, segment.speaker) &&
        (criterion.withinSeconds === undefined || segment.start <= criterion.withinSeconds),
    );
    const evidence: TranscriptSegment[] = [];
    let passed = true;
    for (const pattern of criterion.patterns) {
      const matching = eligible.filter((segment) => pattern.test(segment.text));
      if (matching.length < (criterion.minMatches ?? 1)) passed = false;
      for (const segment of matching.slice(0, 3)) if (!evidence.includes(segment)) evidence.push(segment);
    }
    return {
      id: criterion.id,
      label: criterion.label,
      type: criterion.type,
      weight: criterion.weight,
      score: passed ? 1 : 0,
      max_score: 1,
      passed,
      evidence: passed ? evidence.sort((a, b) => a.start - b.start).map(toEvidence) : [],
    };
  });
  const score = criteria.reduce((sum, criterion) => sum + criterion.score * criterion.weight, 0);
  const maxScore = criteria.reduce((sum, criterion) => sum + criterion.max_score * criterion.weight, 0);
  return {
    criteria,
    total: { score, max_score: maxScore, percentage: maxScore ? Math.round((score / maxScore) * 1000) / 10 : 0 },
  };
}

/** Sentences of the transcript with their segment's speaker and times. */
function sentences(segments: TranscriptSegment[]) {
  return segments.flatMap((segment) =>
    (segment.text.match(/[^.!?]+[.!?]?/g) ?? [])
      .map((text) => text.trim())
      .filter((text) => text.split(/\s+/).length >= 3)
      .map((text) => ({ text, segment })),
  );
}

const FACT = /(\$\s?\d|\d[\d,.]*\s?(dollars|percent|%|k\b)|\b(thousand|million|hundred)\b|\b\d{3,}\b)/i;
const NEED = /\b(want|need|looking (for|to)|interested in|hoping|plan(ning)? to|would like|trying to)\b/i;
const NEXT_STEP = DEFAULT_SCORECARD_TEMPLATE.criteria.find((criterion) => criterion.id === 'next_steps_agreed')!
  .patterns[0]!;

/** An extractive summary: the customer's need, the facts with figures, and the agreed next steps. */
export function summarizeTranscript(segments: TranscriptSegment[]): CallSummaryDoc {
  const all = sentences(segments);
  const needs = all.filter((sentence) => sentence.segment.speaker !== 'agent' && NEED.test(sentence.text));
  const facts = all.filter((sentence) => FACT.test(sentence.text));
  const nextSteps = all.filter((sentence) => NEXT_STEP.test(sentence.text) && /\b(i|we|you)\b/i.test(sentence.text));
  const keyPoints = [...new Set([...needs, ...facts].map((sentence) => sentence.text))].slice(0, 6);
  const steps = [...new Set(nextSteps.map((sentence) => sentence.text))].slice(0, 4);
  const opening =
    needs[0]?.text ?? all.find((sentence) => sentence.segment.speaker !== 'agent')?.text ?? all[0]?.text ?? '';
  const text = [opening, ...keyPoints.filter((point) => point !== opening).slice(0, 2), steps[0]]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  return {
    text: text || 'No speech was recognized in this call.',
    key_points: keyPoints,
    outcome: steps.length ? 'Next steps agreed' : all.length ? 'No next step agreed' : null,
    next_steps: steps,
  };
}
