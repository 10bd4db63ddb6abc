import * as chrono from 'chrono-node';
import { findPhoneNumbersInText } from 'libphonenumber-js';
import { US_STATES, type PostalAddress } from '../../../lib/address';
import { dayInOffset } from '../../../lib/time';
import type { CallFacts, Sentence } from '../core/callText';
import { TLD } from '../core/spokenForm';

/** Typed values found in one sentence of written-form text. */

// A figure with two points ("$3.99.99") is a recognizer's garble, no amount.
const MONEY =
  /(?:\$\s?(\d[\d,]*(?:\.\d+)?)(?!\.\d)\s*(k|thousand|grand|million|m)?\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|grand|million)?\s*(?:dollars|bucks|usd)\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k|grand|thousand|million)\b)/gi;

/**
 * Figures whose first digit a recognizer wrote as a word, with that digit's value: "about two
 * seventy five" written "about to 75" (a pair after an amount's lead-in, 275); "two eighteen five"
 * written "To 185." opening the answer (2185, a home's 218,500); "roughly four ninety six" written
 * "roughly for 96" (no one says "about for", 496); "they're asking right at to 80" (280), "we settled
 * at to ninety-seven" (297).
 */
const DIGIT_HEARD_AS_WORD: [pattern: RegExp, digit: number][] = [
  [
    /(?:^|\b(?:about|around|round|roughly|maybe|like|is|was|for|running|paying|pay|costs?|runs?|charges?|spending|spend|asking|(?:right|just|listed|priced|asking|settled|agreed|landed) at))\s*(?:to|too)\s+(\d\d)\b/gi,
    2,
  ],
  [/^\W*(?:to|too)\s+(\d{3})\b(?![\d,.]\d)/gi, 2],
  [/\b(?:about|around|roughly|approximately|maybe)\s+for\s+(\d\d)\b/gi, 4],
];

/** "42 hundred" (4,200), not "two hundred thousand": hundreds said as a count of them. */
const HUNDREDS_COUNTED = /\b([1-9]\d?) hundred\b(?!\s+(?:and\s+)?(?:thousand|grand|k)\b)/gi;

const scaleOf = (word: string) =>
  word === 'k' || word === 'thousand' || word === 'grand' ? 1_000 : word === 'million' || word === 'm' ? 1_000_000 : 1;

/**
 * What follows a number that makes it a count, a share, a time or a measure ("a twenty two kilowatt
 * unit", tons, gallons, feet, "a 2 story house"), not an amount of money.
 */
