/**
 * Day phrases the date parser (chrono) misreads or does not read, rewritten to explicit dates
 * before it parses: "a week from Monday", "two weeks from today", "the fifth", "Friday the
 * twelfth", "the Monday after Thanksgiving". Days are counted in the call's own offset from when
 * it was recorded, always forward (a meeting is arranged for later).
 */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
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
/** A day of the month as an ordinal, for matching only: "9th", "ninth" (the spoken-form rules write "twenty second" as "22nd"). */
export const ORDINAL_DAY = `\\d{1,2}(?:st|nd|rd|th)|${Object.keys(ORDINAL_WORDS).join('|')}`;
const COUNT_WORDS: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
};
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A calendar day in the call's offset (UTC fields hold the local date). */
interface Day {
  year: number;
  month: number; // 0-11
  date: number;
}

function localDay(instant: Date, offsetMinutes: number): Day {
  const local = new Date(instant.getTime() + offsetMinutes * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), date: local.getUTCDate() };
}
const toUtc = (day: Day) => new Date(Date.UTC(day.year, day.month, day.date));
const fromUtc = (date: Date): Day => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  date: date.getUTCDate(),
});
const addDays = (day: Day, days: number) => fromUtc(new Date(toUtc(day).getTime() + days * 86_400_000));
const weekdayOf = (day: Day) => toUtc(day).getUTCDay();
/** Written so chrono reads it as one date: "January 5 2027". */
const written = (day: Day) =>
  `${MONTHS[day.month]![0]!.toUpperCase()}${MONTHS[day.month]!.slice(1)} ${day.date} ${day.year}`;

/** The next given weekday after `from` ("this Thursday" on a Thursday is a week on: the call is about later). */
function nextWeekday(from: Day, weekday: number, includeToday = false): Day {
  const ahead = (weekday - weekdayOf(from) + 7) % 7;
  return addDays(from, ahead === 0 && !includeToday ? 7 : ahead);
}

/** The next day numbered `date` after `from` (this month if still ahead, else the next). */
function nextDayOfMonth(from: Day, date: number): Day | null {
  for (let months = 0; months < 3; months++) {
    const candidate = new Date(Date.UTC(from.year, from.month + months, date));
    if (candidate.getUTCDate() !== date) continue; // no 31st in this month
    if (candidate.getTime() > toUtc(from).getTime()) return fromUtc(candidate);
  }
  return null;
}

/** The n-th given weekday of a month ("the first Monday in October"). */
function nthWeekdayOf(year: number, month: number, weekday: number, n: number): Day {
  const first = { year, month, date: 1 };
  return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
}
/** The last given weekday of a month ("the last Friday of the month"). */
function lastWeekdayOf(year: number, month: number, weekday: number): Day {
  const end = fromUtc(new Date(Date.UTC(year, month + 1, 0)));
  return addDays(end, -((weekdayOf(end) - weekday + 7) % 7));
}

/** US holidays people arrange around, in a given year. */
function holiday(name: string, year: number): Day | null {
  const nth = (month: number, weekday: number, n: number) => nthWeekdayOf(year, month, weekday, n);
  const last = (month: number, weekday: number) => lastWeekdayOf(year, month, weekday);
  switch (name) {
    case 'thanksgiving':
      return nth(10, 4, 4);
    case 'christmas':
      return { year, month: 11, date: 25 };
    case "new year's":
    case 'new years':
    case 'new year':
      return { year, month: 0, date: 1 };
    case 'labor day':
      return nth(8, 1, 1);
    case 'memorial day':
      return last(4, 1);
    case 'the fourth':
    case 'the fourth of july':
    case 'july 4th':
    case 'independence day':
      return { year, month: 6, date: 4 };
    default:
      return null;
  }
}

function nextHoliday(name: string, from: Day): Day | null {
  for (const year of [from.year, from.year + 1]) {
    const day = holiday(name, year);
    if (day && toUtc(day).getTime() >= toUtc(from).getTime()) return day;
  }
  return null;
}

