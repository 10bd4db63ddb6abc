import type { TranscriptSegment, TranscriptWord } from '../documents';
import { findPii, namesAKindOfNumber, PII_MARKERS, replaceSpans, type PiiSpan, type PiiType } from './detection';

/*
 * Applying detection to what the product stores: a transcript (turn by turn, the previous turn as
 * context, numbers read across a pause that split a segment), free text and JSON-like values
 * (metadata, notes, derived outputs). Pure: the callers store, seal and send.
 */

/** One redacted value in a transcript: where it was said, never what. */
export interface TranscriptRedaction {
  segment: number;
  type: PiiType;
  /** Seconds into the recording (from word timestamps when speech-to-text gave them). */
  start: number;
  end: number;
}

export interface RedactedTranscript {
  segments: TranscriptSegment[];
  redactions: TranscriptRedaction[];
  /** The changed segments' original text, by index: what a `pii:read` reveal shows (sealed when kept). */
  originals: { segment: number; text: string }[];
}

interface SegmentPiece {
  segment: number;
  type: PiiType;
  /** Offsets in the segment's text. */
  start: number;
  end: number;
  /** The first piece of a value carries its marker; later pieces (the value went on after a pause) are removed. */
  first: boolean;
}

/**
 * Consecutive segments of one speaker are one turn (a number read with pauses is split into
 * segments); each turn is searched with the turn before it as context.
 */
function findInSegments(segments: readonly TranscriptSegment[], types: ReadonlySet<PiiType>): SegmentPiece[] {
  const pieces: SegmentPiece[] = [];
  let previousTurn = '';
  let turnBefore = '';
  let index = 0;
  while (index < segments.length) {
    const speaker = segments[index]!.speaker;
    const offsets: { segment: number; at: number }[] = [];
    let text = '';
    while (index < segments.length && segments[index]!.speaker === speaker) {
      if (text) text += ' ';
      offsets.push({ segment: index, at: text.length });
      text += segments[index]!.text;
      index++;
      // A mono recording is one speaker throughout: a turn ends at a question or after a few segments.
      if (speaker === 'unknown' && offsets.length >= 3) break;
    }
    // "I'd like to pay by card." — "Go ahead." — "4716…": a prompt that names nothing and asks
    // nothing passes the cue on ("And where do you live?" asks for its own thing).
    const passesCueOn = !namesAKindOfNumber(previousTurn) && !previousTurn.includes('?');
    const context = passesCueOn ? `${turnBefore} ${previousTurn}`.trim() : previousTurn;
    for (const span of findPii(text, types, context)) {
      let first = true;
      for (const { segment, at } of offsets) {
        const segmentEnd = at + segments[segment]!.text.length;
        const start = Math.max(span.start, at);
        const end = Math.min(span.end, segmentEnd);
        if (start >= end) continue;
        pieces.push({ segment, type: span.type, start: start - at, end: end - at, first });
        first = false;
      }
    }
    turnBefore = previousTurn;
    previousTurn = text;
  }
  return pieces;
}

/** Character offsets of each word in the segment's text (words as speech-to-text gave them). */
function wordOffsets(text: string, words: readonly TranscriptWord[]): { start: number; end: number }[] {
  let cursor = 0;
  return words.map((word) => {
    const trimmed = word.text.trim();
    const found = trimmed ? text.indexOf(trimmed, cursor) : -1;
    if (found < 0) return { start: cursor, end: cursor };
    cursor = found + trimmed.length;
    return { start: found, end: cursor };
  });
}

/** When in the recording a character range of a segment was said. */
export function timeOfRange(segment: TranscriptSegment, start: number, end: number): { start: number; end: number } {
  const words = segment.words ?? [];
  if (words.length > 0) {
    const offsets = wordOffsets(segment.text, words);
    const covered = words.filter((_, index) => offsets[index]!.end > start && offsets[index]!.start < end);
    if (covered.length > 0) return { start: covered[0]!.start, end: covered[covered.length - 1]!.end };
  }
  // No word times: the share of the segment's characters, widened by a little on both sides.
  const length = Math.max(1, segment.text.length);
  const duration = segment.end - segment.start;
  return {
    start: Math.max(segment.start, segment.start + (duration * start) / length - 0.25),
    end: Math.min(segment.end, segment.start + (duration * end) / length + 0.25),
  };
}

/** The transcript with every found value replaced by its marker; word timings are not kept. */
export function redactTranscript(
  segments: readonly TranscriptSegment[],
  types: ReadonlySet<PiiType>,
): RedactedTranscript {
  const pieces = types.size > 0 ? findInSegments(segments, types) : [];
  const bySegment = new Map<number, SegmentPiece[]>();
  for (const piece of pieces) bySegment.set(piece.segment, [...(bySegment.get(piece.segment) ?? []), piece]);
  const redactions: TranscriptRedaction[] = [];
  const originals: RedactedTranscript['originals'] = [];
  const redacted = segments.map((segment, index) => {
    const { words: _words, ...withoutWords } = segment;
    void _words;
    const found = bySegment.get(index);
    if (!found) return withoutWords;
    originals.push({ segment: index, text: segment.text });
    let text = '';
    let at = 0;
    for (const piece of found) {
      text += segment.text.slice(at, piece.start) + (piece.first ? PII_MARKERS[piece.type] : '');
      at = piece.end;
      redactions.push({ segment: index, type: piece.type, ...timeOfRange(segment, piece.start, piece.end) });
    }
    text += segment.text.slice(at);
    return { ...withoutWords, text: text.replace(/\s{2,}/g, ' ').trim() };
  });
  return { segments: redacted, redactions, originals };
}

/** Free text (a note, a metadata value, a summary) with the values replaced. */
export function redactText(text: string, types: ReadonlySet<PiiType>): string {
  if (types.size === 0) return text;
  const spans: PiiSpan[] = findPii(text, types);
  return spans.length > 0 ? replaceSpans(text, spans) : text;
}

/**
 * Every string inside a JSON-like value redacted; a string under a key that names its type
 * (`ssn`, `date_of_birth`, `card_number` …) is replaced whole, the way it is written there.
 */
export function redactValue<T>(value: T, types: ReadonlySet<PiiType>, key = ''): T {
  if (types.size === 0) return value;
  if (typeof value === 'string') {
    const named = typeNamedByKey(key);
    if (named && types.has(named) && value.trim() !== '') return PII_MARKERS[named] as T;
    return redactText(value, types) as T;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, types, key)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, redactValue(item, types, name)]),
    ) as T;
  }
  return value;
}

const KEY_TYPES: [RegExp, PiiType][] = [
  [/(^|_)(ssn|social_security(_number)?|tax_id)$/, 'ssn'],
  [/(^|_)(card_number|credit_card|cc_number|pan)$/, 'card_number'],
  [/(^|_)routing(_number)?$/, 'routing_number'],
  [/(^|_)(bank_)?account_number$/, 'bank_account'],
  [/(^|_)(dob|date_of_birth|birth_date|birthdate|birthday)$/, 'date_of_birth'],
];

function typeNamedByKey(key: string): PiiType | null {
  const normalized = key
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
  return KEY_TYPES.find(([pattern]) => pattern.test(normalized))?.[1] ?? null;
}