const NOT_MONEY_AFTER =
  /^\s*(?:%|percent|per ?cent|points?|years?\b|yrs|months|month(?!\s+(?:before|after|gross|net|take|in|of|income|salary|pay)\b)(?=\s*[a-z])|weeks?\b|days?\b|hours?\b|minutes?|o'?clock|am\b|pm\b|in the (?:morning|afternoon|evening)|people|employees|agents|seats|users|technicians|techs|drivers|cars|vehicles|trucks|kids|children|bedrooms?|baths?|bathrooms?|units?|doors|stories|-?stor(?:y|ey)\b|floors?\b|square|sq|acres?|miles?|credit|fico|score|on (?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:kilo|mega)?watts?\b|kw\b|kwh\b|volts?\b|amps?\b|tons?\b|btus?\b|gallons?\b|horsepower\b|hp\b|feet\b|foot\b|ft\b|inch(?:es)?\b|pounds?\b|lbs?\b|degrees?\b|panels?\b|zones?\b|of (?:us|you|them)\b)/i;

/**
 * Amounts in money talk, written or bare: money as said ("$450,000", "450000 dollars", "450k",
 * "110 grand", "2.1 million", "half a million"), plus bare numbers ("about
 * 230", "3.5") that are not counts, shares, times, years in a date, or phone/ZIP digits. Each with
 * whether it was said as money explicitly (a bare figure takes its scale from its role), and
 * whether it could be two spoken pairs a recognizer wrote as a price in cents (below).
 */
/** A form's name holds a number that is no amount: "my DD 214", "a W-2", "Form 1040", "Schedule C". */
const FORM_NAME = /\b(?:DD|W|SF|[Ff]orm|[Ss]chedule)[- ]?\d{1,4}\b/g;
/** A loan program named by its number: "a 203k loan", "FHA 203(k)" (the renovation loan), never $203,000. */
const PROGRAM_NUMBER =
  /\b203\s?\(?[kK]\)?(?=\s*(?:loans?|renovation|rehab|program|mortgage|financing)\b)|(?<=\bFHA\s)203\s?\(?[kK]\)?/g;

/** What comes before a rate said as a number: "a rate of", "my rate is", "interest at". */
const RATE_BEFORE =
  /\b(?:rate|interest|apr)(?:'s|\s+(?:is|was|of|at|around|about|sits at))?\s*(?:about|around|roughly|just)?\s*$/i;

const PAIRS_AND_HUNDREDS_DIGIT =
  /(?<![\d,.$])\$?([1-9])\.(\d\d)\.(\d)\b(?![\d.]\d)|(?<![\d,.$-])([1-9]\d\d)-(\d)\b(?![\d-])/g;
/** "Two ninety one and change" written "2-91": pairs a recognizer joined with a hyphen (291). */
const PAIRS_HYPHENATED = /(?<![\d,.$-])\b([1-9])-(\d\d)\b(?![\d-]|\.\d)/g;
const HUNDREDS_HYPHENATED = /(?<![\d,.$-])\$?\b([1-9])00-([2-9]\d)\b(?![\d-]|\.\d)/g;

export function amountsIn(said: string): SaidAmount[] {
  const text = said
    .replace(FORM_NAME, (name) => ' '.repeat(name.length))
    .replace(PROGRAM_NUMBER, (name) => ' '.repeat(name.length))
    // "Stay under 12,000th": a figure in thousands is no ordinal, whatever ending a recognizer gave it.
    .replace(/\b(\d{1,3}(?:,\d{3})+)(?:st|nd|rd|th)\b/gi, '$1  ');
  const found: (SaidAmount & { at: number })[] = [];
  const taken: [number, number][] = [];
  // "four hundred and five thousand", written "$400 and $5,000" or "300 and 5000": one figure in two pieces.
  for (const match of text.matchAll(/(?<![\d,.$])\$?([1-9])00 and \$?([1-9]\d?),?000\b/g)) {
    found.push({ value: (Number(match[1]) * 100 + Number(match[2])) * 1000, explicit: true, at: match.index });
    taken.push([match.index, match.index + match[0].length]);
  }
  // Pairs and a hundreds digit, as "937.5" is read (thousands for a home's figures): "nine thirty seven
  // five" written "9.37.5", "one ninety seven five" written "197-5".
  for (const match of text.matchAll(PAIRS_AND_HUNDREDS_DIGIT)) {
    const [, digit, pair, tenth, hundreds, hyphenedTenth] = match;
    const pairs = digit
      ? Number(digit) * 100 + Number(pair) + Number(tenth) / 10
      : Number(hundreds) + Number(hyphenedTenth) / 10;
    found.push({ value: pairs, explicit: false, pairs, at: match.index });
    taken.push([match.index, match.index + match[0].length]);
  }
  // "It costs me about 300-80 a month" (its hundreds written as a figure) and "2-91": a hundreds
  // digit and a pair a recognizer joined with a hyphen.
  for (const hyphenated of [HUNDREDS_HYPHENATED, PAIRS_HYPHENATED])
    for (const match of text.matchAll(hyphenated)) {
      const pairs = Number(match[1]) * 100 + Number(match[2]);
      found.push({ value: pairs, explicit: false, pairs, at: match.index });
      taken.push([match.index, match.index + match[0].length]);
    }
  // "I bring home around 8.900 a month", "$3.100 every two weeks": a recognizer's point between
  // thousands (8,900), never cents (cents have two digits).
  for (const match of text.matchAll(
    /(?<![\d,.$])(\$)?([1-9]\d{0,2})\.(\d{3})\b(?![.,]?\d)(?=\s*(?:dollars|bucks|(?:a|per|each|every) (?:month|year|week|paycheck)|every (?:two|2|other) weeks|an hour|monthly|annually|yearly|bi-?weekly)\b)/gi,
  )) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    taken.push([match.index, match.index + match[0].length]);
    found.push({ value: Number(match[2]) * 1000 + Number(match[3]), explicit: Boolean(match[1]), at: match.index });
  }
  for (const match of text.matchAll(MONEY)) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    const amount = Number((match[1] ?? match[3] ?? match[5])!.replace(/,/g, ''));
    const scale = (match[2] ?? match[4] ?? match[6] ?? '').toLowerCase();
    const figure = (match[1] ?? match[3] ?? match[5])!;
    found.push({
      value: Math.round(amount * scaleOf(scale) * 100) / 100,
      explicit: true,
      ...pairsOf(figure, scale),
      at: match.index,
    });
    taken.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(/\b(half|a quarter|quarter) (?:of )?a million\b/gi)) {
    found.push({ value: match[1]!.toLowerCase() === 'half' ? 500_000 : 250_000, explicit: true, at: match.index });
    taken.push([match.index, match.index + match[0].length]);
  }
  // A figure whose first digit a recognizer heard as a word, the rest written as digits.
  for (const [pattern, digit] of DIGIT_HEARD_AS_WORD) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index + match[0].length - match[1]!.length;
      if (taken.some(([from, to]) => at >= from && at < to)) continue;
      if (NOT_MONEY_AFTER.test(text.slice(match.index + match[0].length))) continue;
      found.push({ value: digit * 10 ** match[1]!.length + Number(match[1]), explicit: false, at });
      taken.push([at, at + match[1]!.length]);
    }
  }
  // "I make about 42 hundred a month": hundreds said as a count of them.
  for (const match of text.matchAll(HUNDREDS_COUNTED)) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    taken.push([match.index, match.index + match[0].length]);
    if (NOT_MONEY_AFTER.test(text.slice(match.index + match[0].length))) continue;
    found.push({ value: Number(match[1]) * 100, explicit: false, at: match.index });
  }
  // "Eighty four hundred a month" written "80400" or "80-400", "seventy two hundred" written "70 to
  // 100": hundreds said as a count of them, the count's two words heard apart (its "two" as "to").
  for (const match of text.matchAll(
    /(?<![\d,.$-])\b([2-9])0(?:(-| )?([1-9])00|( (?:to|too) )100)\b(?![\d,.-])(?=\s+(?:a|per|each|every)\s+(?:month|week|year)\b|\s+monthly\b)/gi,
  )) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    taken.push([match.index, match.index + match[0].length]);
    const hundreds = Number(match[1]) * 10 + (match[3] ? Number(match[3]) : 2);
    // Two plain figures ("70 to 100 a month") may be a range: that reading stays unless the role rules it out.
    if (match[4])
      found.push({
        value: Number(match[1]) * 10,
        explicit: false,
        hundredsHeardApart: hundreds * 100,
        at: match.index,
      });
    else found.push({ value: hundreds * 100, explicit: false, at: match.index });
  }
  // "The room runs thirty two hundred" written "30-200": a count of hundreds heard in two pieces.
  for (const match of text.matchAll(/(?<![\d,.$-])\b([2-9])0-([1-9])00\b(?![\d-]|[,.]\d)/g)) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    taken.push([match.index, match.index + match[0].length]);
    found.push({ value: (Number(match[1]) * 10 + Number(match[2])) * 100, explicit: false, at: match.index });
  }
  // "My base is ten five a month" (10 5): thousands and hundreds said as two numbers.
  for (const match of text.matchAll(
    /\b([1-9]\d?) ([1-9])\b(?=\s+(?:a|per|each|every)\s+(?:month|year)\b|\s+(?:k|grand|thousand)\b)/gi,
  )) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    found.push({ value: Number(match[1]) * 1000 + Number(match[2]) * 100, explicit: true, at: match.index });
    taken.push([match.index, match.index + match[0].length]);
  }
  // "four eighty five fifty" (4 85 50): a price in dollars and cents said as a digit and two pairs.
  for (const match of text.matchAll(/(?<![\d,.$-]\s?)\b([1-9]) ([1-9]\d) (\d\d)\b(?![\d,-]|\.\d|\s+\d)/g)) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    if (NOT_MONEY_AFTER.test(text.slice(match.index + match[0].length))) continue;
    taken.push([match.index, match.index + match[0].length]);
    const dollars = Number(match[1]) * 100 + Number(match[2]);
    found.push({ value: dollars + Number(match[3]) / 100, explicit: false, at: match.index });
  }
  // "four and a quarter" (a home's 425): one figure and a fraction, kept as its pairs like "4.25".
  for (const match of text.matchAll(/\b(\d) and (a half|a quarter|three quarters)\b(\s*million)?/gi)) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue;
    taken.push([match.index, match.index + match[0].length]);
    // "a rate of six and a half" is a rate, not a figure of money.
    if (RATE_BEFORE.test(text.slice(0, match.index))) continue;
    // "two and a half years" is a time, not a figure.
    if (NOT_MONEY_AFTER.test(text.slice(match.index + match[0].length))) continue;
    const cents = { 'a half': 50, 'a quarter': 25, 'three quarters': 75 }[match[2]!.toLowerCase()]!;
    const value = Number(match[1]) + cents / 100;
    found.push(
      match[3]
        ? { value: value * 1_000_000, explicit: true, at: match.index }
        : { value, explicit: false, pairs: Number(match[1]) * 100 + cents, at: match.index },
    );
  }
  for (const match of text.matchAll(/(?<![\d:.$-])\b(\d[\d,]*(?:\.\d+)?)\b(?![:\d-]|\.\d)/g)) {
    const start = match.index;
    if (taken.some(([from, to]) => start >= from && start < to)) continue;
    const after = text.slice(start + match[0].length);
    const before = text.slice(0, start);
    if (NOT_MONEY_AFTER.test(after)) continue;
    // "(the) 5th", a year after a month or "in" (not "a limit of 7500"), a street number before a street name.
    if (
      /^(st|nd|rd|th)\b/i.test(after) ||
      (/\b(in|since|of|from)\s*$/i.test(before) && /^(?:19|20)\d\d$/.test(match[1]!))
    )
      continue;
    if (
      /^\s+(?:[A-Za-z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Lane|Ln|Boulevard|Blvd|Court|Ct|Way|Place|Circle)\b/.test(
        after,
      )
    )
      continue;
    const value = Number(match[1]!.replace(/,/g, ''));
    if (!Number.isFinite(value) || value <= 0) continue;
    // "…, Alabama, 35630": a ZIP code.
    if (/^\d{5}$/.test(match[1]!) && STATE_BEFORE.test(before)) continue;
    // "Would the 16th at 430 work?", "Tuesday at 930": a time.
    if (/\bat\s*$/i.test(before) && /^\s*(?:works?|is (?:good|fine|perfect)|sharp)\b/i.test(after)) continue;
    if (DAY_BEFORE_AT.test(before)) continue;
    // "at 4.30" is a time; "appraised at 3.10" and "at 4.85" (no clock's minutes) are pairs.
    const shape = pairsOf(match[1]!, '');
    const asTime =
      /\b(?:at|by|until|till)\s*$/i.test(before) &&
      shape.millions === undefined &&
      /\.[0-5]\d$/.test(match[1]!) &&
      !PRICE_BEFORE_AT.test(before);
    const pairs = asTime ? {} : shape;
    found.push({ value, explicit: false, ...pairs, at: start });
  }
  // "Appraised last spring at five fifteen", "Zillow has us at four thirty", written as a clock's time
  // ("5:15"): after a price's (a value's) word it is pairs.
  for (const match of text.matchAll(/\b([1-9]):([0-5]\d)\b(?!\s*[ap]\.?m)/gi)) {
    const before = text.slice(0, match.index);
    if (!PRICE_IN_CLAUSE_BEFORE_AT.test(before) || DAY_BEFORE_AT.test(before)) continue;
    const pairs = Number(match[1]) * 100 + Number(match[2]);
    found.push({ value: pairs, explicit: false, pairs, at: match.index });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, ...amount }) => amount);
}