const WEEKDAY = `(${WEEKDAYS.join('|')})`;
const ORDINAL = `(\\d{1,2})(?:st|nd|rd|th)|(${Object.keys(ORDINAL_WORDS).join('|')})`;
/** An ordinal or a bare number up to two digits: the number in group 1, the word in group 2 (read with `ordinalValue`). */
export const ORDINAL_OR_BARE_DAY = `(\\d{1,2})(?:st|nd|rd|th)?|(${Object.keys(ORDINAL_WORDS).join('|')})`;
const HOLIDAY = "(thanksgiving|christmas|new year'?s?|labor day|memorial day|independence day|the fourth of july)";

export function ordinalValue(digits: string | undefined, word: string | undefined): number {
  return digits ? Number(digits) : ORDINAL_WORDS[word!.toLowerCase()]!;
}

// The day phrases resolveDayPhrases reads, built once (it runs on every sentence of a call).
const WEEKDAY_NEAR_HOLIDAY = new RegExp(`\\b(?:the\\s+)?${WEEKDAY}\\s+(after|before)\\s+${HOLIDAY}`, 'gi');
const NTH_WEEKDAY_OF_MONTH = new RegExp(
  `\\b(?:on\\s+)?(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+${WEEKDAY}\\s+(?:in|of)\\s+(?:(${MONTHS.join('|')})|(?:the|this)\\s+month|(next)\\s+month)\\b`,
  'gi',
);
const COUNT_FROM_ANCHOR = new RegExp(
  `\\b(?:(a|one|the(?=\\s+week\\b)|two|three|four|five|six|[1-6])\\s+)?(weeks?|days?)\\s+from\\s+(?:(?:this|next)\\s+)?(today|tomorrow|now|${WEEKDAY.slice(1, -1)})\\b`,
  'gi',
);
const WEEKDAY_AFTER_NEXT = new RegExp(`\\b(?:(?:on\\s+)?(?:the|a)\\s+)?${WEEKDAY}\\s+after\\s+next\\b`, 'gi');
const WEEKDAY_THE_ORDINAL = new RegExp(`\\b${WEEKDAY},?\\s+the\\s+(?:${ORDINAL_OR_BARE_DAY})\\b(?![.:,]\\d)`, 'gi');
const WEEKDAY_ORDINAL = new RegExp(`\\b${WEEKDAY},?\\s+(?!(?:first|second)\\b)(?:${ORDINAL})\\b(?![.:,]\\d)`, 'gi');
const TODAYS_WEEKDAY_ALONE = new RegExp(
  `(?<!\\b(?:next|last|since|every|past|each|from|until|till|today|tonight),?\\s+)\\b(?:(?:this|on)\\s+)?${WEEKDAY}\\b(?!s\\b|'s\\b|,?\\s+(?:(?:after|before|today|tonight|the|${MONTHS.join('|')})\\b|\\d))`,
  'gi',
);
const THE_ORDINAL_DAY = new RegExp(
  `(?<!(?:${MONTHS.join('|')})\\s*)\\b(?:on\\s+)?the\\s+(?:${ORDINAL})\\b(?!\\s+(?:of\\s+(?:${MONTHS.join('|')})|floor|time|one|row|street|avenue|place))`,
  'gi',
);

