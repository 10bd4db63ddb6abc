import * as chrono from 'chrono-node';
import { formatInOffset } from '../../../lib/time';
import {
  byAgent,
  evidenceOfSentences,
  isOtherSpeaker,
  precedingTurn,
  type CallText,
  type Sentence,
} from '../core/callText';
import type { DetectedActions, DetectedAppointment, DetectedTask } from '../engine';
import { parseNumberWords } from '../core/spokenForm';
import { MONTHS, ORDINAL_DAY, WEEKDAYS, resolveDayPhrases } from './dayPhrases';
import { PRICE_IN_CLAUSE_BEFORE_AT, datesIn, emailsIn } from './values';
import { dayInOffset } from '../../../lib/time';
import { escapeRegex } from '../../../lib/regex';

/**
 * Action detection of the embedded engine: the tasks someone took on in the call, and the
 * appointments agreed, each with the quotes it rests on. Dates are read relative to when the call
 * was recorded, in its UTC offset ("next Tuesday at 3 pm" in a call of 2026-03-10 at -05:00 is
 * 2026-03-17T15:00:00-05:00).
 */

/** "Please sign and send back your disclosures": a form completed and returned is one task. */
const COMPLETE_AND_RETURN =
  '(?:sign|complete|fill out|print|initial)\\s+and\\s+(?:send|return|email|e-mail|mail|fax|upload|scan|bring|drop off)(?:\\s+(?:back|over|in))?';
const DELIVERY_VERBS =
  COMPLETE_AND_RETURN +
  '|send|email|e-mail|mail|forward|share|text|fax|upload|sign|process|submit|cancel|set up|fill out|fill (?:it|them|this|that|those) (?:out|in)|pick (?:it|them|this|that|those) up|pick up|drop (?:it|them|this|that|those) off|move|clear|unlock|leave|bring|provide|gather|prepare|get|scan|drop off|return|have|remove|put|add|order|apply|credit|refund|waive|update|adjust';
/** Verbs done to the customer's account rather than delivered to them: "I'll waive the fee", "I'll set up a trial". */
const ACCOUNT_VERBS = /^(?:apply|credit|refund|waive|update|adjust|set up)$/;
/** Whom a business sends to the customer: "a tech", "our plumber", "the crew". */
const VISITOR =
  '(?:technician|tech|plumber|crew|installer|inspector|electrician|estimator|appraiser|driver|movers?|cleaners?|team|guy)s?';
/** "(put) that in a proposal", "(put) it all into an email": the document is the thing delivered. */
const PUT_IN_A_DOCUMENT =
  /^(?:it|that|this|them|those|everything|all (?:of )?(?:it|that|this))(?:\s+all)?\s+(?:in|into)\s+((?:a|an|the)\s+(?:[a-z-]+\s+)?(?:proposal|quote|estimate|e-?mail|letter|contract|document|summary|write-?up|pdf|spreadsheet|text|message|bid|agreement))\b/i;
/** "I can have the technician there tomorrow": a person sent is a visit, not a thing delivered. */
const VISITOR_SENT = new RegExp(
  String.raw`^(?:the|our|my|your)\s+(?:[a-z]+\s+)?${VISITOR}\b[^.?!]*\b(?:there|out|over|come|stop)\b`,
  'i',
);
/** The object of "get", "send" or "have" that is a person sent: "a tech", "our plumber", "someone". */
const PERSON_SENT = new RegExp(
  String.raw`^(?:(?:a|an|the|our|my|your)\s+(?:[a-z]+\s+)?${VISITOR}|someone|somebody)$`,
  'i',
);
/** What is moved, cleared or unlocked: a thing of someone's, never a meeting or a time. */
const THING_MOVED =
  /^(?:my|our|the|your|his|her|their)\s+(?!(?:appointment|meeting|call|visit|time|date|day|closing|lesson|session|reservation|booking|delivery|installation|inspection|showing|tour|demo|schedule)s?\b)[a-z]/i;
const THING_LEFT_READY = /^\S+\s+(?:[a-z]+\s+){0,2}(?:open|unlocked|out|on the \w+|in the \w+|by the \w+)\b/i;
/** "I'll set up a demo", "I can set up interviews with two candidates": a meeting set up is an appointment, not a task. */
const MEETING_SET_UP =
  /^(?:(?:an?|the|your|our|another|a (?:quick|short|follow-up)|some|\d+)\s+)?(?:[a-z-]+\s+)?(?:time|appointment|meeting|call|demo|visit|consultation|inspection|walk-?through|tour|showing|session|interview)s?\b(?!\s+(?:[a-z]+ing|list|queue|plan|center|centre|log)\b)/i;
/** Asked of the other party only: "Could you call me back by Friday?" (one's own call-back is an appointment). */
const REQUEST_ONLY_VERBS = 'call';
/**
 * "I email you a loan estimate by Friday": a recognizer dropped the "'ll"; a present tense with a day
 * to come is a promise all the same.
 */
const DROPPED_WILL =
  '(?=\\s+(?:send|email|e-mail|mail|text|fax|forward)\\s+(?:you|it|them|that|those|this|over)\\b[^.?!]*\\b(?:by|tomorrow|tonight|today|this (?:afternoon|evening|morning|week)|later|next|first thing|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\\b)';
/** "… run both options and text you …": a first deed, then the delivery it leads to. */
const FIRST_DEED_AND = String.raw`[a-z]+(?:\s+(?:up|together|out|over))?(?:\s+[a-z\d]+){0,3}\s+and\s+(?:then\s+)?`;
/**
 * "I'll send you the checklist", "I will also email you our pricing sheet today"; "I'll put together
 * a loan estimate and send it to you" sends what the first verb made, and so does "Let me run both
 * options and text you the numbers by Friday" (a bare "let me send you …" is done while talking).
 */
const FIRST_PERSON_COMMITMENT = new RegExp(
  `\\b(?:I(?:'ll| will| am going to|'m going to| can|${DROPPED_WILL})\\s+(?:also\\s+|just\\s+|then\\s+)?(?:${FIRST_DEED_AND})?|[Ll]et me\\s+${FIRST_DEED_AND})(${DELIVERY_VERBS})\\s+(?:(?:you|it|them|those|that)\\s+(?:over\\s+)?)?(.+)$`,
  'i',
);
/** Words before "I can …" that make it something heard, not promised. */
const HEARSAY_BEFORE =
  /\b(?:heard|read|was told|were told|they say|people say|(?:somebody|someone|a friend|my [a-z]+) (?:said|says|told me))(?: that)?\s*$/i;
// "give me ring at …": a recognizer may drop the "a".
const GIVE_A_CALL = /\bgive (me|us) (?:a )?(?:call|ring|buzz|shout)\b|\b(?:ring|phone|buzz) (me|us)(?= back\b)/gi;
/**
 * "You can reach me at 702-555-0164 any time after 5:30", "so try me after that at …": in a message
 * no agent answers (a voicemail), where one can be reached asks to be called back; in a conversation
 * it is only a number (and "try me" a dare).
 */
const REACH_ME =
  /\b(?:(?:you can|you could|feel free to|please) (?:reach|get (?:a ?hold of|hold of))|try) (me|us)\b(?! out\b)/gi;
/**
 * "Please send me your last two statements", "Can you email us the appraisal?", "I'll hold it if you
 * can send her vaccination records by Friday" (a condition asks for it too), "so come pick it up
 * any time before then"; not "Sign us up.",
 * which enrols the one who says it (a recognizer writes "Sign this up"), nor "When can you get it
 * in?", which asks about a time, nor "Have either of you baked bread before?", which asks.
 */
const REQUEST = new RegExp(
  `(?:\\b(?:please|(?<!\\b(?:when|where|how|what|why|who|which|how soon)\\s+)(?:can|could|would) you|you can(?=\\s+pick\\b)|you can(?=\\s+(?:e-?mail|send|text|fax|mail|upload|drop)\\s+(?:them|it|those|these|that|the [a-z]+(?: [a-z]+)?)\\s+(?:over\\s+)?to (?:me|us)\\b)|\\bcome (?:by |in |over )?(?:and )?(?=pick\\b)|if you (?:can|could)|you(?:'ll| will) need to|I(?:'ll| will) need you to|make sure (?:to|you))(?:\\s+(?:also|just|please))?|^(?:great|okay|ok|and|also|then|when you (?:get|have) a (?:chance|minute|moment|second)|at your (?:earliest )?convenience|whenever you can|if you (?:can|could|get a chance))?[,.]?\\s*(?:just\\s+)?)\\s*(${DELIVERY_VERBS}|${REQUEST_ONLY_VERBS})\\s+(?!(?:you|is|was|(?:either|any|both|each|neither|all) of (?:you|them))\\b)(?!(?<=\\bsign\\s+)(?:me|us|this|them|him|her)\\s+up\\b)(?:(?:me|us)\\s+)?(.+)$`,
  'i',
);
/**
 * "I'll need a copy of the divorce decree by Friday", "We'll need a copy of the divorce decree" (a
 * recognizer's "We all need …"): a document the speaker needs is asked of the other party (as
 * "please send …"); not "I need a new roof".
 */
const NEEDS_A_DOCUMENT =
  /\b(?:I|we)(?:'ll| will|'d| would| all)? need (?:you to send (?:me |us )?)?(?=(?:a copy of |copies of |a photo of |a picture of )?(?:your |the |a |an |both |last |the last |two |three )?[^.?!]{0,40}?\b(?:cop(?:y|ies)|statements?|stubs?|returns?|w-?2s?|1099s?|decree|letters?|forms?|ids?|licen[cs]e|proof|documents?|paperwork|photos?|pictures?|receipts?|invoices?|contracts?|agreements?|lease|card)\b)/i;
/** Words that end the object of a delivery verb ("the checklist | today", "the car out of the driveway | Sunday night"). */
const OBJECT_END =
  /[,;]?\s+(?:(?:the )?(?:day|night|evening|morning|afternoon) (?:before|of)\b|today|tonight|tomorrow|right (?:after|away|now)\b|by\b|this\b|next\b|on\b|before\b|after\b|over\b|at\b|so\b|and\b|when\b|whenever\b|any ?time\b|with\b|in\b|within\b|as soon)\b.*$|(?<!\b(?:the|that|this|last))\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b.*$/i;