/** Words that name a home's price or value, before the figure ("appraised at", "Zillow has us at"). */
const HOME_PRICE_WORDS = String.raw`apprais\w*|valu\w*|list(?:ed|ing)|contract|asking|pric\w*|sold|sell\w*|zillow|zestimate|redfin`;
/** A price or value named just before "at": "it appraised at 3.10", "under contract at 2.95". */
const PRICE_BEFORE_AT = new RegExp(
  String.raw`\b(?:${HOME_PRICE_WORDS}|worth|offer\w*|owe|balance|borrow\w*|loan)\b[^.?!]{0,20}\bat\s*$`,
  'i',
);

/** A day just before "at" ("Tuesday at"): what follows is a time. */
const DAY_BEFORE_AT = /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight)\s+at\s*$/i;
/** A home's price word in the same clause before "at" ("appraised last spring at"; not "worth it, can we talk at"). */
export const PRICE_IN_CLAUSE_BEFORE_AT = new RegExp(String.raw`\b(?:${HOME_PRICE_WORDS})\b[^.?!,;]{0,20}\bat\s*$`, 'i');

/** An amount as said, see `amountsIn`. */
export interface SaidAmount {
  value: number;
  explicit: boolean;
  /** "two thirty" written "$2.30" or "2.30": the pairs side by side (230), when the figure has that shape. */
  pairs?: number;
  /** "one point four" written "1.4": the figure in millions (1,400,000), when it has that shape. */
  millions?: number;
  /** "seventy two hundred" written "70 to 100": the hundreds it may be (7,200), when it has that shape. */
  hundredsHeardApart?: number;
}