/** Rewrites the day phrases of one sentence to explicit dates, relative to when the call was recorded. */
export function resolveDayPhrases(text: string, recordedAt: Date, offsetMinutes: number): string {
  const today = localDay(recordedAt, offsetMinutes);
  return (
    text
      // chrono reads "the day after tomorrow at 2:30" in UTC, not in the call's offset.
      .replace(/\b(?:the\s+)?day after tomorrow\b/gi, () => `on ${written(addDays(today, 2))}`)
      // "the Monday after Thanksgiving", "the Friday before Christmas"
      .replace(WEEKDAY_NEAR_HOLIDAY, (whole, weekday: string, relation: string, name: string) => {
        const day = nextHoliday(name.toLowerCase().replace(/^the fourth of july$/, 'the fourth of july'), today);
        if (!day) return whole;
        const target = WEEKDAYS.indexOf(weekday.toLowerCase());
        const shifted =
          relation.toLowerCase() === 'after'
            ? nextWeekday(day, target)
            : addDays(day, -((weekdayOf(day) - target + 7) % 7 || 7));
        return `on ${written(shifted)}`;
      })
      // "the first Monday in October", "the last Friday of the month", "the second Tuesday of next
      // month": the first such day not before today (this month's, else the next month's or year's).
      .replace(NTH_WEEKDAY_OF_MONTH, (_whole, ordinal: string, weekday: string, monthName?: string, next?: string) => {
        const target = WEEKDAYS.indexOf(weekday.toLowerCase());
        const n = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 }[
          ordinal.toLowerCase()
        ];
        const dayIn = (year: number, month: number) =>
          n ? nthWeekdayOf(year, month, target, n) : lastWeekdayOf(year, month, target);
        const notBefore = (day: Day) => toUtc(day).getTime() >= toUtc(today).getTime();
        let day: Day;
        if (monthName) {
          const month = MONTHS.indexOf(monthName.toLowerCase());
          day = dayIn(today.year, month);
          if (!notBefore(day)) day = dayIn(today.year + 1, month);
        } else {
          const thisMonth = dayIn(today.year, today.month);
          const following = (offset: number) =>
            dayIn(today.year + Math.floor((today.month + offset) / 12), (today.month + offset) % 12);
          day = next ? following(1) : notBefore(thisMonth) ? thisMonth : following(1);
        }
        return `on ${written(day)}`;
      })
      // "a week from Monday", "two weeks from this Thursday", "three weeks from today", "a week from tomorrow"
      .replace(COUNT_FROM_ANCHOR, (whole: string, count: string | undefined, unit: string, anchor: string) => {
        // "a demo week from Monday": a recognizer dropped the "a"; a count is needed for anything else.
        if (!count && unit.toLowerCase() !== 'week') return whole;
        const lower = anchor.toLowerCase();
        const base =
          lower === 'today' || lower === 'now'
            ? today
            : lower === 'tomorrow'
              ? addDays(today, 1)
              : nextWeekday(today, WEEKDAYS.indexOf(lower));
        // "The week from Tuesday" is a recognizer's "a week from Tuesday".
        const days = (COUNT_WORDS[(count ?? 'a').toLowerCase()] ?? 1) * (/^week/i.test(unit) ? 7 : 1);
        return `on ${written(addDays(base, days))}`;
      })
      // "the Friday after next": not the coming Friday but the one a week after it.
      .replace(
        WEEKDAY_AFTER_NEXT,
        (_whole, weekday: string) =>
          `on ${written(addDays(nextWeekday(today, WEEKDAYS.indexOf(weekday.toLowerCase())), 7))}`,
      )
      // "Friday the twelfth", "Tuesday the 3rd", and "Friday the 8" (a recognizer's, its "th" dropped)
      .replace(WEEKDAY_THE_ORDINAL, (whole, _weekday: string, digits?: string, word?: string) => {
        const day = nextDayOfMonth(today, ordinalValue(digits, word));
        return day ? `on ${written(day)}` : whole;
      })
      // "Wednesday 8th at 11", "Friday twelfth": the same with "the" lost (not "Friday first thing",
      // "Monday second shift": "first" and "second" there are no days).
      .replace(WEEKDAY_ORDINAL, (whole, _weekday: string, digits?: string, word?: string) => {
        const day = nextDayOfMonth(today, ordinalValue(digits, word));
        return day ? `on ${written(day)}` : whole;
      })
      // "Can we do Wednesday at five?" said on a Wednesday: today is said "today"; the weekday named is
      // next week's (not "next Wednesday", which the parser reads, nor "last" or "since Wednesday", nor
      // one with its date: "Wednesday, January 14").
      .replace(TODAYS_WEEKDAY_ALONE, (whole, weekday: string) =>
        WEEKDAYS.indexOf(weekday.toLowerCase()) === weekdayOf(today) ? `on ${written(addDays(today, 7))}` : whole,
      )
      // "on the fifth", "the 21st" (not "the fifth floor", not after a month name, which chrono reads)
      .replace(THE_ORDINAL_DAY, (whole, digits?: string, word?: string) => {
        const value = ordinalValue(digits, word);
        if (value < 1 || value > 31) return whole;
        const day = nextDayOfMonth(today, value);
        return day ? `on ${written(day)}` : whole;
      })
  );
}
