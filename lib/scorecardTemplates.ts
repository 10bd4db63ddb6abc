import type { ScorecardCriterionDefinition, Speaker } from './documents';

export interface ScorecardCriterion {
  id: string;
  label: string;
  description: string;
  weight: number;
  /** `pass_fail`: every pattern must be matched. `scale`: one point per pattern matched, up to `maxScore`. */
  type: 'pass_fail' | 'scale';
  maxScore?: number;
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

/**
 * An organization's template for the embedded engine. Phrases are plain words (the API refuses
 * regular expressions), matched case-insensitively on word boundaries with any spacing. A
 * `pass_fail` criterion passes when any of its phrases is said; a `scale` one scores a point per
 * phrase said, up to its `max_score`.
 */
export function templateFromDefinition(template: {
  id: string;
  name: string;
  criteria: ScorecardCriterionDefinition[];
}): ScorecardTemplate {
  const phrasePattern = (phrase: string) =>
    new RegExp(
      `(?:^|\\b|\\s)${phrase
        .trim()
        .split(/\s+/)
        .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\s+')}(?:\\b|\\s|$)`,
      'i',
    );
  return {
    id: template.id,
    name: template.name,
    criteria: template.criteria.map((criterion) => ({
      id: criterion.id,
      label: criterion.label,
      description: criterion.description,
      weight: criterion.weight,
      type: criterion.type,
      maxScore: criterion.max_score,
      speaker: criterion.speaker,
      withinSeconds: criterion.within_seconds,
      patterns:
        criterion.type === 'scale'
          ? criterion.phrases.map(phrasePattern)
          : [new RegExp(criterion.phrases.map((phrase) => phrasePattern(phrase).source).join('|'), 'i')],
    })),
  };
}