/**
 * People say hundreds of thousands as two pairs ("two thirty", "four fifty"), and Whisper often
 * writes them as a price in cents ("$2.30", "3.15"). A figure of one digit, a point and two
 * digits, with no scale word, is kept also as its pairs (230); only a role whose amounts are
 * never that small (a home's price, value or loan) reads it so.
 */
function pairsOf(figure: string, scale: string): { pairs?: number; millions?: number } {
  if (scale) return {};
  const pairs = /^(\d)\.(\d\d)$/.exec(figure);
  if (pairs) return { pairs: Number(pairs[1]) * 100 + Number(pairs[2]) };
  // "listed at one point four", written "1.4": one decimal is millions (a "4.60" is no such figure).
  return /^[1-9]\.\d$/.test(figure) ? { millions: Math.round(Number(figure) * 1_000_000) } : {};
}

/** Plain numbers that are not money, phone numbers, ZIP codes or times ("25 agents"). */
export function countsIn(text: string): number[] {
  const withoutOthers = text
    // "12 hundred square feet" is 1200.
    .replace(HUNDREDS_COUNTED, (_all, count: string) => String(Number(count) * 100))
    .replace(MONEY, ' ')
    .replace(/\b\d{3}-\d{3}-\d{4}\b/g, ' ')
    .replace(/\b\d{1,2}(?::\d{2})?\s*[ap]m\b/gi, ' ')
    // "at 8.30" is a time, "radon at 8.2" a measure.
    .replace(/\bat \d{1,2}(?:[:.]\d\d)?\b(?!\.\d)/gi, ' ')
    // An age is no count: "my son, he just turned 17", "she's 12 years old"; nor is a rate or a
    // total ("120 a unit, so 1440 total").
    .replace(/\b(?:turn(?:ed|s|ing)?|aged?)\s+\d+\b|\b\d+\s*(?:years?|yrs?|months?|weeks?)[- ]old\b/gi, ' ')
    // A year is no count: "a 2019 Honda Pilot", "since 2012".
    .replace(/\b(?:19|20)\d\d(?=\s+[A-Z])|\b(?:in|since|from|of|until|before|after)\s+(?:19|20)\d\d\b/g, ' ')
    .replace(/\b\d+(?:[,.]\d+)*\s+(?:(?:a|an|per|each)\s+(?!time\b)[a-z]+|total|in total|altogether)\b/gi, ' ')
    // "It's 50 to an eye per dog" (a recognizer's "fifty two a night per dog"): a figure "per" a thing a
    // few words on is a rate, too.
    .replace(/\b\d+(?:[,.]\d+)*\s+(?:[a-z]+\s+){1,3}?per\s+[a-z]+\b/gi, ' ')
    // How often, no count of things: "we lost power four times last winter".
    .replace(/\b\d+\s+times\b/gi, ' ');
  return (
    [...withoutOthers.matchAll(/\b\d[\d,]*(?:\.\d+)?\b/g)]
      .map((match) => Number(match[0].replace(/,/g, '')))
      // Five digits are a ZIP code, unless round ("86,000 miles").
      .filter((value) => !(value >= 10_000 && value <= 99_999 && Number.isInteger(value) && value % 100 !== 0))
  );
}

