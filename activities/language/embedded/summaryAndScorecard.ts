import type {
  CallSummaryDoc,
  Evidence,
  ScorecardCriterionResult,
  Speaker,
  TranscriptSegment,
} from '../../../lib/documents';
import { criterionResult, totalOf } from '../core/scoring';
import { normalizeSpokenForms } from '../core/spokenForm';
import {
  DEFAULT_SCORECARD_TEMPLATE,
  type ScorecardCriterion,
  type ScorecardTemplate,
} from '../../../lib/scorecardTemplates';

/**
 * The embedded, deterministic language engine (no network, no model): rule-based scorecards and an
 * extractive summary, each result carrying the transcript quotes and times it rests on. Rules
 * describe what a criterion means in many wordings, not the words of any one call.
 */

function speakerMatches(required: ScorecardCriterion['speaker'], actual: Speaker): boolean {
  return required === 'any' || actual === 'unknown' || actual === required;
}

const toEvidence = (segment: TranscriptSegment): Evidence => ({
  quote: segment.text,
  start: segment.start,
  end: segment.end,
  speaker: segment.speaker,
});

/** Only one party is heard, on a recording whose channels tell who (a voicemail): nothing is agreed. */
function oneKnownPartyHeard(segments: TranscriptSegment[]): boolean {
  const speakers = new Set(segments.map((segment) => segment.speaker));
  return speakers.size === 1 && !speakers.has('unknown');
}

export function scoreTranscript(template: ScorecardTemplate, segments: TranscriptSegment[]) {
  const voicemail = oneKnownPartyHeard(segments);
  // A segment is read as said and as the spoken-form rules mend it ("Highly email you the letter",
  // a recognizer's "I'll email you…"); the evidence quotes what was said.
  const readings = new Map<string, string[]>();
  const readingsOf = (said: string) => {
    let known = readings.get(said);
    if (!known) {
      const mended = normalizeSpokenForms(said);
      known = mended === said ? [said] : [said, mended];
      readings.set(said, known);
    }
    return known;
  };
  const criteria: ScorecardCriterionResult[] = template.criteria.map((criterion) => {
    if (criterion.bothPartiesHeard && voicemail) return criterionResult(criterion, 0, []);
    const eligible = afterLastUndoing(segments, criterion.undoneBy).filter(
      (segment) =>
        speakerMatches(criterion.speaker, segment.speaker) &&
        (criterion.withinSeconds === undefined || segment.start <= criterion.withinSeconds),
    );
    const evidence: TranscriptSegment[] = [];
    let matchedPatterns = 0;
    // A segment counts by its sentences, so one excluded sentence ("If we decide…") does not taint the rest.
    const said = (segment: TranscriptSegment, pattern: RegExp) =>
      readingsOf(segment.text).some((reading) =>
        criterion.exclude
          ? sentencesOf(reading).some(
              (sentence) => pattern.test(sentence.trim()) && !criterion.exclude!.test(sentence.trim()),
            )
          : pattern.test(reading),
      );
    for (const pattern of criterion.patterns) {
      const matching = eligible.filter((segment) => said(segment, pattern));
      if (matching.length >= (criterion.minMatches ?? 1)) matchedPatterns++;
      for (const segment of matching.slice(0, 3)) if (!evidence.includes(segment)) evidence.push(segment);
    }
    const score = criterion.type === 'scale' ? matchedPatterns : matchedPatterns === criterion.patterns.length ? 1 : 0;
    return criterionResult(criterion, score, evidence.sort((a, b) => a.start - b.start).map(toEvidence));
  });
  return { criteria, total: totalOf(criteria) };
}

const sentencesOf = (text: string) => text.match(/[^.!?]+[.!?]?/g) ?? [text];

/**
 * What is said after the last sentence that undoes the criterion (in time order): the segment it
 * is in keeps only its later sentences, as a segment of its own; earlier segments drop out.
 */
function afterLastUndoing(segments: TranscriptSegment[], undoneBy: RegExp | undefined): TranscriptSegment[] {
  if (!undoneBy) return segments;
  const ordered = [...segments].sort((a, b) => a.start - b.start);
  const lastIndexOf = <T>(items: T[], matches: (item: T) => boolean) => {
    for (let index = items.length - 1; index >= 0; index--) if (matches(items[index]!)) return index;
    return -1;
  };
  const undoes = (sentence: string) => undoneBy.test(sentence);
  const last = lastIndexOf(ordered, (segment) => sentencesOf(segment.text).some(undoes));
  if (last < 0) return segments;
  const sentences = sentencesOf(ordered[last]!.text);
  const rest = sentences
    .slice(lastIndexOf(sentences, undoes) + 1)
    .join('')
    .trim();
  const after = [...(rest ? [{ ...ordered[last]!, text: rest }] : []), ...ordered.slice(last + 1)];
  // "Take us off your list." — "Will do. Sorry to bother you.": the reply that grants it is part of it.
  const reply = after[0];
  if (!rest && reply && reply.speaker !== ordered[last]!.speaker) {
    const [first, ...others] = sentencesOf(reply.text);
    if (first && GRANTED.test(first.trim())) {
      const kept = others.join('').trim();
      return [...(kept ? [{ ...reply, text: kept }] : []), ...after.slice(1)];
    }
  }
  return after;
}

/** A short reply granting a request: "Will do.", "Understood.", "Of course, done." */
const GRANTED =
  /^\W*(?:ok(?:ay)?|sure|understood|of course|no problem|will do|you got it|absolutely|done|certainly|i will|we will|consider it done)\b[^.?!]{0,30}[.?!]?$/i;

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
    // A voicemail's requests are listed as its next steps, but nobody agreed to them.
    outcome:
      steps.length && !oneKnownPartyHeard(segments) ? 'Next steps agreed' : all.length ? 'No next step agreed' : null,
    next_steps: steps,
  };
}
