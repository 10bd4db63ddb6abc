/*
 * Finding personal data in text: spoken forms as speech-to-text writes them ("my social is one two
 * three, forty five, six seven eight nine", "4111 1111 1111 1111", "born March third nineteen
 * eighty") and written forms (metadata, notes). The unit is a *run*: consecutive number tokens (digit
 * strings, digit words, "double five", "twelve thirty") with only separators between them. A run is
 * classified by its shape (3-2-4 grouping, Luhn, the ABA checksum) and by the nearest cue said
 * before it, in the same turn or the turn it answers ("what's your social?" → "123 45 6789").
 * Dates of birth, e-mails and street addresses have grammars of their own.
 *
 * Everything works on character offsets of the given text, so a caller can replace exactly what was
 * found; nothing here knows about calls, storage or policies.
 */

export const PII_TYPES = [
  'ssn',
  'card_number',
  'bank_account',
  'routing_number',
  'date_of_birth',
  'email',
  'phone',
  'street_address',
] as const;
export type PiiType = (typeof PII_TYPES)[number];

/** What replaces a found value in every stored and sent text. */
export const PII_MARKERS: Record<PiiType, string> = {
  ssn: '[SSN]',
  card_number: '[CARD_NUMBER]',
  bank_account: '[BANK_ACCOUNT]',
  routing_number: '[ROUTING_NUMBER]',
  date_of_birth: '[DATE_OF_BIRTH]',
  email: '[EMAIL]',
  phone: '[PHONE]',
  street_address: '[STREET_ADDRESS]',
};

export interface PiiSpan {
  type: PiiType;
  /** Offsets in the text searched: text.slice(start, end) is the value as written. */
  start: number;
  end: number;
}

interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const TOKEN = /\d+(?:st|nd|rd|th)?|[A-Za-z]+(?:'[A-Za-z]+)?|[^\sA-Za-z\d]/g;

export function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    lower: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  o: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
};
const ORDINAL_TEENS: Record<string, number> = {
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

/** Words and marks that may sit between the parts of one spoken number. */
const RUN_SEPARATORS = new Set(['-', ',', '.', '/', 'dash', 'hyphen', 'slash', '–', '—', '(', ')']);
/** After a run, these make it an amount or a measure, never an identifier. */
const AMOUNT_WORDS = new Set([
  'dollars',
  'dollar',
  'bucks',
  'percent',
  '%',
  'thousand',
  'million',
  'billion',
  'k',
  'grand',
  'years',
  'year',
  'months',
  'month',
  'days',
  'minutes',
  'hours',
  'points',
  'square',
  'sq',
]);

interface NumberRun {
  first: number;
  last: number;
  digits: string;
  /** Digit counts of the written digit groups, in order ("123-45-6789" → [3, 2, 4]); empty for words. */
  groups: number[];
  /** Only digit strings, no number words. */
  written: boolean;
  /** Digit counts between the pauses (commas, dashes) the run was said or written with. */
  pauses: number[];
}

const isDigits = (token: Token) => /^\d+$/.test(token.text);

/**
 * Reads one number part at `index`: a digit string, a digit word ("oh" only inside a run), a teen,
 * a tens word with its unit ("forty-five" / "forty five"), "double"/"triple" and a digit, or a
 * digit word with "hundred" ("five hundred twelve" → 512). Returns the digits and the next index.
 */
function numberPart(tokens: Token[], index: number, inRun: boolean): { digits: string; next: number } | null {
  const token = tokens[index];
  if (!token) return null;
  if (isDigits(token)) return { digits: token.text, next: index + 1 };
  const word = token.lower;
  // Digits read out: a recognizer writes "two" as "to" and "four" as "for" between them ("0 to 1000021",
  // "nine for nine five five five", "281 for 46093").
  if (inRun && word in DIGIT_HOMOPHONES && isDigitSaid(tokens[index - 1]) && isDigitSaid(tokens[index + 1]))
    return { digits: DIGIT_HOMOPHONES[word]!, next: index + 1 };
  if ((word === 'double' || word === 'triple') && tokens[index + 1]) {
    const repeated = numberPart(tokens, index + 1, true);
    if (repeated && repeated.digits.length === 1) {
      return { digits: repeated.digits.repeat(word === 'double' ? 2 : 3), next: repeated.next };
    }
    return null;
  }
  // "Oh three, fourteen, two thousand one": inside a run, "two thousand" starts a year, no amount.
  if (inRun && word === 'two' && tokens[index + 1]?.lower === 'thousand') {
    const rest = tensAndUnits(tokens, skipAnd(tokens, index + 2));
    return { digits: `20${String(rest?.value ?? 0).padStart(2, '0')}`, next: rest?.next ?? index + 2 };
  }
  if (word in UNITS) {
    if ((word === 'oh' || word === 'o') && !inRun && !startsNumber(tokens, index + 1)) return null;
    const unit = UNITS[word]!;
    if (tokens[index + 1]?.lower === 'hundred' && unit > 0) {
      const rest = tensAndUnits(tokens, skipAnd(tokens, index + 2));
      return rest
        ? { digits: String(unit * 100 + rest.value), next: rest.next }
        : { digits: `${unit}00`, next: index + 2 };
    }
    return { digits: String(unit), next: index + 1 };
  }
  const value = tensAndUnits(tokens, index);
  return value ? { digits: String(value.value).padStart(2, '0'), next: value.next } : null;
}

const DIGIT_HOMOPHONES: Record<string, string> = { to: '2', too: '2', for: '4', fore: '4' };

/** Digits, or a digit said as a word. */
function isDigitSaid(token: Token | undefined): boolean {
  return !!token && (isDigits(token) || (token.lower in UNITS && token.lower !== 'o'));
}

function skipAnd(tokens: Token[], index: number): number {
  return tokens[index]?.lower === 'and' ? index + 1 : index;
}

function tensAndUnits(tokens: Token[], index: number): { value: number; next: number } | null {
  const word = tokens[index]?.lower;
  if (!word) return null;
  if (word in TEENS) return { value: TEENS[word]!, next: index + 1 };
  if (word in TENS) {
    let next = index + 1;
    if (tokens[next]?.text === '-') next++;
    const unit = tokens[next]?.lower;
    if (unit && unit in UNITS && UNITS[unit]! > 0 && unit !== 'oh' && unit !== 'o') {
      return { value: TENS[word]! + UNITS[unit]!, next: next + 1 };
    }
    return { value: TENS[word]!, next: index + 1 };
  }
  if (word in UNITS && word !== 'oh' && word !== 'o') return { value: UNITS[word]!, next: index + 1 };
  return null;
}

function startsNumber(tokens: Token[], index: number): boolean {
  const token = tokens[index];
  if (!token) return false;
  return isDigits(token) || token.lower in UNITS || token.lower in TEENS || token.lower in TENS;
}

/** "six zero one one, and then zero zero zero nine": groups read with "(and) then" between them. */
function thenBetweenGroups(tokens: Token[], index: number): boolean {
  const word = tokens[index]!.lower;
  return word === 'then' || (word === 'and' && tokens[index + 1]?.lower === 'then');
}

/** Every run of number parts in the text, separators allowed between parts. */
export function numberRuns(tokens: Token[]): NumberRun[] {
  const runs: NumberRun[] = [];
  let index = 0;
  while (index < tokens.length) {
    const part = numberPart(tokens, index, false);
    if (!part) {
      index++;
      continue;
    }
    const run: NumberRun = {
      first: index,
      last: part.next - 1,
      digits: part.digits,
      groups: isDigits(tokens[index]!) ? [part.digits.length] : [],
      written: isDigits(tokens[index]!),
      pauses: [part.digits.length],
    };
    let cursor = part.next;
    for (;;) {
      let next = cursor;
      while (
        tokens[next] &&
        ((RUN_SEPARATORS.has(tokens[next]!.lower) && !isDecimalPoint(tokens, next)) || thenBetweenGroups(tokens, next))
      )
        next++;
      const more = numberPart(tokens, next, true);
      if (!more) break;
      const digitToken = isDigits(tokens[next]!);
      if (digitToken) run.groups.push(more.digits.length);
      if (next > cursor) run.pauses.push(more.digits.length);
      else run.pauses[run.pauses.length - 1]! += more.digits.length;
      run.written &&= digitToken;
      run.digits += more.digits;
      run.last = more.next - 1;
      cursor = more.next;
    }
    runs.push(run);
    index = cursor;
  }
  return runs;
}

/**
 * "34,200", "1,250,000": digit groups joined by commas with no space, three digits after each
 * comma, are how a recognizer writes an amount; identifiers are written with dashes or spaces.
 */
function writtenWithThousandsSeparators(tokens: Token[], run: NumberRun): boolean {
  if (!run.written || run.groups.length < 2 || run.groups[0]! > 3 || run.groups.slice(1).some((g) => g !== 3))
    return false;
  for (let index = run.first + 1; index < run.last; index += 2) {
    const comma = tokens[index]!;
    if (comma.text !== ',' || comma.start !== tokens[index - 1]!.end || comma.end !== tokens[index + 1]!.start)
      return false;
  }
  return true;
}

/** A point written with no space on either side and digits after it ("3.5", "v.5"). */
function pointBeforeDigits(tokens: Token[], index: number): boolean {
  const point = tokens[index];
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  return (
    point?.text === '.' &&
    !!before &&
    !!after &&
    before.end === point.start &&
    after.start === point.end &&
    isDigits(after)
  );
}

/** Digits, a point and digits written together ("3.5"). */
const pointBetweenDigits = (tokens: Token[], index: number) =>
  pointBeforeDigits(tokens, index) && isDigits(tokens[index - 1]!);

/**
 * "3.5": a point between digits with no space is a decimal, not a separator; but no number has two
 * points: "4471.029.3386", "0.6.2.0.0.0" are digits a recognizer wrote in groups or one by one.
 */
function isDecimalPoint(tokens: Token[], index: number): boolean {
  return (
    pointBeforeDigits(tokens, index) && !pointBetweenDigits(tokens, index - 2) && !pointBetweenDigits(tokens, index + 2)
  );
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The ABA routing number checksum (3-7-1 weights). */
export function abaValid(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

type Cue = 'ssn' | 'card' | 'routing' | 'bank' | 'account' | 'birth' | 'phone' | 'reference';

/** Words that say what the next number is. Checked on lower-cased text, nearest match wins. */
const CUES: [Cue, RegExp][] = [
  [
    'ssn',
    /\b(?:socials?(?:\s+security)?|ssn|s\.?\s*s\.?\s*n\b\.?|tax\s*id|tin|last\s+(?:four|4)\s+of\s+(?:your|my|the)\s+social)\b/g,
  ],
  // Not "credit" alone: "a credit check", "the credit pull" come before SSNs.
  ['card', /\b(?:card|visa|master\s*card|amex|american\s+express|discover|cc|card\s*number)\b/g],
  ['routing', /\b(?:routing|aba|transit\s+number)\b/g],
  // "What's the ABA for your bank?" with "ABA" misheard: the bank alone, for nine digits that pass the
  // ABA checksum; so too "the nine digit number at the bottom left of a check" and "the first set of
  // numbers on the check", a routing number undescribed.
  [
    'bank',
    /\bbank(?:'s)?\b|\b(?:nine|9)[- ]digit\s+(?:number|one|code)\b|\b(?:bottom(?:\s+left)?\s+(?:of|on)|(?:first|left)(?:\s+set\s+of)?\s+(?:numbers?|digits)\s+(?:on|at\s+the\s+bottom\s+of))\s+(?:a|the|your|my)\s+checks?\b/g,
  ],
  // Not "checking on my order".
  [
    'account',
    // Not "the social on the account" nor "your social to find the account", which ask for the social.
    // "And the second set?" after a check's first: the account number printed after the routing number.
    /(?<!\bon (?:the|your|my|this|that) )(?<!\b(?:find|locate|pull up|look up|access|open|verify) (?:the|your|my|this|that) )\b(?:account(?!\s+holder)|acct|checking(?!\s+(?:on|in|if|with|out|whether|back|that|to|for|up|into)\b)|savings|iban|second\s+set)\b/g,
  ],
  // A number that names an order, a ticket or a claim is none of the types (unless a card's checksum says so).
  [
    'reference',
    // Not "in case the time changes", nor "a phone number for the order" (the order names no number),
    // nor "the policy holder's date of birth" (a person, no policy number).
    /(?<!\b(?:for|on|about|with) (?:the|your|my|this|that) (?:[a-z]+ )?)\b(?:order|ticket|confirmation|tracking|(?<!\bin )case|reference|invoice|claim|policy(?!\s*-?\s*holder)|receipt|transaction|serial|model|sku|po)(?:\s+(?:number|no|#))?\b/g,
  ],
  // "Burthgate, please.": a recognizer's "birthdate"; "What's his aid of births?", a plural after "of".
  [
    'birth',
    /\b(?:born|birth|(?<=\bof\s)births|birthday|birth\s*date|dob|d\s*o\s*b|b[eu]rth\s*(?:date|gate|day)|birth\s*gate)\b/g,
  ],
  // "And a Calback number", "What's the fill number on his profile?": a recognizer's "callback" and "phone".
  [
    'phone',
    /\b(?:phone|cell|mobile|call\s+(?:me|you|back)|reach\s+(?:me|you)|text\s+me|cal{1,2}\s*back|best\s+number|contact\s+number|(?:fill|film|fone)\s+number)\b/g,
  ],
];

/** Whether a turn says what a number will be: "Read me the card number", not "Go ahead." */
export function namesAKindOfNumber(text: string): boolean {
  const said = text.toLowerCase();
  // search() ignores and restores a global pattern's lastIndex.
  return CUES.some(([, pattern]) => said.search(pattern) >= 0);
}

/** How far back a cue still governs a number, in characters of the text searched. */
const CUE_REACH = 90;

/**
 * What was said within reach before `at`. `context` (the turn before) is searched too, as if it
 * came just before, but only after its last value: a cue there that was already answered ("my
 * social is 824 61 5503" → "your balance is 34,200") governs nothing in the next turn.
 */
function windowBefore(text: string, at: number, context: string): string {
  const answered = numberRuns(tokenize(context)).filter((run) => run.digits.length >= 4);
  const lastAnswer = answered[answered.length - 1];
  const open = lastAnswer ? context.slice(tokenize(context)[lastAnswer.last]!.end) : context;
  return `${open.slice(-CUE_REACH)} ${text.slice(0, at)}`.slice(-CUE_REACH).toLowerCase();
}

/** The cues heard within reach before `at`, nearest first (of two ending together, SSN first). */
function cuesBefore(text: string, at: number, context: string): Cue[] {
  const window = windowBefore(text, at, context);
  const heard: { cue: Cue; end: number }[] = [];
  for (const [cue, pattern] of CUES) {
    for (const match of window.matchAll(pattern)) heard.push({ cue, end: match.index + match[0].length });
  }
  heard.sort((a, b) => b.end - a.end || Number(b.cue === 'ssn') - Number(a.cue === 'ssn'));
  return [...new Set(heard.map((entry) => entry.cue))];
}

function nearestCue(text: string, at: number, context: string): Cue | null {
  return cuesBefore(text, at, context)[0] ?? null;
}

/**
 * What a run of digits is: its written shape first (3-2-4 is an SSN, 3-3-4 a phone), then the cues
 * said before it, nearest first: the first whose kind fits the run's length decides ("can I get
 * your social for the credit check? … 617 44 9302": nine digits are no card, so the SSN cue
 * decides). Then checksums: 13–19 digits passing Luhn are a card.
 */
function classifyRun(
  run: NumberRun,
  cues: Cue[],
  followedByAmountWord: boolean,
  precededByCurrency: boolean,
): PiiType | null {
  const length = run.digits.length;
  if (precededByCurrency || followedByAmountWord) return null;
  const groups = run.groups.join('-');
  const nearest = cues[0] ?? null;
  // 3-2-4 is an SSN's shape, written ("531-22-8440") or said with its pauses ("five three one, two two, …").
  if ((run.written && groups === '3-2-4') || run.pauses.join('-') === '3-2-4') return 'ssn';
  // Written in groups of four (a recognizer's "716-3029-1584-7732", a first digit lost): a card's shape.
  if (run.written && /^[1-4]-4-4-[1-4]$|^[1-4]-4-4-4$|^4-4-4-[1-4]$/.test(groups) && nearest !== 'reference')
    return 'card_number';
  // Unless an SSN, an account or a card was just asked for: a recognizer writes a social with a
  // repeated digit as a phone number ("531-720-0486").
  if (
    run.written &&
    (groups === '3-3-4' || groups === '1-3-3-4') &&
    nearest !== 'account' &&
    nearest !== 'card' &&
    nearest !== 'ssn'
  )
    return 'phone';
  if (nearest === 'reference') return length >= 13 && length <= 19 && luhnValid(run.digits) ? 'card_number' : null;
  // "The routing number on that account": nine digits with a valid ABA checksum, asked for as a routing number.
  if (length === 9 && abaValid(run.digits) && cues.includes('routing')) return 'routing_number';
  for (const cue of cues) {
    const type = typeForCue(cue, run, cues.length === 1);
    if (type) return type;
  }
  if (length >= 13 && length <= 19 && luhnValid(run.digits)) return 'card_number';
  if (length === 10 || (length === 11 && run.digits.startsWith('1'))) return 'phone';
  return null;
}

/** The type a cue gives a run of this length, if it fits. */
function typeForCue(cue: Cue, run: NumberRun, onlyCue = true): PiiType | null {
  const length = run.digits.length;
  switch (cue) {
    case 'ssn':
      // A misheard digit changes the length, not what was asked for; "the last four" is still part of one.
      return length >= 4 && length <= 11 ? 'ssn' : null;
    case 'card':
      // A recognizer may repeat digits or run the expiry on ("51051051…0928"): still the card asked for.
      return length >= 12 ? 'card_number' : null;
    case 'routing':
      // Nine digits, give or take what a recognizer drops or repeats (it drops a run of zeros:
      // "oh seven one, oh oh oh, oh one three" heard as "71413").
      return length >= 5 && length <= 12 ? 'routing_number' : null;
    case 'bank':
      return length === 9 && abaValid(run.digits) ? 'routing_number' : null;
    case 'account':
      return length >= 4 && length <= 17 ? 'bank_account' : null;
    case 'birth':
      // Four digits ("three nine eighty six") only when nothing else was asked for ("the last four of
      // your social and your birthday") and they are no year of birth ("1968, June 22nd").
      if (length === 4 && (!onlyCue || /^(?:19|20)/.test(run.digits))) return null;
      return readsAsDate(run.digits) ? 'date_of_birth' : null;
    case 'reference':
      return null;
    case 'phone':
      // Ten digits, give or take one a recognizer drops or repeats ("312-66-04-975. 5.").
      return length === 7 || (length >= 9 && length <= 12) ? 'phone' : null;
  }
}

/**
 * Digits that read as a numeric date, month first: "3 14 82" (said "three fourteen eighty-two"),
 * "031482", "3141982", "03141982". A year of four digits is 19xx or 20xx.
 */
function readsAsDate(digits: string): boolean {
  // "three nine eighty six" (3/9/86) is four digits.
  if (digits.length < 4 || digits.length > 8) return false;
  for (const monthLength of [1, 2]) {
    for (const dayLength of [1, 2]) {
      const yearLength = digits.length - monthLength - dayLength;
      if (yearLength !== 2 && yearLength !== 4) continue;
      const month = Number(digits.slice(0, monthLength));
      const day = Number(digits.slice(monthLength, monthLength + dayLength));
      const year = digits.slice(monthLength + dayLength);
      if (month < 1 || month > 12 || day < 1 || day > 31) continue;
      if (yearLength === 4 && !/^(?:19|20)/.test(year)) continue;
      return true;
    }
  }
  return false;
}

// --- dates of birth ---------------------------------------------------------------------------

function dayAt(tokens: Token[], index: number): { day: number; next: number } | null {
  const token = tokens[index];
  if (!token) return null;
  const written = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(token.text);
  if (written) {
    const day = Number(written[1]);
    return day >= 1 && day <= 31 ? { day, next: index + 1 } : null;
  }
  const word = token.lower;
  if (word in ORDINAL_UNITS) return { day: ORDINAL_UNITS[word]!, next: index + 1 };
  if (word in ORDINAL_TEENS) return { day: ORDINAL_TEENS[word]!, next: index + 1 };
  if (word === 'twenty' || word === 'thirty') {
    let next = index + 1;
    if (tokens[next]?.text === '-') next++;
    const unit = tokens[next]?.lower;
    if (unit && unit in ORDINAL_UNITS) return { day: TENS[word]! + ORDINAL_UNITS[unit]!, next: next + 1 };
  }
  const cardinal = tensAndUnits(tokens, index);
  if (cardinal && cardinal.value >= 1 && cardinal.value <= 31) return { day: cardinal.value, next: cardinal.next };
  return null;
}

/** A year: "1980", "'80", "nineteen eighty(-four)", "nineteen oh five", "two thousand (and) five", "twenty twelve". */
function yearAt(tokens: Token[], index: number): number | null {
  const token = tokens[index];
  if (!token) return null;
  if (/^(?:19|20)\d\d$/.test(token.text)) return index + 1;
  const word = token.lower;
  if (word === 'nineteen' || word === 'twenty') {
    const rest = tokens[index + 1]?.lower;
    if (rest === 'oh' || rest === 'o')
      return tokens[index + 2]?.lower && tokens[index + 2]!.lower in UNITS ? index + 3 : null;
    const tail = tensAndUnits(tokens, index + 1);
    if (tail && tail.value >= 10) return tail.next;
    if (rest === 'hundred') return index + 2;
  }
  if (word === 'two' && tokens[index + 1]?.lower === 'thousand') {
    const tail = tensAndUnits(tokens, skipAnd(tokens, index + 2));
    return tail ? tail.next : index + 2;
  }
  return null;
}

const skipComma = (tokens: Token[], index: number) =>
  tokens[index]?.text === ',' || tokens[index]?.lower === 'of' ? index + 1 : index;

/** A spoken or written calendar date starting at `index`; returns the index after it. */
function dateAt(tokens: Token[], index: number): number | null {
  const token = tokens[index];
  if (!token) return null;
  // Year first: "1992, June the 11th" (the rest as below).
  const afterYear = yearAt(tokens, index);
  if (afterYear !== null) {
    const month = skipComma(tokens, afterYear);
    if (tokens[month]?.lower && tokens[month]!.lower in MONTHS) {
      const monthDay = dateAt(tokens, month);
      if (monthDay !== null) return monthDay;
    }
  }
  // Month first: "March 3rd, 1980", "March third nineteen eighty", "June the 11th", "March 1980".
  if (token.lower in MONTHS) {
    let next = index + 1;
    if (tokens[next]?.text === '.') next++;
    if (tokens[next]?.lower === 'the') next++;
    const day = dayAt(tokens, next);
    if (day) {
      const year = yearAt(tokens, skipComma(tokens, day.next));
      return year ?? day.next;
    }
    return yearAt(tokens, skipComma(tokens, next));
  }
  // Day first: "the third of March, 1980", "3 March 1980".
  const start = token.lower === 'the' ? index + 1 : index;
  const day = dayAt(tokens, start);
  if (day) {
    const month = skipComma(tokens, day.next);
    if (tokens[month]?.lower && tokens[month]!.lower in MONTHS) {
      const year = yearAt(tokens, skipComma(tokens, month + 1));
      return year ?? month + 1;
    }
  }
  // Numeric: 3/4/1980, 03-04-80.
  if (isDigits(token) && token.text.length <= 2) {
    const [sep1, middle, sep2, last] = tokens.slice(index + 1, index + 5);
    if (
      sep1 &&
      middle &&
      sep2 &&
      last &&
      /^[/.-]$/.test(sep1.text) &&
      sep1.text === sep2.text &&
      /^\d{1,2}$/.test(middle.text) &&
      /^(?:\d{2}|\d{4})$/.test(last.text)
    ) {
      return index + 5;
    }
  }
  return null;
}

// --- e-mail addresses ---------------------------------------------------------------------------

const WRITTEN_EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const TLDS = 'com|net|org|edu|gov|io|us|co|biz|info|me|ca|uk';
/**
 * "at gmail dot com", "at northwind traders.com", "at ridge view homes dot com": a spoken "at" and a
 * domain of one to three words; ", at symbol, icloud dot com": the "at" named, set off by commas.
 */
const SPOKEN_DOMAIN = String.raw`(?:at|@)(?:\s+symbol,?)?\s+[a-z0-9-]+(?:\s+[a-z0-9-]+){0,2}(?:(?:\s+dot\s+|\.)[a-z0-9-]+){0,2}(?:\s+dot\s+|\.)(?:${TLDS})\b`;
/**
 * Spoken: "john dot smith at gmail dot com", "jsmith at outlook.com", "j underscore lee at acme
 * dot co", "d dot kim at proton mail dot com" (a domain said as two words). The local part is one
 * to four words joined by spoken or written dots, dashes, underscores.
 */
const SPOKEN_EMAIL = new RegExp(
  String.raw`\b[a-z0-9]+(?:(?:\s+(?:dot|underscore|dash|hyphen)\s+|[._-])[a-z0-9]+){0,3},?\s+${SPOKEN_DOMAIN}`,
  'gi',
);
/**
 * Spelled letter by letter, with pauses and "as in" words: "r as in robert, k, l, e, i, n, at
 * outlook dot com"; a spoken underscore or dot between letters ("r e y e s, underscore, m"), and
 * letters a recognizer joined with hyphens ("R-E-Y-S").
 */
const SPELLED_LETTER = String.raw`[a-z0-9](?:\s+as\s+in\s+[a-z]+)?`;
const SPELLED_SEPARATOR = String.raw`(?:\s*,?\s+(?:(?:underscore|dot|dash|hyphen|period)\s*,?\s+)?|-)`;
const SPELLED_EMAIL = new RegExp(
  String.raw`(?<![\w'’])${SPELLED_LETTER}(?:${SPELLED_SEPARATOR}${SPELLED_LETTER}){2,}\s*,?\s+${SPOKEN_DOMAIN}`,
  'gi',
);

/**
 * A local part of several words joined by "all one word" ("accounts payable, all one word, at
 * northwind traders dot com"; a recognizer writes "all unword").
 */
const ONE_WORD_EMAIL = new RegExp(
  String.raw`(?<![\w'])[a-z0-9]+(?:\s+[a-z0-9]+){0,2},?\s+(?:all\s+)?(?:one|un)\s?word,?\s+${SPOKEN_DOMAIN}`,
  'gi',
);

/** Asked or told as an e-mail address. */
const EMAIL_CUE = /\b(?:e-?mail|inbox)\b/;
/**
 * "jon bakker at gmail" (the ".com" left unsaid), and a recognizer's "John Backer Agmail" ("at"
 * glued to the provider): a name, then a personal mailbox's provider, after an e-mail was asked for.
 */
const PROVIDER_ONLY_EMAIL =
  /\b(?!(?:a|an|the|my|our|your|his|her|it|is|that|this|account|me|use|using|with|on|in|one|mail|email)\b)[a-z0-9]+(?:(?:\s+(?:dot|underscore)\s+|[._]|\s)(?!(?:account|address|email)\b)[a-z0-9]+)?\s+(?:(?:at|@)\s+(?:gmail|yahoo|hotmail|outlook|icloud|aol|proton\s?mail)|a[dt]?gmail)\b(?!\s*(?:dot\s|\.)\s*[a-z])/gi;
/** Mail providers that serve people, not web sites: a word glued to one before ".com" is a mailbox. */
const PERSONAL_MAILBOX_GLUED =
  /[a-z0-9]{2,}(?:at|ad|@)(?:gmail|googlemail|outlook|yahoo|hotmail|icloud|aol|protonmail|comcast)\.(?:com|net)$/i;
/**
 * What a recognizer often writes for a spoken address: the "at" swallowed into a word
 * ("tanya.brooksat.gmail.com", "tanya.brooksatgmail.com"). A dotted word ending in a mail domain
 * is taken for an e-mail only after an e-mail cue, since alone it reads as a web address.
 */
const SWALLOWED_AT_EMAIL = new RegExp(String.raw`\b[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*\.(?:${TLDS})\b`, 'gi');

// --- street addresses ---------------------------------------------------------------------------

const STREET_SUFFIXES = new Set([
  'street',
  'st',
  'avenue',
  'ave',
  'road',
  'rd',
  'drive',
  'dr',
  'lane',
  'ln',
  'court',
  'ct',
  'boulevard',
  'blvd',
  'way',
  'place',
  'pl',
  'circle',
  'cir',
  'terrace',
  'parkway',
  'pkwy',
  'highway',
  'hwy',
  'trail',
  'loop',
  'square',
  'pike',
  'row',
  'alley',
  'crescent',
  'point',
  'run',
  'path',
  'ridge',
  'creek',
  'hollow',
]);
/**
 * Street words a recognizer glues to the name before them ("Oak Noldrive"); only long ones, so
 * "railroad" or "airplane" are not taken for a road or a lane.
 */
const GLUED_STREET_SUFFIX = /^[A-Za-z]{3,}(?:street|avenue|drive|boulevard|terrace|parkway|court)$/i;
/** Street words that are also everyday words ("would run", "a good point"): they end only a capitalized name. */
const EVERYDAY_STREET_SUFFIXES = new Set([
  'run',
  'point',
  'row',
  'path',
  'square',
  'loop',
  'way',
  'place',
  'ridge',
  'creek',
  'hollow',
  'pike',
  'alley',
  'crescent',
  'pl',
  'dr',
  'st',
  'ct',
]);
/** Street words that end no everyday phrase after a number (unlike "a two hour drive", "a 3 lane road"). */
const UNMISTAKABLE_STREET_SUFFIXES = new Set(['street', 'avenue', 'boulevard', 'parkway', 'terrace']);
const UNIT_WORDS = new Set(['apartment', 'apt', 'unit', 'suite', 'ste', '#', 'number']);

/** "1234 Maple Street", "twelve thirty four Oak Ridge Drive, apartment 5B": a house number, 1–4 name words, a suffix. */
/** Said before an address ("we live at", "the property address is", "ship it to"). */
const ADDRESS_CUE =
  /\b(?:address|live|living|lives|located|property|reside|mail|mailing|ship|deliver|house|moving\b[^.?!]{0,12}\b(?:to|from)|move\s+(?:to|from)|where\s+(?:to|from)|street)\b/;

/**
 * A house number, one to three name words and a street suffix ("1742 Birchwood Lane"). The name
 * is capitalized as a recognizer writes names, or an address cue came before: "a 22 panel system
 * would run" is no address.
 */
function streetAddressAt(tokens: Token[], run: NumberRun, cueWindow: () => string): number | null {
  if (run.digits.length > 6) return null;
  // "5-Rent Court": a recognizer glues the house number to the name with a hyphen.
  const glued =
    tokens[run.last + 1]?.text === '-' &&
    tokens[run.last + 1]!.start === tokens[run.last]!.end &&
    tokens[run.last + 2]?.start === tokens[run.last + 1]!.end;
  const nameFrom = glued ? run.last + 2 : run.last + 1;
  let index = nameFrom;
  let words = 0;
  let suffixAt: number | null = null;
  // The first name word not written capitalized (a street word itself is often lower case).
  let lowerCaseAt: number | null = null;
  // A numbered street's ordinal is a name word: "1415 Northwest 9th Avenue".
  // "12 will o'ben circle": a name word a recognizer wrote with an apostrophe (not "o'clock").
  while (
    words < 4 &&
    tokens[index] &&
    /^(?:[A-Za-z]+(?:'[A-Za-z]+)?|,|\d{1,3}(?:st|nd|rd|th))$/i.test(tokens[index]!.text) &&
    tokens[index]!.lower !== "o'clock"
  ) {
    // "two fifteen east, fourth street": a recognizer's comma inside a street name, once an address
    // was asked for; and after the house number ("number nine, Orchard Lane").
    if (tokens[index]!.text === ',') {
      if ((words === 0 && index !== nameFrom) || suffixAt !== null || !ADDRESS_CUE.test(cueWindow())) break;
      index++;
      continue;
    }
    const lower = tokens[index]!.lower;
    // "1922 S. Belmont Avenue": a compass point written short, with its full stop.
    if (words === 0 && /^(?:n|s|e|w|ne|nw|se|sw)$/.test(lower) && tokens[index + 1]?.text === '.') {
      words++;
      index += 2;
      continue;
    }
    if (lower in UNITS || lower in TEENS || lower in TENS || ADDRESS_STOP_WORDS.has(lower)) break;
    const isSuffix = words > 0 && STREET_SUFFIXES.has(lower);
    // The last suffix of the name counts: "Oak Ridge Drive", not "Oak Ridge".
    if (isSuffix || GLUED_STREET_SUFFIX.test(lower)) suffixAt = index;
    if (!isSuffix && !/^[A-Z\d]/.test(tokens[index]!.text)) lowerCaseAt ??= index;
    words++;
    index++;
  }
  // No street word heard ("4409 Creek Side Ports, Apartment 12"): a capitalized name followed by a unit is one too.
  if (suffixAt === null && words > 0 && lowerCaseAt === null) {
    const unitAt = tokens[index]?.text === ',' ? index + 1 : index;
    if (tokens[unitAt] && UNIT_WORDS.has(tokens[unitAt]!.lower) && tokens[unitAt]!.lower !== 'number')
      suffixAt = index - 1;
  }
  // The street word misheard too ("1988 Ridge Cressble of Art, Suite 200", said "Ridgecrest
  // Boulevard"): after an address cue, up to five words and a numbered unit are an address line.
  if (suffixAt === null) suffixAt = nameBeforeNumberedUnit(tokens, nameFrom, cueWindow);
  // Or misheard with no unit after it ("38 lndon straight in Somerville", "5 rent ports, bend
  // bargain, 97701"): after an address cue, words before a town or a ZIP code are the street.
  if (suffixAt === null) return nameBeforePlace(tokens, nameFrom, cueWindow);
  if (suffixAt === null) return null;
  // Words after the street word ("Drive now") do not make its name lower case.
  const capitalized = lowerCaseAt === null || lowerCaseAt > suffixAt;
  // "to 21 pine street": a street word no everyday phrase ends with names a street in any case.
  const unmistakable = UNMISTAKABLE_STREET_SUFFIXES.has(tokens[suffixAt]!.lower);
  if (
    !capitalized &&
    !unmistakable &&
    (EVERYDAY_STREET_SUFFIXES.has(tokens[suffixAt]!.lower) || !ADDRESS_CUE.test(cueWindow())) &&
    !townAndStateAfter(tokens, suffixAt + 1) &&
    !numberedUnitAfter(tokens, suffixAt + 1)
  )
    return null;
  let end = suffixAt + 1;
  if (tokens[end]?.text === '.') end++;
  // An apartment or unit after it belongs to the address.
  const comma = tokens[end]?.text === ',' ? end + 1 : end;
  // A unit word misheard ("Department 6B" for "apartment six B") is still one: a capitalized word and a number.
  const misheardUnit =
    tokens[comma] !== undefined &&
    /^[A-Z][a-z]+$/.test(tokens[comma]!.text) &&
    tokens[comma + 1] !== undefined &&
    /^\d/.test(tokens[comma + 1]!.text);
  if (tokens[comma] && (UNIT_WORDS.has(tokens[comma]!.lower) || misheardUnit) && tokens[comma + 1]) {
    const unit = numberPart(tokens, comma + 1, true);
    end = unit ? unit.next : /^[A-Za-z0-9]{1,4}$/.test(tokens[comma + 1]!.text) ? comma + 2 : end;
    if (tokens[end] && /^[A-Za-z]$/.test(tokens[end]!.text) && tokens[end]!.start === tokens[end - 1]!.end) end++;
  }
  return end;
}

/** ", Apartment 4C", "Unit 12" right after a street word: only an address has one ("140 to be Harborview Road, Apartment 4C"). */
function numberedUnitAfter(tokens: Token[], at: number): boolean {
  const unitAt = tokens[at]?.text === ',' ? at + 1 : at;
  const unit = tokens[unitAt];
  return (
    unit !== undefined &&
    UNIT_WORDS.has(unit.lower) &&
    unit.lower !== 'number' &&
    /^\d/.test(tokens[unitAt + 1]?.text ?? '')
  );
}

/** The last word of one to five words followed by a numbered unit ("…, Suite 200"), when an address was asked for. */
function nameBeforeNumberedUnit(tokens: Token[], from: number, cueWindow: () => string): number | null {
  let index = from;
  while (index - from < 6 && tokens[index] && /^[A-Za-z]+$/.test(tokens[index]!.text)) {
    if (UNIT_WORDS.has(tokens[index]!.lower)) break;
    index++;
  }
  if (index === from) return null;
  const unitAt = tokens[index]?.text === ',' ? index + 1 : index;
  const unit = tokens[unitAt];
  if (!unit || !UNIT_WORDS.has(unit.lower) || unit.lower === 'number' || unit.lower === '#') return null;
  if (!tokens[unitAt + 1] || !numberPart(tokens, unitAt + 1, true)) return null;
  return ADDRESS_CUE.test(cueWindow()) ? index - 1 : null;
}

/**
 * "1482 cottonwood drive, Boise, Idaho": a town and a state (or a ZIP code) after the street word
 * make it an address however the recognizer wrote the name.
 */
function townAndStateAfter(tokens: Token[], at: number): boolean {
  if (tokens[at]?.text !== ',') return false;
  if (/^\d{5}$/.test(tokens[at + 1]?.text ?? '')) return true;
  if (!/^[A-Z][a-z]/.test(tokens[at + 1]?.text ?? '')) return false;
  let index = at + 2;
  while (tokens[index] && /^[A-Z][a-z]/.test(tokens[index]!.text)) index++;
  if (tokens[index]?.text === ',') index++;
  const next = tokens[index];
  return next !== undefined && (/^[A-Z][a-z]/.test(next.text) || /^\d{5}$/.test(next.text));
}

/**
 * The end of one to four words after a house number that are followed by "in" or a comma and a
 * town (a capitalized word) or, within a few words, a ZIP code — only when an address was asked for.
 */
function nameBeforePlace(tokens: Token[], from: number, cueWindow: () => string): number | null {
  let index = from;
  while (index - from < 4 && tokens[index] && /^[A-Za-z]+$/.test(tokens[index]!.text)) {
    if (index > from && (tokens[index]!.lower === 'in' || tokens[index]!.lower === 'and')) break;
    index++;
  }
  if (index === from || !tokens[index] || !['in', ','].includes(tokens[index]!.lower)) return null;
  const place = tokens[index + 1];
  const townFollows = place !== undefined && /^[A-Z][a-z]/.test(place.text);
  const zipFollows = tokens.slice(index + 1, index + 8).some((token) => /^\d{5}$/.test(token.text));
  if (!townFollows && !zipFollows) return null;
  return ADDRESS_CUE.test(cueWindow()) ? index : null;
}

const ADDRESS_STOP_WORDS = new Set([
  'hundred',
  'thousand',
  'million',
  'and',
  'the',
  'is',
  'in',
  'at',
  'on',
  'of',
  'to',
  'for',
  'a',
  'it',
  'and',
  'or',
  'but',
]);

// --- the whole search ---------------------------------------------------------------------------

const DIRECTION_JOINED = /\b(North|South|East|West|Northeast|Northwest|Southeast|Southwest|N|S|E|W)-(?=[A-Z][a-z])/g;

/**
 * The personal data of the asked-for types in `text`, in order, never overlapping. `context` is
 * what was said just before (the other speaker's question); its cues count as if said first.
 */
export function findPii(said: string, types: ReadonlySet<PiiType>, context = ''): PiiSpan[] {
  // "1905 North-Halfted Street": a recognizer's hyphen after a street's direction is a space (the
  // same length, so every offset still points into what was said).
  const text = said.replace(DIRECTION_JOINED, '$1 ');
  const spans: PiiSpan[] = [];
  const tokens = tokenize(text);

  if (types.has('email')) {
    for (const match of text.matchAll(WRITTEN_EMAIL)) {
      spans.push({ type: 'email', start: match.index, end: match.index + match[0].length });
    }
    for (const match of [
      ...text.matchAll(SPELLED_EMAIL),
      ...text.matchAll(SPOKEN_EMAIL),
      ...text.matchAll(ONE_WORD_EMAIL),
    ]) {
      spans.push({ type: 'email', start: match.index, end: match.index + match[0].length });
    }
    for (const match of text.matchAll(PROVIDER_ONLY_EMAIL)) {
      if (EMAIL_CUE.test(windowBefore(text, match.index, context)))
        spans.push({ type: 'email', start: match.index, end: match.index + match[0].length });
    }
    for (const match of text.matchAll(SWALLOWED_AT_EMAIL)) {
      // A personal mailbox's provider glued to a name is an e-mail with no cue ("sandashporteradoutlook.com").
      if (!PERSONAL_MAILBOX_GLUED.test(match[0])) {
        if (!EMAIL_CUE.test(windowBefore(text, match.index, context))) continue;
        // One dot is a bare domain ("gmail.com") unless the swallowed "at" is in it ("kpatelatoutlook.com").
        if (match[0].split('.').length < 3 && !/.at[a-z]/i.test(match[0])) continue;
      }
      spans.push({ type: 'email', start: match.index, end: match.index + match[0].length });
    }
  }

  // "Area code 404, then 555-2187": the area code said apart from the number.
  if (types.has('phone')) {
    for (const match of text.matchAll(AREA_CODE_THEN_NUMBER)) {
      spans.push({ type: 'phone', start: match.index, end: match.index + match[0].length });
    }
    // "My cell is 415-555. They are 0132.": a number's last four heard a few words after its first
    // six, after a phone cue.
    for (const match of text.matchAll(PHONE_SPLIT_BY_WORDS)) {
      if (nearestCue(text, match.index, context) === 'phone')
        spans.push({ type: 'phone', start: match.index, end: match.index + match[0].length });
    }
  }

  if (types.has('date_of_birth')) {
    for (let index = 0; index < tokens.length; index++) {
      const end = dateAt(tokens, index);
      if (end === null) continue;
      // A calendar date is never an order or policy number: "your date of birth to find the policy?"
      // still asks for the birthday.
      const nearest = cuesBefore(text, tokens[index]!.start, context).find((cue) => cue !== 'reference');
      if (nearest !== 'birth') continue;
      spans.push({ type: 'date_of_birth', start: tokens[index]!.start, end: tokens[end - 1]!.end });
      index = end - 1;
    }
  }

  // A number inside a calendar date with a month name ("July 4, 1992") is a date: a date of birth
  // above, nothing else.
  const dateTokens = new Set<number>();
  for (let index = 0; index < tokens.length; index++) {
    const end = dateAt(tokens, index);
    if (end === null || !tokens.slice(index, end).some((token) => token.lower in MONTHS)) continue;
    for (let inside = index; inside < end; inside++) dateTokens.add(inside);
  }

  for (const run of numberRuns(tokens)) {
    if (dateTokens.has(run.first)) continue;
    const start = tokens[run.first]!.start;
    const end = tokens[run.last]!.end;
    if (types.has('street_address')) {
      const addressEnd = streetAddressAt(tokens, run, () => windowBefore(text, start, context));
      if (addressEnd !== null) {
        spans.push({ type: 'street_address', start, end: tokens[addressEnd - 1]!.end });
        continue;
      }
    }
    if (writtenWithThousandsSeparators(tokens, run)) continue;
    // A recognizer glues the next answer onto a phone number ("718-229-4066-219"): written in a
    // phone's groups, after a phone cue or none, the first three groups are the number.
    const gluedPhone = run.written && run.groups.length > 3 && run.groups.slice(0, 3).join('-') === '3-3-4';
    const cue = gluedPhone ? nearestCue(text, start, context) : null;
    if (gluedPhone && (cue === 'phone' || cue === null)) {
      if (types.has('phone')) spans.push({ type: 'phone', start, end: tokens[run.first + 4]!.end });
      continue;
    }
    const before = tokens[run.first - 1];
    const after = tokens[run.last + 1];
    // "The one ending in 4482": the last digits of an account or a card asked about are its own, and
    // so is the answer to "Can you confirm the last four digits on the card?" ("Eight eight three zero").
    const cues = cuesBefore(text, start, context);
    const tailAsked = LAST_DIGITS_OF_CARD_OR_ACCOUNT.exec(windowBefore(text, start, context))?.[1];
    const tailOf =
      ENDING_IN.test(text.slice(0, start)) && (cues[0] === 'account' || cues[0] === 'card') ? cues[0] : tailAsked;
    if (tailOf && run.digits.length >= 3 && run.digits.length <= 4 && !(after && AMOUNT_WORDS.has(after.lower))) {
      const type: PiiType = tailOf === 'account' ? 'bank_account' : 'card_number';
      if (types.has(type)) spans.push({ type, start, end });
      continue;
    }
    // "The last four of your social?" — "it's state 117": three digits heard of the four asked for.
    if (
      run.digits.length === 3 &&
      cues[0] === 'ssn' &&
      LAST_FOUR_ASKED.test(windowBefore(text, start, context)) &&
      !ENDING_IN.test(text.slice(0, start))
    ) {
      if (types.has('ssn')) spans.push({ type: 'ssn', start, end });
      continue;
    }
    // "267084131472918803" after "What's the routing number?": a recognizer ran the account number
    // asked next onto the routing number; its first nine digits pass the ABA checksum.
    if (
      run.digits.length >= 13 &&
      run.digits.length <= 26 &&
      cues.includes('routing') &&
      abaValid(run.digits.slice(0, 9)) &&
      // A card asked for too, whose number passes Luhn, stays a card.
      !(cues.includes('card') && luhnValid(run.digits))
    ) {
      const oneString = run.written && run.groups.length === 1;
      const split = oneString ? start + 9 : end;
      if (types.has('routing_number')) spans.push({ type: 'routing_number', start, end: split });
      if (oneString && types.has('bank_account')) spans.push({ type: 'bank_account', start: split, end });
      continue;
    }
    const type = classifyRun(run, cues, !!after && AMOUNT_WORDS.has(after.lower), before?.text === '$');
    if (type && types.has(type)) spans.push({ type, start, end });
  }
  // A recognizer writes digits said one by one as a decimal ("six zero zero nine" → "6.009"): right
  // after a question for an identifier, the point is no decimal.
  for (const match of text.matchAll(/(?<![\d.])(\d+)\.(\d+)(?![\d.]*\d)/g)) {
    const cue = nearestCue(text, match.index, context);
    if (cue === null || cue === 'birth') continue;
    // Money and shares stay numbers: "$1,250.75", "6.25 percent", "12.50" (cents); but "41.86" after
    // "the last four of your social" is "forty one, eighty six", the four asked for.
    const following = /^\s*([A-Za-z%]+)/.exec(text.slice(match.index + match[0].length))?.[1]?.toLowerCase();
    const lastFourInPairs =
      cue === 'ssn' && match[1]!.length === 2 && LAST_FOUR_ASKED.test(windowBefore(text, match.index, context));
    if (
      text[match.index - 1] === '$' ||
      (following && AMOUNT_WORDS.has(following)) ||
      (match[2]!.length === 2 && !lastFourInPairs)
    )
      continue;
    const digits = match[1]! + match[2]!;
    const run: NumberRun = { first: 0, last: 0, digits, groups: [], written: true, pauses: [] };
    const type = typeForCue(cue, run);
    if (type && types.has(type)) spans.push({ type, start: match.index, end: match.index + match[0].length });
  }
  return withoutOverlaps(spans);
}

/** Earlier first; of two overlapping spans the longer is kept (an e-mail over a number inside it). */
function withoutOverlaps(spans: PiiSpan[]): PiiSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: PiiSpan[] = [];
  for (const span of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && span.start < previous.end) {
      if (span.end - span.start > previous.end - previous.start) kept[kept.length - 1] = span;
      continue;
    }
    kept.push(span);
  }
  return kept;
}

/** "The last four of your social?" (a recognizer's "last floor of your social" too). */
const LAST_FOUR_ASKED =
  /\blast (?:four|4|floor|for)(?: digits)? of (?:your|the|his|her|their) (?:social|ssn|social security)\b/i;
/** "The last four digits on the card?", "the last four of your account": an account's or a card's tail asked for. */
const LAST_DIGITS_OF_CARD_OR_ACCOUNT =
  /\blast (?:four|4|three|3|floor|for)(?: digits| numbers)? (?:of|on|for|from) (?:the|your|his|her|their|that) (?:(?:debit|credit|bank|checking|savings|visa|master\s*card) )?(card|account)\b/i;
const ENDING_IN = /\b(?:ending (?:in|with)|ends (?:in|with)|last (?:three|four|3|4)(?: digits)?(?: are| is)?)\s*$/i;

const PHONE_SPLIT_BY_WORDS = /\b\d{3}[-\s.]\d{3}\b[.,]?\s+(?:[A-Za-z']+\s+){1,3}\d{4}\b(?![-\d])/g;
const AREA_CODE_THEN_NUMBER = /\barea code,?\s*\d{3}[,.]?\s*(?:(?:and\s+)?then\s+|and\s+)?\d{3}[-\s.]?\d{3,4}\b/gi;

/** The text with each span replaced by its marker. */
export function replaceSpans(text: string, spans: readonly PiiSpan[]): string {
  let result = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    result += text.slice(at, span.start) + PII_MARKERS[span.type];
    at = span.end;
  }
  return result + text.slice(at);
}