const EMAIL = /\b[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi;

export function emailsIn(text: string): string[] {
  return [...text.matchAll(EMAIL)].map((match) => match[0].toLowerCase());
}

const DOTTED_NAME = /\b[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+){2,}\b/gi;
export const EMAIL_CUE = /\be-?mail\b/i;

/**
 * The e-mail addresses in a sentence, and, when an e-mail is being asked for or given (`cued`: the
 * word is said in the sentence or the turn it answers), what a recognizer writes for a spoken
 * address whose "at" it swallowed: "Olivia.Sutherland.example.com", "tanya.brooksat.gmail.com",
 * "j.reyesatoutlook.com". The domain is the last two labels; an "at" glued to the word before it
 * is the "@". Alone such a word reads as a web address ("www.example.com"), so it needs the cue.
 */
export function emailsSaidIn(text: string, cued: boolean): string[] {
  const written = emailsIn(text);
  if (written.length > 0 || !(cued || EMAIL_CUE.test(text))) return written;
  const found: string[] = [];
  for (const [dotted] of text.matchAll(DOTTED_NAME)) {
    const labels = dotted.toLowerCase().split('.');
    if (labels[0] === 'www' || !new RegExp(`^${TLD}$`).test(labels[labels.length - 1]!)) continue;
    const domainName = labels[labels.length - 2]!;
    // "…brooksatgmail.com": the "at" inside the domain's own label.
    const glued = /^(.+)at([a-z0-9-]{3,})$/.exec(domainName);
    // "first.lastdomain.com" has no place for the "@": only four labels or more, or a glued "at".
    if (labels.length === 3 && !glued && !/.at$/.test(labels[0]!)) continue;
    const local = glued ? [...labels.slice(0, -2), glued[1]!] : labels.slice(0, -2);
    const domain = glued ? glued[2]! : domainName;
    local[local.length - 1] = local[local.length - 1]!.replace(/(.)at$/, '$1');
    found.push(`${local.join('.')}@${domain}.${labels[labels.length - 1]}`);
  }
  return found;
}

/** Phone numbers in E.164 (North American numbering assumed when no country code is said). */
export function phonesIn(text: string): string[] {
  return findPhoneNumbersInText(text, 'US').map((found) => found.number.number);
}

/** Dates mentioned, as YYYY-MM-DD in the call's offset, relative to when the call was recorded. */
export function datesIn(said: string, facts: CallFacts, { past = false } = {}): string[] {
  // Tax forms are no dates: "your last 2 years of W-2s".
  const text = said.replace(/\bW-?\d{1,2}s?\b|\b(?:1099|1040)s?\b/gi, ' ');
  // A date said of the past ("When did the storm hit?" — "April 28th") is the last one, not the next:
  // the parser takes the nearest year, so one ahead of the call with no year said goes back a year.
  return (
    chrono
      .parse(text, { instant: facts.recordedAt, timezone: facts.utcOffsetMinutes }, { forwardDate: !past })
      // "I'm paying too much right now", "165 a month" name no date; "for an hour", "about a week" are lengths.
      .filter(
        (result) =>
          !/^(?:right )?now$|^(?:(?:for|about)\s+)?(?:a|an|one|\d+)\s+(?:minute|hour|day|week|month|year)s?$/i.test(
            result.text.trim(),
          ),
      )
      // "quotes from 3 carriers": a number counting a plural thing is no day.
      .filter(
        (result) =>
          !(
            /^(?:(?:from|to|at|by)\s+)?\d{1,2}$/i.test(result.text.trim()) &&
            /^\s+[a-z]{2,}s\b/i.test(text.slice(result.index + result.text.length))
          ),
      )
      .map((result) => {
        const date = result.start.date();
        if (past && !result.start.isCertain('year') && date.getTime() > facts.recordedAt.getTime())
          date.setUTCFullYear(date.getUTCFullYear() - 1);
        // "October tenth next year": the year after the call's, which the parser leaves to the nearest.
        const after = text.slice(result.index + result.text.length);
        if (!result.start.isCertain('year') && /^\s*,?\s*(?:of\s+)?next year\b/i.test(after)) {
          const callYear = new Date(facts.recordedAt.getTime() + facts.utcOffsetMinutes * 60_000).getUTCFullYear();
          date.setUTCFullYear(callYear + 1);
        }
        return dayInOffset(date, facts.utcOffsetMinutes);
      })
  );
}

const STATE_NAMES = Object.keys(US_STATES)
  .sort((a, b) => b.length - a.length)
  .join('|');
const STATE_CODES = [...new Set(Object.values(US_STATES))].join('|');
const STATE_BEFORE = new RegExp(`\\b(?:${STATE_NAMES}),?\\s*$`, 'i');
const POSTAL_CODE_AFTER_STATE = new RegExp(`\\b(${STATE_NAMES}),?\\s+\\d{5}(?:-\\d{4})?\\b`, 'gi');

/** The text without the ZIP codes said after a state ("…, Alabama, 35630"), which are no amounts. */
export const withoutPostalCodes = (text: string) => text.replace(POSTAL_CODE_AFTER_STATE, '$1');
const STREET_TYPES =
  'Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Lane|Ln|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Terrace|Circle|Parkway|Pkwy|Highway|Hwy|Route|Trail|Square|Loop|Pike|Alley|Row';
/** Street words said before the name, as in Spanish and French street names ("1822 Calle Luna", "40 Camino Real"). */
const PREFIX_STREET_TYPES = 'Calle|Camino|Avenida|Paseo|Via|Vista|Rue|Rua|Callejon|Plaza';
const DIRECTIONS = 'North|South|East|West|Northeast|Northwest|Southeast|Southwest|NE|NW|SE|SW|N|S|E|W';
const UNIT_WORDS = 'Apt|Apartment|Unit|Suite|Ste|Building|Bldg|Floor|#';
/** Words of a street name: capitalized words and ordinals ("East 38th", "Old Highway"). */
const STREET_NAME_WORD = "(?:[A-Z][a-zA-Z'-]*|\\d{1,3}(?:st|nd|rd|th))";
const ADDRESS = new RegExp(
  // 1: number and street (a numbered highway or route keeps its number; a direction may follow)
  `\\b(\\d{1,6}\\s+(?:(?:${STREET_NAME_WORD}\\s+){1,4}(?:${STREET_TYPES})\\b\\.?(?:\\s+\\d{1,5}\\b)?|(?:${PREFIX_STREET_TYPES})\\s+[A-Z][a-z]+(?:\\s+(?:del|de la|de|los|las|el|la)?\\s*[A-Z][a-z]+)?)(?:\\s+(?:${DIRECTIONS})\\b)?)` +
    // 2, 3: the unit ("unit B", "apartment 402")
    `(?:,?\\s+(${UNIT_WORDS})\\.?\\s*(\\d{1,5}\\s?[A-Za-z]\\b|\\d{1,5}(?:-\\d{1,4})?|[A-Za-z]\\d{0,4}|[A-Za-z]-\\d{1,4})\\b)?` +
    // 4: the city, after a comma, "in" or both ("…, unit 2, in Allentown")
    `(?:,\\s*(?:in\\s+)?|\\s+in\\s+)([A-Z][a-z]+(?:\\s+[A-Z][a-z]+){0,2})` +
    // 5: the state, 6: the ZIP code (a recognizer writes one read out in two groups as "787-05")
    `(?:,?\\s+(${STATE_NAMES}|${STATE_CODES})\\b)?(?:,?\\s+(\\d{5}|\\d{3}-\\d{2}|\\d{2}-\\d{3})(?:-\\d{4})?\\b)?`,
  'i',
);

/**
 * A city said straight after the street, with no pause a recognizer marks ("312 Maple Ridge Drive
 * Lancaster, Pennsylvania"): only in capitalized words, before a capitalized state name, so a
 * misheard run of words ("45 maple Avenue Chicago illinois") is not read as an address.
 */
const CAPITALIZED_STATE_NAMES = Object.keys(US_STATES)
  .filter((name) => name.length > 2)
  .map((name) => name.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()))
  .join('|');