/** When a thing is done, said after its verb: "tonight", "right away", "this afternoon", "next week". */
const WHEN_SAID = String.raw`today|tonight|tomorrow|later|soon|right away|first thing|this (?:morning|afternoon|evening|week)|next week`;
const WEEKDAY = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`;
/** All that is left after a pronoun taken with its verb: "I'll e-mail it tonight", "… them Thursday". */
const PRONOUN_THEN_A_TIME = new RegExp(String.raw`^(?:${WHEN_SAID}|(?:this |next )?${WEEKDAY})\b`, 'i');
/** A time said first leaves no object ("fill it out | by Friday"). */
const A_TIME_FIRST = new RegExp(
  String.raw`^\s*(?:by|before|on|until|no later than|any ?time|whenever|${WHEN_SAID}|${WEEKDAY})\b.*$`,
  'i',
);

function objectPhrase(raw: string, possessiveTo: string): string {
  return (
    raw
      .replace(/[.?!]+$/, '')
      // "fill it out | and bring it Saturday": another verb leaves no object.
      .replace(/^\s*and\b.*$/i, '')
      .replace(A_TIME_FIRST, '')
      .replace(OBJECT_END, '')
      // "I'll set up a trial account for you": the customer is named after the object.
      .replace(/\b(?:to|for) (?:you|me|us)\b(?! to\b)/gi, '')
      .replace(/^over\s+/i, '')
      .replace(/^(?:our|my)\b/i, 'the')
      .replace(/^your\b/i, possessiveTo)
      // "copies of your last two tax returns".
      .replace(/\b(of|from) your\b/gi, `$1 ${possessiveTo}`)
      .trim()
  );
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
/** "send" → "sends", "fill it out" → "fills it out", "sign and send back" → "signs and sends back". */
const thirdPerson = (verb: string) =>
  verb
    .replace(/(^|\band\s+)e-mail\b/g, '$1email')
    .replace(
      /(^|\band\s+)([a-z]+)/g,
      (_said, before: string, word: string) =>
        before + (word === 'have' ? 'has' : /(?:sh|ch|x|s)$/.test(word) ? `${word}es` : `${word}s`),
    );

/** Words that put a task on the day of the call itself ("by end of day Monday" is Monday's end). */
const TODAY =
  /\b(tonight|today|this (?:afternoon|evening|morning)|right away|right after (?:this|the) call|after (?:this|the) call|(?:right )?after we hang up|as soon as we hang up|later today|asap|as soon as|(?:(?:by )?(?:the )?end of (?:the )?day|eod|close of business|cob)(?!,? (?:on )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|next)\b))\b/i;
/** A task tied to the meeting agreed in the call: "before then", "bring it to the appointment". */
const BY_THE_MEETING =
  /\b(before then|before (?:the|our) (?:appointment|meeting|call|visit)|(?:to|at) (?:the|your|our) (?:appointment|meeting|visit))\b/i;

/**
 * An hour said with no day: "after 5:30" (a recognizer's "after 530"), "at 4 pm", "by 3"; not a
 * phone number's "at 702-555-0164".
 */
const HOUR_ALONE =
  /\b(?:after|at|by|before|around|about)\s+(1[0-2]|[1-9])(?::?([0-5]\d))?(?:\s*([ap])\.?m\.?)?\b(?![:,.-]?\s?\d)/i;
const CALL_ASKED = /\b(?:call|reach|ring|phone|try|get a ?hold of) (?:me|us)\b/i;
const THIS_WEEK = /\b(?:this week|(?:by )?(?:the )?end of (?:the|this) week)\b/i;
const END_OF_NEXT_WEEK = /\b(?:by )?(?:the )?end of next week\b/i;
/** A day `days` after (or before) a calendar day (YYYY-MM-DD). */
const shiftedDay = (day: string, days: number) =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The Friday of this week (the day itself from Friday on) or of the week after the coming Monday. */
function fridayOfWeek(day: string, week: 'this' | 'next' = 'this'): string {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.getUTCDay();
  const untilFriday = week === 'this' ? Math.max(0, 5 - weekday) : ((8 - weekday) % 7 || 7) + 4;
  return shiftedDay(day, untilFriday);
}

/** "The day before", "the night before", "the morning of": a day told by another one said before it. */
const DAY_BEFORE_OR_OF =
  /\bthe (?:day|night|evening|morning|afternoon) (before|of)\b(?!\s+(?:the|your|my|our|\w+day)\b)/i;

/** The sentences before one, latest first, for as long as `keep` holds (the walk stops at the first it refuses). */
function sentencesBefore(sentence: Sentence, text: CallText, keep: (said: Sentence) => boolean): Sentence[] {
  const before: Sentence[] = [];
  for (let at = text.sentences.indexOf(sentence) - 1; at >= 0 && keep(text.sentences[at]!); at--)
    before.push(text.sentences[at]!);
  return before;
}

/**
 * The sentences just before one, latest first, said by its speaker in the same breath: its own turn,
 * or on a mono recording, where each segment is a turn of its own, the two segments before it.
 */
const saidJustBefore = (sentence: Sentence, text: CallText) =>
  sentencesBefore(
    sentence,
    text,
    (said) =>
      said.turnIndex === sentence.turnIndex ||
      (said.speaker === 'unknown' && sentence.speaker === 'unknown' && said.turnIndex >= sentence.turnIndex - 2),
  );

/** ", and the first lesson is …", "and it's …": a clause joined on with a subject and a verb of its own (not "and the checklist Friday"). */
const CLAUSE_OF_ITS_OWN =
  /,?\s+(?:and|but|so)\s+(?=(?:(?:the|our|your|my|his|her|their|its|that|this)\b(?:\s+[\w'-]+){1,3}?\s+(?:is|are|was|were|will|would|starts?|begins?|opens?|closes?|has|have|had)|(?:it|there|we|they|he|she)\s+(?:is|are|was|were|will|would|has|have|had)|(?:it's|that's|there's|we're|they're|he's|she's|it'll|we'll|they'll))\b)/i;
/**
 * The clause of a sentence that holds the task's verb: "I'll text you the studio address, and the
 * first lesson is Tuesday, September first" is due today, not on the lesson's day.
 */
function clauseWithVerb(said: string, verb: string): string {
  return partWithVerb(said.split(CLAUSE_OF_ITS_OWN), verb) ?? said;
}

/** The promise with the task's verb after a reply: "Thursday at 7:30 is fine, I'll move the car." */
function promiseWithVerb(said: string, verb: string): string {
  return partWithVerb(said.split(/,\s+(?=I(?:'ll| will)\s)/), verb) ?? said;
}

/** The part of a split sentence that holds the verb's stem ("mov" of "move"), when it was split at all. */
function partWithVerb(parts: readonly string[], verb: string): string | undefined {
  if (parts.length === 1) return undefined;
  const stem = new RegExp(`\\b${escapeRegex(verb.toLowerCase().replace(/e$/, ''))}`, 'i');
  return parts.find((part) => stem.test(part));
}

/** The day a task is due: a day said with it (never before the call), the call's own day, or the meeting's. */
function dueOf(sentence: Sentence, text: CallText, verb: string, meetingDay: string | null): string | null {
  const today = dayInOffset(text.facts.recordedAt, text.facts.utcOffsetMinutes);
  // "This afternoon" said after noon is still today (a date parser moves a past part of the day to
  // tomorrow); "Tomorrow at one is great, I'll text you a photo tonight." is due tonight.
  const promise = promiseWithVerb(sentence.text, verb);
  if ([sentence.text, promise].some((said) => TODAY.test(said) && !/\btomorrow\b/i.test(said))) return today;
  // "I'll email them this week", "by the end of the week": its Friday (today, from Friday on).
  if (THIS_WEEK.test(sentence.text)) return fridayOfWeek(today);
  // "By the end of next week": the working week's end, its Friday (a calendar's end would be Saturday).
  if (END_OF_NEXT_WEEK.test(sentence.text)) return fridayOfWeek(today, 'next');
  // A day said in a sentence, never before the call's own.
  const dayToCome = (said: Sentence) =>
    datesIn(resolveDayPhrases(said.text, text.facts.recordedAt, text.facts.utcOffsetMinutes), text.facts).find(
      (day) => day >= today,
    );
  // "Yes, the twenty eighth is fine. I'll text you the gate code the day before.": the day before (or
  // of) the date said last, in this sentence, this turn or the one before.
  const relative = DAY_BEFORE_OR_OF.exec(sentence.text);
  if (relative) {
    const anchor = [sentence, ...sentencesBefore(sentence, text, (said) => said.turnIndex >= sentence.turnIndex - 1)]
      .map((said) => dayToCome(said))
      .find((day) => day !== undefined);
    if (anchor) return /^before$/i.test(relative[1]!) ? shiftedDay(anchor, -1) : anchor;
  }
  const clause = clauseWithVerb(sentence.text, verb);
  // "Please call me any time after 5:30": a call-back's hour with no day of its own is today's, an
  // hour from 1 to 7 without "am" the afternoon's (a date parser takes the morning's, gone by, as
  // tomorrow's), read from where the call is asked ("… adjusts in October … reach me at … after 530").
  // "Can you ring me back after lunch?": lunch is over by one.
  const callAsked =
    verb === 'call'
      ? clause.slice(Math.max(0, clause.search(CALL_ASKED))).replace(/\bafter lunch\b/i, 'after 1 pm')
      : '';
  const hourAlone = HOUR_ALONE.exec(callAsked);
  if (
    hourAlone &&
    !datesIn(callAsked.replace(HOUR_ALONE, ' '), text.facts).length &&
    !/\btomorrow\b/i.test(callAsked)
  ) {
    const hour =
      (Number(hourAlone[1]) % 12) +
      (/p/i.test(hourAlone[3] ?? '') || (!hourAlone[3] && Number(hourAlone[1]) <= 7) ? 12 : 0);
    const hourSaid = `${String(hour).padStart(2, '0')}:${hourAlone[2] ?? '00'}`;
    const now = formatInOffset(text.facts.recordedAt, text.facts.utcOffsetMinutes).slice(11, 16);
    return hourSaid > now ? today : shiftedDay(today, 1);
  }
  // "I'm on the road Thursday, so try me Friday morning": the day the call is asked for.
  const said =
    (callAsked ? dayToCome({ ...sentence, text: callAsked }) : undefined) ?? dayToCome({ ...sentence, text: clause });
  if (said) return said;
  // "I'm in meetings until three tomorrow. So try me after that": "after that" is the day said just
  // before, by the same speaker.
  if (/\bafter (?:that|then)\b/i.test(clause)) {
    const dayBefore = [sentence, ...saidJustBefore(sentence, text)]
      .map((before) => dayToCome(before) ?? (TODAY.test(before.text) ? today : undefined))
      .find((day) => day !== undefined);
    if (dayBefore) return dayBefore;
  }
  // "Your rate lock expires Friday the 18th. So please sign … before then.": with no meeting, the
  // day said just before by the same speaker (its turn, or the segments before on a mono recording).
  if (!meetingDay && /\bbefore then\b/i.test(sentence.text)) {
    const [before] = saidJustBefore(sentence, text);
    // "We're open until 6 tonight. So come pick it up any time before then."
    const dayBefore = before && (dayToCome(before) ?? (TODAY.test(before.text) ? today : undefined));
    if (dayBefore) return dayBefore;
  }
  if (BY_THE_MEETING.test(sentence.text) || (verb === 'bring' && meetingDay)) return meetingDay;
  // "I'll email the confirmation now."
  if (TODAY.test(sentence.text) || /\b(?:right )?now\b/i.test(sentence.text)) return today;
  return null;
}

/**
 * "Please e-mail me your pay stubs." — "I can do that tonight.": the one asked sets the day. `takenOn`
 * is the day of a reply that takes the task on as it was asked ("I can do that Sunday"), which
 * overrides the request's own day; `said` is the first day any reply names ("I'll email them this
 * weekend" is a promise of its own, see detectTasks, and counts only when the request named none).
 */
function dueAgreedInReply(
  request: Sentence,
  text: CallText,
  verb: string,
): { takenOn: string | null; said: string | null } {
  const agreed = { takenOn: null as string | null, said: null as string | null };
  const reply = text.sentences.filter(
    (sentence) => sentence.turnIndex === request.turnIndex + 1 && isOtherSpeaker(sentence, request),
  );
  if (reply.length === 0 || /^\W*(no|nope|i can't|i cannot|not)\b/i.test(reply[0]!.text)) return agreed;
  for (const sentence of reply) {
    const due = dueOf(sentence, text, verb, null);
    if (!due) continue;
    agreed.said ??= due;
    if (/\b(?:i|we)(?:'ll| will| can| could) do (?:that|it|this)\b|\bwill do\b/i.test(sentence.text)) {
      agreed.takenOn = due;
      break;
    }
  }
  return agreed;
}

/** A request's day: the reply's that takes it on as asked, else the request's own, else any the reply names. */
function dueOfRequest(request: Sentence, text: CallText, verb: string, meetingDay: string | null): string | null {
  const agreed = dueAgreedInReply(request, text, verb);
  return agreed.takenOn ?? dueOf(request, text, verb, meetingDay) ?? agreed.said;
}

/**
 * "Let me talk it over with my wife and I'll call you back Monday": a call-back promised for a day
 * with no clock time is a task (with a time it is an appointment); a conditional one is not. "Let
 * me check with Luis and email you back tomorrow" answers in writing. "I'll also try you again
 * Thursday morning" (a voicemail's) is a call-back too.
 */
const CALL_BACK_COMMITMENT =
  /\b(?:(?:I|we)(?:'ll| will|'m going to| am going to| are going to)|let me|let us|let's)\s+(?:[a-z]+(?:\s+[a-z]+){0,4}\s+and\s+(?:then\s+)?)?(?:(?:also|just|then|definitely)\s+)?(?:call|ring|phone|get back to|give (?:you|ya) a (?:call|ring|buzz)|follow up with|reach out to|touch base with|try (?:you|ya|your (?:cell|mobile|office|phone|line))(?: (?:again|back|later))?\b|(?:e-?mail|text|message) (?:you|ya) back)\b/i;
const WRITES_BACK = /\b(e-?mail|text|message) (?:you|ya) back\b/i;
// "At 730" and "at 10-30" are hours a recognizer wrote without a colon; "reach me at 612-555-0187"
// names none.
const CLOCK_TIME =
  /\d:\d\d|\b\d{1,2}\s*[ap]\.?m\b|\bat (?:\d{1,2}|(?:1[0-2]|[1-9])[0-5]\d)(?![\d,]|-(?![0-5]\d\b))|\bnoon\b|o'?clock/i;
const CONDITIONAL = /^\W*(?:if|unless|maybe)\b|\bif (?:we|i|you) /i;

/** Who said it, for owning a task: the agent, or an unknown speaker the agent's words point to. */
const spokenByAgent = (sentence: Sentence) =>
  sentence.speaker === 'agent' || (sentence.speaker === 'unknown' && byAgent(sentence));

/** A task's text opens a sentence: "the customer sends …" is "The customer sends …". */
const opensWithCapital = (taskText: string) => taskText.replace(/^the /, 'The ');

function callBackTask(sentence: Sentence, text: CallText, customer: string): DetectedTask | null {
  if (!CALL_BACK_COMMITMENT.test(sentence.text) || CONDITIONAL.test(sentence.text)) return null;
  const resolved = resolveDayPhrases(sentence.text, text.facts.recordedAt, text.facts.utcOffsetMinutes);
  if (CLOCK_TIME.test(resolved)) return null;
  const due = dueOf(sentence, text, 'call', null);
  if (!due) return null;
  const byAgentSpeaker = spokenByAgent(sentence);
  const written = WRITES_BACK.exec(sentence.text)?.[1]?.toLowerCase().replace('e-mail', 'email');
  return {
    text: byAgentSpeaker
      ? `${written ? capitalize(written) : 'Call'} ${customer} back`
      : opensWithCapital(
          `${customer} ${written ? thirdPerson(written) : 'calls'} ${text.agentName ?? 'the agent'} back`,
        ),
    owner: byAgentSpeaker ? 'agent' : 'customer',
    due,
    evidence: evidenceOfSentences([sentence]),
  };
}

/**
 * "I'll make sure you're removed today", "we'll take you off our list": the agent takes the number
 * off the call list (said without a delivery verb and its object).
 */
const OPT_OUT_COMMITMENT =
  /\b(?:I|we)(?:'ll| will|'m going to| am going to| are going to)\s+(?:make sure\s+(?:that\s+)?|go ahead and\s+|get\s+)?(?:(?:you're|you are|you get|you'll be|your (?:number|name|info\w*) (?:is|gets|will be))\s+(?:removed|taken off|deleted|off)|(?:take|get|put)\s+(?:you|your (?:number|name)|this number|that number)\s+off|remove\s+(?:you|your (?:number|name|info\w*)|this number|that number))\b/i;

/** "Please take me off your list", "can you remove my number?": the customer asks the agent for it. */
const OPT_OUT_REQUEST =
  /\b(?:please|can you|could you|would you|just)\s+(?:remove|take|get)\s+(?:me|us|my (?:number|name|info\w*)|this number)\b(?:\s+(?:off|from)\b|\s*[.!?]?$)/i;

const OPT_OUT_OBJECT = 'number call list';

function optOutTask(sentence: Sentence, text: CallText, customer: string): DetectedTask | null {
  const asked = !spokenByAgent(sentence) && OPT_OUT_REQUEST.test(sentence.text);
  if (!asked && !(spokenByAgent(sentence) && OPT_OUT_COMMITMENT.test(sentence.text))) return null;
  return {
    text: `Remove ${customer === 'the customer' ? 'this number' : `${customer}'s number`} from the call list`,
    owner: 'agent',
    due: dueOf(sentence, text, 'remove', null),
    evidence: evidenceOfSentences([sentence]),
  };
}

/**
 * "I'll text you when it's ready", "we'll call you once your car is done", "I'll let you know as
 * soon as the part comes in": a word promised on the thing's readiness, with no day of its own.
 */
const NOTIFY_WHEN_READY =
  /\b(?:I|we)(?:'ll| will)\s+(?:(?:call|text|e-?mail|ring|phone|message)\s+(?:you|ya)|let you know|give you a (?:call|ring|buzz|text)|shoot you a text|send you a text)\s+(?:when|once|as soon as)\s+((?:it's|it is|they're|they are|(?:your|the) (?:[a-z]+ )?[a-z]+ (?:is|are|comes?))\s*(?:all\s+)?(?:ready|done|finished|fixed|repaired|in|back|here|arrives?|comes? in))\b/i;

function notifyWhenReadyTask(sentence: Sentence, text: CallText, customer: string): DetectedTask | null {
  const promised = NOTIFY_WHEN_READY.exec(sentence.text);
  if (!promised || !spokenByAgent(sentence)) return null;
  const said = promised[0].toLowerCase();
  const how = /\btext|message/.test(said)
    ? 'text'
    : /e-?mail/.test(said)
      ? 'email'
      : /call|ring|phone|buzz/.test(said)
        ? 'call'
        : 'tell';
  // "it's ready" points at the thing the call spoke of ("The gears on my road bike keep skipping").
  const event = promised[1]!.replace(/^(?:it's|it is|they're|they are)\s*/i, 'it is ').replace(/^your /i, 'the ');
  return {
    text: `${capitalize(how)} ${customer} when ${event}`,
    owner: 'agent',
    // Read from the promise on ("Tomorrow at 5:30 is fine, I'll text you when it's ready" is not due
    // tomorrow), and "as soon as" names no day ("soon" would be read as today).
    due: dueOf(
      { ...sentence, text: sentence.text.slice(promised.index).replace(/\bas soon as\b/gi, 'when') },
      text,
      how,
      null,
    ),
    evidence: evidenceOfSentences([sentence]),
  };
}

/** "Your laptop is ready", "the glasses are in": the thing the turn says is ready, up to the sentence. */
function readyThingBefore(sentence: Sentence, text: CallText): string | null {
  for (const said of [sentence, ...saidJustBefore(sentence, text)]) {
    const thing =
      /\b(?:your|the) ((?:[a-z]+ )?[a-z]+) (?:is|are)(?: all)? (?:ready|done|finished|fixed|repaired|in|back)\b/i.exec(
        said.text,
      )?.[1];
    // A make keeps its capital ("Your Volvo is ready" → "the Volvo").
    if (thing) return thing;
  }
  return null;
}

export function detectTasks(text: CallText, meetingDay: string | null = null): DetectedTask[] {
  const customer = text.customerName?.value ?? 'the customer';
  const tasks: (DetectedTask & { object: string; turnIndex?: number })[] = [];
  const agentUnheard = !text.sentences.some(spokenByAgent);
  for (const sentence of text.sentences
    .flatMap(promisesApart)
    .flatMap(requestAfterPromiseApart)
    .flatMap(promiseAfterRequestApart)) {
    const callBack = callBackTask(sentence, text, customer);
    if (callBack) {
      tasks.push({ ...callBack, object: 'call back' });
      continue;
    }
    const notify = notifyWhenReadyTask(sentence, text, customer);
    if (notify) {
      tasks.push({ ...notify, object: 'notice when ready' });
      continue;
    }
    const optOut = optOutTask(sentence, text, customer);
    if (optOut) {
      // Asked and promised ("Please take me off your list." — "I'll make sure you're removed today."):
      // one task, on the day the one who does it names.
      const same = tasks.find((task) => task.object === OPT_OUT_OBJECT);
      if (same) {
        same.due = (spokenByAgent(sentence) ? optOut.due : null) ?? same.due;
        same.evidence = [...same.evidence, ...optOut.evidence].sort((a, b) => a.start - b.start);
      } else tasks.push({ ...optOut, object: OPT_OUT_OBJECT });
      continue;
    }
    const commitment = FIRST_PERSON_COMMITMENT.exec(sentence.text);
    // "Give me a call back at…" asks for a call as "call me back at…" does. A need said in the
    // customer's first turn is why they called ("Hi, this is Rowena … I need aerial photos of a
    // listing"): the service asked for, no document to send.
    const reasonForCalling =
      sentence.speaker === 'customer' &&
      sentence.turnIndex === text.sentences.find((said) => said.speaker === 'customer')?.turnIndex;
    const asked = sentence.text
      .replace(GIVE_A_CALL, (_said, me?: string, meBack?: string) => `call ${me ?? meBack}`)
      .replace(REACH_ME, (said, me: string) => (agentUnheard ? `please call ${me}` : said))
      // "We close in 30 days, my number is …, call me back anytime after 4": in a voicemail, a call
      // asked for after a comma a recognizer put in place of a full stop ("…, give me a shout." too).
      .replace(
        /([,;]\s*(?:and\s+|so\s+)?)call (me|us)( back)?\b/gi,
        (said, before: string, me: string, back?: string) =>
          agentUnheard ? `${before}please call ${me}${back ?? ''}` : said,
      );
    const request = commitment
      ? null
      : REQUEST.exec(reasonForCalling ? asked : asked.replace(NEEDS_A_DOCUMENT, 'please send '));
    const match = commitment ?? request;
    if (!match) continue;
    // "I've heard I can put just three percent down": what one was told one could do, no promise.
    if (commitment && HEARSAY_BEFORE.test(sentence.text.slice(0, commitment.index))) continue;
    // "Call me if you have any questions": an offer of help, no task (not "Send it over if you can").
    if (request && /^\s*(?:if|in case|should you|with any)\b/i.test(match[2]!)) continue;
    let verb = match[1]!.toLowerCase().replace('e-mail', 'email');
    // What was said up to the object: "I'll send those over ".
    const beforeObject = match[0].slice(0, match[0].length - match[2]!.length);
    // "I'll have them to you by tomorrow": a pronoun points at the task just taken on; it sets its day.
    // "I'll write up an estimate and send it": the pronoun's thing is in the sentence itself.
    const pointsInside = commitment !== null && objectOfFirstVerb(sentence.text) !== '';
    if (
      !pointsInside &&
      (/^(?:to\s+)?(?:them|it|those|that|these)\b/i.test(match[2]!.trim()) ||
        // "I'll e-mail it tonight", "I'll send them Thursday night": the pronoun was taken with the
        // verb, a time is all that is left.
        PRONOUN_THEN_A_TIME.test(match[2]!.trim()) ||
        // "I'll send those over by Monday", "I'll send them over at lunch" (not "fill it out by
        // Friday", a new task).
        (/^(?:over\s+)?(?:by|before|on|until|no later than|at|around|after|during)\b/i.test(match[2]!.trim()) &&
          /\b(?:it|them|those|these|that)\s+(?:over\s+)?$/i.test(beforeObject)) ||
        /\s(?:them|it|those)\s+to\s+you\b/i.test(sentence.text))
    ) {
      const owner =
        sentence.speaker === 'agent' ? (commitment ? 'agent' : 'customer') : commitment ? 'customer' : 'agent';
      const previous = [...tasks].reverse().find((task) => task.owner === owner);
      if (previous) {
        // The one who does it names the day ("I'll send those tonight"): it replaces a day read from the request.
        previous.due = commitment
          ? (dueOf(sentence, text, verb, meetingDay) ?? previous.due)
          : (previous.due ?? dueOf(sentence, text, verb, meetingDay));
        previous.evidence = [...previous.evidence, ...evidenceOfSentences([sentence])].sort(
          (a, b) => a.start - b.start,
        );
        continue;
      }
    }
    // Who does it: the speaker of a commitment; the other party of a request.
    const speakerIsAgent = spokenByAgent(sentence);
    const owner: DetectedTask['owner'] = commitment
      ? speakerIsAgent
        ? 'agent'
        : 'customer'
      : speakerIsAgent
        ? 'customer'
        : 'agent';
    // "I'll put a quote together and email it to you": the pronoun's thing is the first verb's object.
    const possessive = owner === 'customer' ? 'their' : 'the';
    let object =
      objectPhrase(match[2]!, possessive) ||
      (commitment
        ? objectOfFirstVerb(sentence.text) ||
          objectAskedBefore(sentence, text, possessive) ||
          objectEndingSentenceBefore(sentence, text) ||
          // "I'll send those tonight" after a request the recognizer garbled: still a task.
          (/\b(?:them|those|these)\s+(?:over\s+)?$/i.test(beforeObject) ? 'the items asked for' : '')
        : '');
    // "… needs your two most recent bank statements. You can email them to me": the papers named.
    if (request && /^\s*(?:them|it|those|these)\s*$/i.test(object))
      object = papersNamedBefore(sentence, text) || object;
    // "Can you put that in a proposal?": what is asked for is the proposal, written and sent.
    const document = verb === 'put' ? PUT_IN_A_DOCUMENT.exec(match[2]!.trim()) : null;
    if (document) {
      verb = 'send';
      object = document[1]!;
    }
    // "I can have a plumber there at 1:30": someone sent is a visit, not a thing delivered.
    if (
      verb === 'have' &&
      (/^(?:a|an|someone|somebody|one of)\b[^.?!]*\b(?:there|out|over|come|stop)\b/i.test(object) ||
        VISITOR_SENT.test(object))
    )
      continue;
    // "I'll have them in the barn", "I'll have it ready": a place or a state readied, no thing delivered.
    if (verb === 'have' && /^(?:in|at|on|inside|outside|near|under|ready|there|here|out)\b/i.test(object)) continue;
    // "I can get a tech to you this afternoon": a person is sent, no thing delivered.
    if (/^(?:get|send|have)$/.test(verb) && PERSON_SENT.test(object)) continue;
    // "I can get you closer to six and a quarter": a place or a level reached, no thing delivered.
    if (verb === 'get' && /^(?:closer|down|lower|higher|better|under|below|above|into|there)\b/i.test(object)) continue;
    // "Could you bring him in Tuesday at ten fifteen?": a person brought in is the visit itself, and
    // "I'll drop it off at eight" a drop-off at an hour agreed, which the meeting holds (with no hour,
    // "I'll drop it off tomorrow morning" is a task).
    // "Saturday at ten, I'll bring it in.", "Bring the dress in Friday at two": a thing brought in at the
    // hour agreed is the visit too.
    if (
      verb === 'bring' &&
      (/^(?:him|her|them)\s+(?:in|into|by|over)\b/i.test(match[2]!.trim()) ||
        (/^(?:it|(?:the|your|my|our) [a-z]+)\s+(?:in|into|by|over)\b/i.test(match[2]!.trim()) &&
          CLOCK_TIME.test(sentence.text)))
    )
      continue;
    if (verb.startsWith('drop') && CLOCK_TIME.test(sentence.text)) continue;
    // "I'll move my car out of the driveway", "Please clear the hallway": a thing moved out of the way is a
    // task; a meeting moved is no thing done ("Could we move the appointment to Friday?").
    if (/^(?:move|clear|unlock)$/.test(verb) && !THING_MOVED.test(object)) continue;
    // "I'll leave the side gate open": a thing left as the visit needs it, not "I'll leave a message".
    if (verb === 'leave' && !(THING_MOVED.test(object) && THING_LEFT_READY.test(object))) continue;
    // "I can get you in Saturday at ten", "get you on the schedule": a booking, which the meeting holds.
    if (verb === 'get' && /^(?:in|on|onto|booked|scheduled)\b/i.test(object)) continue;
    if (verb === 'set up' && MEETING_SET_UP.test(object)) continue;
    // "How much can you put down?": a particle is no object.
    if (verb !== 'call' && /^(?:down|up|out|in|off|back|over|away|aside)$/i.test(object)) continue;
    // "Sign up through my wife's work": a particle and a place or way is no thing delivered.
    if (
      /^(?:down|up|out|in|off|back|over|away|aside)\s+(?:through|with|for|at|from|in|on|to|of|by|about|into|onto)\b/i.test(
        object,
      )
    )
      continue;
    // "Share what's the current balance?": a question's words are no object (a recognizer's "Sure").
    if (/^(?:what|what's|how|when|where|who|why|which)\b/i.test(object)) continue;
    // A verb that holds its object ("fill it out") needs no other.
    const objectInVerb = /\b(?:it|them|this|that|those)\b/.test(verb);
    // "I'll email you.": the one written to is no thing sent.
    if (/^(?:you|me|us)$/i.test(object)) object = '';
    // "I'll email you this afternoon": a written word promised for a day is a task with no thing named.
    const writesOnADay =
      !object &&
      !objectInVerb &&
      /^(?:email|text)$/.test(verb) &&
      /\b(?:e-?mail|text)\s+(?:you|them|him|her)\b/i.test(sentence.text) &&
      dueOf(sentence, text, verb, meetingDay) !== null;
    // "Please call me Friday morning at …": a call asked for a day names no thing, and needs none;
    // nor does "Give me a shout." closing a voicemail (a call back with no day).
    const callOnADay =
      verb === 'call' &&
      ((/\b(?:me|us)\s+$/i.test(beforeObject) && A_TIME_FIRST.test(match[2]!.trim())) ||
        (agentUnheard && /^(?:me|us)\W*$/i.test(match[2]!.trim())));
    if (
      (!object && !objectInVerb && !writesOnADay && !callOnADay) ||
      (emailsIn(object).length > 0 && object.split(/\s+/).length === 1)
    )
      continue;
    // "I'll have a" and the rest lost to the next segment: an article alone names nothing.
    if (/^(?:a|an|the|some|your|my|our)$/i.test(object)) continue;
    // "I'll email you the form tonight, just sign it …": "it" is what the promise just named.
    const promised = tasks.find((task) => task.turnIndex === sentence.turnIndex && task.owner !== owner);
    const pointsAtPromise = promised && (/^(?:it|them|those|these|that)$/i.test(object) || (objectInVerb && !object));
    let cleanObject = pointsAtPromise ? promised.object : object.replace(/\s+(?:at\s+)?\S+@\S+$/, '');
    // "fill it out" the waiver promised: "fills out the waiver".
    if (pointsAtPromise && objectInVerb) verb = verb.replace(/\s+(?:it|them|this|that|those)\b/i, '');
    // "Your laptop is ready. You can pick it up …": what is picked up is what the turn said is ready.
    const ready = objectInVerb && !cleanObject && verb.startsWith('pick') ? readyThingBefore(sentence, text) : null;
    if (ready) {
      verb = 'pick up';
      cleanObject = `the ${ready}`;
    }
    // "I'll apply a discount to your account": done on the customer's account, not sent to them.
    const onTheirAccount = ACCOUNT_VERBS.test(verb) && owner === 'agent';
    // "Please call me after 4 today", "You can reach me at 702-555-0164" (a voicemail's): a call back,
    // named as the promised ones are, not "Call after 4 to …".
    const asksACallBack = verb === 'call';
    const text_ = opensWithCapital(
      asksACallBack
        ? owner === 'agent'
          ? `Call ${customer} back`
          : `${customer} calls ${text.agentName ?? 'the agent'} back`
        : onTheirAccount
          ? /\byour\b/i.test(cleanObject)
            ? `${capitalize(verb)} ${cleanObject.replace(/\byour\b/gi, `${customer}'s`)}`
            : `${capitalize(verb)} ${cleanObject} for ${customer}`
          : owner === 'agent'
            ? // "I'll have a pre-approval for you by Thursday": a thing made ready for the customer.
              verb === 'have'
              ? `Have ${cleanObject} ready for ${customer}`
              : writesOnADay
                ? `${capitalize(verb)} ${customer}`
                : `${capitalize(verb)} ${cleanObject} ${objectInVerb && !cleanObject ? 'for' : 'to'} ${customer}`
            : `${customer} ${thirdPerson(verb)} ${writesOnADay ? 'the agent' : cleanObject}`,
    )
      .replace(/\s+/g, ' ')
      .trim();
    const duplicate = tasks.find((task) => task.owner === owner && sharesNoun(task.object, cleanObject));
    if (duplicate) {
      // "Please take me off your list." — "I'll put your number on our do not call list right away.":
      // the one who does it names the day.
      duplicate.due ??= dueOf(sentence, text, verb, meetingDay);
      duplicate.evidence = evidenceOfSentences([sentence])
        .concat(duplicate.evidence)
        .sort((a, b) => a.start - b.start);
      continue;
    }
    tasks.push({
      text: text_,
      owner,
      // "Can you upload them by Monday?" — "I can do that Sunday.": the one who does it names the day.
      due: request ? dueOfRequest(sentence, text, verb, meetingDay) : dueOf(sentence, text, verb, meetingDay),
      evidence: evidenceOfSentences([sentence]),
      object: cleanObject,
      turnIndex: sentence.turnIndex,
    });
  }
  return tasks.map(({ object: _object, turnIndex: _turnIndex, ...task }) => task);
}

/**
 * "I can set up the demo on Thursday at 11am, I will also send you our pricing sheet": two promises a
 * recognizer ran into one sentence are two (the first one's verb would hide the second).
 */
const SECOND_PROMISE = /,\s+(?:and\s+)?(?=I(?:'ll| will)\s)/;
function promisesApart(sentence: Sentence): Sentence[] {
  const cut = SECOND_PROMISE.exec(sentence.text);
  if (!cut || !FIRST_PERSON_COMMITMENT.test(sentence.text.slice(0, cut.index))) return [sentence];
  return [
    { ...sentence, text: `${sentence.text.slice(0, cut.index)}.` },
    ...promisesApart({ ...sentence, text: sentence.text.slice(cut.index + cut[0].length) }),
  ];
}

/**
 * "I'll email you the form tonight, just sign it and send it back by Friday": a request said after
 * one's own promise in the same sentence is a task of its own, read as its own clause.
 */
const REQUEST_AFTER_PROMISE = new RegExp(
  `,\\s+(?=(?:(?:and|then|so)\\s+)?(?:just\\s+|please\\s+)?(?:${DELIVERY_VERBS})\\s+(?:it|them|those|that|this|the|your|me|us|out|in|back|and)\\b)`,
  'i',
);
function requestAfterPromiseApart(sentence: Sentence): Sentence[] {
  const cut = REQUEST_AFTER_PROMISE.exec(sentence.text);
  if (!cut || !FIRST_PERSON_COMMITMENT.test(sentence.text.slice(0, cut.index))) return [sentence];
  const request = sentence.text
    .slice(cut.index + cut[0].length)
    .replace(/^(?:(?:and|then|so)\s+)?(?:just\s+|please\s+)?/i, 'please ');
  return [
    { ...sentence, text: sentence.text.slice(0, cut.index + 1) },
    { ...sentence, text: request },
  ];
}

/**
 * "Please send me a list of the devices by Friday and I'll put a proposal together": one's own
 * promise after a request in the same sentence is a task of its own, and the request one too.
 */
const PROMISE_AFTER_REQUEST = /,?\s+and\s+(?=I(?:'ll| will)\s)/i;
function promiseAfterRequestApart(sentence: Sentence): Sentence[] {
  const cut = PROMISE_AFTER_REQUEST.exec(sentence.text);
  if (!cut || !REQUEST.test(sentence.text.slice(0, cut.index))) return [sentence];
  return [
    { ...sentence, text: `${sentence.text.slice(0, cut.index)}.` },
    { ...sentence, text: sentence.text.slice(cut.index + cut[0].length) },
  ];
}

/** What a request names: "I'll need your last two tax returns", "mail me your statement tomorrow?". */
const ASKED_THING = new RegExp(
  `\\b(?:need|want|see|${DELIVERY_VERBS})\\s+(?:me\\s+|us\\s+)?((?:your|the|a|an|those|these)\\s+[a-z0-9]+(?:\\s+[a-z0-9]+){0,3}?)\\s*(?:[.?!,]|$|\\s+(?:by|before|so|and|from|today|tonight|tomorrow|this|next|on)\\b)`,
  'i',
);
/**
 * "I'll need your last two tax returns." — "I'll dig them up and send them over": a pronoun answering
 * a request points at what the request named.
 */
function objectAskedBefore(sentence: Sentence, text: CallText, possessive: string): string {
  if (!/\b(?:it|them|those|these)\b/i.test(sentence.text)) return '';
  for (const asked of precedingTurn(text, sentence).reverse()) {
    const named = ASKED_THING.exec(asked.text);
    if (named) return objectPhrase(named[1]!, possessive);
  }
  return '';
}

/**
 * "Let me get you an application. I'll email it this afternoon.": a pronoun's thing ending the
 * sentence just before in the same turn.
 */
function objectEndingSentenceBefore(sentence: Sentence, text: CallText): string {
  if (!/\b(?:it|them|those|these)\b/i.test(sentence.text)) return '';
  const [before] = saidJustBefore(sentence, text);
  if (!before || before.turnIndex !== sentence.turnIndex) return '';
  const named = /\b(?:a|an|the|your|our|some)\s+((?:[a-z-]+\s+)?[a-z-]+)[.!]$/i.exec(before.text.trim());
  return named && !STOP_WORDS_OF_OBJECTS.test(named[1]!) ? `the ${named[1]!.toLowerCase()}` : '';
}
const STOP_WORDS_OF_OBJECTS = /^(?:minute|moment|second|call|look|chance|try|go|bit|lot|while|day|week|time)$/i;

/**
 * "The underwriter needs your two most recent bank statements … You can email them to me": the
 * papers the same speaker named just before, what a request's pronoun points at.
 */
function papersNamedBefore(sentence: Sentence, text: CallText): string {
  // The sentence may be a part split off a whole one: found by where its words were said.
  const at = text.sentences.findIndex(
    (said) => said === sentence || (said.turnIndex === sentence.turnIndex && said.text.includes(sentence.text)),
  );
  const before = at > 0 ? text.sentences[at - 1] : undefined;
  if (!before || before.turnIndex !== sentence.turnIndex) return '';
  const papers =
    /\b(?:your|the|a|an)\s+((?:[a-z\d-]+\s+){0,4}?(?:statements?|stubs?|returns?|w-?2s?|1099s?|forms?|records?|documents?|paperwork|letters?|contracts?|photos?|pictures?|receipts?|copies|copy|ids?|licen[cs]es?))\b/i.exec(
      before.text,
    );
  return papers ? `the ${papers[1]!.toLowerCase()}` : '';
}

/**
 * "I'll put a quote together and email it", "I'll run the numbers and email you", "I'll sketch three
 * ideas and email them": "the quote", "the numbers", "the three ideas", the object of the verb before "and".
 */
function objectOfFirstVerb(said: string): string {
  const first =
    /\bI(?:'ll| will| am going to|'m going to| can)\s+(?:also\s+|just\s+)?[a-z]+(?:\s+(?:out|up|together|over))?\s+((?:a|an|the|your|our|my|some|\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z]+(?:\s+(?!together|up|out|over|down)[a-z]+)?)(?:\s+(?:together|up|out|over|down))?\s+and\s+[a-z-]+\s+(?:it|them|you)\b/i.exec(
      said,
    );
  // "I'll sketch three ideas and email them": "the three ideas".
  return first
    ? first[1]!
        .replace(/^(?:a|an|our|my|some)\b/i, 'the')
        .replace(/^your\b/i, 'the')
        .replace(/^(?=\d|two|three|four|five|six|seven|eight|nine|ten)/i, 'the ')
    : '';
}

/** Two objects name the same thing when they share a content word ("the pricing sheet" / "the pricing"). */
function sharesNoun(a: string, b: string): boolean {
  const words = (phrase: string) =>
    new Set(
      (phrase.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter(
        (word) => !['your', 'their', 'with', 'that', 'this'].includes(word),
      ),
    );
  const first = words(a);
  return [...words(b)].some((word) => first.has(word));
}

/**
 * Words of a meeting: talking, a demo, a visit, "we could install it" or "put them up", a slot; "could
 * I get fifteen minutes with you Friday", "Could you come Thursday the 29th at 8:30?"; the next class
 * or session offered ("The next one is Sunday the 11th at one.", "his first session is next Tuesday
 * at five").
 */
const MEETING_CUE =
  /\b(next (?:one|class|session|lesson|workshop|tour|opening|slot) (?:is|starts|runs|will be)|(?:your|his|her|their|our|my|the) (?:first |next )?(?:class|session|lesson|visit|consultation|fitting|tasting|tour|interview|appointment) (?:is|will be)(?= (?:on |at |this |next |tomorrow|today|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day))|talk|speak|meet|meeting|call|demo|appointment|schedule|review|set up|chat|get together|follow up|walk ?through|go over|go through|visit|come in(?:to (?:the|our) (?:office|branch|store|shop|studio))?|(?:can|could|would) you come (?=(?:on )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|next|this)\b)|come (?:out|over|by)|stop by|sit down|survey|consult(?:ation)?|showing|tours?|(?:tech|technician|inspector|someone)\b[^.?!]{0,20}\bout|(?:get|send|have) (?:a|an|the|our|my|someone|somebody) (?:[a-z]+ )?(?:tech|technician|plumber|electrician|installer|inspector|estimator|appraiser|crew|cleaner|mover)s? (?:to you|over|out|there)|see you|catch up|connect|hop on|(?:get|have|grab|borrow) (?:(?:five|ten|fifteen|twenty|thirty|a few|\d+) minutes|half an hour|an hour) (?:with you|of your time)|walk (?:the )?(?:site|property|house|home|grounds)|site (?:walk|visit)|(?:is|sounds|that's) (?:fine|great|good|perfect)|i can do|(?:i|we) (?:can|could) (?:start|come|be there|stop by|swing by|fit you in|get you in)|(?:have|has|got|there's|there is) (?:an? |one |another )?(?:opening|slot|time)s?\b|(?:i|we)(?:'ve| have) (?:got )?(?:[a-z]+ ){0,2}?(?:tomorrow|today|this (?:morning|afternoon|evening)|(?:next |this )?\w+day(?: the \w+)?),? (?:at|around|morning|afternoon|evening)|(?:anything|something) (?:at|around) (?:\d|one\b)|available|works for (?:you|me|us)|inspect\w*|(?:i|we)(?:'ll| will| can| could)? (?:install|put (?:them|it|those) up|hang (?:them|it|those))\b|drop (?:it|her|him|them|the \w+) off|(?:would|will|does|could) [^.?!]{0,30}\bwork(?= for| with| to \w+|\s*\?)|(?:i|we) can see (?:you|both|all|him|her|them|\w+ of you)|touch base|check in|book(?:ed|ing)?|how about|what about|how(?:'s| is| does) (?:the day after tomorrow|tomorrow|today|tonight|(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|next week)|let'?s (?:do|go with|say) (?:that|it|then|noon|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|(?:you're|you are|we're|we are) (?:all )?set\b|(?:set|scheduled|confirmed|penciled in) for|(?:tomorrow|today|tonight|\w+day|\d{1,2}|one|[ap]m|morning|afternoon|evening|noon) works|(?:i|we)(?:'ll| will)(?: both| all)? be (?:there|here|home)|come (?:in )?for (?:a|an|your|the) (?:[a-z]+ )?(?:tasting|fitting|consultation|consult|tour|trial|walkthrough|walk-through)|(?:i'm|i am|are you|we're) free|test drive|come (?:drive|try|see|look at) it|sign (?:me|us|him|her|them|this) up|get (?:it|her|him|them|you|the \w+) in\b|bring (?:it|her|him|them|the \w+) (?:by|in(?:to)?|over)|first thing|(?:class|session|lesson|course|camp|program|workshop|clinic|training)(?:es|s)?\b[^.?!]{0,40}\b(?:starts?|begins?|kicks? off)|(?:can|could) (?:you|we) do (?=(?:tomorrow|today|tonight|this|next|the|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)\b))\b/i;
/**
 * A reply that turns a proposed time down: "No, I'm stuck at work then", "Tuesday is packed", "could
 * we do Wednesday instead?"; or leaves it to someone else: "Let me check with Luis and email you back".
 * "We're booked solid" turns it down; "You're booked." takes it.
 */
const DECLINE =
  /^\W*(?:no|nope)\b(?![,.]? (?:problem|worries))|\b(?:let me|let us|i'll|i will|i need to|i have to|i'd have to|i should|we'll|we need to|we have to) (?:check|confirm|talk|speak|run (?:it|this|that)|clear (?:it|this|that)) (?:with|by|past) (?!you\b)|\b(stuck|can't|cannot|doesn't work|does not work|won't work|not available|busy then|no good|packed|(?<!\b(?:you're|you are|you've been|you have been) )booked(?: up| solid)?(?! (?:you|it|that|them|for you)\b)|slammed|swamped|tied up|out of town|instead|anything (?:earlier|later|sooner|after|before|past)|something (?:earlier|later|sooner|after|before)|(?:i'm|i am|we're|we are) (?:at work|working|out|away|at school) then|(?:won't|will not|wouldn't) be (?:home|there|back|around|free|off)(?: (?:until|till|before))?)\b/i;
/** Words before a time that tell one's own schedule: "I get off at 4:30", "I work until 5". */
const SCHEDULE_BEFORE =
  /\b(?:get(?:ting)? off(?: work)?|got off(?: work)?|off work|work(?:ing)? until|work(?:ing)? till|(?:shift|work|class|school) (?:ends|is over)|finish(?:ing)? work|leave work|pick(?:ing)? up the kids|(?:out|away|busy|gone|tied up|in meetings|not (?:home|back|free)|(?:won't|will not) be (?:home|back|free|there)) (?:until|till))\s*(?:at|around|by|about)?\s*$/i;
const DEFAULT_APPOINTMENT_MINUTES = 30;
/** Days said as a span or a habit: a schedule that repeats, not one time arranged. */
const RECURRING = new RegExp(
  String.raw`\b(?:${WEEKDAYS.join('|')}) (?:through|thru) (?:${WEEKDAYS.join('|')})\b|\b(?:every|each) (?:day|weekday)\b|\bweekdays\b|\bdaily\b`,
  'i',
);

function durationMinutesOf(sentence: Sentence): number {
  const match = /\bfor (an?|half an|\d+)\s*(hour|hours|minutes|mins)\b/i.exec(sentence.text);
  if (!match) return DEFAULT_APPOINTMENT_MINUTES;
  const count = match[1]!.toLowerCase() === 'half an' ? 0.5 : /^an?$/i.test(match[1]!) ? 1 : Number(match[1]);
  return /hour/i.test(match[2]!) ? count * 60 : count;
}

/** "Drop it off tomorrow at 7:30", "I can have a technician there Thursday", "come see it". */
const VISIT_WORDS = new RegExp(
  String.raw`\b(?:drop (?:it|her|him|them|the \w+) off|bring (?:it|her|him|them|the \w+) (?:by|in(?:to)?|over)|come (?:see|by|look)|tours?|(?:${VISITOR}|someone) (?:there|out|to you))\b`,
  'i',
);
/** The business's own people going to the customer: "I could be there tomorrow at eight", "we could install it …". */
const WE_COME =
  /\b(?:i|we)(?:(?:'ll| will| can| could) (?:be (?:there|out)|come\b(?! (?:in|to)\b)|deliver)|(?:'ll| will| can| could)? (?:install|put (?:them|it|those) up|hang (?:them|it|those)))\b/i;

function titleOf(sentence: Sentence, customer: string): string {
  const said = sentence.text;
  const kind = /\bdemo\b/i.test(said)
    ? 'Demo'
    : /\b(?:class(?:es)?|lessons?|course|workshop)\b/i.test(said)
      ? 'Class'
      : /\breview|go over|walk ?through\b/i.test(said)
        ? 'Review'
        : // "Dr. Vanterpool has an opening tomorrow at 3:45": a patient's or client's appointment.
          /\b(?:openings?|appointments?|consult(?:ation)?s?|check-?ups?|exams?|cleanings?|book(?:ed|ing)?|tastings?|fittings?)\b|\bDr\./i.test(
              said,
            )
          ? 'Appointment'
          : /\bmeet|visit|come in|come (?:in)?to (?:the|our) (?:branch|office|store|shop|studio)|showing|interviews?\b/i.test(
                said,
              )
            ? 'Meeting'
            : VISIT_WORDS.test(said) || (sentence.speaker !== 'customer' && WE_COME.test(said))
              ? 'Visit'
              : 'Follow-up call';
  return `${kind} with ${customer}`;
}

/** Appointments are in the future of the call and within a year of it (a phone number is not a date). */
const MAX_APPOINTMENT_DAYS_AHEAD = 366;

interface Candidate extends DetectedAppointment {
  startMs: number;
  /** The segment it was said in, and how many times that sentence offered. */
  turnIndex: number;
  offeredWith: number;
  /** Whether a day was said ("Tuesday at 3") or only a time ("at 3 pm"). */
  daySaid: boolean;
  /** Minutes after midnight, in the call's offset. */
  timeOfDay: number;
  /** Whether am or pm was said (or "in the evening"): "Thursday at 7" alone may be either. */
  meridiemSaid: boolean;
  /** Day of the week in the call's offset (0 = Sunday). */
  weekday: number;
  /** Offered as one of two ("Saturday at 10:30 or one"), the other perhaps not read as a time. */
  orAnother: boolean;
  /** Its sentence names a date, not only a weekday: "Friday the twenty second", "May 22", "next Friday". */
  dateSaid: boolean;
}

/** A date beyond a weekday: a day of the month, a month, "next", "a week from". */
const DATE_BEYOND_A_WEEKDAY = new RegExp(`\\b(?:${ORDINAL_DAY}|next|week|${MONTHS.join('|')})\\b`, 'i');

export function detectAppointments(text: CallText, customerEmail: string | null): DetectedAppointment[] {
  const customer = text.customerName?.value ?? null;
  const recordedMs = text.facts.recordedAt.getTime();
  const candidates: Candidate[] = [];
  let lastDay: { turnIndex: number; start: Date; declined: boolean } | null = null;
  // Turns in which a clock time was offered (taken or turned down).
  const candidatesOffered: number[] = [];
  for (const sentence of text.sentences) {
    // A time counts when a meeting is being arranged: cue words in it, or in the turns around it
    // ("Could we meet Wednesday?" — "No." — "How about Thursday at 10 am?"; two-channel
    // recordings may put a reply's segment before the question's).
    const arranging = text.sentences.some(
      (nearby) => Math.abs(nearby.turnIndex - sentence.turnIndex) <= 3 && MEETING_CUE.test(nearby.text),
    );
    if (!arranging) continue;
    // "Monday through Friday, around noon", "weekdays at 7": a recurring schedule, no appointment.
    if (RECURRING.test(sentence.text)) continue;
    const timesTalked = candidatesOffered.some((turnIndex) => sentence.turnIndex - turnIndex <= 3);
    const said = forDateParser(sentence.text, text, timesTalked);
    const results = parseDates(said, text)
      // A meeting has a clock time said as one: not "from 140" (a figure) nor "a few minutes".
      .filter(
        (result) =>
          result.start.isCertain('hour') && CLOCK_SAID.test(result.text) && !/^\d+(-\d+)+$/.test(result.text.trim()),
      )
      // "I get off at 4:30": when someone is busy is no time offered.
      .filter((result) => !SCHEDULE_BEFORE.test(said.slice(0, result.index)))
      // "about 1.4 a.m." (a recognizer's "one forty a year"): a point and one digit is no clock time.
      .filter((result) => !/\d\.\d(?!\d)/.test(result.text))
      // "We're at six and seven eighths": a rate, not a time.
      .filter((result) => !RATE_AFTER.test(said.slice(result.index + result.text.length)))
      // "listed at 2-9-D-4" (a recognizer's "two ninety four"): characters hyphened on make a figure.
      .filter((result) => !/^-[\dA-Za-z]/.test(said.slice(result.index + result.text.length)));
    for (const result of results) {
      let start = businessHours(result);
      const daySaid = result.start.isCertain('weekday') || result.start.isCertain('day');
      candidatesOffered.push(sentence.turnIndex);
      // "Is tomorrow at 3:15 okay?" — "Anything earlier?" — "We have 9:45.": a time without a day
      // offered after a time was turned down is on that day.
      const before = said.slice(0, result.index);
      const arrivingBy = (dayTurn: number) =>
        sentence.speaker === 'unknown' && sentence.turnIndex - dayTurn <= 2 && /\bby\s*$/i.test(before);
      // "No food after midnight the night before": a cutoff, no time to meet.
      if (!daySaid && /\bafter\s*$/i.test(before) && /\b(?:no|nothing|don't|do not|stop)\b/i.test(before)) continue;
      // "My daughter's prom is Saturday, May ninth" … "picking them up at six thirty": a time with no
      // day of its own is on the date (a month or a day of the month, no time) named just before.
      const datedBefore = daySaid || TODAY.test(sentence.text) ? null : dateNamedJustBefore(sentence, text);
      if (daySaid) lastDay = { turnIndex: sentence.turnIndex, start, declined: false };
      else if (
        lastDay &&
        !lastDay.declined &&
        (lastDay.turnIndex === sentence.turnIndex || arrivingBy(lastDay.turnIndex))
      ) {
        // "… set for Tuesday the fourteenth at eight. Please drop her off by 7:45": a time the same
        // turn says after a day is on that day, and arriving by it is part of that visit (on a mono
        // recording, where each segment is a turn, "by 7.45" in the segments just after too).
        const onThatDay = sameClockOn(lastDay.start, start, text.facts.utcOffsetMinutes);
        if (/\bby\s*$/i.test(before) && onThatDay.getTime() <= lastDay.start.getTime()) continue;
        if (lastDay.turnIndex === sentence.turnIndex) start = onThatDay;
      } else if (lastDay?.declined && sentence.turnIndex - lastDay.turnIndex <= 3) {
        start = sameClockOn(lastDay.start, start, text.facts.utcOffsetMinutes);
      } else if (datedBefore) {
        start = sameClockOn(datedBefore, start, text.facts.utcOffsetMinutes);
      }
      if (start.getTime() <= recordedMs || start.getTime() - recordedMs > MAX_APPOINTMENT_DAYS_AHEAD * 86_400_000)
        continue;
      const reply = text.sentences.filter(
        (candidate) => candidate.turnIndex === sentence.turnIndex + 1 && isOtherSpeaker(candidate, sentence),
      );
      // "Tuesday at 4:30?" — "Could we make it five?": the same day at the time the reply asks for.
      const counter = reply.map((answer) => counterTimeIn(answer.text)).find((time) => time !== null);
      if (counter != null) start = onSameLocalDay(start, counter, text.facts.utcOffsetMinutes);
      else if (reply.some((answer) => DECLINE.test(answer.text))) {
        if (daySaid && lastDay) lastDay.declined = true;
        continue;
      } else if (!daySaid && !datedBefore) {
        // "I can have a technician there between 1 and 3." — "Thursday afternoon's fine.": a time
        // offered without its day (or its day lost by the recognizer) is on the day the reply takes.
        const replyDay = reply
          .flatMap((answer) => parseDates(forDateParser(answer.text, text), text))
          .find((parsed) => parsed.start.isCertain('weekday') || parsed.start.isCertain('day'));
        const onReplyDay = replyDay ? sameClockOn(replyDay.start.date(), start, text.facts.utcOffsetMinutes) : null;
        // Still in the future of the call ("… noon." — "I'll send it tonight." is no day for noon).
        if (onReplyDay && onReplyDay.getTime() > recordedMs) start = onReplyDay;
      }
      const local = new Date(start.getTime() + text.facts.utcOffsetMinutes * 60_000);
      const end = new Date(start.getTime() + durationMinutesOf(sentence) * 60_000);
      candidates.push({
        title: titleOf(sentence, customer ?? 'the customer'),
        start: formatInOffset(start, text.facts.utcOffsetMinutes),
        end: formatInOffset(end, text.facts.utcOffsetMinutes),
        attendees: [
          { name: text.agentName, email: text.facts.agentEmail, phone: null },
          { name: customer, email: customerEmail, phone: text.facts.contactPhone },
        ],
        evidence: evidenceOfSentences([sentence]),
        startMs: start.getTime(),
        turnIndex: sentence.turnIndex,
        offeredWith: results.length,
        daySaid,
        timeOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(),
        meridiemSaid: result.start.isCertain('meridiem'),
        weekday: local.getUTCDay(),
        dateSaid: DATE_BEYOND_A_WEEKDAY.test(sentence.text),
        orAnother:
          counter == null &&
          (/^\s*,?\s*or\b/i.test(said.slice(result.index + result.text.length)) ||
            /\bor\s*$/i.test(said.slice(0, result.index))),
      });
    }
  }
  return mergeMentions(withoutAlternativesAndMoves(candidates, text)).map(
    ({
      startMs: _s,
      daySaid: _d,
      timeOfDay: _t,
      turnIndex: _i,
      offeredWith: _o,
      meridiemSaid: _m,
      weekday: _w,
      orAnother: _a,
      ...appointment
    }) => appointment,
  );
}

/**
 * chrono's results for a text. chrono joins two references a comma separates into one ("I'll send
 * it this afternoon, tomorrow at 10 works" is 10 pm today, as a recognizer punctuates "…this
 * afternoon. Tomorrow at ten works"): a result across a comma whose last part names a day and a
 * time of its own is read as its parts.
 */
function parseDates(said: string, text: CallText): chrono.ParsedResult[] {
  const reference = { instant: text.facts.recordedAt, timezone: text.facts.utcOffsetMinutes };
  return chrono.parse(said, reference, { forwardDate: true }).flatMap((result) => {
    if (!result.text.includes(',')) return [result];
    const parts = result.text.split(',').map((part) => chrono.parse(part, reference, { forwardDate: true }));
    const last = parts[parts.length - 1]!;
    // "Tuesday, September first, at four thirty" is one time: a last part with an hour but no day of
    // its own completes the day before it.
    const ownTime = last.some(
      (part) =>
        part.start.isCertain('hour') &&
        (part.start.isCertain('day') ||
          part.start.isCertain('weekday') ||
          /\b(?:today|tomorrow|tonight)\b/i.test(part.text)),
    );
    return ownTime ? parts.flat() : [result];
  });
}

/** A clock time in what chrono read: "10:30", "3 pm", "at 10", "noon", "in the morning", "o'clock". */
const CLOCK_SAID =
  /\d:\d\d|\b\d{1,2}\s*[ap]m\b|\bat \d{1,2}\b|\bnoon\b|\bmidnight\b|o'?clock|\b(?:morning|afternoon|evening)\b/i;

/** What may follow a time said after "at" ("at 1030 so we can…"): not a street name ("at 230 Maple Avenue"). */
const AFTER_A_TIME = String.raw`(?=\s*(?:o'?clock|[ap]\.?m\b|in the|[.,?!]|$|\s+(?:to|works?|is|for|then|so|if|because|sharp|tomorrow|today|this|on|okay|ok|good|fine|alright|perfect|got it|sounds|it is|open|available|free)\b))`;

const COUNT_AFTER_AT =
  /\b(?:at|by|around) ((?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?!(?:works|sounds|thanks|this|please|plus|yes|is|was|as|minutes|hours)\b)[a-z]{2,}s)\b/gi;

/** A date said with its month, or its day of the month after a weekday or "on": "Saturday, May ninth", "Friday the twenty second", "on the 9th". */
const DATE_OF_MONTH_SAID = new RegExp(
  `\\b(?:${MONTHS.join('|')}),? (?:the )?(?:\\d{1,2}|${ORDINAL_DAY})\\b|\\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?|on) the (?:\\d{1,2}|${ORDINAL_DAY})\\b`,
  'i',
);
/** The date named, with no clock time, in the three turns before a sentence (latest first). */
function dateNamedJustBefore(sentence: Sentence, text: CallText): Date | null {
  const before = text.sentences
    .filter(
      (said) =>
        said.turnIndex < sentence.turnIndex &&
        said.turnIndex >= sentence.turnIndex - 3 &&
        DATE_OF_MONTH_SAID.test(said.text) &&
        !CLOCK_TIME.test(said.text),
    )
    .reverse();
  for (const said of before) {
    const parsed = parseDates(forDateParser(said.text, text), text).find((result) => result.start.isCertain('day'));
    if (parsed && parsed.start.date().getTime() > text.facts.recordedAt.getTime()) return parsed.start.date();
  }
  return null;
}

/** A day named in a sentence (day phrases are resolved to "on April 23 2026" before this is asked). */
const DAY_NAMED =
  /\b(?:today|tonight|tomorrow|this (?:morning|afternoon|evening)|(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may \d{1,2}|june|july|august|september|october|november|december)\b/i;

/**
 * The sentence as the date parser should read it: day phrases resolved, "at one" as a time, and a
 * time a recognizer wrote without its colon ("at 230", "at 1045": Whisper writes "two thirty" so)
 * with one, when the sentence names a day: alone, "at 720" is as likely a credit score.
 */
const HOUR_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const hourOf = (said: string) =>
  /^noon$/i.test(said) ? 12 : /^\d/.test(said) ? Number(said) : (parseNumberWords([said]) ?? 0);
const HOUR = `1[0-2]|0?[1-9]|${HOUR_WORDS.join('|')}`;
/** A day said beside a window: "tomorrow", "Friday", "July 15 2026" (as `resolveDayPhrases` writes a day). */
const WINDOW_DAY = String.raw`(?:today|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:january|february|march|april|may|june|july|august|september|october|november|december) \d{1,2}(?: \d{4})?)`;
/** A window "eight to ten" starts at its first hour; 8 before 10 is the morning. */
/** "(from) eight to ten", "9:30 till 11", "ten to noon": a window of hours, its first hour and minutes and its last hour captured. */
const HOURS_WINDOW = String.raw`(?:from )?(${HOUR})(:[0-5]\d)? (?:to|till|until) (${HOUR}|noon)(?::[0-5]\d)?(?!\s*[ap]\.?m)`;
function windowStart(fromSaid: string, minutes: string | undefined, toSaid: string): string {
  const [from, to] = [hourOf(fromSaid), hourOf(toSaid)];
  return `at ${from}${minutes ?? ''}${from < to && from >= 7 ? ' am' : ''}`;
}

// The hours forDateParser rewrites, built once (it runs on every sentence that may name a time).
const AT_ONE = new RegExp(String.raw`(?<!\blook(?:s|ed|ing)? )\b(at|by|until) one\b` + AFTER_A_TIME, 'gi');
const BETWEEN_HOURS = new RegExp(
  `\\bbetween (${HOUR})(:[0-5]\\d)? and (${HOUR}|noon)(?::[0-5]\\d)?(?!\\s*[ap]\\.?m)\\b`,
  'gi',
);
const WINDOW_BEFORE_ITS_DAY = new RegExp(`\\b${HOURS_WINDOW}(?=,? (?:on )?${WINDOW_DAY}\\b)`, 'gi');
const WINDOW_AFTER_ITS_DAY = new RegExp(`\\b(${WINDOW_DAY}),? ${HOURS_WINDOW}\\b`, 'gi');
const TIME_WITHOUT_COLON = new RegExp(
  String.raw`\b(at|by|until|around) (1[0-2]|0?[1-9])([0-5]\d)\b` + AFTER_A_TIME,
  'gi',
);
/** "December 12 in the evening (at 6)": a day of the month and the part of the day, its hour after. */
const MONTH_DAY_THEN_PART_OF_DAY = new RegExp(
  `\\b((?:${MONTHS.join('|')}) \\d{1,2}(?:st|nd|rd|th)?),? in the (morning|afternoon|evening)(?:,? (?:at|around) (\\d{1,2}(?::\\d\\d)?)\\b)?`,
  'gi',
);

function forDateParser(said: string, text: CallText, timesTalked = false): string {
  let resolved = resolveDayPhrases(said, text.facts.recordedAt, text.facts.utcOffsetMinutes)
    // "Wednesday the 11, at 630": a comma between a day and its time parts them for the date parser.
    .replace(/\b(\d{4}|(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today),\s+(?=at\s+\d)/gi, '$1 ')
    // "Friday the 8 that 530.": a recognizer's "that" for "at" between a day and the time that ends the clause.
    .replace(
      /\b((?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight|the \d{1,2}(?:st|nd|rd|th)?|\d{4}) that (?=(?:1[0-2]|0?[1-9])(?:[: ]?[0-5]\d)?\s*(?:[ap]\.?m\b|[.,?!]|$))/gi,
      '$1 at ',
    )
    // "We'll pre-treat that at three rooms": a number before a plural noun counts things, it is no time.
    .replace(COUNT_AFTER_AT, '$1')
    // "Saturday at 10-30", "Saturday at 9 30": a recognizer's hyphen or space between the hour and its minutes.
    .replace(/\b(at|by|around) (1[0-2]|0?[1-9])-([0-5]\d)\b(?!-)/gi, '$1 $2:$3')
    .replace(
      /\b(at|by|around) (1[0-2]|0?[1-9]) ([0-5]\d)\b(?!\s*(?:(?!(?:is|was|has|does|works|sounds)\b)[a-z]+s\b|percent|%|dollars|thousand|grand|k\b))/gi,
      '$1 $2:$3',
    )
    // "They listed it at 2.39.9": a figure (239,900 said as pairs), not 2:39; the date parser needs no figure.
    .replace(/\b\d\.\d\d\.\d\b/g, 'a figure')
    // "It appraised at 5.20 in January": after a price's word, pairs (520,000), not 5:20.
    .replace(/\b\d{1,2}[.:]\d\d\b(?!\s*[ap]\.?m)/g, (figure, at: number, whole: string) =>
      PRICE_IN_CLAUSE_BEFORE_AT.test(whole.slice(0, at)) ? 'a figure' : figure,
    )
    // "Thursday at 2.30": a recognizer's dot between the hour and its minutes (a figure was taken out above).
    .replace(/\b(at|by|around|until) (1[0-2]|0?[1-9])\.([0-5]\d)\b(?![.\d])/gi, '$1 $2:$3')
    // Not "we're looking at one for 615,000": one house, not one o'clock.
    .replace(AT_ONE, '$1 1')
    // "next Wednesday around noon", "Tuesday evening around six": the parser reads a day and "around
    // <time>" apart (the time today).
    .replace(
      /\b((?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today|tonight|\d{4})((?:\s+(?:morning|afternoon|evening|night))?)\s+(?:around|about|roughly|approximately|sometime around|right around)\s+(?=noon\b|midnight\b|\d)/gi,
      '$1$2 at ',
    )
    // "11 on Saturday it is", "445 on the 9th it is" (a recognizer's 4:45): an hour that opens a
    // sentence before its day is a time.
    .replace(
      /^(\W*)(1[0-2]|0?[1-9]):?([0-5]\d)? on (?=(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|january|february|march|april|may|june|july|august|september|october|november|december)\b)/i,
      (_all, before: string, hour: string, minutes?: string) =>
        `${before}at ${hour}${minutes ? `:${minutes}` : ''} on `,
    )
    // "Tomorrow between 8 and 10": a window starts at its first hour (8 before 10 is morning).
    .replace(BETWEEN_HOURS, (_all, fromSaid: string, minutes: string | undefined, toSaid: string) =>
      windowStart(fromSaid, minutes, toSaid),
    )
    // "Eight to ten tomorrow is great", "Friday, ten to twelve": a window said beside its day starts
    // at its first hour (alone, "8 to 10" may be years or people).
    .replace(WINDOW_BEFORE_ITS_DAY, (_all, fromSaid: string, minutes: string | undefined, toSaid: string) =>
      windowStart(fromSaid, minutes, toSaid),
    )
    .replace(
      WINDOW_AFTER_ITS_DAY,
      (_all, day: string, fromSaid: string, minutes: string | undefined, toSaid: string) =>
        `${day} ${windowStart(fromSaid, minutes, toSaid)}`,
    )
    // "at 7.30 a.m. evening": a recognizer's "a.m." before the evening said is the evening's.
    .replace(
      /\b(\d{1,2})(?:[:.](\d\d))?\s*a\.?\s?m\b\.?,?\s+(?:in the )?(?:evening|night)\b/gi,
      (_all, hour: string, minutes?: string) => `${hour}:${minutes ?? '00'} pm`,
    )
    // After a date with its year, the parser reads "at 7" alone and "in the evening" apart (7 am).
    // ("On December 12 in the evening": a day of the month is no hour; "… in the evening at 6" is 6 pm.)
    .replace(MONTH_DAY_THEN_PART_OF_DAY, (_all, day: string, part: string, hour?: string) =>
      hour ? `${day} at ${hour} ${/morning/i.test(part) ? 'am' : 'pm'}` : day,
    )
    .replace(/\b(\d{1,2}(?::\d\d)?) in the (afternoon|evening)\b/gi, '$1 pm')
    .replace(/\b(\d{1,2}(?::\d\d)?) in the morning\b/gi, '$1 am');
  // Right after times were offered, a recognizer's "We have 945" and "945 is perfect" are times too.
  if (timesTalked)
    resolved = resolved
      .replace(
        /\b(have|how about|what about|do|got|there's|opening at)\s+(1[0-2]|0?[1-9])([0-5]\d)\b(?=\s*(?:[.,?!]|$|instead|then))/gi,
        '$1 at $2:$3',
      )
      .replace(/^(\W*)(1[0-2]|0?[1-9])([0-5]\d)\s+(?=(?:is|works|sounds|would|it is)\b)/i, '$1at $2:$3 ');
  if (!DAY_NAMED.test(resolved)) return resolved;
  const withColons = resolved
    .replace(TIME_WITHOUT_COLON, '$1 $2:$3')
    // "330 Thursday": a time said just before its day.
    .replace(/\b(1[0-2]|0?[1-9])([0-5]\d) (?=(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/gi, 'at $1:$2 ');
  // "Tonight after close, around 10:30": an hour tonight is in the evening.
  return /\btonight\b/i.test(withColons) && !/\b(?:tomorrow|morning|\w+day)\b/i.test(withColons)
    ? withColons.replace(
        /\b(at|around|by|about) (\d{1,2})(?:[:.](\d\d))?\b(?!\s*[ap]\.?m)/gi,
        (_all, word: string, hour: string, minutes?: string) => `${word} ${hour}${minutes ? `:${minutes}` : ''} pm`,
      )
    : withColons;
}

/** Someone asking to move a meeting already set ("Can we move it?", "I can't make it"). */
const MOVE_REQUEST =
  /\b(move it|move (?:the|my|our) (?:appointment|meeting|call)|reschedul\w*|push (?:it|that) back|can'?t make (?:it|that)|won'?t make it|change the time|another time|forgot)\b/i;

/**
 * What was agreed, not everything said: of times offered together ("Thursday at 3:45, or next
 * Monday at 8") the ones the reply names; and a time someone asks to move is not kept once a new
 * one is set.
 */
function withoutAlternativesAndMoves(candidates: Candidate[], text: CallText): Candidate[] {
  const confirmedLater = (candidate: Candidate) =>
    candidates.some(
      (other) =>
        other !== candidate &&
        other.turnIndex > candidate.turnIndex &&
        other.turnIndex <= candidate.turnIndex + 2 &&
        (other.startMs === candidate.startMs || (!other.daySaid && other.timeOfDay === candidate.timeOfDay)),
    );
  return candidates.filter((candidate) => {
    // Offered with others: kept only when a following turn names it.
    const offeredTogether = candidates.filter(
      (other) => other.turnIndex === candidate.turnIndex && other.startMs !== candidate.startMs,
    );
    if (offeredTogether.length > 0 && offeredTogether.some(confirmedLater) && !confirmedLater(candidate)) return false;
    // "Saturday at 10:30 or one" — a reply that names neither (a recognizer's "Let's do one look
    // luck"): which one was taken is not known.
    if (candidate.orAnother && !confirmedLater(candidate)) return false;
    // A time followed by a request to move it, and a later time: the later one stands.
    const moved = text.sentences.some(
      (sentence) =>
        sentence.turnIndex > candidate.turnIndex &&
        sentence.turnIndex <= candidate.turnIndex + 2 &&
        MOVE_REQUEST.test(sentence.text),
    );
    const later = candidates.some(
      (other) => other.turnIndex > candidate.turnIndex && other.startMs !== candidate.startMs,
    );
    return !(moved && later);
  });
}

/**
 * One appointment per time agreed: the same start said twice (proposal and confirmation) is one,
 * and a bare time ("at 3 pm") said near a day and the same time ("Tuesday at 3") is that one.
 */
/** Said within two turns of each other, on the same weekday at the same clock time, am or pm aside. */
const sameWeekdayAndClockJustAfter = (a: Candidate, b: Candidate) =>
  Math.abs(a.turnIndex - b.turnIndex) <= 2 && a.weekday === b.weekday && a.timeOfDay % 720 === b.timeOfDay % 720;

function mergeMentions(candidates: Candidate[]): Candidate[] {
  const merged: Candidate[] = [];
  const ordered = [...candidates].sort(
    (a, b) => Number(b.daySaid) - Number(a.daySaid) || Number(b.meridiemSaid) - Number(a.meridiemSaid),
  );
  for (const candidate of ordered) {
    const same =
      merged.find((kept) => kept.startMs === candidate.startMs) ??
      (candidate.daySaid ? undefined : merged.find((kept) => kept.daySaid && kept.timeOfDay === candidate.timeOfDay)) ??
      // "at 1:30 this afternoon" — "1:30 is fine": a bare time repeated just after is the same one;
      // "Thursday at 7 in the evening" — "… at 7 works." (its day garbled) too, the hour said without am/pm.
      (candidate.daySaid
        ? undefined
        : merged.find(
            (kept) =>
              Math.abs(kept.turnIndex - candidate.turnIndex) <= 2 &&
              (kept.timeOfDay === candidate.timeOfDay ||
                (kept.meridiemSaid && !candidate.meridiemSaid && kept.timeOfDay % 720 === candidate.timeOfDay % 720)),
          )) ??
      // "Would Friday the twenty second at three forty five work?" — "Yes, Friday at three forty five is
      // good.": a weekday and clock time said back, with no date of their own, confirm the date just
      // proposed (the parser reads the bare "Friday" as the next one).
      (candidate.daySaid && !candidate.dateSaid
        ? merged.find(
            (kept) =>
              kept.dateSaid && kept.turnIndex < candidate.turnIndex && sameWeekdayAndClockJustAfter(kept, candidate),
          )
        : undefined) ??
      // "Thursday at 7 is perfect" confirms "Thursday the 22nd at 7 in the evening", which the
      // parser reads as the next Thursday at 7 am: the same weekday and clock time, just after it.
      (candidate.meridiemSaid
        ? undefined
        : merged.find((kept) => kept.meridiemSaid && sameWeekdayAndClockJustAfter(kept, candidate)));
    // "… at 6 in the morning before you open." — "Next Tuesday at six works": the reply's hour read
    // without am/pm (6 pm in business hours) is the morning the proposal said.
    const readWithoutMeridiem =
      same || !candidate.meridiemSaid
        ? undefined
        : merged.find((kept) => !kept.meridiemSaid && sameWeekdayAndClockJustAfter(kept, candidate));
    if (readWithoutMeridiem)
      Object.assign(readWithoutMeridiem, {
        start: candidate.start,
        end: candidate.end,
        startMs: candidate.startMs,
        timeOfDay: candidate.timeOfDay,
        meridiemSaid: true,
      });
    const sameMeeting = same ?? readWithoutMeridiem;
    if (sameMeeting) {
      sameMeeting.evidence = [...sameMeeting.evidence, ...candidate.evidence]
        .filter((evidence, index, all) => all.findIndex((other) => other.start === evidence.start) === index)
        .sort((a, b) => a.start - b.start);
      // The proposal usually says more about the meeting than the confirmation does.
      if (candidate.title.startsWith('Follow-up') === false && sameMeeting.title.startsWith('Follow-up'))
        sameMeeting.title = candidate.title;
    } else merged.push({ ...candidate });
  }
  return merged.sort((a, b) => a.startMs - b.startMs);
}

/** What follows a figure that is a rate: "and seven eighths", "and a half percent", "%". */
const RATE_AFTER =
  /^[\s-]*(?:and (?:a |an |one |three |five |seven |\d )?(?:half|quarters?|eighths?|sixteenths?)\b|(?:\.\d+\s*)?(?:%|percent\b))/i;

/** Another clock time asked for without a day: "Could we make it five?", "Can we do 5:30?" */
const COUNTER_TIME =
  /\b(?:make it|(?:push|move|bump|change) (?:it|that)(?: back)? to|let'?s (?:do|go with|say)|i'll take|how about|what about|(?:(?:could|can) )?(?:we|you) do|rather do|(?:(?:is there|do you have|have you got) )?(?:anything|something)(?= (?:at|around))|(?:(?:is there|do you have) )?any(?:thing)? (?:open|free|available)(?= (?:at|around)))\s+(?:(?:at|around)\s+)?(\d{1,2}|one|for|four|to|too|two)(?:[:.]?([0-5]\d))?\s*([ap])?\.?m?\.?(?=\s*(?:[?.!,]|$|instead|then|that day|o'?clock|and\b))/i;
/** "Could we make it for instead?": an hour a recognizer wrote as the word it sounds like. */
const HOUR_HEARD_AS_WORD: Record<string, number> = { one: 1, for: 4, four: 4, to: 2, too: 2, two: 2 };

/** Minutes after midnight of a time asked for in a reply (an hour from 1 to 6 without am/pm is afternoon). */
function counterTimeIn(said: string): number | null {
  if (DAY_NAMED.test(said)) return null;
  const match = COUNTER_TIME.exec(said);
  if (!match) return null;
  // "one" stays a word in recognized text (it is also a pronoun); as a time asked for it is 1.
  let hour = HOUR_HEARD_AS_WORD[match[1]!.toLowerCase()] ?? Number(match[1]);
  if (hour < 1 || hour > 12) return null;
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === 'p' && hour < 12) hour += 12;
  else if (meridiem === 'a' && hour === 12) hour = 0;
  else if (!meridiem && hour <= 6) hour += 12;
  return hour * 60 + Number(match[2] ?? 0);
}

/** The clock time of `time` on the local day of `day` ("Tuesday" and "at 7:45" said apart). */
function sameClockOn(day: Date, time: Date, offsetMinutes: number): Date {
  const local = new Date(time.getTime() + offsetMinutes * 60_000);
  return onSameLocalDay(day, local.getUTCHours() * 60 + local.getUTCMinutes(), offsetMinutes);
}

function onSameLocalDay(start: Date, minutesAfterMidnight: number, offsetMinutes: number): Date {
  const local = new Date(start.getTime() + offsetMinutes * 60_000);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnight + (minutesAfterMidnight - offsetMinutes) * 60_000);
}

/** "Tuesday at 3" in a business call is 3 pm: an hour from 1 to 6 without am/pm is taken as afternoon. */
function businessHours(result: chrono.ParsedResult): Date {
  const start = result.start.date();
  const hour = result.start.get('hour') ?? 0;
  if (!result.start.isCertain('meridiem') && hour >= 1 && hour <= 6) return new Date(start.getTime() + 12 * 3_600_000);
  return start;
}

export function detectActions(text: CallText, customerEmail: string | null): DetectedActions {
  const appointments = detectAppointments(text, customerEmail);
  const meetingDay = appointments[0]?.start.slice(0, 10) ?? null;
  return { tasks: detectTasks(text, meetingDay), appointments };
}
