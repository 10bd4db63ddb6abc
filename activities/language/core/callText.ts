import nlp from 'compromise';
import type { Evidence, Speaker, TranscriptSegment } from '../../../lib/documents';
import { normalizeSpokenForms } from './spokenForm';

/*
 * A transcript as the embedded engines read it: sentences in written form, each knowing its
 * segment (speaker, times, the words as transcribed) so every result can quote its evidence.
 */

export interface Sentence {
  /** Written form ("360000 dollars", "john.smith@example.com"). */
  text: string;
  speaker: Speaker;
  segment: TranscriptSegment;
  /**
   * Every segment the sentence's text came from: a segment the recognizer ended in mid-sentence
   * ("call you back tomorrow at 10 in the" · "morning") is read with the next one of its turn.
   */
  segments: TranscriptSegment[];
  /**
   * Position of the turn: consecutive segments of one speaker are one turn (a recognizer splits a
   * turn at its pauses, and another channel's fragment can fall inside it). Segments of an
   * `unknown` speaker are each their own turn.
   */
  turnIndex: number;
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
  const segments = [...new Set(sentences.flatMap((sentence) => sentence.segments))];
  return segments.sort((a, b) => a.start - b.start).map(evidenceOf);
}

export function readCall(recognized: TranscriptSegment[], facts: CallFacts): CallText {
  const segments = withCutFragmentsRejoined(recognized);
  const turnIndexes = turnIndexesOf(segments);
  // Runs of segments of one turn, joined while a segment ends without ending its sentence.
  const pieces: { segments: TranscriptSegment[]; turnIndex: number }[] = [];
  segments.forEach((segment, segmentIndex) => {
    const last = pieces[pieces.length - 1];
    const sameTurn = last?.turnIndex === turnIndexes[segmentIndex];
    if (last && sameTurn && continues(last.segments[last.segments.length - 1]!.text, segment.text))
      last.segments.push(segment);
    else pieces.push({ segments: [segment], turnIndex: turnIndexes[segmentIndex]! });
  });
  const sentences = pieces.flatMap((piece) =>
    splitSentences(normalizeSpokenForms(piece.segments.map((segment) => segment.text.trim()).join(' '))).map(
      (text) => ({
        text,
        speaker: piece.segments[0]!.speaker,
        segment: piece.segments[0]!,
        segments: piece.segments,
        turnIndex: piece.turnIndex,
      }),
    ),
  );
  return {
    sentences,
    facts,
    agentName: facts.agentName ?? findAgentName(sentences),
    customerName: findCustomerName(sentences, facts),
  };
}