const CITY_WITHOUT_COMMA = new RegExp(
  `(\\b\\d{1,6}\\s+(?:[A-Z][a-zA-Z'-]*\\s+){1,4}(?:${STREET_TYPES})\\b\\.?)\\s+(?=(?:[A-Z][a-z]+\\s+){0,2}[A-Z][a-z]+,?\\s+(?:${CAPITALIZED_STATE_NAMES})\\b)`,
  'g',
);
/** A house number read out in parts, which a recognizer joins with hyphens: "44-10-Cedar Bluff Lane" is 4410. */
const HYPHENATED_HOUSE_NUMBER = new RegExp(
  `\\b(\\d{1,4}(?:-\\d{1,4}){1,3})(?:-|\\s+)(?=(?:[A-Z][a-zA-Z'-]*\\s+){1,4}(?:${STREET_TYPES})\\b)`,
  'g',
);
/** The unit said before the street: "unit 4 C at 1200 Harbor Drive". */
const UNIT_BEFORE_ADDRESS = new RegExp(
  `\\b(${UNIT_WORDS})\\.?\\s*(\\d{1,5}\\s?[A-Za-z]?|[A-Za-z]\\d{0,4})\\s+(?:at|in|of|,)\\s*$`,
  'i',
);
const SPOKEN_ZIP_START = new RegExp(`(\\b(?:${STATE_NAMES}),?\\s+)(for|four|to|too|two)\\s+(\\d{4})\\b`, 'gi');

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * A US street address: "12 Oak Street, Springfield, Illinois, 62701", "3105 Southeast Belmont
 * Street, unit B, Portland…", "1640 Old Highway 33, Guthrie…", "841 Laurel Canyon Drive in
 * Folsom". State names become codes; a unit joins the line ("… Street Unit B"); what was not said
 * is left out.
 */
