import nlp from 'compromise';
import type { Evidence, Speaker, TranscriptSegment } from '../../../lib/documents';
import { normalizeSpokenForms } from './spokenForm';

/**
 * A transcript as the embedded engines read it: sentences in written form, each knowing its
 * segment (speaker, times, the words as transcribed) so every result can quote its evidence.
 */

export interface Sentence {
  /** Written form ("360000 dollars", "john.smith@example.com"). */
  text: string;
  speaker: Speaker;
  segment: TranscriptSegment;
  /** Position of the segment in the transcript. */
  segmentIndex: number;
}

/** What the call record tells the engines besides the transcript. */
export interface CallFacts {
  recordedAt: Date;
  utcOffsetMinutes: number;
  agentName: string | null;
  agentEmail: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

export interface CallText {
  sentences: Sentence[];
  facts: CallFacts;
  agentName: string | null;
  customerName: { value: string; evidence: Evidence[] } | null;
}

export function evidenceOf(segment: TranscriptSegment): Evidence {
  return { quote: segment.text, start: segment.start, end: segment.end, speaker: segment.speaker };
}

export function evidenceOfSentences(sentences: Sentence[]): Evidence[] {
  const segments = [...new Set(sentences.map((sentence) => sentence.segment))];
  return segments.sort((a, b) => a.start - b.start).map(evidenceOf);
}

export function readCall(segments: TranscriptSegment[], facts: CallFacts): CallText {
  const sentences = segments.flatMap((segment, segmentIndex) =>
    splitSentences(normalizeSpokenForms(segment.text)).map((text) => ({
      text,
      speaker: segment.speaker,
      segment,
      segmentIndex,
    })),
  );
  return {
    sentences,
    facts,
    agentName: facts.agentName ?? findAgentName(sentences),
    customerName: findCustomerName(sentences, facts),
  };
}

/** Sentence ends that are not inside a number, an e-mail address or an abbreviation like "p.m.". */
export function splitSentences(text: string): string[] {
  return (text.match(/(?:[^.!?]|\.(?=\S)|\b(?:Mr|Mrs|Ms|Dr|St|Ave)\.\s)+[.!?]*/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Whether a sentence was said by the customer (an `unknown` speaker may be either). */
export const byCustomer = (sentence: Sentence) => sentence.speaker !== 'agent';
export const byAgent = (sentence: Sentence) => sentence.speaker !== 'customer';

const NAME = "[A-Z][a-zA-Z'-]+(?:\\s+[A-Z][a-zA-Z'-]+)?";
/** Self-introductions: "my name is Maria Garcia", "this is John", "Robert Jones speaking". */
const SELF_INTRODUCTION = [
  new RegExp(`\\b(?:my name is|my name's|this is|i am|i'm|it's)\\s+(${NAME})`),
  new RegExp(`(?:^|,\\s*)(${NAME})\\s+speaking\\b`),
];
/** The agent naming the customer: "Am I speaking with John Smith?", "Is this Robert Jones?". */
const ADDRESSING_CUSTOMER = new RegExp(
  `\\b(?:[Ss]peaking with|[Ss]peak (?:with|to)|[Tt]alking (?:with|to)|[Ii]s this|[Aa]re you)\\s+(${NAME})\\b`,
);
const NOT_NAMES = new Set(['Yes', 'No', 'Speaking', 'Sure', 'Hi', 'Hello', 'Great', 'Thanks', 'Okay', 'Ok', 'The']);

function isPersonName(candidate: string): boolean {
  const words = candidate.split(/\s+/);
  if (words.some((word) => NOT_NAMES.has(word))) return false;
  // compromise knows common first names; a capitalized pair after an introduction is taken as well.
  return words.length >= 2 || nlp(candidate).people().found;
}

function namesIn(sentence: Sentence, patterns: RegExp[]): string[] {
  return patterns
    .map((pattern) => pattern.exec(sentence.text)?.[1])
    .filter((name): name is string => Boolean(name))
    .map((name) => trimTrailingNonName(name))
    .filter(isPersonName);
}

/** "John Smith from" is cut by the pattern already; "Sarah Miller" stays; "David Chen speaking" → "David Chen". */
function trimTrailingNonName(name: string): string {
  return name
    .split(/\s+/)
    .filter((word, index) => index === 0 || !/^(speaking|here|from|with|at)$/i.test(word))
    .join(' ');
}

function findAgentName(sentences: Sentence[]): string | null {
  for (const sentence of sentences.filter((s) => s.speaker === 'agent')) {
    const [name] = namesIn(sentence, SELF_INTRODUCTION);
    if (name) return name;
  }
  return null;
}

/**
 * The customer's name as said in the call (the fullest form heard: "Am I speaking with John Smith?"
 * then "this is John" gives "John Smith"), else the call record's contact name without evidence.
 */
function findCustomerName(sentences: Sentence[], facts: CallFacts): CallText['customerName'] {
  const heard: { name: string; sentence: Sentence }[] = [];
  for (const sentence of sentences) {
    const names = sentence.speaker === 'agent' ? [] : namesIn(sentence, SELF_INTRODUCTION);
    if (sentence.speaker !== 'customer') {
      const addressed = ADDRESSING_CUSTOMER.exec(sentence.text)?.[1];
      if (addressed && isPersonName(addressed)) names.push(trimTrailingNonName(addressed));
    }
    for (const name of names) {
      if (facts.agentName && sameFirstName(name, facts.agentName)) continue;
      heard.push({ name, sentence });
    }
  }
  if (heard.length === 0) {
    return facts.contactName ? { value: facts.contactName, evidence: [] } : null;
  }
  const fullest = heard.reduce((best, candidate) =>
    candidate.name.split(/\s+/).length > best.name.split(/\s+/).length ? candidate : best,
  );
  const supporting = heard.filter((candidate) => sameFirstName(candidate.name, fullest.name));
  const evidence = evidenceOfSentences(supporting.map((candidate) => candidate.sentence));
  // Only a first name was heard ("this is John"): the call record's full name completes it when it agrees.
  const completed =
    !fullest.name.includes(' ') && facts.contactName?.includes(' ') && sameFirstName(fullest.name, facts.contactName)
      ? facts.contactName
      : fullest.name;
  return { value: completed, evidence };
}

export function sameFirstName(a: string, b: string): boolean {
  return a.split(/\s+/)[0]!.toLowerCase() === b.split(/\s+/)[0]!.toLowerCase();
}

export function splitName(name: string): { first: string; last: string | null } {
  const words = name.trim().split(/\s+/);
  return { first: words[0]!, last: words.length > 1 ? words[words.length - 1]! : null };
}

/** The segment before this sentence's segment, when another speaker said it (a question it answers). */
export function precedingTurn(text: CallText, sentence: Sentence): Sentence[] {
  const previousIndex = sentence.segmentIndex - 1;
  return text.sentences.filter(
    (candidate) => candidate.segmentIndex === previousIndex && candidate.speaker !== sentence.speaker,
  );
}
