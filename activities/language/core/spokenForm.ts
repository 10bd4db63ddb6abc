/**
 * Spoken-form normalization: speech-to-text writes what was said ("john dot smith at example dot com",
 * "three hundred sixty thousand dollars", "six two seven zero one", "three pm"); the extractors
 * read written forms ("john.smith@example.com", "360000 dollars", "62701", "3 pm"). Text that is
 * already written (Whisper often writes "$360,000") passes through unchanged.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
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
/** A small number as a word ("3" → "three"), or null beyond the words known. */
export function wordForNumber(value: number): string | null {
  return Object.keys(UNITS).find((word) => UNITS[word] === value) ?? null;
}
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000 };
/** Digit names as read out in phone numbers and ZIP codes; "oh" is a zero only inside such a run. */
const DIGIT_NAMES: Record<string, number> = { ...pick(UNITS, 10), oh: 0, o: 0 };

function pick(table: Record<string, number>, below: number): Record<string, number> {
  return Object.fromEntries(Object.entries(table).filter(([, value]) => value < below));
}

const NUMBER_WORD = new RegExp(
  `^(?:${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES), 'oh', 'o', 'and', 'a'].join('|')})$`,
  'i',
);

/** Parses a run of number words ("three hundred sixty thousand") as one number; null if it is not one. */
export function parseNumberWords(words: string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  let lastKind: 'unit' | 'teen' | 'tens' | 'scale' | null = null;
  for (const raw of words) {
    const word = raw.toLowerCase();
    if (word === 'and' && seen) continue;
    if (word === 'a' && !seen) {
      current = 1; // "a hundred", "a thousand"
      seen = true;
      lastKind = 'unit';
      continue;
    }
    if (word in UNITS) {
      const value = UNITS[word]!;
      // "twenty five" combines; "five five" does not (that is a digit run, not one number).
      if (lastKind === 'unit' || lastKind === 'teen' || (lastKind === 'tens' && value >= 10)) return null;
      current += value;
      lastKind = value >= 10 ? 'teen' : 'unit';
    } else if (word in TENS) {
      if (lastKind === 'unit' || lastKind === 'teen' || lastKind === 'tens') return null;
      current += TENS[word]!;
      lastKind = 'tens';
    } else if (word in SCALES) {
      const scale = SCALES[word]!;
      if (!seen) return null;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
      lastKind = 'scale';
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

/**
 * Replaces spoken numbers by digits. A run of three or more single digit names becomes a digit
 * string ("six oh six one four" → "60614"), digit groups separated by commas or hyphens join when
 * they read like a phone number ("three one two, five five five, zero one eight eight" → "312-555-0188"),
 * and other runs become their value ("forty five" → "45"). A lone "one" stays a word ("the one we like").
 */
export function normalizeNumbers(text: string): string {
  const tokens = withCompoundNumbersOpen(text).split(/(\s+|[,;:.?!-]+)/);
  const output: string[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index]!;
    if (!NUMBER_WORD.test(token)) {
      output.push(token);
      index++;
      continue;
    }
    // The token indices of the run of number words (whitespace between them only).
    const positions = [index];
    while (
      /^\s+$/.test(tokens[positions[positions.length - 1]! + 1] ?? '') &&
      NUMBER_WORD.test(tokens[positions[positions.length - 1]! + 2] ?? '')
    ) {
      positions.push(positions[positions.length - 1]! + 2);
    }
    let run = positions.map((position) => tokens[position]!);
    if (!isDigitRun(run)) {
      // "and", "a", "oh" at the edges belong to the sentence ("oh, a month and"), not the number;
      // a leading "a" stays only before a scale ("a hundred").
      let first = 0;
      let last = run.length - 1;
      while (
        first <= last &&
        (/^(and|o|oh)$/i.test(run[first]!) ||
          (/^a$/i.test(run[first]!) && !((run[first + 1]?.toLowerCase() ?? '') in SCALES)))
      )
        first++;
      while (last >= first && /^(and|a|o|oh)$/i.test(run[last]!)) last--;
      if (first > last) {
        output.push(token);
        index++;
        continue;
      }
      output.push(...tokens.slice(index, positions[first]));
      run = run.slice(first, last + 1);
      output.push(spokenRunToDigits(run, output.join(''), tokens.slice(positions[last]! + 1).join('')));
      index = positions[last]! + 1;
      continue;
    }
    output.push(spokenRunToDigits(run, output.join(''), tokens.slice(positions[positions.length - 1]! + 1).join('')));
    index = positions[positions.length - 1]! + 1;
  }
  return joinDigitGroups(output.join(''));
}

/**
 * A recognizer writes compound numbers with a hyphen ("twenty-eight", "ninety-nine thousand"); the
 * hyphen would split them into two figures ("20-8"), so they are read as the words they are.
 */
const COMPOUND_NUMBER = new RegExp(
  `\\b(${Object.keys(TENS).join('|')})-(${Object.keys(pick(UNITS, 10))
    .filter((unit) => unit !== 'zero')
    .join('|')})\\b`,
  'gi',
);
const withCompoundNumbersOpen = (text: string) => text.replace(COMPOUND_NUMBER, '$1 $2');

function isDigitRun(words: string[]): boolean {
  return words.length >= 3 && words.every((word) => word.toLowerCase() in DIGIT_NAMES);
}

/** Words after a number that make it a clock time ("four thirty in the afternoon", "ten am"). */
const TIME_AFTER =
  /^[\s,]*(?:a\.?\s?m\b|p\.?\s?m\b|in the (?:morning|afternoon|evening)|tonight|this (?:morning|afternoon|evening)|o'?clock)/i;
/** A street name after a number makes it a house number ("at three thirty Peachtree Circle"). */
const STREET_AFTER =
  /^\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Lane|Ln|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Circle|Terrace|Parkway|Highway|Hwy|Trail|Square)\b/;
/** Words before a number that make it a clock time ("at four thirty", "by two fifteen"). */
const TIME_BEFORE = /\b(?:at|by|until|till|before|after)\s*$/i;
/**
 * "We settled at five forty five", "listed at four ninety nine", "assessed it at four ten", "an accepted
 * offer at four forty nine", "we're buying at six twenty", "our three tiers start at six fifty" (things
 * priced, then where their prices start), "the county has it at four twenty", "they value it at …": a
 * figure, not a time.
 */
const FIGURE_AT =
  /\b(?:(?:settled|priced|listed|sold|offered|offer|contract|appraised|valued|assessed|came in|capped|buying|bought|purchasing|purchased)(?:\s+(?:it|them|the (?:house|home|place)))?|(?:values?|valuing|(?:county|zillow|redfin|assessor|appraiser|tax (?:bill|records?|assessment))\b[^.?!,]{0,15}\b(?:has|had|puts?|shows?|showed))\s+(?:it|the (?:house|home|place|property))|(?:tiers?|cakes?|prices?|pricing|packages?|plans?|rates?|models?|options?|sizes?|kits?|systems?)\b[^.?!,]{0,20}\b(?:start(?:s|ing)?|begin(?:s|ning)?))\s+at\s*$/i;
/** A money verb just before a pair makes it a figure even before "tonight" ("offer four twenty five tonight"). */
const FIGURE_VERB_BEFORE =
  /\b(?:offer|offering|offered|pay|paying|paid|borrow|borrowing|owe|owing|asking|worth|costs?|spend|spending)\s*$/i;

/**
 * People say many numbers as two pairs: clock times ("four thirty"), house numbers ("two twenty
 * one Aspen Court", "eleven eighteen"), years ("twenty nineteen"), and hundreds of thousands in
 * money talk ("two thirty", "five seventy five"). A run that is not one number but a first part of
 * 1–99 and a second of 10–99 (or "oh" and a digit: "nine oh seven") is read that way: a clock time
 * when the words around it say so, else the digits side by side ("221", "1118", "2019", "575").
 */
function pairedNumber(run: string[], before: string, after: string): string | null {
  for (let split = 1; split < run.length; split++) {
    const high = parseNumberWords(run.slice(0, split));
    const rest = run.slice(split);
    const ohDigit = rest.length === 2 && /^(oh|o)$/i.test(rest[0]!) ? parseNumberWords(rest.slice(1)) : null;
    const low = ohDigit !== null && ohDigit < 10 ? ohDigit : parseNumberWords(rest);
    const lowIsPair = ohDigit !== null ? ohDigit < 10 : low !== null && low >= 10 && low <= 99;
    if (high === null || high < 1 || high > 99 || low === null || !lowIsPair) continue;
    const minutes = String(low).padStart(2, '0');
    const clock =
      high <= 12 &&
      low <= 59 &&
      !STREET_AFTER.test(after) &&
      !FIGURE_VERB_BEFORE.test(before) &&
      (TIME_AFTER.test(after) || (TIME_BEFORE.test(before) && !FIGURE_AT.test(before)));
    return clock ? `${high}:${minutes}` : `${high}${minutes}`;
  }
  return null;
}

/**
 * Hundreds of thousands with the next digit said last: "two eighty seven five" is 287,500, "three
 * nineteen nine" 319,900: a digit, a pair (10–99) and a digit. Read as thousands with a tenth
 * ("287.5"), which a home's amount scales like "two thirty"; before a street name the digits side
 * by side (a house number).
 */
function thousandsWithTenth(run: string[], after: string): string | null {
  for (let split = 2; split < run.length; split++) {
    const head = parseNumberWords(run.slice(0, 1));
    const pair = parseNumberWords(run.slice(1, split));
    const tail = parseNumberWords(run.slice(split));
    if (head === null || pair === null || tail === null) continue;
    if (head < 1 || head > 9 || pair < 10 || pair > 99 || tail < 1 || tail > 9) continue;
    return STREET_AFTER.test(after) ? `${head}${pair}${tail}` : `${head}${pair}.${tail}`;
  }
  return null;
}

/**
 * Tens of thousands with the hundreds digit said last: "eighty nine five" is 89,500, "forty nine
 * nine" 49,900: a pair of two words (21–99) and a digit, read as thousands with a tenth ("89.5") as
 * above. "Twenty four seven" is the idiom (around the clock), not a figure.
 */
function tensOfThousandsWithTenth(run: string[], after: string): string | null {
  if (run.length !== 3) return null;
  const pair = parseNumberWords(run.slice(0, 2));
  const tail = parseNumberWords(run.slice(2));
  if (pair === null || tail === null || pair < 21 || pair > 99 || pair % 10 === 0 || tail < 1 || tail > 9) return null;
  if (pair === 24 && tail === 7) return null;
  return STREET_AFTER.test(after) ? `${pair}${tail}` : `${pair}.${tail}`;
}

/** "three forty one thousand" is 341,000: a digit and a pair (10–99) said before "thousand". */
function pairedThousands(run: string[]): string | null {
  if (run.length < 3 || run[run.length - 1]!.toLowerCase() !== 'thousand') return null;
  const head = parseNumberWords(run.slice(0, 1));
  const pair = parseNumberWords(run.slice(1, -1));
  if (head === null || pair === null || head < 1 || head > 9 || pair < 10 || pair > 99) return null;
  return String((head * 100 + pair) * 1000);
}

function spokenRunToDigits(run: string[], before = '', after = ''): string {
  if (isDigitRun(run)) return run.map((word) => DIGIT_NAMES[word.toLowerCase()]).join('');
  if (run.length === 1 && /^(one|a|and|o|oh)$/i.test(run[0]!)) return run[0]!;
  // "Between eight and ten" is two numbers: an "and" joins a number only after a scale ("a hundred
  // and ten") or before a fraction ("one and a half").
  const twoNumbers = run.findIndex(
    (word, index) =>
      /^and$/i.test(word) &&
      index > 0 &&
      index < run.length - 1 &&
      !(run[index - 1]!.toLowerCase() in SCALES) &&
      !/^an?$/i.test(run[index + 1]!),
  );
  if (twoNumbers > 0)
    return `${spokenRunToDigits(run.slice(0, twoNumbers), before, 'and')} and ${spokenRunToDigits(run.slice(twoNumbers + 1), 'and', after)}`;
  const value = parseNumberWords(run);
  if (value !== null) return String(value);
  const thousands = pairedThousands(run);
  if (thousands !== null) return thousands;
  const paired = pairedNumber(run, before, after);
  if (paired !== null) return paired;
  const hundredsAndHalf = thousandsWithTenth(run, after);
  if (hundredsAndHalf !== null) return hundredsAndHalf;
  const tensAndHalf = tensOfThousandsWithTenth(run, after);
  if (tensAndHalf !== null) return tensAndHalf;
  // Not one number ("twenty twenty six"): the longest numbers from the left, one after another.
  const parts: string[] = [];
  let start = 0;
  while (start < run.length) {
    let end = run.length;
    while (end > start + 1 && parseNumberWords(run.slice(start, end)) === null) end--;
    parts.push(String(parseNumberWords(run.slice(start, end)) ?? run[start]));
    start = end;
  }
  return parts.join(' ');
}

/** "312, 555, 0188" (digit groups read out with pauses) → "312-555-0188". */
function joinDigitGroups(text: string): string {
  return text
    .replace(/\b\d(?: \d){2,}\b/g, (digits) => digits.replace(/ /g, ''))
    .replace(/\b(\d{3})[,\s-]+(\d{3})[,\s-]+(\d{4})\b/g, '$1-$2-$3');
}

/** The top-level domains an address is read with. */
export const TLD = '(?:com|net|org|edu|gov|io|co|us|biz|info|ai|app|dev|me|email)';

/** Words that end a spoken e-mail's local part, read backwards from "at" ("it's | tanya brooks at …"). */
const EMAIL_LEAD_IN = new Set(
  "it's its it is my the email e-mail address mail yes yeah yep sure use send to me at or also that's thats that make actually instead sorry mean correction right okay ok and so you can reach on i i'm i am try should be best work personal".split(
    ' ',
  ),
);
/** Whether a word introduces an address rather than being part of it ("sure", "it's", "my"). */
export const isEmailLeadIn = (word: string) => EMAIL_LEAD_IN.has(word.toLowerCase());

/** Fillers people put inside a spelled address ("tanya brooks, all one word, at …"). */
const EMAIL_FILLER = /,?\s*(?:all one word|one word|no spaces?|all lowercase|lower ?case|just the letter [a-z])\s*,?/gi;

function spokenLocalPart(words: string[]): string {
  const out: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!.toLowerCase();
    if (word === 'dot' || word === 'period') out.push('.');
    else if (word === 'underscore') out.push('_');
    else if (word === 'dash' || word === 'hyphen') out.push('-');
    else if (word in DIGIT_NAMES || word in TENS || word in UNITS) {
      // "seven six" → 76, "twenty one" → 21: a run of number words.
      let end = index + 1;
      while (
        end < words.length &&
        (words[end]!.toLowerCase() in DIGIT_NAMES ||
          words[end]!.toLowerCase() in TENS ||
          words[end]!.toLowerCase() in UNITS)
      )
        end++;
      const run = words.slice(index, end);
      out.push(
        isDigitRun(run) || (run.length === 2 && run.every((w) => w.toLowerCase() in DIGIT_NAMES))
          ? run.map((w) => DIGIT_NAMES[w.toLowerCase()]).join('')
          : String(parseNumberWords(run) ?? run.join('')),
      );
      index = end - 1;
    } else out.push(word);
  }
  return out.join('');
}

/**
 * "john dot smith at example dot com" → "john.smith@example.com"; "tanya brooks, all one word, at
 * example dot net" (or "at example.net", as Whisper writes it) → "tanyabrooks@example.net"; "c
 * mendoza seven six at …" → "cmendoza76@…".
 * The local part is read backwards from "at" until the words that introduce it ("it's", "my email
 * is"); already written addresses pass.
 */
export function normalizeEmails(text: string): string {
  // The domain spoken ("example dot net") or written by the recognizer ("example.net").
  // A spoken domain name may be two or three words ("riverbend bakery dot com", "gateway cabinet works dot com"), joined.
  const domain = new RegExp(
    `\\s+at\\s+([a-z0-9-]+(?:(?:\\s+[a-z0-9-]+){1,2}(?=\\s+dot\\s))?(?:(?:\\s+(?:dot|dash|hyphen)\\s+|[.-])[a-z0-9-]+)*(?:\\s+dot\\s+|\\.)${TLD})\\b`,
    'i',
  );
  // A recognizer writes a spoken domain but leaves the words before it as it heard them, often
  // wrong ("therewasa7-6@…"): before a written domain, words join only when the speaker said they
  // are one ("all one word") or spelled them letter by letter; otherwise the last word alone is read,
  // by joinSpokenAtWrittenDomain.
  const saidAsOneWord = new RegExp(EMAIL_FILLER.source, 'i').test(text);
  // "r as in robert, k, l, e, i, n": a letter told by a word is the letter.
  let rest = text.replace(EMAIL_FILLER, ' ').replace(/\b([a-z]) as in [a-z]+\b/gi, '$1');
  let result = '';
  for (let match = domain.exec(rest); match; match = domain.exec(rest)) {
    const head = rest.slice(0, match.index);
    const words = head.split(/(\s+|,)/);
    const local: string[] = [];
    let cut = words.length;
    const isLetter = (at: number) => {
      let before = at - 1;
      while (before >= 0 && /^\s*$/.test(words[before]!)) before--;
      return before >= 0 && /^[a-z]$/i.test(words[before]!);
    };
    for (let index = words.length - 1; index >= 0; index--) {
      const token = words[index]!;
      if (/^\s*$/.test(token)) continue;
      // Letters spelled one by one with a pause between ("k, l, e, i, n, at …").
      // "j, o, r, d, a, n, dot reyes": the run of letters before a spoken separator too.
      if (
        token === ',' &&
        (local.length === 0 || local[0]!.length === 1 || /^(?:dot|dash|hyphen|underscore)$/i.test(local[0]!)) &&
        isLetter(index)
      )
        continue;
      // A letter of a spelled run is part of it even when it is a word too ("b o n e i l l"), also
      // as its last letter ("s o s e i at …": the "i" after another letter is no "I").
      const spelledLetter = token.length === 1 && ((local[0]?.length ?? 0) === 1 || isLetter(index));
      // Written digits of three or more are a phone number or a figure said before, not the address.
      if (
        token === ',' ||
        !/^[a-z0-9'-]+$/i.test(token) ||
        /^\d{3,}$/.test(token) ||
        (EMAIL_LEAD_IN.has(token.toLowerCase()) && !spelledLetter)
      )
        break;
      local.unshift(token.replace(/'/g, ''));
      cut = index;
    }
    const joinDomain = match[1]!
      .replace(/\s+dot\s+/gi, '.')
      .replace(/\s+(dash|hyphen)\s+/gi, '-')
      .replace(/\s+/g, '')
      .toLowerCase();
    const writtenDomain = !/\s/.test(match[1]!);
    const joinable = !writtenDomain || saidAsOneWord || local.every((part) => part.length === 1);
    if (local.length === 0 || (local.length > 1 && !joinable)) {
      result += head + match[0];
    } else {
      result += `${words.slice(0, cut).join('')}${spokenLocalPart(local)}@${joinDomain}`;
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return result + rest;
}

/** After "a quarter to 5", what makes it no clock time: a written time already, an amount or a measure ("a quarter to 5 million"). */
const NO_CLOCK_AFTER = String.raw`(?!:|\s*(?:million|thousand|hundred|percent|%|acres?|miles?|years?|months?|weeks?|days?))`;

/**
 * "3 p.m." / "3 P.M." / "3pm" → "3 pm", and "a quarter to 8" → "7:45", "quarter past 8" → "8:15",
 * "half past 2" → "2:30", so the date parser and the rules see one form.
 */
export function normalizeTimes(text: string): string {
  const time = '\\b(\\d{1,2}(?::\\d{2})?)\\s*([aApP])';
  return (
    text
      // "a quarter to 8" is 7:45, "quarter past 8" 8:15, "half past 2" 2:30.
      .replace(
        new RegExp(String.raw`\b(?:a )?quarter (?:to|till) (1[0-2]|[1-9])\b${NO_CLOCK_AFTER}`, 'gi'),
        (_m, hour: string) => `${Number(hour) === 1 ? 12 : Number(hour) - 1}:45`,
      )
      .replace(
        new RegExp(String.raw`\b(?:a )?quarter (?:past|after) (1[0-2]|[1-9])\b${NO_CLOCK_AFTER}`, 'gi'),
        (_m, hour: string) => `${hour}:15`,
      )
      .replace(/\bhalf past (1[0-2]|[1-9])\b(?!:)/gi, (_m, hour: string) => `${hour}:30`)
      // "at 3 p.m. Then…": the abbreviation's last dot also ended the sentence; keep that end.
      .replace(
        new RegExp(`${time}\\.\\s?[mM]\\.(?=\\s+[A-Z]|\\s*$)`, 'g'),
        (_m, t: string, h: string) => `${t} ${h.toLowerCase()}m.`,
      )
      .replace(
        new RegExp(`${time}(?:\\.\\s?[mM]\\.?|\\s?[mM]\\b)`, 'g'),
        (_m, t: string, h: string) => `${t} ${h.toLowerCase()}m`,
      )
  );
}

/**
 * Speech-to-text writes an amount said with a pause as two: "five hundred [pause] twenty thousand
 * dollars" → "$500, $20,000". A small figure followed by thousands below its own thousands is one
 * amount ("$520,000"); "$500, $600" stays two.
 */
export function joinSplitAmounts(text: string): string {
  return text.replace(
    /\$(\d{1,3}),?\s+\$(\d{1,3}),000\b/g,
    (_match, high: string, thousands: string) =>
      `$${(Number(high) * 1000 + Number(thousands) * 1000).toLocaleString('en-US')}`,
  );
}

/** "Robert at contoso.com": a spoken "at" before a written domain is an e-mail address. */
export function joinSpokenAtWrittenDomain(text: string): string {
  return (
    text
      .replace(
        new RegExp(`\\b([a-z0-9][a-z0-9._-]*)\\s+at\\s+([a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.${TLD})\\b`, 'gi'),
        (_m, local: string, domain: string) => `${local.toLowerCase()}@${domain.toLowerCase()}`,
      )
      // Whisper glues a spoken "at" to the words around it and capitalizes the domain:
      // "John.SmithatExample.com" is john.smith@example.com.
      .replace(
        new RegExp(`\\b([A-Za-z0-9][A-Za-z0-9._-]*?)at([A-Z][A-Za-z0-9-]*(?:\\.[A-Za-z0-9-]+)*\\.${TLD})\\b`, 'g'),
        (_m, local: string, domain: string) => `${local.toLowerCase()}@${domain.toLowerCase()}`,
      )
  );
}

const ORDINAL_UNITS: Record<string, [number, string]> = {
  first: [1, 'st'],
  second: [2, 'nd'],
  third: [3, 'rd'],
  fourth: [4, 'th'],
  fifth: [5, 'th'],
  sixth: [6, 'th'],
  seventh: [7, 'th'],
  eighth: [8, 'th'],
  ninth: [9, 'th'],
};
/** Ordinals that end a street number past a hundred ("a hundred and nineteenth"), besides the units. */
const ORDINAL_WORDS: Record<string, [number, string]> = {
  ...ORDINAL_UNITS,
  tenth: [10, 'th'],
  eleventh: [11, 'th'],
  twelfth: [12, 'th'],
  thirteenth: [13, 'th'],
  fourteenth: [14, 'th'],
  fifteenth: [15, 'th'],
  sixteenth: [16, 'th'],
  seventeenth: [17, 'th'],
  eighteenth: [18, 'th'],
  nineteenth: [19, 'th'],
  twentieth: [20, 'th'],
  thirtieth: [30, 'th'],
  fortieth: [40, 'th'],
  fiftieth: [50, 'th'],
  sixtieth: [60, 'th'],
  seventieth: [70, 'th'],
  eightieth: [80, 'th'],
  ninetieth: [90, 'th'],
};

/**
 * Decimals and compound ordinals, before the number runs are read: "one point six million" →
 * "1.6 million", "two point one" → "2.1"; "thirty eighth" → "38th" (streets, days). A lone
 * ordinal stays a word ("first time buyer"); the date parser reads "the fifth" itself.
 */
export function normalizeDecimalsAndOrdinals(text: string): string {
  const numberWord = `(?:${[...Object.keys(UNITS), ...Object.keys(TENS), 'hundred', 'thousand'].join('|')})`;
  const digitWord = `(?:${[...Object.keys(pick(UNITS, 10)), 'oh'].join('|')})`;
  return (
    text
      // "half a million" → "0.5 million", "nine and a half thousand" → "9.5 thousand"
      .replace(/\b(?:a\s+)?half\s+(?:of\s+)?an?\s+(million|thousand)\b/gi, (_w, scale: string) => `0.5 ${scale}`)
      // "three quarters of a million" → "0.75 million", "a quarter million" → "0.25 million"
      .replace(
        /\b(three\s+quarters?|an?\s+quarter|quarter)\s+(?:of\s+)?(?:an?\s+)?(million|thousand)\b/gi,
        (_w, share: string, scale: string) => `${/^three/i.test(share) ? '0.75' : '0.25'} ${scale}`,
      )
      .replace(/\b(?:a\s+)?quarter\s+(?:of\s+)?an?\s+(million|thousand)\b/gi, (_w, scale: string) => `0.25 ${scale}`)
      .replace(
        new RegExp(`\\b(${numberWord}(?:[\\s-]+${numberWord})*)\\s+and\\s+a\\s+half\\s+(million|thousand)\\b`, 'gi'),
        (whole, integer: string, scale: string) => {
          const value = parseNumberWords(integer.split(/[\s-]+/));
          return value === null ? whole : `${value}.5 ${scale}`;
        },
      )
      .replace(/\ban?\s+(million|thousand)\s+and\s+a\s+half\b/gi, (_w, scale: string) => `1.5 ${scale}`)
      .replace(
        new RegExp(
          `\\b(${numberWord}(?:[\\s-]+${numberWord})*)\\s+point\\s+(${digitWord}(?:\\s+${digitWord})*)\\b`,
          'gi',
        ),
        (whole, integer: string, decimals: string) => {
          const value = parseNumberWords(integer.split(/[\s-]+/));
          if (value === null) return whole;
          return `${value}.${decimals
            .split(/\s+/)
            .map((word) => DIGIT_NAMES[word.toLowerCase()])
            .join('')}`;
        },
      )
      // "West Hundred and Nineteenth Street", "One Hundred Twenty Fifth Street" → 119th, 125th.
      .replace(
        new RegExp(
          `\\b(?:(a|one|two|three|four|five|six|seven|eight|nine)[\\s-]+)?hundred(?:[\\s-]+and)?[\\s-]+(?:(${Object.keys(TENS).join('|')})[\\s-]+(${Object.keys(ORDINAL_UNITS).join('|')})|(${Object.keys(ORDINAL_WORDS).join('|')}))\\b`,
          'gi',
        ),
        (
          _whole,
          hundreds: string | undefined,
          tens: string | undefined,
          unit: string | undefined,
          alone: string | undefined,
        ) => {
          const [value, suffix] = tens
            ? [
                TENS[tens.toLowerCase()]! + ORDINAL_UNITS[unit!.toLowerCase()]![0],
                ORDINAL_UNITS[unit!.toLowerCase()]![1],
              ]
            : ORDINAL_WORDS[alone!.toLowerCase()]!;
          const hundred = !hundreds || /^(a|one)$/i.test(hundreds) ? 1 : UNITS[hundreds.toLowerCase()]!;
          return `${hundred * 100 + value}${suffix}`;
        },
      )
      .replace(
        new RegExp(`\\b(${Object.keys(TENS).join('|')})[\\s-]+(${Object.keys(ORDINAL_UNITS).join('|')})\\b`, 'gi'),
        (_whole, tens: string, unit: string) => {
          const [value, suffix] = ORDINAL_UNITS[unit.toLowerCase()]!;
          return `${TENS[tens.toLowerCase()]! + value}${suffix}`;
        },
      )
  );
}

/**
 * Words a recognizer writes for others, where the context leaves one reading: it joins "a line"
 * into "align" ("thinking home equity align", "Align of about 40,000": before "of" or after
 * "equity"/"credit" it is the line of credit, never the verb), splits "date" into "day eight"
 * ("What's the day eight?": a question ending so asks for the date), and hears "three" as "free"
 * after "at" ("Wednesday at free is perfect").
 */
const HYPHENATED_NUMBER_WORDS = new RegExp(
  `\\b(${[...Object.keys(UNITS), ...Object.keys(TENS)].join('|')})-(?=(?:${[...Object.keys(UNITS), ...Object.keys(TENS), 'hundred', 'thousand'].join('|')})\\b)`,
  'gi',
);
const HEARD_IN_FOR_I_AM =
  /(^|[.!?,]\s+)(?:[Ii]n|[Hh]im) (an?|the|and) ((?:[A-Za-z-]+ ){0,2}?(?:[a-z]+(?:ist|ian|or|er|ant|ent|ic)|tech|nurse|clerk|cook|chef|aide|paralegal))(?= (?:at|for|with) [A-Za-z])/g;
/** Words ending like a job's that name a place or a thing ("in the center at …", "in a trailer for …"). */
const NOT_A_JOB =
  /\b(?:center|corner|water|winter|summer|order|border|letter|number|other|computer|folder|paper|chapter|quarter|theater|shelter|trailer|tower|power|river|floor|door|color|meantime|moment|event|apartment|department|basement|parent|restaurant|mirror|interior|exterior|corridor|elevator|factor|sector|harbor|manor|parlor|after|matter|register|cluster|trimester|semester|weather|clinic|public|music|traffic|topic|picnic|panic)$/i;
/**
 * "Listed at a million three fifty", "two million one fifty", "a million two": millions, then the
 * hundreds of thousands said as a pair or a digit (1,350,000; 2,150,000; 1,200,000).
 */
const MILLION_THEN_PAIR = new RegExp(
  String.raw`\b(a|one|two|three|four|five|six|seven|eight|nine) million (one|two|three|four|five|six|seven|eight|nine)(?:[ -](ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ -](one|two|three|four|five|six|seven|eight|nine))?)?\b(?![ -](?:hundred|thousand|million|point|and|percent)\b)`,
  'gi',
);
function millionsWithPairs(text: string): string {
  return text.replace(MILLION_THEN_PAIR, (_said, millions: string, hundreds: string, pair?: string, unit?: string) => {
    const lower = (word: string) => word.toLowerCase();
    const count = /^a$/i.test(millions) ? 1 : UNITS[lower(millions)]!;
    const thousands =
      UNITS[lower(hundreds)]! * 100 +
      (pair ? (UNITS[lower(pair)] ?? TENS[lower(pair)]!) : 0) +
      (unit ? UNITS[lower(unit)]! : 0);
    return String(count * 1_000_000 + thousands * 1_000);
  });
}
export function fixRecognizerSlips(text: string): string {
  return (
    millionsWithPairs(text)
      // "six lessons for three-fourty": a recognizer's spelling of "forty".
      .replace(/\b([Ff])ourty\b/g, '$1orty')
      // "Can you come into Morrow at 1230": a recognizer's "in tomorrow".
      .replace(/\b(come|be|stop|swing|drop) in ?to Morrow\b/g, '$1 in tomorrow')
      // "Thursday at 11,15": a time a recognizer wrote with a comma (no thousands group has two digits).
      .replace(/\bat (1[0-2]|0?[1-9]),([0-5]\d)\b(?![,.]?\d)/gi, 'at $1:$2')
      // "It's 45 the night per dog": a rate's "a" heard as "the" after its figure (not "at 5 the night
      // before", "9 the day after").
      .replace(
        /\b(\d[\d,.]*) the (night|hour|day|week|month|person|head|dog|cat|pet|kid|child|lesson|session)\b(?!\s+(?:before|after|of|prior)\b)/gi,
        '$1 a $2',
      )
      // "About 12,000 amongst between salary and commissions": a figure's "a month" heard as one word
      // (not "12 amongst them", "amongst the four of us").
      .replace(
        /\b(\d[\d,.]*) amongst\b(?!\s+(?:us|them|you|the|our|my|their|his|her|its|these|those|others|all|both|many|friends|family)\b)/gi,
        '$1 a month',
      )
      // "An estimate when's the at 5.30": "Wednesday" heard as two words (no "when" is followed by
      // "the at" and a time).
      .replace(/\b([Ww])hen(?:'s)? the (?=at (?:\d|noon\b))/g, () => 'Wednesday ')
      // "The 14th at once, see you then": a day's hour "one" heard as "once" (after a day, "at once" is
      // no "right away").
      .replace(
        /\b(\d{1,2}(?:st|nd|rd|th)|(?:(?:twenty|thirty)[- ])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|tenth|eleventh|twelfth|[a-z]+teenth|twentieth|thirtieth|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow) at once\b/gi,
        '$1 at one',
      )
      // "My rate of just in October", "my rate just in October": a recognizer's "adjusts" (no rate is
      // "just in" a month).
      .replace(
        /\b(rate|payment|loan|mortgage) (?:of )?just (?=in (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|(?:next|this) (?:month|year|spring|summer|fall|autumn|winter)\b)/gi,
        '$1 adjusts ',
      )
      // "I only mail you the divorce decree tonight", "I highly mail you a written estimate" (also with
      // its "I" lost), "I only email you a written estimate": a recognizer's "I'll email you".
      .replace(
        /\bI only mail you\b|(?:\bI )?\bhighly e?-?mail you\b|\bI only e-?mail you\b(?= (?:a|an|the|your|at)\b)/gi,
        "I'll email you",
      )
      // "What do you own on it now?", "how much do you still own on the house": a recognizer's "owe"
      // (what one owns is not "on" a home, nor is "what do you own it").
      .replace(
        /\b((?:what|how much) do (?:you|we|they) (?:still )?)own (?:on )?(it|the (?:house|home|place|property|loan|mortgage|condo|townhouse))\b|\b(do (?:you|we|they) (?:still )?)own on\b/gi,
        (_said, asked?: string, what?: string, plain?: string) => (asked ? `${asked}owe on ${what}` : `${plain}owe on`),
      )
      // "eight dollars a pain": no one is charged per pain, a recognizer's "pane".
      .replace(
        /\b(dollars?|bucks|\d[\d,.]*|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?) (a|per|each) pain\b/gi,
        '$1 $2 pane',
      )
      // "It's six sellers per employee": a recognizer's "dollars" before what a price is of.
      .replace(
        /\b(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty) sellers (?=(?:per|a|an|each) )/gi,
        '$1 dollars ',
      )
      // "We could start Sunday at 3 a.": a time's full stop heard as "a." (an hour "a.m." has its "m").
      .replace(/\bat (1[0-2]|[1-9]) a\.(?=\s*$|\s+[A-Z])/g, 'at $1.')
      // "I want to sign up my free kids": a recognizer's "three" (no one's kids are free).
      .replace(/\b(my|our|the|his|her) free (?=(?:kids|children|boys|girls|sons|daughters|dogs|cats)\b)/gi, '$1 three ')
      // "And you're in come.", "and your in cum": a recognizer's "And your income?" (no one is "in come").
      .replace(/\b(?:you're|you are|your) in ?(?:come|cum)(?=\s*[.?!,]|\s*$)/gi, 'your income')
      // "A 2013 Nissan Ultimate": a recognizer's "Altima" (Nissan makes no Ultima).
      .replace(/\b(Nissan) Ultima(?:te)?\b/gi, '$1 Altima')
      // "Free nights a week." answering how often: a recognizer's "three".
      .replace(
        /^(\W*)Free (?=(?:nights|days|times|mornings|evenings|afternoons|visits) (?:a|per) (?:week|month)\b)/,
        '$1Three ',
      )
      // "Our buttercream cakes are 650th slice": a price "a slice" (or a scoop, a plate, a head) run into
      // an ordinal.
      .replace(
        /\b(is|are|runs?|costs?|be) (\d{2,4})th (slice|scoop|serving|plate|head|guest|person|piece)\b/gi,
        '$1 $2 a $3',
      )
      // "My pension and social security come to about 50, 400": "fifty four hundred" written as tens
      // and hundreds apart.
      .replace(
        /\b(about|around|roughly|approximately) ([1-9])0, ([1-9])00\b(?![,.]?\d)/gi,
        (_said, about: string, tens: string, hundreds: string) => `${about} ${tens}${hundreds}00`,
      )
      // "About 160 year plus stock": a pay's "a year" with its "a" lost (not "a 30 year loan").
      .replace(
        /\b(about|around|roughly|maybe|like|make|makes|making|earn|earns|earning|gross|grosses) (\$?\d{2,3}(?:,\d{3})?k?) year\b(?!s|[- ]old|\s+(?:lease|term|loan|mortgage|fixed|contract|warranty|note|arm))/gi,
        '$1 $2 a year',
      )
      // "Papers run about 18th square foot", "It's 85th person": a price "a" square foot or person run
      // into an ordinal.
      .replace(
        /\b(is|are|runs?|costs?|be|it's|that's)( (?:about|around|roughly|only|just))? (\d{1,4})th (square (?:foot|feet)|foot|hour|night|day|week|month|person|head|guest|dog|cat|visit|lesson|session|window|unit|room)\b/gi,
        '$1$2 $3 a $4',
      )
      // "I'll text you aside by side comparison": the recognizer's "a side-by-side".
      .replace(/\baside[- ]by[- ]side\b/gi, 'a side-by-side')
      // "Can we do a video call firstly at 10.30?": "Thursday" heard as "firstly" (nothing is done
      // "firstly at" an hour).
      .replace(/\b([Ff])irstly (?=at (?:\d|noon\b))/g, () => 'Thursday ')
      // "I'd like to build about 30,000 out of the house", "we'd build the money out of the house": a
      // recognizer's "pull" (no one builds a sum out of a house).
      .replace(
        /\b([Bb])uild (?=(?:(?:about |around |roughly |maybe |some |like )?\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?|(?:the|some|our|my) (?:money|cash|equity)) out of (?:the|our|my) (?:house|home|place|property|equity)\b)/g,
        (_said, b: string) => `${b === 'B' ? 'P' : 'p'}ull `,
      )
      // "It's 50 to a night per dog": "fifty two a night", its "two" heard as "to" (not "from 40 to 50", "50
      // to a day camp").
      .replace(
        /(?<!\bfrom \$?\d[\d,.]*\s)\b([1-9]0) to (?=(?:a|an|per) (?:night|hour|day|week|month|person|head|guest|dog|cat|pet|kid|child|lesson|session|class|visit|walk|window|room)\b(?=\s*(?:[,.!?;]|$|per\b|for\b|each\b|and\b|plus\b)))/gi,
        (_said, tens: string) => `${Number(tens) + 2} `,
      )
      // "30 minute lessons are 30 to each": a price's "thirty two" with its "two" heard as "to".
      .replace(/\b([1-9]0) to each\b/gi, (_said, tens: string) => `${Number(tens) + 2} each`)
      // "In the prices to 97": "and the price is two ninety seven", its "is two" heard as "s to".
      .replace(
        /(?<!\b(?:cut|cuts|dropped|drops|lowered|lowers|raised|raises|brought|bring) (?:our |the |their |all )?)\b([Pp])rice(?:s|'s| is) to \$?([1-9]\d)\b(?!\s*(?:%|percent|dollars|bucks)|[.,]\d)/g,
        '$1rice is 2$2',
      )
      // "Half our lessons are 38": a "half-hour" heard as "half our" before a price said of the things.
      .replace(
        /\b([Hh])alf our (?=(?:lessons|sessions|classes|massages|appointments|slots|visits|walks|rides|consultations)\b (?:are|is|cost|costs|run|runs) \$?\d)/g,
        (_said, h: string) => `${h}alf-hour `,
      )
      // "Our author on the townhouse got accepted": a recognizer's "offer" (no author is "on" a home).
      .replace(
        /\b(our|my|an|the|their) author (?=(?:on|for) (?:a|an|the|that|this|our|my) (?:[a-z-]+ )?(?:house|home|place|condo|townhouse|townhome|property|duplex|cabin)\b)/gi,
        '$1 offer ',
      )
      // "We've found a 4-bedroom colonial list at 649": a home's "listed at" heard without its ending.
      .replace(
        /\b(home|house|condo|colonial|ranch|townhouse|townhome|duplex|cabin|cottage|bungalow|property|place|one) list (at|for) (?=\$?\d)/gi,
        '$1 listed $2 ',
      )
      // "Would you lie there?": a lender's "live there" (no one is asked to lie in a house they buy).
      .replace(/\b(would|will|do|are) you (?:lie|lied) there\b/gi, '$1 you live there')
      // "Sessions are in hour": a recognizer's "an hour".
      .replace(/\b(is|are|was|were|for|about|takes?|runs?|lasts?) in hour\b/gi, '$1 an hour')
      // "94 the two of you": "ninety for the two of you", its "for" run into the figure.
      .replace(
        /\b([2-9])4 the (?=(?:(?:two|three|four|both) of (?:you|us)|couple|pair|group|family)\b)/g,
        '$10 for the ',
      )
      // "run about to 20", "they're asking to 89.9", "they are asking to seventy-four-nine": a price's
      // "two" of "two twenty" (or of 274,900 said in words) heard as "to".
      .replace(
        /\b(runs?|about|around|roughly|costs?|it's|that's|asking|asks|wants?) to (?:\$?([1-9]\d)\b(?!\s*(?:%|percent|people|persons|guests|minutes|hours|days|weeks|years|miles|feet|of)\b)|(?=(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](?:one|two|three|four|five|six|seven|eight|nine)[- ](?:one|two|three|four|five|six|seven|eight|nine)\b))/gi,
        (_said, verb: string, tens?: string) => (tens ? `${verb} 2${tens}` : `${verb} two `),
      )
      // "We're at 6.9930 year": "6.9 on a 30 year", its "on a" lost and the term run into the rate (no
      // rate has four decimals, and nothing else is a decimal of years).
      .replace(
        /\b(\d{1,2}\.\d{1,3}?)(10|15|20|25|30|40)([- ])year\b/g,
        (_said, rate: string, term: string, dash: string) => `${rate} on a ${term}${dash}year`,
      )
      // "My sheep a doodle": the breed said as it sounds, "sheep-a-doodle".
      .replace(/\b([Ss]heep) a doodle\b/g, '$1adoodle')
      // "Boarding for R2Cats": a recognizer's "our two" run into the thing counted.
      .replace(/\bR2 ?(?=[A-Za-z]+s\b)/g, 'our two ')
      // "Base pay his around 61,000 a year": a recognizer's "is" after what a figure is of.
      .replace(
        /\b(pay|salary|income|wage|rate|price|payment|balance|budget) his (?=(?:about |around |roughly |only |just |like )?\$?\d)/gi,
        '$1 is ',
      )
      // "The neighbors' place sold for 400 and hours is about the same": a recognizer's "ours" (no
      // plural "hours" takes "is" straight after a joiner).
      .replace(/\b(and|but|so|while|whereas) hours is\b/gi, '$1 ours is')
      // "Is the US alone still available?", "a US alone": the program's "USDA loan" heard as two words
      // (not "the US alone has fifty states").
      .replace(
        /\b(?:(is|about|for|into|do|does|with|try|through|use|get|getting|doing|qualify for) the|an?) U\.?S\.? alone\b/gi,
        (_said, asked?: string) => (asked ? `${asked} the USDA loan` : 'a USDA loan'),
      )
      // "Someone told me about us alone", with no article: the same, after a verb of hearing or asking
      // (not "a house for us alone").
      .replace(
        /\b(told (?:me|us) about|heard about|asking about|asked about|qualify for|apply for) us alone\b/gi,
        '$1 the USDA loan',
      )
      // "Out past the county line where the US alone's work", "the us balloons work": the program's "USDA
      // loans" heard apart.
      .replace(
        /\bthe U\.?S\.? (?:alone'?s|balloons)(?= (?:work|are|would|will|could|can|might|apply|cover|go)\b)/gi,
        'the USDA loans',
      )
      // "I make 22-50 every two weeks": a pay said as pairs, "twenty two fifty", with a hyphen between
      // them (a range of pay is said by the hour or the day, not by the paycheck or the month).
      .replace(
        /\b(make|makes|made|earn|earns|earned|clear|clears|gross|grosses|net|nets|bring home|take home|get paid|paid) (about |around |roughly )?([1-9]\d)-(\d\d)\b(?!-)(?= (?:every (?:two|2|other) weeks?|(?:a|per|each) (?:paycheck|month)|bi-?weekly|twice a month)\b)/gi,
        '$1 $2$3$4',
      )
      // "Yes, through Dell to dental": the insurer Delta Dental, its "Delta" heard as two words.
      .replace(/\bDell? to [Dd]ental\b/g, 'Delta Dental')
      // "Seller once 345": a recognizer's "wants" (nothing is done "once" a figure).
      .replace(/\b(sellers?|owners?|they|he|she) once (?=\$?\d)/gi, '$1 wants ')
      // "Wednesday V 11": a recognizer's "the" before a day of the month.
      .replace(/\b((?:mon|tues|wednes|thurs|fri|satur|sun)day),? V (?=\d{1,2}(?:st|nd|rd|th)?\b)/gi, '$1 the ')
      // "Weed live there, my husband and I.": a recognizer's "We'd" opening a sentence.
      .replace(/(^|[.!?]\s+)Weed (?=live|like|love|need|want|be|have|prefer|rather)\b/g, "$1We'd ")
      // "Fun, now old is the birthday girl.": a recognizer's "how" before what a question measures.
      .replace(
        /\b([Nn])ow (old|many|much|long|big|far|soon|often) (?=(?:is|are|was|were|do|does|did|would|will|should|can|could)\b)/g,
        (_said, n: string, measure: string) => `${n === 'N' ? 'H' : 'h'}ow ${measure} `,
      )
      // "Around 2.41,000": "two forty one thousand" with a point a recognizer put inside it (no time or
      // price in cents is followed by ",000").
      .replace(/(?<![\d.,])([1-9])\.(\d\d),000\b/g, '$1$2,000')
      // "I'll be a living there with my son": a recognizer's "a" inside "be living" (no one is "a living").
      .replace(/\bbe a (living|staying) (?=there\b|here\b|in\b)/gi, 'be $1 ')
      // "We bought our house for years ago": a recognizer's "four" (nothing is done "for years ago").
      .replace(/\bfor (years|months) ago\b/gi, 'four $1 ago')
      // "After noon, Raleigh, …": a recognizer's "Afternoon" greeting split in two (no time opens a
      // sentence with a comma after it).
      .replace(/(^|[.!?]\s+)(Good )?([Aa])fter noon(?=,)/g, '$1$2$3fternoon')
      // "The house is too stories", "we have too dogs": "too" never stands before a count of things;
      // it is a recognizer's "two".
      .replace(
        /\b([Tt])oo (?=(?:stories|floors|levels|bedrooms|bathrooms|baths|rooms|kids|children|dogs|cats|cars|trucks|people|guests|adults|units|windows|doors|acres|trees|sessions|lessons|nights)\b)/g,
        (_said, t: string) => `${t}wo `,
      )
      // "Parties run to hours": after a verb of lasting, "to" before a unit of time is a recognizer's "two".
      .replace(/\b(runs?|lasts?|takes?|for|about|around) to (hours|days|weeks|minutes|nights)\b/gi, '$1 two $2')
      // "I all have them to you by Friday", "we all be there": a recognizer's "I'll", "we'll" ("we all
      // have" stays: it is English).
      .replace(/\b(I) all (?=[a-z])/g, "$1'll ")
      .replace(/\b([Ww]e) all be\b/g, "$1'll be")
      // "A split level listed at …, real live there, my son and I.": a recognizer's "we'll live there"
      // (not "a real live band": "real" opens the clause and a place follows).
      .replace(
        /(^|[.,;!?]\s+)([Rr])eal live (?=there\b|here\b|in (?:it|there|the)\b)/g,
        (_said, lead: string, r: string) => `${lead}${r === 'R' ? 'W' : 'w'}e'll live `,
      )
      .replace(/\b(equity|credit)\s+align\b/gi, '$1 a line')
      .replace(/\b([Aa])lign(?= of\b)/g, '$1 line')
      .replace(/\bday eight(?=\s*\?)/gi, 'date')
      // "the day after tomorrow add ten": after a day, a recognizer's "add" before an hour is "at".
      .replace(
        /\b(today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+add\s+(?=\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)\b)/gi,
        '$1 at ',
      )
      // "forty two and our, full time", "1750 and hour": a pay "an hour" as a recognizer hears it.
      .replace(
        /\b(\d[\d,.]*|[a-z]+(?:[\s-][a-z]+)?) (?:and|an) (?:our|hour)\b(?=\s*(?:[,.!?]|$|full|part|before|after|plus|with))/gi,
        (said, figure: string) => {
          const last = figure.split(/[\s-]/).pop()!.toLowerCase();
          return /^\d/.test(figure) || last in UNITS || last in TENS ? `${figure} an hour` : said;
        },
      )
      // "I drive a bus, 31-hour full-time": a pay said "an hour" with the "an" lost, before whether
      // the work is full or part time (hours worked are said with an article: "a 40-hour week").
      .replace(
        /(?<!\b(?:a|an|the|my|our|his|her|their|per)\s)\b(\d{1,3}(?:\.\d\d)?)[- ]hour\b(?=,?\s+(?:full|part)[- ]time\b)/gi,
        '$1 an hour',
      )
      // "That's NFHA renovation loan": a recognizer's "an FHA" run together.
      .replace(/\bNFHA\b/g, 'an FHA')
      // "We were thinking of H.A.": "F-H-A" heard as "of H.A." (no one thinks "of H.A." otherwise).
      .replace(/\bof H\.\s?A\.(?=\s+[A-Z]|\s*$)/g, 'FHA.')
      .replace(/\bof H\.\s?A\b\.?/g, 'FHA')
      // "Connor's home landing": a lender's name, a recognizer's "lending" (nothing lands at home).
      .replace(/\b([Hh])ome ([Ll])anding\b/g, (_said, h: string, l: string) => `${h}ome ${l === 'L' ? 'L' : 'l'}ending`)
      // "Call me back anytime after 4th, thanks.": an hour heard as an ordinal (no day is "after 4th").
      .replace(
        /\b((?:any ?time )?(?:after|before) )([1-9]|1[0-2])(?:st|nd|rd|th)\b(?=\s*(?:[,.!?;]|$|today\b|tonight\b|tomorrow\b|thanks\b|o'clock\b|[ap]\.?m\b))/gi,
        '$1$2',
      )
      // "Okay, I hold drop it off tomorrow": a recognizer's "I'll" before a verb ("I hold" takes a thing).
      .replace(
        /\bI hold (?=(?:drop|send|bring|email|e-mail|mail|text|call|pick|get|have|swing|stop|come|fill|sign|scan|fax|upload|forward)\b)/gi,
        "I'll ",
      )
      // "The balance is 205 the band could praise it at 340", "we owe 195 ended a praise for 320": a
      // recognizer's "appraised".
      .replace(
        /\b(?:(?:could |had |have )?praised? (?=(?:it|the (?:house|home|place|property|condo)) (?:at \$?\d|for \$?\d{3}))|a praise (?=(?:at|for) \$?\d{3}\b))/gi,
        'appraised ',
      )
      // "I'm buying a 4plex to rent out": a recognizer's "fourplex".
      .replace(
        /\b([234])[- ]?plex(es)?\b/gi,
        (_said, units: string, plural?: string) =>
          `${({ '2': 'duplex', '3': 'triplex', '4': 'fourplex' } as Record<string, string>)[units]}${plural ?? ''}`,
      )
      // "My neighbor just refinanced at 6": a rate, not an hour, after a loan refinanced or locked.
      .replace(
        /\b((?:refinanced|refied|refi'd|locked(?: in)?|locked it in) at (?:[1-9]|1[0-2]|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?:\.\d{1,3})?)\b(?!\s*(?:%|percent|am\b|pm\b|a\.m|p\.m|o'clock|in the|and|point))/gi,
        '$1 percent',
      )
      // "We need about 100 and 80 feet of fence": a recognizer's "a hundred and eighty" (not "between 100 and 80"),
      // and "100 and 5000" its "a hundred and five thousand".
      .replace(
        /(?<!\b(?:between|from|of)\s)\b([1-9])00 and ([1-9]\d?)(,?000)?\b(?![,.]?\d|\s*(?:and|or|to|percent|%)\b)/gi,
        (_said, hundreds: string, rest: string, thousand?: string) =>
          String((Number(hundreds) * 100 + Number(rest)) * (thousand ? 1000 : 1)),
      )
      // "I'll get you a pretty approval letter": a recognizer's "pre-approval".
      .replace(/\b([Pp])retty approval\b/g, '$1re-approval')
      // "I want to use my Valon": a recognizer's "VA loan".
      .replace(/\b([Mm]y|[Oo]ur|[Tt]he|[Aa]) Valon\b/g, '$1 VA loan')
      // "Can we meet thirsty the second": a recognizer's "Thursday" before a day of the month.
      .replace(
        /\b([Tt])hirsty (?=(?:the )?(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|[a-z]+teenth|twentieth|thirtieth|twenty[- ][a-z]+)\b)/g,
        (_said, t: string) => `${t === 'T' ? 'T' : 't'}hursday `,
      )
      // "31n hour full time": a pay "an hour" run into its figure.
      .replace(/\b(\d{1,3}(?:\.\d\d)?)n hour\b/g, '$1 an hour')
      // "last year I made one, oh, four": a figure read digit by digit, the recognizer's commas between.
      .replace(
        /\b(one|two|three|four|five|six|seven|eight|nine), oh, (one|two|three|four|five|six|seven|eight|nine)\b/gi,
        '$1 oh $2',
      )
      // "runs about 38 feet installed": a price "a foot" the recognizer heard as a length.
      .replace(
        /\b((?:runs?|costs?|is|are|be|at) (?:about |around |roughly |just )?\$?\d[\d.]*) feet(?= installed\b)/gi,
        '$1 a foot',
      )
      // "we have an FAA loan": no aviation agency lends on homes, the recognizer's "FHA".
      .replace(/\bFAA(?= (?:loans?|mortgages?|refi\w*|streamline)\b)/g, 'FHA')
      // "a 203 K alone", "a 203 K-lone", "an FHA alone": the program's "loan" heard as "alone".
      .replace(/\b203[- ]?\(?[Kk]\)?[- ]?a?lone\b/g, '203k loan')
      .replace(/\b(FHA|VA|USDA|203k) alone\b/g, '$1 loan')
      // "Highly email you a list": at a sentence's start before a verb, a recognizer's "I'll".
      .replace(
        /(^|[.!?]\s+)Highly (?=(?:e-?mail|send|call|text|get|have|put|run|follow|reach|mail|look|check|set)\b)/g,
        "$1I'll ",
      )
      // "you're looking at about 40 to 100": "forty two hundred" (4,200) as a recognizer splits it,
      // after words that give a figure (a range is said "from 40 to 100", "between …").
      .replace(
        /\b(about|around|roughly|approximately|looking at|it's|that's|is|be|comes? to|runs?|costs?)( (?:about |around |roughly )?)([2-9])0 (?:to|too) (?:100|hundred)\b(?!\s*(?:people|guests|persons|miles|percent|%|feet|pounds|units|items|hours|days|minutes|years))/gi,
        (_said, lead: string, hedge: string, tens: string) => `${lead}${hedge}${tens}200`,
      )
      // "Tuesday, the 31st at 10th.": after a date, "at" an hour the recognizer gave an ordinal's ending.
      .replace(
        /(\b(?:the )?\d{1,2}(?:st|nd|rd|th),? at (?:1[0-2]|[1-9]))th\b(?!\s+(?:street|st\b|avenue|ave\b|floor))/gi,
        '$1',
      )
      // "we have 9 employs": after a count, a recognizer's "employees".
      .replace(
        /\b(\d+|[a-z]+teen|[a-z]+ty|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) employs\b/gi,
        '$1 employees',
      )
      // "Would it be your phone?", "what's the phone worth?": in a lender's question, a recognizer's "home".
      .replace(/\b((?:would|will|is) (?:it|this|that) be your) phone(?=\s*\?)/gi, '$1 home')
      .replace(/\b(the|your|my|our) phone(?= worth\b)/gi, '$1 home')
      // "next to the at nine works": a recognizer's "next Tuesday" before a time.
      .replace(/\bnext to the(?= at\b)/gi, 'next Tuesday')
      // "Could we go over the numbers thirsty at 230?": a recognizer's "Thursday" before a time.
      .replace(/\bthirsty(?=,? (?:at|morning|afternoon|evening|works|is fine|would work)\b)/gi, 'Thursday')
      // "so about 13 20 before tax": a sum said as two pairs, written apart (a first pair past 12 is no hour).
      .replace(
        /\b(about|around|roughly|so|is|be)\s+(1[3-9]|[2-9]\d) ([1-9]\d)\b(?=\s+(?:before tax|plus tax|total|all in|dollars)\b|\s*[.,!?]|\s*$)/gi,
        '$1 $2$3',
      )
      // "Neontide Entertainment, Jericho Speeding.": a name's "speaking" as a recognizer hears it.
      .replace(/(\b[A-Z][a-z]+,? )[Ss]peeding(?=\s*(?:[.,!]|$))/g, '$1speaking')
      // "my Val-Lone", "Valloan", "Liberty Valoans": a recognizer's "VA loan" written as one word.
      .replace(/\b[Vv]al+[- ]?(?:[Ll]one|[Ll]oan)(s?)\b/g, 'VA loan$1')
      // "an FH alone": a recognizer's "an FHA loan".
      .replace(/\bFH a ?lone\b/g, 'FHA loan')
      // "about four-hundred", "right around two-sixty": number words a recognizer joined with a hyphen.
      .replace(HYPHENATED_NUMBER_WORDS, '$1 ')
      // "In a structural engineer at Rask Kilbride", ", in a veterinary technician at …", "Him and
      // aircraft mechanic at Tradewind Aviation": a recognizer's "I'm a(n)" before a job and where it is done.
      .replace(HEARD_IN_FOR_I_AM, (said, lead: string, article: string, job: string) =>
        NOT_A_JOB.test(job)
          ? said
          : // An acronym keeps the article heard ("an HVAC technician").
            `${lead}I'm ${/^[A-Z]{2,}\b/.test(job) && /^an?$/.test(article) ? article : /^[aeiou]/i.test(job) ? 'an' : 'a'} ${job}`,
      )
      // "Yes, me and the kids in a pharmacist at Brandsburg Drug": mid-sentence too, its full stop lost,
      // before a word that can only be a job (one ending "-ist" or "-ian", a nurse, a tech).
      .replace(
        /\b(?!(?:work|works|worked|working|live|lives|lived|living|is|are|was|were|be|been|being|stay|stays|stayed|met|meet|seen|saw)\b)([a-z]+) in (?:an?|the) ((?:[a-z-]+ ){0,2}?(?:[a-z]+(?:ist|ian)|nurse|tech))(?= (?:at|for|with) [A-Z])/g,
        (_said, before: string, job: string) => `${before}. I'm ${/^[aeiou]/i.test(job) ? 'an' : 'a'} ${job}`,
      )
      // "Thursday at 7.30 and the evening": after a time, a recognizer's "and the" is "in the".
      .replace(/(\b\d{1,2}(?:[:.]\d\d)?\s*)and the (morning|afternoon|evening|night)\b/gi, '$1in the $2')
      // "a friend said FH is easier to get": "FH" is no word, the recognizer cut FHA.
      .replace(/\bFH\b(?!-)/g, 'FHA')
      // "a three-bedroom to bath": a home's bathrooms counted after its bedrooms, "two" heard as "to".
      .replace(/\b(bedrooms?|bed|br)(,?) to (?=(?:baths?|bathrooms?)\b)/gi, '$1$2 two ')
      // "we'd like to rooms for three nights": after a verb of wanting or having, "to" before a plural
      // noun is a recognizer's "two" ("to windows", "to customers" after any other word stay).
      .replace(
        /\b(like|love|need|want|have|had|get|got|book|reserve|take|rent|order|buy) to ([a-z]+(?<!ss|us|is|as)s)\b/gi,
        '$1 two $2',
      )
      // "It's too 50": a price's "too" before a pair of digits is a recognizer's "two" of "two fifty".
      .replace(/\b(it's|that's|is|was|be|costs?|runs?|for|about|around|just|only) too ([1-9]\d)\b/gi, '$1 2$2')
      // "a dispatcher for the city of Brookhaven": a city's, county's or town's name is written as a name.
      .replace(
        /\b(city|county|town|state|village) of (?=[A-Z][a-z])/g,
        (_said, kind: string) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)} of `,
      )
      // "Wednesday at free is perfect": after "at" before a time's end, "free" is a three.
      .replace(
        /\bat free\b(?=\s*(?:[.,!?]|$)|\s+(?:o'?clock|pm|am|p\.m|a\.m|is|works|sharp|then|thirty|fifteen|forty|on|tomorrow|today)\b)/gi,
        'at three',
      )
  );
}

/**
 * "A dollar twenty a square foot", "two dollars and fifty cents", "3 dollars 50 a month": dollars and
 * their cents as one written price ($1.20, $2.50, $3.50), not two numbers.
 */
function dollarsAndCents(text: string): string {
  const whole = (said: string) => (/^(?:a|one)$/i.test(said) ? '1' : said);
  return text
    .replace(
      /\b(a|one|\d{1,3}) dollars? (?:and )?(\d{1,2}) cents?\b/gi,
      (_said, dollars: string, cents: string) => `$${whole(dollars)}.${cents.padStart(2, '0')}`,
    )
    .replace(
      /\b(a|one|\d{1,3}) dollars? (?:and )?([1-9]\d)\b(?![.,:]?\d|\s*(?:%|percent|cents?|dollars?|minutes?|hours?|days?|weeks?|months?|years?|times|people|of)\b)/gi,
      (_said, dollars: string, cents: string) => `$${whole(dollars)}.${cents}`,
    );
}

/** All normalizations in the order they depend on each other (emails before numbers: "john2 at …"). */
export function normalizeSpokenForms(text: string): string {
  return normalizeTimes(
    dollarsAndCents(
      normalizeNumbers(
        normalizeDecimalsAndOrdinals(
          joinSpokenAtWrittenDomain(normalizeEmails(joinSplitAmounts(fixRecognizerSlips(text)))),
        ),
      ),
    ),
  );
}
