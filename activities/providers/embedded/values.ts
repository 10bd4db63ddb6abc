import * as chrono from 'chrono-node';
import { findPhoneNumbersInText } from 'libphonenumber-js';
import { US_STATES, type PostalAddress } from '../../../lib/address';
import { dayInOffset } from '../../../lib/time';
import type { CallFacts, Sentence } from './callText';

/** Typed values found in one sentence of written-form text. */

const MONEY =
  /(?:\$\s?(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|million|m)?\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|million)?\s*(?:dollars|bucks|usd)\b)/gi;

/** Dollar amounts: "$450,000", "450000 dollars", "$1.2 million", "450k dollars". */
export function moneyIn(text: string): number[] {
  return [...text.matchAll(MONEY)].map((match) => {
    const amount = Number((match[1] ?? match[3])!.replace(/,/g, ''));
    const scale = (match[2] ?? match[4] ?? '').toLowerCase();
    const factor = scale === 'k' || scale === 'thousand' ? 1_000 : scale === 'million' || scale === 'm' ? 1_000_000 : 1;
    return Math.round(amount * factor * 100) / 100;
  });
}

/** Plain numbers that are not money, phone numbers, ZIP codes or times ("25 agents"). */
export function countsIn(text: string): number[] {
  const withoutOthers = text
    .replace(MONEY, ' ')
    .replace(/\b\d{3}-\d{3}-\d{4}\b/g, ' ')
    .replace(/\b\d{1,2}(?::\d{2})?\s*[ap]m\b/gi, ' ')
    .replace(/\bat \d{1,2}\b/gi, ' ');
  return [...withoutOthers.matchAll(/\b\d[\d,]*(?:\.\d+)?\b/g)]
    .map((match) => Number(match[0].replace(/,/g, '')))
    .filter((value) => !(value >= 10_000 && value <= 99_999 && Number.isInteger(value)));
}

const EMAIL = /\b[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi;

export function emailsIn(text: string): string[] {
  return [...text.matchAll(EMAIL)].map((match) => match[0].toLowerCase());
}

/** Phone numbers in E.164 (North American numbering assumed when no country code is said). */
export function phonesIn(text: string): string[] {
  return findPhoneNumbersInText(text, 'US').map((found) => found.number.number);
}

/** Dates mentioned, as YYYY-MM-DD in the call's offset, relative to when the call was recorded. */
export function datesIn(text: string, facts: CallFacts): string[] {
  return chrono
    .parse(text, { instant: facts.recordedAt, timezone: facts.utcOffsetMinutes }, { forwardDate: true })
    .map((result) => dayInOffset(result.start.date(), facts.utcOffsetMinutes));
}

const STATE_NAMES = Object.keys(US_STATES)
  .sort((a, b) => b.length - a.length)
  .join('|');
const STATE_CODES = [...new Set(Object.values(US_STATES))].join('|');
const STREET_TYPES =
  'Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Lane|Ln|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Terrace|Circle|Parkway|Pkwy|Highway|Hwy|Trail|Square';
const ADDRESS = new RegExp(
  `\\b(\\d{1,6}\\s+(?:[A-Z][a-z]+\\s+){1,3}(?:${STREET_TYPES})\\b\\.?(?:,?\\s+(?:Apt|Apartment|Unit|Suite)\\.?\\s+\\w+)?)` +
    `,?\\s+([A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,2}),?\\s+(${STATE_NAMES}|${STATE_CODES})\\b(?:,?\\s+(\\d{5})(?:-\\d{4})?)?`,
  'i',
);

/** A US street address: "12 Oak Street, Springfield, Illinois, 62701" (state names become codes). */
export function addressIn(text: string): PostalAddress | null {
  const match = ADDRESS.exec(text);
  if (!match) return null;
  const state = match[3]!;
  return {
    line: match[1]!.replace(/\s+/g, ' ').replace(/\.$/, ''),
    city: match[2]!,
    state: state.length === 2 ? state.toUpperCase() : US_STATES[state.toLowerCase()]!,
    postal_code: match[4] ?? null,
  };
}

const NEGATION = /\b(no|not|never|don't|do not|doesn't|isn't|won't|wouldn't|aren't)\b/i;
const AFFIRMATION = /^(yes|yeah|yep|yup|correct|right|that's right|exactly|sure|absolutely|definitely|of course)\b/i;

export const isNegated = (sentence: Sentence) => NEGATION.test(sentence.text);
export const isAffirmation = (sentence: Sentence) => AFFIRMATION.test(sentence.text.trim());