/** Words a sentence does not end on. */
const OPEN_ENDING =
  /(?:,|\b(?:the|a|an|at|to|by|on|in|of|for|from|and|or|but|with|my|your|our|their|his|her|i'll|i|we|you|is|are|be|was|will|can|could|would|should))$/i;

/**
 * Whether the next segment goes on with this one's sentence: this one has no sentence end and the
 * next starts in lower case ("…at 10 in the" · "morning"), or this one stops on a word no sentence
 * ends on ("…the purchase contract by" · "Monday."). A capital after no full stop ("…profit and
 * loss" · "Can you send those…") is a new sentence the recognizer did not punctuate.
 */
function continues(text: string, next: string): boolean {
  const said = text.trim();
  if (/[.!?]["')]?$/.test(said)) return false;
  return /^[a-z0-9$]/.test(next.trim()) || OPEN_ENDING.test(said);
}

/** The most words a cut-off fragment has: more is a sentence the recognizer did not punctuate. */
const FRAGMENT_WORDS = 3;
/**
 * Words that open a sentence and say nothing alone ("I'll", "In" for "I'm a", "So we"): a fragment
 * with a word of its own ("probably 390 I" · "Do you still live there?" · "do") answered already.
 */
const OPENING_WORD =
  /^(?:i|i'll|i'm|i've|i'd|in|we|we'll|we're|we've|you|you'll|it|it's|and|but|so|or|then|also|just|well|the|a|an|my|our|let|let's|can|could|will|would|to|um|uh)$/i;

/**
 * A speaker's sentence the other channel's turn cut in two on separate channels ("I'll" · "Yes,
 * please, send it over." · "email the quote this afternoon.") is put back together after the
 * interruption: a segment of a few opening words with no sentence end, followed by one
 * other-speaker turn and then the same speaker going on in lower case. Read in recorded order, the
 * fragment opened a sentence of its own and the rest read as a new one with no subject.
 */
function withCutFragmentsRejoined(segments: TranscriptSegment[]): TranscriptSegment[] {
  const rejoined = [...segments];
  for (let index = 0; index + 2 < rejoined.length; index++) {
    const fragment = rejoined[index]!;
    const interruption = rejoined[index + 1]!;
    const rest = rejoined[index + 2]!;
    const cut =
      fragment.speaker !== 'unknown' &&
      interruption.speaker !== fragment.speaker &&
      rest.speaker === fragment.speaker &&
      !/[.!?,]["')]?$/.test(fragment.text.trim()) &&
      fragment.text
        .trim()
        .split(/\s+/)
        .every((word, position) => position < FRAGMENT_WORDS && OPENING_WORD.test(word)) &&
      /^[a-z]/.test(rest.text.trim());
    if (!cut) continue;
    rejoined[index] = interruption;
    rejoined[index + 1] = fragment;
  }
  return rejoined;
}

function turnIndexesOf(segments: TranscriptSegment[]): number[] {
  let turn = -1;
  return segments.map((segment, index) => {
    if (index === 0 || segment.speaker !== segments[index - 1]!.speaker || segment.speaker === 'unknown') turn++;
    return turn;
  });
}

/** Sentence ends that are not inside a number, an e-mail address or an abbreviation like "p.m.". */
export function splitSentences(text: string): string[] {
  // The abbreviation is tried first: once its letters were taken one by one, its dot would end the sentence.
  return (text.match(/(?:\b(?:Mr|Mrs|Ms|Dr|St|Ave)\.\s|[^.!?]|\.(?=\S))+[.!?]*/g) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Whether a sentence was said by the customer (an `unknown` speaker may be either). */
export const byCustomer = (sentence: Sentence) => sentence.speaker !== 'agent';
export const byAgent = (sentence: Sentence) => sentence.speaker !== 'customer';

/** Words that open a surname of more than one word: "Van Dijk", "De La Cruz", "Della Rosa". */
const SURNAME_PARTICLE =
  '(?:[Vv]an|[Vv]ander|[Vv]on|[Dd]e|[Dd]el|[Dd]ella|[Dd]i|[Dd]a|[Dd]os|[Dd]u|[Ll]a|[Ll]e|[Tt]er|[Tt]en|[Dd]er|[Dd]en)';
/**
 * Letters of names beyond A–Z, as a recognizer writes them ("José Martínez", "Zoë", "Wojček"): Latin-1's
 * and Latin Extended-A's letters (the × and ÷ signs left out).
 */
const NAME_CAPITAL = 'A-ZÀ-ÖØ-ÞĀ-ž';
const NAME_LETTER = `a-zA-ZÀ-ÖØ-öø-ÿĀ-ž`;
/** A name's words; "I'm", "I'll" and "I've" open none ("Hi, I'm Rick." greets nobody). */
const NAME = `(?!I')[${NAME_CAPITAL}][${NAME_LETTER}'-]+(?:\\s+(?:${SURNAME_PARTICLE}\\s+){0,2}[${NAME_CAPITAL}][${NAME_LETTER}'-]+)?`;
/** A title before a name: "Mrs. Okafor" and "Mr. Patel" are surnames, never first names. */
const TITLE = '(?:(?:Mr|Mrs|Ms|Miss|Dr)\\.?\\s+)';
/** Self-introductions: "my name is Maria Garcia", "This is John", "Name's Andre", "Robert Jones speaking", "Greg Hall here". */
const SELF_INTRODUCTION = [
  new RegExp(
    `\\b(?:[Mm]y name is|[Mm]y name's|[Nn]ame's|[Nn]ame is|[Tt]his is|[Ii] am|I'm|[Ii]t's|[Yy]ou've reached)\\s+(${NAME})`,
  ),
  new RegExp(`(?:^|,\\s*)(${NAME})\\s+(?:speaking|here|calling)\\b`),
];
/** The agent naming the customer: "Am I speaking with John Smith?", "Is this Robert?", "I'm looking for Carlos Mendoza". */
const ADDRESSING_CUSTOMER = new RegExp(
  `\\b(?:[Ss]peaking with|[Ss]peak (?:with|to)|[Mm]essage is for|[Mm]essage for|[Tt]alking (?:with|to)|[Ii]s this|[Aa]re you|[Ll]ooking for|[Cc]alling for|[Tt]rying to reach|[Hh]oping to (?:reach|speak (?:with|to))|[Mm]ay I speak (?:with|to))\\s+(${TITLE}?)(${NAME})\\b`,
);
/** How a call opens with a greeting: "Hi", "Hello", "Hey", "Good morning", "Evening". */
const GREETING_WORD = String.raw`(?:[Hh]i|[Hh]ello|[Hh]ey|(?:[Gg]ood )?(?:[Mm]orning|[Aa]fternoon|[Ee]vening))`;
/** The agent greeting the customer by name: "Hi Renata, it's Marcus at …", "Good morning Mr. Patel." */
const GREETING_CUSTOMER = new RegExp(`^${GREETING_WORD},?\\s+(${TITLE}?)(${NAME})\\s*[,.!?]`);
/** A greeting and one name set off by a comma: "Hi Marisela, …". */
const GREETED_NAME = String.raw`^${GREETING_WORD},?\s+[A-Z][a-z'-]+,\s*`;
const GREETED_BEFORE_INTRODUCTION = new RegExp(`${GREETED_NAME}(?:it's|this is|i'm|i am|my name is)\\s`, 'i');
const GREETED_BEFORE_A_NAME = new RegExp(`${GREETED_NAME}([A-Z][a-z'-]+)`, 'i');
/** "Hi, Bronwen? It's Valentin at …": a greeting and a name asked alone (a question: "Hi, Winner." is as often a recognizer's word), the agent's introduction in the next sentence. */
const GREETED_ALONE = new RegExp(`^${GREETING_WORD},?\\s+[A-Z][a-z'-]+\\s*\\?\\s*$`);
const INTRODUCTION = /^\W*(?:it's|this is|i'm|i am|my name is|my name's)\s/i;
function introducedNext(sentence: Sentence, sentences: Sentence[]): boolean {
  const next = sentences[sentences.indexOf(sentence) + 1];
  return Boolean(next && next.turnIndex === sentence.turnIndex && INTRODUCTION.test(next.text));
}
/**
 * "Hi Odile, this is Garrick.": a greeted name, then one name introduced, alone in its clause (of a
 * first name's length: "Everdekoneido" is a recognizer's first and last name run together).
 */
const GREETED_THEN_INTRODUCED = new RegExp(
  `^${GREETING_WORD},?\\s+([A-Z](?:[a-z'-]+|'[A-Z][a-z]+)),\\s*(?:it's|this is|I'm|I am|my name is|my name's)\\s+([A-Z][a-z]{2,9})(?=\\s*[.,!]|\\s*$)`,
);
/** "Hi Marisela, Lachlan from …": the word after the greeted name is the agent's first name. */
function greetedBeforeAgentsName(said: string, agentName: string | null): boolean {
  const next = GREETED_BEFORE_A_NAME.exec(said)?.[1];
  return Boolean(next && agentName && soundOfName(next) === soundOfName(agentName.split(/\s+/)[0]!));
}
/** A sentence that is only a name, after a greeting or a yes: "Hi Daniel, Olivia Sutherland." "Yes, Kwame Mensah." */
const NAME_OPENING = `^(?:(?:(?:[Hh]i|[Hh]ello|[Hh]ey|[Mm]orning|[Gg]ood (?:morning|afternoon|evening)),?(?:\\s+[A-Za-z](?:[a-z]+|'[A-Z][a-z]+))?|[Yy]es|[Yy]eah|[Yy]ep|[Ss]ure)[,.!]?\\s+)?(${NAME})`;
// "Hi O'Dinal, this is Gerec": a name followed by an introduction of another name is the one
// greeted, not the caller ("Dale Hutchins, I'm calling about…" is the caller).
const BARE_NAME = new RegExp(
  `${NAME_OPENING}(?:[.!]?$|,\\s(?!(?:[Tt]his is|[Ii]t's|I'm|I am|[Mm]y name is|[Mm]y name's)\\s+[A-Z]))`,
);
/**
 * "Hi, Vikram Elsted.": a greeting, its comma and a first and last name alone in the sentence (the
 * opening above takes the first name for one greeted, and the last alone is no name).
 */
const NAME_AFTER_GREETING_ALONE = new RegExp(`^${GREETING_WORD},\\s+([A-Z][a-z'-]+\\s+[A-Z][a-z'-]+)[.!]?$`);
/**
 * The customer's name with where they are from: "Hi Megan, Aaron Fisk with Badger Freight." (only
 * a turn known to be the customer's: on a mono recording it may be the agent introducing themselves).
 */
const NAME_WITH_COMPANY = new RegExp(`${NAME_OPENING}\\s+(?:with|from)\\s+[A-Z]`);
/**
 * A full name after a word or three and a comma, opening the customer's first turn: a recognizer
 * fused or garbled the greeting and the agent's name ("Hykeeth, Maria Reyes, rates came down" for
 * "Hi Keith, Maria Reyes."; "Hi and so, Genevieve Castellucci, a rock…" for "Hi Ansel, …").
 */
const NAME_AFTER_FUSED_GREETING = /^[A-Za-z]+(?:\s+[a-z]+){0,2},\s+([A-Z][a-z'-]+\s+[A-Z][a-zA-Z'-]+)(?:[.!]?$|,\s)/;
/**
 * Words of whoever answers for a business: "Keith speaking", "how can I help?", "thanks for calling"
 * (a recognizer's "Monarch-speeching", "non-expeaching" for "speaking" too).
 */
const AGENT_OPENING =
  /\b(?:speaking|(?:s|ex)pe[ea]ching|how (?:can|may) (?:i|we) help|thanks? (?:you )?for calling|(?:this|the) call (?:is|may be)|calls? (?:are|is|may be) (?:being )?(?:recorded|monitored))\b/i;
/** "Nimbus Harbor IT, Anselmo here.": a business's capitalized name, then who answers "here". */
const BUSINESS_THEN_HERE =
  /^(?!(?:Hi|Hello|Hey|Yes|Yeah|Yep|No|Okay|OK|Oh|Well|Sure|Great|Thanks|Thank)\b)[A-Z][\w'&-]*(?: [A-Z][\w'&-]*)+,\s*(?:[\w'-]+\s+){1,3}here\s*[.!]?\s*$/;
/** "Hi, is this Marit?": asking whether the one who answered is the one named. */
const ASKS_IF_THIS_IS = new RegExp(`\\b[Ii]s this\\s+${TITLE}?${NAME}\\s*\\?`);
/** The next turn, the other party's, opens with a yes ("Yes, hi.", "Speaking.", "That's me."). */
function answeredYes(question: Sentence, sentences: Sentence[]): boolean {
  const answer = sentences.find((other) => other.turnIndex === question.turnIndex + 1);
  return Boolean(
    answer &&
    answer.speaker !== question.speaker &&
    /^\W*(?:yes|yeah|yep|yup|speaking|that's me|this is (?:she|he|her|him))\b/i.test(answer.text),
  );
}
/** The agent asking for the caller's name ("Can I get your name?", "Who am I speaking with?"). */
const ASKS_NAME =
  /\b(your (?:full )?name|(?:the )?name on the (?:account|reservation|order|policy|booking|file|membership|card)|who (?:am i|is this|do i have)|may i ask who|who'?s calling|speaking with\?)/i;
const NOT_NAMES = new Set([
  'Yes',
  'No',
  'Speaking',
  'Sure',
  'Hi',
  'Hello',
  'Great',
  'Thanks',
  'Okay',
  'Ok',
  'The',
  'Morning',
  'Hey',
  'Right',
  'Perfect',
  'Retired',
  // "That's N-G-U-Y-N.": a spelling's lead-in, no first name.
  "That's",
  'That',
  "It's",
  "I'm",
  "Here's",
  "There's",
]);

/**
 * Words that make a capitalized name a business, not a person: "Good morning, Summit Lending, you've
 * got Marcus" greets no customer; a trade's or a shop's word ends many a business's name
 * ("Crumbholo Bakery, this is Bettina").
 */
const ORGANIZATION_WORD =
  /\b(?:Inc|LLC|Group|Company|Insurance|Bank|Lending|Lenders?|Mortgage|Loans?|Funding|Financial|Finance|Credit|Dental|Medical|Clinic|Services|Systems|Solutions|Realty|Properties|Partners|Associates|Heating|Plumbing|Roofing|Solar|Fitness|Motors|Bakery|Bakeries|Cafe|Diner|Restaurant|Bistro|Pizzeria|Deli|Brewery|Winery|Salon|Spa|Studio|Boutique|Florist|Grocery|Hardware|Pharmacy|Hospital|Healthcare|Veterinary|Remodeling|Renovations?|Construction|Contracting|Landscaping|Lawn|Repair|Appliance|Cleaning|Hauling|Movers|Moving|Mechanical|Electric|Electrical|HVAC|Pest|Grooming|Kennels?|Daycare|Inn|Hotel|Motel|Lodge|Resort|Hostel|Suites|Academy|Schools?|Tutoring|Printing|Photography|Catering|Auto|Automotive|Collision|Towing|Storage|Logistics|Freight|Trucking|Software|Technologies|Tech|Labs?|Agency|Savings|Federal|Union|Office|Entertainment|Events|Productions|Media|Consulting|Legal|Management|Rentals|Travel|IT)\b/;
export const namesAnOrganization = (name: string) => ORGANIZATION_WORD.test(name);

function isPersonName(candidate: string): boolean {
  const words = candidate.split(/\s+/);
  if (words.some((word) => NOT_NAMES.has(word)) || namesAnOrganization(candidate)) return false;
  // compromise knows common first names; a capitalized pair after an introduction is taken as well.
  return words.length >= 2 || nlp(candidate).people().found;
}

/**
 * A rank or office said before a name ("Staff Sergeant Grainne Thorsby", "this is Pastor Ruth Abara",
 * "Lieutenant Colonel Hale"): the name is what follows it.
 */
const RANK_BEFORE_NAME =
  /\b(?:(?:Staff|Master|First|Second|Sergeant|Gunnery|Command|Petty|Chief|Warrant|Lance|Vice|Rear|Senior|Lieutenant|Deputy|Assistant)\s+)*(?:Private|Specialist|Corporal|Sergeant|Sgt\.?|Lieutenant|Lt\.?|Captain|Capt\.?|Major|Colonel|Col\.?|General|Admiral|Commander|Ensign|Officer|Detective|Deputy|Sheriff|Trooper|Pastor|Reverend|Rev\.?|Rabbi|Professor|Prof\.?)\s+(?=[A-Z][a-z])/g;
function namesIn(sentence: Sentence, patterns: RegExp[]): string[] {
  const said = sentence.text.replace(RANK_BEFORE_NAME, '');
  return patterns
    .map((pattern) => pattern.exec(said)?.[1])
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
 * A name spelled out letter by letter near where it was said ("Lindgren, L I N D G R E N"; "first
 * name M I N H, last name N G U Y E N"): the spelling is what the customer means, whatever the
 * recognizer heard.
 */
function spelledWords(text: string): { word: string; part: 'first' | 'last' | null }[] {
  const found: { word: string; part: 'first' | 'last' | null }[] = [];
  for (const match of text.matchAll(/(?:\b(first|last) name\s+)?\b((?:[A-Za-z](?:[\s,.-]+|$)){3,})/g)) {
    const letters = match[2]!.match(/[A-Za-z]/g) ?? [];
    // Only runs of single letters ("L I N D"), never ordinary words.
    if (!/^(?:[A-Za-z][\s,.-]+){2,}[A-Za-z]\b/.test(match[2]!.trim())) continue;
    const word = letters.join('');
    found.push({
      word: word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
      part: (match[1]?.toLowerCase() as 'first' | 'last' | undefined) ?? null,
    });
  }
  return found;
}

function applySpelling(name: string, spelled: { word: string; part: 'first' | 'last' | null }[]): string {
  const words = name.split(/\s+/);
  for (const { word, part } of spelled) {
    const index =
      part === 'first' ? 0 : part === 'last' ? words.length - 1 : words.findIndex((w) => similarSpelling(w, word));
    if (index >= 0 && index < words.length && !/'/.test(words[index]!)) words[index] = word;
  }
  return words.join(' ');
}

/** The heard word and the spelled one agree on their first letter and roughly their length. */
function similarSpelling(heard: string, spelled: string): boolean {
  return heard[0]!.toLowerCase() === spelled[0]!.toLowerCase() && Math.abs(heard.length - spelled.length) <= 3;
}

/**
 * The customer's name as said in the call (the fullest form heard: "Am I speaking with John Smith?"
 * then "this is John" gives "John Smith"), corrected by a spelling the customer gives, else the call
 * record's contact name without evidence.
 */
function findCustomerName(sentences: Sentence[], facts: CallFacts): CallText['customerName'] {
  const heard: { name: string; sentence: Sentence }[] = [];
  const titledSurnames: { name: string; title: string; sentence: Sentence }[] = [];
  // With no speakers (a mono recording) the first turn may be the agent answering ("Gulf Coast,
  // mortgage, Keith speaking, how can I help?"): the customer's first turn is the next one.
  const opensAsAgent = (sentence: Sentence) =>
    sentence.speaker === 'unknown' && (AGENT_OPENING.test(sentence.text) || BUSINESS_THEN_HERE.test(sentence.text));
  const firstCustomerTurn =
    sentences.find((sentence) => sentence.speaker !== 'agent' && !opensAsAgent(sentence))?.turnIndex ?? -1;
  for (const sentence of sentences) {
    const names = sentence.speaker === 'agent' ? [] : namesIn(sentence, SELF_INTRODUCTION);
    // "Is this Mrs. Okafor?" — "Yes, this is Ngozi.": a first name no list knows, answering a titled surname.
    const answersTitle = titledSurnames.some((titled) => titled.sentence.turnIndex === sentence.turnIndex - 1);
    if (sentence.speaker !== 'agent' && answersTitle && names.length === 0) {
      const named = SELF_INTRODUCTION[0]!.exec(sentence.text)?.[1]?.split(/\s+/)[0];
      // Written as a name is ("Ngozi"), not a recognizer's jumble ("NGOsEI").
      if (named && /^[A-Z][a-z'-]+$/.test(named) && !NOT_NAMES.has(named) && !namesAnOrganization(named))
        names.push(named);
    }
    // "Hi Odile, this is Garrick.": the caller greets the agent by name and introduces themself with
    // a first name no list knows.
    const introduced =
      sentence.speaker !== 'agent' && names.length === 0 && GREETED_THEN_INTRODUCED.exec(sentence.text);
    if (
      introduced &&
      facts.agentName &&
      namesTheAgent(introduced[1]!, facts.agentName) &&
      !namesTheAgent(introduced[2]!, facts.agentName) &&
      !NOT_NAMES.has(introduced[2]!) &&
      !namesAnOrganization(introduced[2]!)
    )
      names.push(introduced[2]!);
    if (sentence.speaker !== 'agent') {
      // A bare name: in the customer's first turn, or answering "Can I get your name?".
      const askedName = sentences.some(
        (other) =>
          other.turnIndex === sentence.turnIndex - 1 &&
          other.speaker !== sentence.speaker &&
          ASKS_NAME.test(other.text),
      );
      const firstTurn = sentence.turnIndex === firstCustomerTurn;
      if (firstTurn || askedName)
        names.push(
          ...namesIn(
            sentence,
            sentence.speaker === 'customer'
              ? [BARE_NAME, NAME_WITH_COMPANY, NAME_AFTER_GREETING_ALONE]
              : [BARE_NAME, NAME_AFTER_GREETING_ALONE],
          ),
        );
      const fused = firstTurn ? NAME_AFTER_FUSED_GREETING.exec(sentence.text)?.[1] : null;
      // Only a name a list of first names knows: "Okay, Lake House, …" is none.
      if (names.length === 0 && fused && isPersonName(fused) && nlp(fused.split(/\s+/)[0]!).people().found)
        names.push(fused);
    }
    if (sentence.speaker !== 'customer') {
      const match = ADDRESSING_CUSTOMER.exec(sentence.text) ?? GREETING_CUSTOMER.exec(sentence.text);
      const addressed = match?.[2];
      if (addressed && match[1] && !addressed.includes(' ') && !namesAnOrganization(addressed)) {
        // "Mr", "Mrs", "Ms" and "Dr" are written with their full stop; "Miss" has none.
        const title = match[1].trim().replace(/^(Mr|Mrs|Ms|Dr)\.?$/i, '$1.');
        titledSurnames.push({ name: addressed, title, sentence });
      } else if (addressed && isPersonName(addressed)) names.push(trimTrailingNonName(addressed));
      // "Hey Tariq, it's Joanna Pierce with …", "Hi Marisela, Lachlan from …", "Hi, Bronwen? It's
      // Valentin …": a first name no list knows, greeted before the agent says who they are, written as a name is.
      else if (
        addressed &&
        /^[A-Z][a-z]{2,}$/.test(addressed) &&
        !NOT_NAMES.has(addressed) &&
        !namesAnOrganization(addressed) &&
        (GREETED_BEFORE_INTRODUCTION.test(sentence.text) ||
          (GREETED_ALONE.test(sentence.text) && introducedNext(sentence, sentences)) ||
          greetedBeforeAgentsName(sentence.text, facts.agentName) ||
          (ASKS_IF_THIS_IS.test(sentence.text) && answeredYes(sentence, sentences)))
      )
        names.push(addressed);
    }
    for (const name of names) {
      // Neither the agent's name nor a greeting to the agent ("Hike Keith", a recognizer's "Hi Keith").
      if (facts.agentName && namesTheAgent(name, facts.agentName)) continue;
      // "Crumbholo Bakery, this is Bettina." on a mono recording: the business answering, no caller.
      if (namesAnOrganization(name)) continue;
      heard.push({ name, sentence });
    }
  }
  if (heard.length === 0) {
    if (facts.contactName) return { value: facts.contactName, evidence: [] };
    // "Good morning Mr. Nguyen, it's Alicia…" and no first name said: the customer is "Mr. Nguyen".
    const [titled] = titledSurnames;
    return titled
      ? { value: `${titled.title} ${titled.name}`, evidence: evidenceOfSentences([titled.sentence]) }
      : null;
  }
  const fullest = heard.reduce((best, candidate) =>
    candidate.name.split(/\s+/).length > best.name.split(/\s+/).length ? candidate : best,
  );
  const supporting = heard.filter((candidate) => sameFirstName(candidate.name, fullest.name));
  // Only a first name was heard ("this is John"): the call record's full name completes it when it
  // agrees, else a surname the agent said with a title ("Is this Mrs. Okafor?" — "Yes, this is Ngozi").
  const surname = titledSurnames.find((candidate) => candidate.name !== fullest.name);
  const completed =
    !fullest.name.includes(' ') && facts.contactName?.includes(' ') && sameFirstName(fullest.name, facts.contactName)
      ? facts.contactName
      : !fullest.name.includes(' ') && surname
        ? `${fullest.name} ${surname.name}`
        : fullest.name;
  if (completed !== fullest.name && surname && completed.endsWith(surname.name)) supporting.push(surname);
  // A spelling in the customer's turns where the name was said, or in the next one.
  const spellingSentences = sentences.filter(
    (sentence) =>
      sentence.speaker !== 'agent' &&
      supporting.some(
        (candidate) =>
          sentence.turnIndex >= candidate.sentence.turnIndex && sentence.turnIndex <= candidate.sentence.turnIndex + 2,
      ),
  );
  const spelled = spellingSentences.flatMap((sentence) => spelledWords(sentence.text));
  const value = applySpelling(completed, spelled);
  const evidence = evidenceOfSentences([
    ...supporting.map((candidate) => candidate.sentence),
    ...spellingSentences.filter((sentence) => spelledWords(sentence.text).length > 0),
  ]);
  return { value, evidence };
}

/**
 * A candidate that has the agent's first name as one of its words ("Hike Keith" to Keith Lambert),
 * spelled as it sounds ("This is Sophia" from Sofia Marin), or ends in the start of the agent's
 * last name a recognizer cut short ("Evet Lock" to Yvette Lockridge-Amos).
 */
function namesTheAgent(name: string, agentName: string): boolean {
  const [agentFirstWord, ...agentRest] = agentName.split(/\s+/);
  const agentFirst = soundOfName(agentFirstWord!);
  // "Winifred's speaking": a recognizer's possessive is still the agent's name.
  const words = name.split(/\s+/).map((word) => word.replace(/'s$/i, ''));
  if (words.some((word) => soundsAlike(soundOfName(word), agentFirst))) return true;
  // "Leo Cadia" for Leocadia, "Joe Kasta" for Jocasta: the recognizer split one name in two.
  if (words.length > 1 && soundsAlike(soundOfName(words.join('')), agentFirst)) return true;
  const agentLast = agentRest.length ? soundOfName(agentRest.join(' ')) : null;
  const last = words.length > 1 ? soundOfName(words[words.length - 1]!) : '';
  // "Churren Pickerskill" for Ciaran Pickersgill: a long surname a letter off is still the agent's.
  return agentLast !== null && ((last.length >= 4 && agentLast.startsWith(last)) || oneLetterApart(last, agentLast));
}
/** Two long words (seven letters or more) of one length that differ in one letter. */
function oneLetterApart(a: string, b: string): boolean {
  if (a.length < 7 || a.length !== b.length) return false;
  return [...a].filter((letter, index) => letter !== b[index]).length === 1;
}

/**
 * Two sounds of a name the same, or one a letter longer than the other when five letters or more
 * ("Osiric" heard for Osric): a recognizer adds or drops a vowel, it rarely swaps one.
 */
function soundsAlike(heard: string, name: string): boolean {
  if (heard === name) return true;
  const [shorter, longer] = heard.length < name.length ? [heard, name] : [name, heard];
  if (shorter.length < 5 || longer.length !== shorter.length + 1) return false;
  return [...longer].some((_, index) => longer.slice(0, index) + longer.slice(index + 1) === shorter);
}

/** A name as it sounds: "ph" is "f", "y" is "i", a hard "c" is "k", an "h" and a doubled letter are not heard. */
const soundOfName = (word: string) =>
  word
    .toLowerCase()
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/c(?=[aoulr]|$)/g, 'k')
    .replace(/h/g, '')
    .replace(/y/g, 'i')
    .replace(/(.)\1/g, '$1');

export function sameFirstName(a: string, b: string): boolean {
  return a.split(/\s+/)[0]!.toLowerCase() === b.split(/\s+/)[0]!.toLowerCase();
}

/** "Mr. Nguyen": a title before a surname, no first name. */
const SURNAME_PARTICLE_WORD = new RegExp(`^${SURNAME_PARTICLE}$`);
const TITLED_SURNAME = new RegExp(`^${TITLE}[A-Z][a-zA-Z'-]+$`);

/** A name's first and last word; a titled surname ("Mr. Nguyen") has no first name. */
export function splitName(name: string): { first: string | null; last: string | null } {
  const words = name.trim().split(/\s+/);
  if (TITLED_SURNAME.test(name.trim())) return { first: null, last: words[words.length - 1]! };
  // "Pieter Van Dijk" is Van Dijk, "Maria De La Cruz" De La Cruz; "Mary Ann Smith" is Smith.
  const particle = words.findIndex(
    (word, index) => index > 0 && index < words.length - 1 && SURNAME_PARTICLE_WORD.test(word),
  );
  return {
    first: words[0]!,
    last: words.length > 1 ? (particle > 0 ? words.slice(particle).join(' ') : words[words.length - 1]!) : null,
  };
}

/**
 * The turn before this sentence's turn, when another speaker said it (a question it answers). On a
 * mono recording (speaker `unknown`, one turn a segment) the segment before is taken: who said it
 * is not known, and a figure after "What's the house listed at?" answers it all the same.
 */
export function precedingTurn(text: CallText, sentence: Sentence): Sentence[] {
  return text.sentences.filter(
    (candidate) => candidate.turnIndex === sentence.turnIndex - 1 && isOtherSpeaker(candidate, sentence),
  );
}

/** Whether two sentences may be two speakers: different ones, or both unknown (a mono recording). */
export const isOtherSpeaker = (a: Sentence, b: Sentence) => a.speaker !== b.speaker || a.speaker === 'unknown';