export function addressIn(said: string): PostalAddress | null {
  // A ZIP code's first digit heard as a word: "Michigan, for 8104" is 48104.
  const text = said
    .replace(
      SPOKEN_ZIP_START,
      (_all, before: string, word: string, rest: string) => `${before}${/^t/i.test(word) ? 2 : 4}${rest}`,
    )
    .replace(HYPHENATED_HOUSE_NUMBER, (_all, parts: string) => `${parts.replace(/-/g, '')} `)
    .replace(CITY_WITHOUT_COMMA, '$1, ');
  const match = ADDRESS.exec(text);
  // The pattern ignores case for street and state words; a city is a name ("you at" is a misheard "unit").
  if (!match || !/^[A-Z]/.test(match[4]!)) return null;
  // The unit may come first: "unit 4 C at 1200 Harbor Drive".
  const unitBefore = match[2] ? null : UNIT_BEFORE_ADDRESS.exec(text.slice(0, match.index));
  const [unitWord, unitId] = match[2] ? [match[2], match[3]!] : unitBefore ? [unitBefore[1]!, unitBefore[2]!] : [];
  const unit = unitWord
    ? ` ${unitWord === '#' ? '#' : capitalized(unitWord)} ${unitId!.replace(/\s+/g, '').toUpperCase()}`
    : '';
  const state = match[5];
  const address: PostalAddress = {
    // A street's words are names: "2214 willow Creek Court" as a recognizer wrote it is capitalized.
    line: `${match[1]!
      .replace(/\s+/g, ' ')
      .replace(/\.$/, '')
      .replace(/\b[a-z]/g, (letter) => letter.toUpperCase())}${unit}`,
    city: match[4]!,
  };
  if (state) address.state = state.length === 2 ? state.toUpperCase() : US_STATES[state.toLowerCase()]!;
  if (match[6]) address.postal_code = match[6].replace('-', '');
  return address;
}

/** "The zip is 80127", "zip code 62701": a ZIP code said apart from its address. */
export function postalCodeIn(text: string): string | null {
  return /\bzip(?: code)?(?: is|'s)?\s*(\d{5})\b/i.exec(text)?.[1] ?? null;
}

const NEGATION = /\b(no|not|never|don't|do not|doesn't|isn't|won't|wouldn't|aren't)\b/i;
/**
 * A yes, or a short "It is." / "We do." / "I already do." that is the whole first clause ("It is,
 * we've lived there twelve years"), or how long, as the whole answer ("Forty one years now." to "You
 * live there?").
 */
const AFFIRMATION =
  /^(?:(?:yes|yeah|yep|yup|correct|right|that's right|exactly|sure|absolutely|definitely|of course)\b|(?:(?:i|we) (?:already|still) (?:do|live there|live here)|(?:it is|it's|it will|it'll|i do|we do|i will|we will))\s*(?:[,.!;]|$)|(?!no\b|not\b)[^.?!]{1,30},\s*(?:yes|yeah|yep)[.!]?$|(?:for |about |almost |over |nearly |going on )?(?:\d+|[a-z]+(?:[- ][a-z]+)?) (?:years?|months?)(?: now)?[.!]?$)/i;

export const isNegated = (sentence: Sentence) => NEGATION.test(sentence.text);
export const isAffirmation = (sentence: Sentence) => AFFIRMATION.test(sentence.text.trim());
