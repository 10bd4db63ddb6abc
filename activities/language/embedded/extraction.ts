import nlp from 'compromise';
import type { DatasetField, Evidence, ExtractionResult } from '../../../lib/documents';
import {
  byAgent,
  byCustomer,
  isOtherSpeaker,
  evidenceOfSentences,
  namesAnOrganization,
  precedingTurn,
  sameFirstName,
  splitName,
  type CallText,
  type Sentence,
} from '../core/callText';
import { isEmailLeadIn, wordForNumber } from '../core/spokenForm';
import { MORTGAGE_LEAD_DATASET, type DatasetDefinition } from '../../../lib/datasets';
import {
  addressIn,
  amountsIn,
  type SaidAmount,
  countsIn,
  datesIn,
  EMAIL_CUE,
  emailsSaidIn,
  isAffirmation,
  isNegated,
  phonesIn,
  postalCodeIn,
  withoutPostalCodes,
} from './values';
import type { PostalAddress } from '../../../lib/address';
import { escapeRegex } from '../../../lib/regex';
import { dayInOffset } from '../../../lib/time';
import type { LendingDecision } from '../engine';
import { MONTHS, ORDINAL_OR_BARE_DAY, WEEKDAYS, ordinalValue, resolveDayPhrases } from './dayPhrases';

/**
 * The embedded extraction engine: fills a dataset's fields from the transcript by rules, each
 * value with the quotes it came from. `mortgage_lead` has rules of its own; any other dataset is
 * filled by field type, from the sentences that talk about what the field's name and description say.
 */

interface Found {
  value: unknown;
  sentences: Sentence[];
  /** When the value came from the call record rather than the transcript (no quote to show). */
  fromRecord?: boolean;
}

export function extractDataset(dataset: DatasetDefinition, text: CallText): ExtractionResult {
  const found: Record<string, Found | null> =
    dataset.key === MORTGAGE_LEAD_DATASET.key
      ? extractMortgageLead(text)
      : Object.fromEntries(
          dataset.fields.map((field) => [
            field.name,
            field.type === 'date'
              ? withTheDaySaidLater(field, extractField(field, text), text)
              : extractField(field, text),
          ]),
        );
  const data: Record<string, unknown> = {};
  const evidence: Record<string, Evidence[]> = {};
  for (const field of dataset.fields) {
    const result = found[field.name];
    if (!result || result.value === null || result.value === undefined) continue;
    data[field.name] = typeof result.value === 'string' ? asBrandIsSpelled(result.value) : result.value;
    evidence[field.name] = result.fromRecord ? [] : evidenceOfSentences(result.sentences);
  }
  return {
    dataset: dataset.key,
    data,
    evidence,
    missing_required: dataset.fields.filter((field) => field.required && !(field.name in data)).map((f) => f.name),
  };
}

/**
 * Names of products and companies written as one word that a recognizer writes as two ("sales
 * force", "quick books") or with one capital ("Hubspot"): as a field's whole value they are the
 * name, also before their edition's words ("quick books online" → "QuickBooks Online"). Inside a
 * sentence the two words may be meant ("our sales force is 35 reps"), so only a whole value is
 * respelled.
 */
const BRANDS_HEARD_APART: Record<string, string> = {
  'sales force': 'Salesforce',
  'hub spot': 'HubSpot',
  'quick books': 'QuickBooks',
  'zen desk': 'Zendesk',
  'mail chimp': 'Mailchimp',
  'drop box': 'Dropbox',
  'share point': 'SharePoint',
  'net suite': 'NetSuite',
  'fresh books': 'FreshBooks',
  'pipe drive': 'Pipedrive',
  'service titan': 'ServiceTitan',
  'job nimbus': 'JobNimbus',
  'house call pro': 'Housecall Pro',
  'wal mart': 'Walmart',
  'fed ex': 'FedEx',
  'linked in': 'LinkedIn',
  'pay pal': 'PayPal',
  'door dash': 'DoorDash',
  'auto zone': 'AutoZone',
  'pet smart': 'PetSmart',
  'jet blue': 'JetBlue',
  'google work space': 'Google Workspace',
  'google works pace': 'Google Workspace',
};
/** The same brands by their letters alone: a recognizer's "Hubspot" is "HubSpot". */
const BRANDS_BY_LETTERS: Record<string, string> = Object.fromEntries(
  Object.entries(BRANDS_HEARD_APART).map(([heard, brand]) => [heard.replace(/\s+/g, ''), brand]),
);
const asBrandIsSpelled = (value: string) => {
  const heard = value
    .toLowerCase()
    .replace(/[-\s]+/g, ' ')
    .trim();
  // "quick books online": the brand and its edition's words, written as the brand writes them.
  const edition = Object.keys(BRANDS_HEARD_APART).find((brand) => heard.startsWith(`${brand} `));
  return (
    BRANDS_HEARD_APART[heard] ??
    BRANDS_BY_LETTERS[heard.replace(/\s+/g, '')] ??
    (edition
      ? `${BRANDS_HEARD_APART[edition]} ${heard
          .slice(edition.length + 1)
          .replace(/\b[a-z]/g, (letter) => letter.toUpperCase())}`
      : undefined) ??
    // "A-D-P", "I-B-M": an initialism said letter by letter is written as one word.
    (/^(?:[A-Z]-){1,4}[A-Z]$/.test(value) ? value.replace(/-/g, '') : value)
  );
};

/**
 * "We'd each live in one side", "we all live in the upstairs unit" (a recognizer's "we'll", "we've"),
 * "buy a duplex, live in one side and rent the other".
 */
const ONE_UNIT_LIVED_IN =
  /\b(?:(i|we)('ll| will| would|'d|'ve)?( all| both| each)?( be)? (live|living) in (one|the other|the (downstairs|upstairs|upper|lower|front|back|bottom|top|first|second|basement)) (unit|side|half|apartment|floor|one)|(?:live|living) in (?:one|the (?:downstairs|upstairs|upper|lower|front|back|bottom|top|first|second|basement)) (?:unit|side|half|apartment|floor) and rent(?:ing)?(?: out)? the other)\b/i;
/** A house named by its style: "a brick colonial", "a little craftsman". */
const HOME_STYLE = String.raw`colonials?|victorians?|craftsmans?|craftsman bungalows?|split[- ]levels?|ramblers?|brownstones?|cape cods?|tudors?`;
/** Factory-built homes, which a buyer finances like a house ("a double-wide", "a manufactured home"). */
const MANUFACTURED_HOME = String.raw`(?:double|single|triple)[- ]?wides?|manufactured (?:homes?|houses?)|mobile homes?|modular (?:homes?|houses?)`;
/**
 * "I'm getting out of the Navy … and want to use my VA benefit to buy": a benefit used to buy a home,
 * in a call about military service, is the VA's, whatever a recognizer made of "VA" ("my Vogue benefit").
 */
const BENEFIT_TO_BUY =
  /\b(?:use|using) (?:my|our|his|her|their|your|the) (?:[\w'-]+ ){0,2}benefits? to (?:buy|purchase)\b/i;
/**
 * A home loan's term in years: a rate "on a 30 year", "a 15-year fixed", and a loan moved to a
 * shorter one ("we'd like to get into a 15", "switch to a 20-year", "go from a 30 to a 15"). Nothing else is said to run
 * 15 or 30 years with a rate on it.
 */
const LOAN_TERM_YEARS = String.raw`(?:10|15|20|25|30|40)`;
const RATE_ON_A_TERM = String.raw`\d{1,2}(?:\.\d{1,3})?(?: ?(?:%|percent))? on (?:a|the|our|my|their|your) ${LOAN_TERM_YEARS}[- ]year\b`;
const TERM_CHANGED = String.raw`(?:get|getting|go|going|move|moving|switch|switching|drop|dropping|shorten|shortening|refinanc\w*)(?: (?:it|down|over))?(?: from (?:a|the|our|my) ${LOAN_TERM_YEARS}(?:[- ]year)?)? (?:in)?to (?:a|the) ${LOAN_TERM_YEARS}(?:[- ]year(?: fixed| loan| mortgage| term)?)?(?=\s*(?:[.?!,;]|$)| (?:and|so|instead|if|or|but)\b)`;
const LOAN_TERM = String.raw`${RATE_ON_A_TERM}|${LOAN_TERM_YEARS}[- ]year (?:fixed|mortgage|loan|term|note|amortization)\b|${TERM_CHANGED}`;
/** "How much were you hoping to take out?": a sum asked to be taken out of a home owned. */
const HOW_MUCH_TAKEN_OUT = String.raw`how much (?:cash |money |equity )?(?:are|were|would|do|did|will) you (?:\w+ )?(?:want|wanting|need|needing|like|hope|hoping|looking|planning|trying) to (?:take|pull|get|cash) out`;
/** "We're at six and seven eighths" (a recognizer's "seven eights"): rates are quoted in eighths, inches are not meant. */
const RATE_IN_EIGHTHS = String.raw`(?:[2-9]|1[0-2]) and (?:(?:an?|one|three|five|seven|[1357]) (?:eighths?|eights)|[1357]/8)\b(?!\s*(?:of an? )?inch)`;
/**
 * Cues of a call about borrowing against a home, weighed: the words lenders and borrowers use
 * (with their forms: loans, borrowing, refinancing, pre-approved…) count by how surely they mean a
 * home loan. A loan that is plainly not a home loan ("car loan", "student loans") counts nothing.
 * An amount "put down" counts as a down payment when it is a home's: a percent, thousands said short
 * ("put about 130 down"), or tens of thousands and more ("put 5000 down" on a truck is not).
 * "Use my VA benefit to buy" holds even when a recognizer garbles the "VA" ("my Vogue benefit");
 * a payoff, "our first house" and a pay said with its period ("take home about 2100 every two
 * weeks") are what lenders ask about. A recognizer writes "Lending" in a company's name as
 * "landing" ("it's Tom Becker with Pinecrest landing", "Hi Victor, Cara Jensen from Lake Shore Landing").
 * Cash taken out of a home named before it is borrowed against it ("I own a duplex I rent out and
 * I'd like to take some cash out of it").
 */
const LENDING_CUES: [weight: number, cue: RegExp][] = [
  [
    3,
    // A recognizer's "Morgge", "mortage", "Morgoth" on telephone audio is still the word; "5% down" (a down
    // payment in percent, not "sales are 20% down") is a buyer's.
    new RegExp(
      String.raw`\b(mortgages?|mort?g+a?ge?s?|mortages?|mortgaged|morgoth|refinan\w*|refi|heloc|home equity|pre-?approv\w*|pre-?qualif\w*|fha|usda|jumbo|down ?payments?|escrow|closing costs?|underwrit\w*|loan officers?|rate lock|lenders?|mortgage insurance|pmi|gift of equity|clear(?:ed)? to close|closing disclosure|certificate of eligibility|va (?:loans?|benefit|mortgage|cash)|conventional loans?|loan estimate|adjustable[- ]rates?|put(?:ting)? (?:(?:about|around|roughly|maybe|like|only|just|close to) )?(?:\$?\d{1,3}(?: ?(?:percent|%))?|\$?\d{2,3} ?(?:k|grand|thousand)|\$?\d{2,3},\d{3}|\$?\d{5,6}|half|a (?:third|quarter|fifth|tenth)) down\b(?! for)|(?<![\d.])(?<!\b(?:are|is|was|were|been|be) )\d{1,2}(?:\.\d)? ?(?:%|percent) down\b|cash[- ]out refi\w*|lock(?:ing)? (?:in )?(?:the|your|a|that|our|my|today's) (?:interest )?rate|(?:construction|home|land|bridge) loans?|(?:borrow\w*|loan|line|credit)\b[^.?!]{0,25}\bagainst (?:my|our|the|your|his|her) (?:house|home|property|condo|equity)|(?:take|taking|took|pull|pulling|get|getting|cash|cashing) (?:(?:about|around|roughly|maybe|like|up to|close to) )?(?:\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?|(?:some|a little|a bit of|part of the|the) (?:money|cash|equity)) out of (?:my|our|the|your|his|her|their) (?:house|home|property|condo|townhouse|place|equity)|(?:house|home|property|condo|townhouse|duplex|triplex|fourplex|rental)\b[^.?!]{0,60}\b(?:take|taking|pull|pulling|get|getting) (?:\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?|(?:some|a little|a bit of|part of the|the) (?:money|cash|equity)) out of (?:it|that|them)|` +
        BENEFIT_TO_BUY.source.slice(2, -2) +
        ')\\b',
      'gi',
    ),
  ],
  [
    2,
    new RegExp(
      String.raw`\b(loans?|borrow\w*|lending|financ\w*|rate quotes?|home purchase|purchas(?:e|ing) a (?:home|house)|interest rates?|apprais\w*|closing|apr|debt[- ]to[- ]income|credit score|purchase price|equity|line of credit|under contract|contract price|offer accepted|(?:offer|bid) (?:was|got|has been|had been|is|just got) accepted|accepted (?:our|my|the|an|their|her|his) offer|pay ?stubs?|w-?2s?|tax returns|cash[- ]?out|(?:primary|main) (?:home|residence)|put(?:ting)? (?!(?:you|him|her|them|me|us|it|that|this) )(?:\w+ )?down\b(?! for)|put(?:ting)? (?:the|our|my) (?:proceeds|savings|equity|money|cash)\b[^.?!]{0,30}?\bdown\b|nothing down|purchase (?:contract|agreement)|sales contract|asking (?:price|for (?:it|the (?:house|home|place|cabin|condo|property|townhouse)))|(?:home|house|property|place)(?:'s|s| is)? worth|(?:home|house|condo|property|townhouse)(?:'s)? (?:price|value)|(?:price|value) of (?:the|your|my|our) (?:home|house|condo|property|townhouse)|income|appl(?:y|ying|ied|ication)|first[- ]time (?:home ?)?buyers?|(?:what|how much) (?:we|i) (?:can|could) afford|build(?:ing)? (?:a |our |my |the )?(?:new )?(?:house|home)|payoff|(?:our|my|their|your) first (?:house|home)|(?:it's|this is|i'm|i am) [^.?!]{0,30}\b(?:with|at|from) (?:[\w'-]+ ){1,3}landing|(?<=^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[^.?!]{0,40})(?:with|at|from) (?:[\w'-]+ ){1,3}landing|lower(?:ing)? (?:your|my|our|the|their) (?:interest )?rate|build(?:ing)? on (?:it|that|this|(?:the|our|my|their|your) (?:land|lot|property|acreage|parcel|acres))|builder(?:'s)? (?:estimate|quote|bid|price|contract)s?|(?:the|our|my|their) builder (?:came in|quoted|says|said|estimated|wants)|(?:with|at|from) (?:[\w'-]+ ){1,3}(?:bank|credit union|savings and loan)|(?:they|the sellers?|the owners?)(?:'re| are| is| were| was)? (?:asking|wants?|wanting)\b[^.?!]{0,20}\b\d{3}|offered\b[^.?!]{0,30}\b(?:they|the sellers?|the owners?) (?:took|accepted) (?:it|that|our offer)|(?:there|their) asking (?:for )?\$?\d{3}|(?:house|home|place|condo|townhouse|townhome|cabin|property|duplex|ranch|${HOME_STYLE})\b[^.?!]{0,25}\basking (?:for )?\$?\d{3}|(?:got|have|has|had)\b[^.?!]{0,15}\b\$?\d[\d,]*(?: ?(?:k|grand|thousand))? saved\b|rent(?:ing)?[- ]to[- ]own|lease[- ]to[- ]own|rent credits?|(?:sell|selling|sold) (?:me|us) (?:their|his|her|the|a|an|this|that) (?:[a-z]+ )?(?:house|home|place|condo|townhouse|property|farm|cabin)|sell (?:ours|our (?:house|home|place|condo)|the (?:house|home|place) we're in) first|(?:make|makes|made|making|earn|earns|earned|earning|take home|bring home|bring in|brings in|bringing in|gross|grossing|clear|clearing|net|netting|pay (?:myself|ourselves))\b[^.?!]{0,30}\b(?:a year|a month|per year|per month|annually|every (?:two|2|other) weeks?|biweekly)|(?:pensions?|social security|disability|retirement|alimony|child support|annuity)\b[^.?!]{0,40}\b(?:a year|a month|per year|per month|annually|monthly)|(?:a year|a month|per year|per month|monthly|yearly) (?:in|from|of) (?:pensions?|social security|disability|retirement|alimony|child support|annuit(?:y|ies))|(?:pull|pulling|take|taking|get|getting) (?:some |part |all )?(?:of )?(?:our|my|the) (?:money|cash|equity) (?:back )?out)\b`,
      'gi',
    ),
  ],
  // "Pinecrest Lending, good morning" (a recognizer's "Pincrest lending."): a lender's name, its first
  // word capitalized as names are, is a likely cue (not a sure one: a lender may dial a wrong number).
  // Its "Mortgage" heard as "Morgge" too ("North Fork Morgge").
  // "Emberley home lending": "Home Lending" after the name, as a recognizer may write it.
  // "Eastbrook Federal Credit Union, Gisela speaking": a credit union lends too.
  [
    2,
    /\b[A-Z][\w'-]+ (?:(?:[Hh]ome )?[Ll]ending|[Hh]ome [Ll]oans|[Mm]ort?g+a?ge|[Ff]unding|(?:[Ff]ederal )?[Cc]redit [Uu]nion)\b/g,
  ],
  // "King's very credit union, Hortense speaking": a recognizer writes the name of a credit union that
  // answers the call in lower case, or splits it.
  [2, /^(?:[\w'-]+ ){0,2}[a-z][\w'-]* (?:federal )?credit unions?\b/g],
  // "Would you live in one of the units?", "Would this be where you live?", "It would be your home?", "Who will live there?": whether the buyer will live there is a lender's question
  // (occupancy sets the loan's terms), a sure one in a short call.
  [
    3,
    /\b(?:who (?:will|would|is going to) (?:be )?(?:live|living) (?:there|in it)|(?:would|will|are|do) you (?:be (?:a )?)?(?:plan(?:ning)? to |going to |want to )?(?:live|living|stay|staying) (?:there|in (?:it|there|the (?:home|house|property|place|condo|unit|townhouse|townhome|cabin|duplex)|one of (?:the|them|those)))|(?:would|will|is) (?:this|that|it)(?: be)? where (?:you|you'll|you'd|you will|you would) (?:live|be living)|(?:(?:would|will) (?:this|that|it) be|(?:is|was) (?:this|that|it) going to be|(?:this|that|it) (?:would|will|is going to) be) your (?:home|primary home|primary residence|main home|residence)(?! (?:phone|number|address|insurance|office|line)\b))\b/gi,
  ],
  // "Who do you work for?", "And your work?", "How do you earn your living?", "How does your pay
  // work?" — "Base pay plus per diem, it comes to roughly 5400 a month": a lender verifies
  // employment and pay, other trades seldom ask; a bankruptcy or a foreclosure behind a buyer is
  // credit history a lender weighs. "Our house has gone up enough to drop it": a home's value risen
  // is equity talk, as "the house is worth" is (a recognizer's "The houses worth"). An offer made
  // on a home ("want to offer 425 tonight"), a property bought to rent out and a second home ("just
  // a weekend place", which sets the loan's occupancy, and "we'd live there") are a buyer's; a home
  // "paid off" and a sum to "pull out" are an owner's borrowing against it.
  [
    2,
    /\b(?:(?<=^(?:and|what about|how about) )(?:your|the) (?:work|job|employment|employer)(?=\s*[?.]?$)|(?:it's|it is|(?:the |our |my )?(?:house|home|place|rental|condo|property|duplex|townhouse|cabin|farm|land|lot) is) (?:all |fully |completely )?paid off|(?:we|i)(?:'ve| have)? (?:already )?paid (?:it|the (?:house|home|mortgage|loan)) off|(?:take|taking|pull|pulling|cash|cashing) out (?:about |around |roughly |maybe |like |up to )?\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?(?! (?:feet|foot|yards?|trees?|shrubs?|bushes|stumps?|plants?|teeth|tooth|pieces?|boxes|bags?|panels?|windows?)\b)|(?:second|vacation|weekend|holiday) (?:home|house|place|property|getaway)|(?:we|i)(?:'d| would|'ll| will)(?: both| all)? (?:be )?liv(?:e|ing) (?:there|in it)|who do you work for|where do you work|who(?:'s| is) your employer|what do you do for (?:work|a living)|how do you (?:earn|make) (?:your|a) (?:living|income)|how (?:does|is) your pay (?:work|structured|set up|figured)|how (?:are|do) you (?:get )?paid|(?:my|our|his|her|base|take-home|take home|gross) pay\b[^.?!]{0,60}\b(?:a year|a month|per year|per month|annually|every (?:two|2|other) weeks?|biweekly)|(?:a |my |our |the )?(?:bankruptcy|bankruptcies|foreclosure|short sale)|(?:make|made|making|put in|putting in|write|wrote|writing|submit|submitted|submitting) (?:an |the |our |my )?offer|(?:want|going|ready|planning) to offer|offer (?:on|for) (?:a|the|that|this) (?:house|home|place|condo|townhouse)|investment propert(?:y|ies)|(?:house|home|property|place|condo)(?:'s| has| have)? (?:gone|went) up(?! for sale)|(?:home|house|property) values? (?:have |has )?(?:gone|went) up)\b/gi,
  ],
  // "How much were you hoping to take out?": an owner's borrowing against the home.
  [2, new RegExp(String.raw`\b${HOW_MUCH_TAKEN_OUT}\b`, 'gi')],
  // "My credit is around 640", "I get 1950 every two weeks": a credit score and a paycheck said with
  // its figure are what a lender weighs.
  [
    2,
    /\b(?:my|our|his|her) (?:credit|fico)(?: score)?(?:'s| is| was| sits| runs)? (?:(?:about|around|roughly|like|maybe|only|just|in the|somewhere around) )?[3-8]\d{2}s?\b|\b(?:i|we)(?:'ve| have)? (?:get|got|receive|clear|take home|bring home) (?:paid )?(?:(?:about|around|roughly) )?\$?\d[\d,.]*(?: dollars)? (?:every (?:two|2|other) weeks?|biweekly|a paycheck|per paycheck|each paycheck)\b/gi,
  ],
  // "We signed the purchase agreement on the house today": a buyer under contract calling the lender.
  [3, /\b(?:signed|sign|signing) (?:the|a|our) (?:purchase|sales?) (?:agreement|contract)\b/gi],
  // "Your appraisal came in at five fifty": an appraisal's result is news a lender calls with.
  [3, /\b(?:the|your|our|my) appraisal (?:just )?(?:came|has come|is) (?:in|back)\b/gi],
  // "The seller accepted 680", "I'll email you the rent rolls": a price a seller took, and the rents a
  // lender weighs for a rental bought.
  [2, /\b(?:the )?sellers? (?:accepted|took|agreed to|came down to)(?= (?:\$?\d|our|my|the|an?)\b)|\brent rolls?\b/gi],
  // "Our realtor said to call you about getting the loan going. We close in thirty days.": a loan
  // started is a lender's (a sure cue), a realtor sending the buyer and a closing days away likely ones.
  [
    3,
    /\b(?:get|getting|start|starting|got|kick off|kicking off)(?: (?:the|our|my|a|your))? (?:loan|financing|mortgage)(?: process| application)? (?:going|started|rolling|moving|underway)\b/gi,
  ],
  [
    2,
    /\b(?:our|my|the) (?:realtor|real estate agent|agent|broker) (?:said|told (?:us|me)|suggested|recommended)(?: (?:that )?(?:we|i) (?:should )?| to )(?:call|contact|reach out to|talk to|speak (?:to|with)) you\b|\b(?:we|i|they)(?:'re| are)? (?:close|closing) (?:in|within) (?:\d+|a few|a couple of|two|three|four|five|six|thirty|forty five|sixty) (?:days|weeks)\b/gi,
  ],
  // "I'm getting out of the Air Force in March and I want to use my VA eligibility" (heard "my VAL
  // eligibility", "my vialligibility"): a service member's eligibility is the VA's home loan (not
  // the GI Bill's schooling).
  [
    3,
    /\b(?:navy|army|marines?|marine corps|air force|coast guard|national guard|military|veterans?|active duty|service)\b(?![^.?!]*\b(?:gi bill|school|college|tuition|degree|classes)\b)[^.?!]{0,80}\b(?:use|using) (?:my|our|his|her|their) (?:[\w'-]+ )?\w*ligibility\b/gi,
  ],
  // "I got a letter saying my rate adjusts in October": an adjustable rate that resets is a loan's
  // (a sure cue); "I'd like to lock something in before then" asks for a rate held.
  [
    3,
    /\b(?:(?:my|our|the|your|their)(?: (?:arm|loan|mortgage)'?s)?|(?:arm|loan|mortgage)'?s) (?:(?:interest )?rate|arm) (?:adjusts|resets|is adjusting|is resetting|will adjust|will reset|is going to (?:adjust|reset))\b/gi,
  ],
  [2, /\block (?:some ?thing|it|that|one|a rate|the rate) in\b/gi],
  // "We're at six and seven eighths right now": a loan's rate.
  [2, new RegExp(String.raw`\b${RATE_IN_EIGHTHS}`, 'gi')],
  // "We want to go conventional": a loan program chosen by its name alone.
  [
    3,
    /\b(?:go|going|do|doing|get|getting|want|prefer|thinking)(?: with)? (?:a )?conventional\b(?! (?:wisdom|oven|medicine|way|method|approach|farming|treatment|wash|route)\b)/gi,
  ],
  // "We've run up about 38,000 on credit cards and I want to roll it into the house": debts rolled
  // into a home are borrowed against it.
  [3, /\broll(?:ing)?\s+(?:[\w']+\s+){1,6}?into\s+(?:the|my|our)\s+(?:house|home|mortgage)\b/gi],
  // "My sister and I are buying a duplex, we'd each live in one side": where a buyer lives sets the
  // loan's occupancy, a lender's question.
  [2, new RegExp(ONE_UNIT_LIVED_IN.source, 'gi')],
  // "I'm calling about refinancing my rental property": a home refinanced.
  [
    2,
    /\brefinanc\w*\s+(?:my|our|the|a|this|that)\s+(?:[a-z]+\s+)?(?:house|home|rental|property|condo|townhouse|duplex|mortgage)\b/gi,
  ],
  // "We're at 6.9 on a 30 year and we'd like to get into a 15": a home loan's term.
  [3, new RegExp(String.raw`(?<![\w.])(?:${LOAN_TERM})`, 'gi')],
  [
    1,
    new RegExp(
      String.raw`\b(rates?|house|home|property|condo|duplex|triplex|fourplex|quadplex|multi-?family|townhouse|townhome|cabin|bungalow|cottage|farmhouse|ranch house|${HOME_STYLE}|${MANUFACTURED_HOME}|buy(?:ing)?|listing|listed (?:at|for)|priced (?:at|for)|hoa|homeowners'? association|realtor|owe|price range|budget|acres?|acreage|land|parcel|rental (?:property|properties|units?))\b`,
      'gi',
    ),
  ],
];
const NOT_HOME_LOAN = /\b(car|auto|student|personal|business|payday|boat|truck) loans?\b/gi;
/** Topics of other trades that share words with lending ("homeowners insurance" before a closing). */
const OTHER_TRADE = [
  /\b(?:homeowners?|home|auto|car|life|health|renters?|flood) insurance\b|\binsurance (?:policy|policies|quotes?|agent|carriers?)\b/gi,
  /\bpremiums?\b/gi,
];
const OTHER_TRADE_WEIGHT = 3;
export const LENDING_THRESHOLD = 8;
export const SHORT_CALL_THRESHOLD = 5;

/** The rules' decision: `reasons` are the cues heard, with how often ("mortgage ×2", "borrow ×1"). */
export interface WeighedLendingDecision extends LendingDecision {
  score: number;
}

/** Whether a call is about a home loan, with the cues that decided it (stored beside the decision). */
export function classifyLending(text: CallText): WeighedLendingDecision {
  const heard = new Map<string, { weight: number; count: number }>();
  for (const sentence of text.sentences) {
    const said = sentence.text.replace(NOT_HOME_LOAN, ' ');
    for (const [weight, cue] of LENDING_CUES) {
      for (const match of said.matchAll(cue)) {
        const key = match[0].toLowerCase();
        const entry = heard.get(key) ?? { weight, count: 0 };
        entry.count++;
        heard.set(key, entry);
      }
    }
  }
  // A word said again adds less than a new word: ten "homes" do not make a mortgage call.
  let score = [...heard.values()].reduce(
    (sum, { weight, count }) => sum + weight + (weight >= 2 ? Math.min(count - 1, 2) : 0),
    0,
  );
  const all = text.sentences.map((sentence) => sentence.text).join(' ');
  for (const cue of OTHER_TRADE) {
    const other = new Set([...all.matchAll(cue)].map((match) => match[0].toLowerCase()));
    for (const topic of other) {
      score -= OTHER_TRADE_WEIGHT;
      heard.set(`${topic} (another trade)`, { weight: -OTHER_TRADE_WEIGHT, count: 1 });
    }
  }
  const reasons = [...heard.entries()]
    .sort((a, b) => b[1].weight - a[1].weight || b[1].count - a[1].count)
    .map(([cue, { count }]) => `${cue} ×${count}`);
  // A short call needs less: one sure cue ("pre-approval", "mortgage") and a little more is enough.
  const strong = [...heard.values()].some((entry) => entry.weight >= 3);
  return { lending: score >= LENDING_THRESHOLD || (strong && score >= SHORT_CALL_THRESHOLD), score, reasons };
}

/** Whether a call is about a home loan (see classifyLending). */
export function isLendingCall(text: CallText): boolean {
  return classifyLending(text).lending;
}

// ---------------------------------------------------------------------------------------------
// mortgage_lead

/** Roles whose figure is kept: the fields, and the balance (a refinance without cash out borrows it). */
type MoneyRole =
  | 'purchase_price'
  | 'property_value'
  | 'loan_amount'
  | 'monthly_income'
  | 'annual_income'
  | 'biweekly_income'
  | 'weekly_income'
  | 'hourly_income'
  | 'balance'
  | 'cash_out_amount';
/** Amounts that are about the loan but are none of the fields: recognized so they take no field's place. */
type OtherRole = 'down_payment' | 'payment' | 'net_income' | 'quoted_cost' | 'closing_credit';

/**
 * " from <someone>" after "offer" when that someone is an employer ("an offer from Cardinal Health"),
 * not a seller, a buyer or a day ("the offer from the sellers", "an offer from yesterday").
 */
const FROM_AN_EMPLOYER = String.raw` from (?!(?:the|a|an|our|my|their|his|her|them|him|us|me|last|this|that|yesterday|today|seller|sellers|buyer|buyers)\b)\w`;

/** "We want to tap the house for about sixty thousand": borrowing against the home, a refinance taking cash out. */
const TAP_THE_HOME = String.raw`tap(?:ping)?(?: into)? (?:the|our|my) (?:house|home|place|property|condo)`;
/**
 * Paying a sibling or an ex their share of a home one keeps ("I need to pay him his half", "pay my
 * sister her share", "I'd need to pay her eighty five for her share"): the home is owned, the money
 * is borrowed against it.
 */
const PAY_A_SHARE = String.raw`pay(?:ing)? (?:him|her|them|my (?:brother|sister|siblings?|ex|ex-wife|ex-husband|wife|husband)) (?:(?:about |around |roughly )?\$?\d[\d,.]*(?: ?(?:k|grand|thousand))? (?:for )?)?(?:his|her|their|the) (?:half|share|part|portion|cut)`;
/** "Use our equity", "tap some of our equity": borrowing against what a home is worth. */
const TAP_THE_EQUITY = String.raw`(?:use|using|tap|tapping)(?: into)? (?:(?:some|part|a bit|a little|a portion) of )?(?:my|our|your|the|some) equity`;
/** "Take some money from the house for her tuition": borrowing against the home. */
const MONEY_FROM_THE_HOME = String.raw`(?:take|taking|pull|pulling|get|getting|borrow|borrowing|access|accessing) (?:some |a little |part |all |a bit )?(?:of )?(?:the |our |my )?(?:cash|equity|money) (?:from|out of) (?:the|our|my) (?:house|home|place|property|condo)`;

/** What a clause around an amount says the amount is; the first matching role wins. */
const MONEY_ROLES: [MoneyRole | OtherRole, RegExp][] = [
  [
    'down_payment',
    // "I got a settlement from a car accident, about sixty thousand, and I want to use it to buy a
    // house": money a buyer has (a settlement, an inheritance, savings, "fifteen thousand saved") goes
    // down, it is no price. A sum a balance is "down to" is what is left ("It's down to 187 and change").
    /\b(down(?! (?:the|that|this) (?:street|road|block|hall|way|lane)| (?:to|under|below) (?:about |around |roughly |just |only )?\$?\d)|down payment|deposit|earnest|gift\w*|bring(?:ing)? to (?:the )?(?:closing|table)|cash to close|settlement|inheritance|savings|saved(?: up)?|put away|set aside)\b/i,
  ],
  // "The sellers are paying six thousand toward closing": a credit at closing, no price.
  [
    'closing_credit',
    /\b(?:toward|towards) (?:the |our |my |your )?closing\b|\b(?:pay|paying|paid|cover|covering|covered) (?:some of |part of |all of )?(?:the |our |my |your )?closing costs\b|\bsellers?(?:'s)? (?:credit|concessions?)\b/i,
  ],
  // "A new loan around 236 to pay off the mortgage and the cards": the new loan, not what it pays off.
  ['loan_amount', /\b(new (?:loan|mortgage)|(?:loan|line) of)\b/i],
  // "About 168 left.": a sum said with "left" is what is still owed, and so is one "on the mortgage"
  // ("There's still about ninety thousand on the mortgage").
  [
    'balance',
    /\b(owe|owing|balances?|pay ?off|left on|what(?:'s| is) left|how much is left|still have on|on (?:the|my|our|his|her|their|that) (?:mortgage|loan|note))\b|\d\s*(?:k|grand|thousand)?\s+(?:left|remaining)\b/i,
  ],
  // "We want to tap the house for about sixty thousand": the cash taken out.
  [
    'cash_out_amount',
    new RegExp(
      String.raw`\b(in cash|cash out|cash[- ]out|take out|pull out|to take|to pull|get out|how much cash|${TAP_THE_HOME} for|${MONEY_FROM_THE_HOME}|${PAY_A_SHARE})\b`,
      'i',
    ),
  ],
  ['payment', /\b(payment|paying now|currently pay|pay (?:a|per|each) month)\b/i],
  ['biweekly_income', /\bevery (?:two|2|other) weeks?\b|\bbi-?weekly\b|\b(?:a|per|each) paycheck\b/i],
  ['weekly_income', /\b(?:a|per|each|every) week\b|\bweekly\b/i],
  ['hourly_income', /\b(?:an|a|per|each) hour\b|\bhourly\b/i],
  // "Roughly 30,000 month": a recognizer dropped the "a".
  ['monthly_income', /\b(a|per|each|every) month\b|\bmonthly\b|(?<=\d\s)month\b/i],
  // "My base is 240,000, plus a bonus", "one fifteen plus commission", "I make about one ten.": a base
  // pay with no period is yearly ("a month" is caught above).
  [
    'annual_income',
    /\b(a|per|each|last|this) year\b|\bannual(ly)?\b|\bsalary\b|\bannum\b|\bto start\b|\bstarting (?:pay|salary|out|at)\b|\b(?:my|the|his|her) base\b(?! housing)|\bbase (?:pay|salary)\b|\d\s*(?:k|grand|thousand)?\s+base\b|\d\s*(?:k|grand|thousand)?,?\s+plus (?:a |some )?(?:commissions?|bonus(?:es)?|tips|overtime|stock|equity|incentives?)\b|\b(?:i|we) (?:make|earn|gross) (?:about |around |roughly |close to |just under |just over )?(?=\d{2,3}(?:\.\d)?\s*(?:[.!;]|$))/i,
  ],
  // "What would it cost to build?" — "The builder says around one fifty": what building costs is no
  // home's price (the land is owned, or the house stands).
  [
    'quoted_cost',
    /\b(?:cost|costs|run|be) (?:us |you |me )?to (?:build|add|put (?:in|up)|renovate|remodel|finish|fix|repair|redo|replace|install)\b|\b(?:the|our|my|their) builder (?:says|said|quoted|estimated)\b/i,
  ],
  // "We're buying a four bedroom in the hills, it's one point six five million": a home named, then its price.
  [
    'purchase_price',
    new RegExp(
      String.raw`\b(purchase price|price\w*|budget(?![^.?!]{0,40}\b(?:month|monthly|payment)\b)|asking|sellers?|(?<!job )offer(?:ed|ing|s)?(?!${FROM_AN_EMPLOYER})|under contract|(?:looking at|found|like|love|want|saw) (?:one|it|that one|this one|something) (?:for|at)|(?:buying|buy|bought|purchasing) (?:it |this |that |the (?:house|home|place|condo) )?at|(?:buying|buy|purchasing) (?:my|our|his|her|their|the) (?:[a-z']+ ){0,2}?(?:home|house|place|condo|cabin|cottage|farm|property)\b(?: [a-z]+){0,4}? for|listed|listing|list price|(?:(?:town)?homes?|townhouses?|condos?) (?:around|about|for|at)|(?:a|an) (?:(?:farm|town|ranch)?(?:home|house|place|condo|cabin|cottage|bungalow|duplex|triplex|fourplex|quadplex|property)|ranch|townhome|${HOME_STYLE}|${MANUFACTURED_HOME}|(?:one|two|three|four|five|six|\d)[- ]?(?:bedroom|bed|br|bath|bathroom|story))\b,?(?: [a-z]+){0,3}? (?:for|at(?= \$?\d{3}(?:,\d{3})?(?:\.\d)?\s*(?:[,.!?;]|$|and\b|but\b|so\b|k\b|thousand\b)))|(?:buying|buy|found|bought|purchasing) (?:a|an) (?:[a-z0-9-]+ ){0,3}?(?:home|house|place|condo|townhouse|townhome|bedroom|ranch|cabin|cottage|bungalow|duplex|farmhouse|${HOME_STYLE})\b[^.?!]{0,40},\s*(?:it's|it is)(?= (?:about |around |only |just )?\$?\d)|accepted (?:at|for)|(?:sell|sells|selling) (?:it |them )?(?:to )?(?:me|us)\b[^.?!,]{0,30}\bfor|(?:they|the sellers?|the owners?)(?:'re| are| were| was)? (?:want|wants|asking)\b|agreed? (?:to|on) (?:pay|a price)|settled (?:at|on)|end(?:ed)? up pay(?:ing)?|(?:what|how much) did (?:you|they|we) pay|paid for (?:it|the (?:house|home|place|condo|duplex|townhouse))|buy(?:ing)? (?:my|our|a|the|their) (?:first |new |own )?(?:home|house|place|condo|townhouse)|pay(?:ing)? for (?:it|the (?:house|home|place|condo|property|duplex|townhouse))|(?:homes?|houses?|places?|condos?|townho\w+) (?:that )?(?:we|i)(?:'ve|'re| have| are)? (?:like|love|want|looked at|looking at|seen|see|found|toured)\b|buy(ing)? (it|the house|the home|a \w+)? ?for|costs?|shopping|\d+\s+purchase|the (?:(?:home|house|place|condo|townhouse|townhome|cabin|cottage|bungalow|duplex|ranch|farmhouse|${HOME_STYLE})(?: (?:that )?(?:we|i) (?:like|love|want|found|saw|picked|chose))?|one (?:that )?(?:we|i)(?:'ve| have)? (?:like|love|want|found|saw|picked|chose|looked at))(?:'s| is| was)(?= (?:about |around |roughly |only |just )?\$?\d{3}(?:\.\d{1,2})?(?:,\d{3})*(?: ?(?:k|grand|thousand|dollars))?(?=\s*(?:[,.!?;]|$|and\b|but\b|so\b))))\b`,
      'i',
    ),
  ],
  // "What do you think the house would appraise for?" (a recognizer's "would have raised for"); "What
  // would the house go for?" — "Zillow says about 385" ("worth redoing" is no worth); "the county has
  // it at about 460" (a site or an assessor's figure, not a seller's).
  [
    'property_value',
    /\b(worth(?! (?:it|the (?:trouble|effort|hassle|wait|time|money)|\w+ing)\b)|valued?|apprais\w*|assess(?:ed|es|ment|or)|market value|(?<!\b(?:they|sellers?|owners?|builder|listing) )(?:has|had|puts?) it (?:at|around)(?= (?:about |around |roughly )?\$?\d)|paid cash for|(?:sell|list) (?:it )?for|(?:would|could|might|will) (?:sell|list|go) (?:for|around|at)|go for today|fetch|zillow|zestimate|redfin|(?:would|could|might|will) (?:(?:the|your|our|my) (?:house|home|place|property|condo|townhouse)|it) (?:go|sell) for|(?:the|your|our|my) (?:house|home|place|property) (?:would|could|might|will) (?:\w+ ){1,2}for|(?:the|your|our|my) (?:house|home|place|property) (?:would|could|might|will) (?:bring|fetch)|(?:would|could|might|will) (?:the|your|our|my) (?:house|home|place|property) (?:bring|fetch)|(?:houses|homes|places|condos|townhouses|units) (?:on|in|around|near) (?:our|my|the) (?:street|block|neighbou?rhood|area|subdivision|road|building|complex|development) (?:are|have been|were) (?:going|selling) (?:for|at))\b/i,
  ],
  // "The contractor quoted 62,000, so a line of about 65": what the work costs, not the loan.
  // "It needs about forty thousand in work": what the repairs cost, not the home.
  [
    'quoted_cost',
    /\b(quoted|bids?|(?:the|a|their|his|her|our|my) quote\b[^.?!,]{0,40}?\b(?:is|was|came|comes)|(?:in|of) (?:work|repairs|renovations?|updates|upgrades|improvements))\b/i,
  ],
  [
    'loan_amount',
    /\b(loan|borrow\w*|(?:you|i|we) (?:asked|applied) for|how much (?:are|were|would|do|did) you (?:\w+ )?(?:hoping|looking|wanting|want|like|trying|needing|need) to (?:get|take out|pull out)|approved for|pre-?approv\w* (?:came through |is |was |went through )?for|qualif\w* for|mortgage (of|for|amount)|financ\w*|need|new loan|line( of credit)?|heloc)\b/i,
  ],
];
const INCOME_CUE = new RegExp(
  String.raw`\b(job offer|offer${FROM_AN_EMPLOYER}|what (?:will|would) you be doing|make|makes|made|making|net|nets|netted|netting|earn\w*|clear(?:ed|ing)?|after expenses|income|salary|(?:your|my|our) pay|coming in|social security|pensions?|annuit(?:y|ies)|disability|retirement|base (?:pay|salary|is)|paid|bring home|bring(?:s|ing)? in|gross|before taxes|(?:i|we) bill(?:ed)?|(?<!\b(?:could|would|will|might|may|should|can|that|this|it|which|does|doesn't|won't|wouldn't|can't) )work\w*|job|employ\w*|do for a living|what do you do|(?:i'm|i am|i'll be|i will be|still|work as|working as) (?:an?|in) (?:[a-z]+ )?[a-z]+ (?:there|at|for|with)|(?:your|you're|you are) in ?(?:come|cum)(?=\s*[.?!]|$))\b`,
  'i',
);
/** Someone else's figure: a neighbour's sale, a spouse's income, a co-borrower's pay. */
const SOMEONE_ELSE =
  /\b(neighbou?rs?|friends?|sister|brother|husband|wife|spouse|partner|fianc[ée]+|co-?borrower|he|she|his|her)\b/i;
/**
 * Someone paid with the money, not its owner: "about 190 to pay my brother", "to buy out my ex",
 * "pay her 85 for her share".
 */
const PAID_TO_SOMEONE =
  /\b(?:pay|paying|give|giving|buy out|buying out|pay off|paying off)\s+(?:(?:my|your|our|his|her|their|the)\s+(?:brother|sister|ex|ex-wife|ex-husband|husband|wife|partner|siblings?|parents?|co-?borrower)\b|(?:him|her|them)\b[^.?!,]{0,30}?\b(?:his|her|their) (?:half|share|part|portion|cut)\b)/gi;
/** A clause that opens on a verb of pay, its subject left in the clause before. */
const NO_SUBJECT_PAY =
  /^\W*(?:also |then |only |just )?(?:makes|earns|brings (?:home|in)|pulls in|takes home|grosses|clears|nets|gets paid|is paid)\b/i;
/** "My wife and I both teach … together we bring home about 110,000 a year": a household's figure is the borrowers'. */
const OURS_TOGETHER = /\btogether,? (?:we|our)\b|\b(?:combined|between (?:the two of )?us|our household|both of us)\b/i;
const SOLD_FOR = /\b(?:sold|sell|sells|went|go|goes|listed|appraised) (?:for|at)\b/i;
/** "The neighbor's sold for two forty, and ours is about the same": their figure is ours too. */
const OURS_THE_SAME =
  /\b(?:ours|mine|our (?:house|home|place)|my (?:house|home|place))(?:'s| is| would be| should be| is worth)? (?:about |roughly |pretty much |probably |just |right )?(?:the same|similar|comparable|identical|about that)\b/i;
const OF_OUR_HOUSE =
  /\b(?:we|i) could (?:sell|list|get)\b|\b(?:our|my) (?:house|home|place) (?:is|would|could)\b|\b(?:it|ours) (?:would|could|might|will) (?:sell|list|go|appraise)\b/i;
/** "I owe 212, and that's what I'd refinance": the figure just said is the loan. */
const THAT_IS_THE_LOAN =
  /\bthat'?s (?:what|how much|the amount|the number|the figure) (?:i|we)(?:'d| would| want to| need to)? (?:refinance|borrow|need|finance)\b/i;
/** "With the VA loan I'd finance the whole thing", "nothing down": the loan is the price. */
const FULL_FINANCING =
  /\b(?:financ\w*|borrow\w*|cover\w*|loan (?:for|on)) (?:the whole (?:thing|price|amount)|the (?:full|entire|whole) (?:price|amount|purchase)|all of it|everything|(?:a )?hundred percent|100 ?(?:%|percent))|\b(?:no money|zero|nothing|\$?0) down\b|\bno down payment/i;
/**
 * "We're putting three hundred down", "we'd put twenty percent down", "putting the proceeds down,
 * about one thirty": what goes down, in dollars or as a share of the price.
 */
const PUT_DOWN =
  /\b(?:put|putting|have|with)\s+(?:about |around |roughly |maybe |like |only |just |close to )?(?:(\d{1,2}(?:\.\d+)?) ?(?:%|percent)|(\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?))\s+down\b|\b(?:put|putting)\s+(?:the|our|my)\s+(?:proceeds|savings|equity|money|cash)\b[^.?!,]{0,30}?\s+down,?\s+(?:about |around |roughly |maybe |like |close to )?(\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?)/i;
/** Pay after taxes, and before: "I clear about 5800 a month after taxes, 6900 before" — the field is gross. */
const NET_PAY = /\b(after tax(?:es)?|take[- ]home|net|clear(?:ing)?|in (?:my|our) pocket)\b/i;
const GROSS_PAY = /\b(before|gross|pre-?tax)\b/i;
/** A correction of a figure just said: "four sixty five, sorry, four seventy five". */
const CORRECTION = /\b(sorry|i mean|actually|correction|rather|make that|no wait|scratch that)\b/i;
/** "A little under two hundred, about one ninety six": a bound, then the figure itself, said bare. */
const BOUND_SAID = /\b(?:under|over|shy of|north of|south of|below|above|less than|more than|short of)\s+\$?\d/i;
const BARE_FIGURE =
  /^\W*(?:(?:about|around|roughly|approximately|exactly|precisely|more like|closer to|call it)\s+)?\$?\d[\d,.]*(?:\s*(?:k|thousand|grand))?(?:\s+(?:to be exact|exactly|on the nose|or so|even))?\W*$/i;

const INCOME_ROLES: (MoneyRole | OtherRole)[] = [
  'monthly_income',
  'annual_income',
  'biweekly_income',
  'weekly_income',
  'hourly_income',
];
/**
 * Pay periods in a month: a yearly, an every-two-weeks, a weekly and an hourly figure as a monthly
 * one (an hourly wage at full time, 40 hours a week, as lenders count it).
 */
const PER_MONTH: Partial<Record<MoneyRole, number>> = {
  annual_income: 1 / 12,
  biweekly_income: 26 / 12,
  weekly_income: 52 / 12,
  hourly_income: (40 * 52) / 12,
};

/** "Thirty one an hour, about 45 hours a week", "a 32-hour week": the hours worked said with a wage. */
const HOURS_A_WEEK = /\b(\d{1,2}) (?:hours?|hrs?) (?:a|per|each|every) week\b|\b(\d{1,2})[- ]hour (?:work ?)?weeks?\b/i;
/** Hours paid in a month for an hourly wage: the weekly hours said in its turn, else full time. */
function hoursAMonthSaid(text: CallText, wageSaidIn: Sentence[]): number {
  const turns = new Set(wageSaidIn.map((sentence) => sentence.turnIndex));
  for (const sentence of text.sentences.filter((said) => turns.has(said.turnIndex))) {
    const said = HOURS_A_WEEK.exec(sentence.text);
    const hours = Number(said?.[1] ?? said?.[2]);
    if (hours >= 10 && hours <= 80) return (hours * 52) / 12;
  }
  return PER_MONTH.hourly_income!;
}

// "The county assessed it at 380 last year": a home's value said with its year is no pay.
const HOME_VALUE_CUE = MONEY_ROLES.find(([role]) => role === 'property_value')![1];

function roleOfWords(words: string, incomeContext: boolean): MoneyRole | OtherRole | null {
  for (const [role, cue] of MONEY_ROLES) {
    if (!cue.test(words)) continue;
    if (INCOME_ROLES.includes(role) && !incomeContext && !INCOME_CUE.test(words)) continue;
    if (INCOME_ROLES.includes(role) && HOME_VALUE_CUE.test(words)) continue;
    return role;
  }
  return null;
}

/** Every role a question asks about, in the order it asks ("What's the price, and how much down?"). */
function rolesAskedIn(question: string, incomeContext: boolean): (MoneyRole | OtherRole)[] {
  // Each question apart: "What's the home worth? And what's left on the mortgage?" asks two.
  const parts = question
    .split(/(?<=\?)|,|;|\band\b|\bor\b/i)
    .map((part) => ({ role: roleOfWords(part, incomeContext), asks: ASKING_PART.test(part) }))
    .filter((part): part is { role: MoneyRole | OtherRole; asks: boolean } => part.role !== null);
  // "You mentioned pulling cash out, what's it worth these days?" asks only its last part.
  const asked = parts.filter((part) => part.asks);
  return (asked.length > 0 ? asked : parts).map((part) => part.role);
}
const ASKING_PART =
  /\b(?:what|what's|how|which|when|where|who|do you|did you|are you|is it|is that|can you|could you|would you|have you)\b|\?\s*$/i;

/** What homes nearby sell for: "houses around here go for about 250". */
const NEARBY_HOMES_PRICE =
  /\b(?:houses|homes|places|condos|townhouses|townhomes) (?:around here|out here|over there|(?:in|around) (?:this|that|the|our|my) (?:area|town|neighbou?rhood|part of town)|where (?:we|i|you) (?:want|plan|hope|'d like|would like) to (?:buy|live|move))(?: (?:usually|tend to|typically|mostly|all))? (?:go|sell|run|are going|are selling|list) (?:for|at|around)\b/i;
/** A buyer's words, in the question or the answer around such a price. */
const BUYING_TALK =
  /\b(?:buy|buying|shopping|purchase|price range|budget|afford|first (?:house|home|place)|looking (?:for|at) (?:a )?(?:house|home|place|condo)s?)\b/i;

/**
 * The role of an amount: its clause's own words first; then the question it answers, whose roles
 * are taken in order by the answer's amounts ("What's it worth and what do you owe?" — "About
 * 420. I owe 250."); then the rest of its sentence.
 */
function classifyMoney(
  clause: string,
  sentence: Sentence,
  text: CallText,
  amountIndexInTurn: number,
  previousClause = '',
): MoneyRole | OtherRole | null {
  // The question a figure answers is what the turn before asked, not what it told ("You can buy
  // with nothing down. What's the house listed at?").
  const before = precedingTurn(text, sentence);
  const asking = before.filter((said) => /\?\s*$/.test(said.text));
  const question = (asking.length > 0 ? asking : before).map((said) => said.text).join(' ');
  const turn = text.sentences
    .filter((other) => other.turnIndex === sentence.turnIndex)
    .map((other) => other.text)
    .join(' ');
  const incomeContext = INCOME_CUE.test(turn) || INCOME_CUE.test(question);
  // Both said: the net figure is none of the fields, the gross one is the income (a net one alone is kept).
  if (NET_PAY.test(turn) && GROSS_PAY.test(turn.replace(NET_PAY, ' '))) {
    if (GROSS_PAY.test(clause) && !NET_PAY.test(clause))
      return /\b(a|per|each) year\b|\bannual|\bsalary\b/i.test(turn) ? 'annual_income' : 'monthly_income';
    if (NET_PAY.test(clause)) return 'net_income';
  }
  // "What are homes going for where you want to buy?" — "Houses around here go for about 250": what
  // homes nearby sell for is the price a buyer will pay, and an owner's home's value.
  if (NEARBY_HOMES_PRICE.test(clause))
    return BUYING_TALK.test(`${question} ${turn}`) ? 'purchase_price' : 'property_value';
  const asked = rolesAskedIn(question, incomeContext);
  const worded = roleOfWords(clause, incomeContext);
  // "How much would you need?" — "The builder quoted ninety five thousand": the cost given as the
  // sum asked for is the loan, unless the loan or a figure of no other role follows ("…, so a line of
  // about 65", "…, so call it fifty to be safe").
  const askedHere = asked[Math.min(amountIndexInTurn, asked.length - 1)];
  if (
    worded === 'quoted_cost' &&
    askedHere === 'loan_amount' &&
    /\bhow much\b/i.test(question) &&
    byCustomer(sentence) &&
    !turn
      .slice(turn.indexOf(clause) + clause.length)
      .split(/[,;.?!]|\b(?:and|so|but)\b/i)
      .some((part) => amountsIn(part).length > 0 && [null, 'loan_amount'].includes(roleOfWords(part, incomeContext)))
  )
    return 'loan_amount';
  return (
    worded ??
    // "…and borrow the rest, 340": a figure after a clause with a cue and no figure of its own.
    (amountsIn(previousClause).length === 0 ? roleOfWords(previousClause, incomeContext) : null) ??
    askedHere ??
    roleOfWords(sentence.text, incomeContext) ??
    // "We want to redo the kitchen, probably sixty thousand or so": in a call about borrowing
    // against the home, what the customer's project takes is what they would borrow.
    // "And what do you do?" — "I'm a PA at Intermountain Health, about a hundred and twelve thousand": a
    // pay of forty thousand or more with no period, answering the job question, is a year's (a month's
    // that large is rare; "roughly 30,000 before taxes" may be a month's with its "a month" lost).
    (byCustomer(sentence) &&
    (JOB_QUESTION.test(question) || ONES_PAY_SAID.test(clause)) &&
    !NOT_PAY_WORDS.test(clause) &&
    amountsIn(clause).some((amount) => amount.value >= 40_000)
      ? 'annual_income'
      : null) ??
    (byCustomer(sentence) &&
    PROJECT_WANTED.test(sentence.text) &&
    text.sentences.some((s) => EQUITY_BORROWING.test(s.text))
      ? 'loan_amount'
      : null)
  );
}
const JOB_QUESTION =
  /\b(?:what do you do|where do you work|who(?:'s| is) your employer|who do you work for|what do you make|what(?:'s| is) your (?:income|salary|pay))\b|^\W*(?:and )?(?:your|the) (?:income|salary|pay|work|job|employment)\W*$/i;
/** "I gross about 96,000": one's own pay said with its verb (and with no period, a year's when that large). */
const ONES_PAY_SAID = /\b(?:I|we) (?:gross|make|earn|net|clear|bring in|pull in|pull down|pay (?:myself|ourselves))\b/i;
const NOT_PAY_WORDS = /\b(?:saved|savings|down|owe|owing|balance|cash|loan|price|worth|rent|payment|bonus)\b/i;
const PROJECT_WANTED =
  /\b(?:want|need|hoping|looking|planning|going) to (?:redo|remodel|renovate|fix|replace|build|add|finish|put in|update|upgrade|repair)\b/i;
const EQUITY_BORROWING = /\b(?:heloc|home equity|equity line|line of credit)\b/i;

/**
 * Amounts outside these ranges are not what the role means (a $500 home value is a recognition
 * error, not a house): better no value than a wrong one.
 */
const PLAUSIBLE_AMOUNTS: Record<MoneyRole, [number, number]> = {
  purchase_price: [10_000, 100_000_000],
  property_value: [10_000, 100_000_000],
  loan_amount: [5_000, 100_000_000],
  monthly_income: [100, 10_000_000],
  annual_income: [1_000, 100_000_000],
  biweekly_income: [50, 10_000_000],
  weekly_income: [25, 10_000_000],
  hourly_income: [7, 1_000],
  balance: [5_000, 100_000_000],
  cash_out_amount: [1_000, 100_000_000],
};
const PER_MONTH_SAID = /\b(?:a|per|each|every) month\b|\bmonthly\b/i;
const HOME_SCALE: MoneyRole[] = ['purchase_price', 'property_value', 'loan_amount', 'balance', 'cash_out_amount'];

/**
 * A bare figure takes its scale from its role: "borrow about 230" is $230,000; so does a figure
 * written as a price in cents ("$2.30", two spoken pairs) where the role is a home's.
 */
function scaledForRole(amount: SaidAmount, role: MoneyRole): number {
  // "About one twenty a year": a yearly pay said in thousands without the word (a recognizer may
  // still write it "$90 a year": no one's yearly pay is ninety dollars).
  if (role === 'annual_income' && amount.value >= 20 && amount.value < 1000) return amount.value * 1000;
  // "I made about three forty last year" written "3.40": two spoken pairs, in thousands.
  if (role === 'annual_income' && amount.pairs !== undefined && amount.value < 20) return amount.pairs * 1000;
  // "Seventy two hundred a month" written "70 to 100": no month's pay is seventy dollars.
  if (role === 'monthly_income' && amount.hundredsHeardApart !== undefined && amount.value < PLAUSIBLE_AMOUNTS[role][0])
    return amount.hundredsHeardApart;
  // "Twenty two fifty every two weeks", written "22.50": two pairs a recognizer wrote as dollars and
  // cents; no two weeks' (week's, month's) pay is that small (a "$2.75" coffee said beside it is no pay).
  if (
    (role === 'biweekly_income' || role === 'weekly_income' || role === 'monthly_income') &&
    !Number.isInteger(amount.value) &&
    amount.value >= 10 &&
    amount.value < PLAUSIBLE_AMOUNTS[role][0]
  )
    return Math.round(amount.value * 100);
  // "Thirty eight fifty an hour", written "3850": dollars and cents said as two pairs.
  if (role === 'hourly_income' && Number.isInteger(amount.value) && amount.value >= 700 && amount.value < 20_000)
    return amount.value / 100;
  if (!HOME_SCALE.includes(role)) return amount.value;
  if (amount.pairs !== undefined) return amount.pairs * 1000;
  // "It's listed at one point four": a home's price or value with one decimal is in millions (a
  // loan's "6.5" is more often its rate).
  if ((role === 'purchase_price' || role === 'property_value') && amount.millions !== undefined) return amount.millions;
  // "the price is two ninety nine", written "$299": no home costs three figures. A round "$500" is
  // more often "five hundred [twenty] thousand" cut short, so it stays implausible.
  if (
    amount.explicit &&
    Number.isInteger(amount.value) &&
    amount.value >= 50 &&
    amount.value < 1000 &&
    amount.value % 100 !== 0
  ) {
    return amount.value * 1000;
  }
  // "They are asking $149.9": one decimal is no cents; pairs and a hundreds digit (149,900).
  const tenths = amount.value * 10;
  if (
    amount.explicit &&
    !Number.isInteger(amount.value) &&
    Math.abs(tenths - Math.round(tenths)) < 1e-9 &&
    amount.value >= 50 &&
    amount.value < 1000
  )
    return Math.round(tenths) * 100;
  // "two thirty nine nine" written "2399": pairs and a hundreds digit, 239,900 (not 2.4 million).
  if (
    !amount.explicit &&
    Number.isInteger(amount.value) &&
    amount.value >= 1000 &&
    amount.value < 10_000 &&
    amount.value % 10 !== 0
  )
    return amount.value * 100;
  if (!amount.explicit && amount.value >= 50 && amount.value < 10_000) {
    return amount.value * 1000;
  }
  // "Call it thirty five": a home equity line's size in thousands below fifty (no loan is $35).
  if (
    role === 'loan_amount' &&
    !amount.explicit &&
    Number.isInteger(amount.value) &&
    amount.value >= 10 &&
    amount.value < 50
  )
    return amount.value * 1000;
  return amount.value;
}

const SUMS_UP = /\b(?:total|in all|altogether|all told|all in)\b/i;
/**
 * A price the two sides arrived at ("they wanted 370 and we met at 362", "they came down to 355",
 * "we got them down to 340"): it replaces the price said before it, whatever else its words name.
 */
const PRICE_ARRIVED_AT =
  /\b(?:(?:met|meet) (?:them |in the middle )?at|settled (?:at|on)|came down to|landed (?:at|on)|ended up (?:at|paying)|got (?:them|it|him|her) (?:down )?to|(?:they|the sellers?|the owners?) (?:took|accepted))\b/i;

/** "My aunt is selling us her condo for one ninety": the seller's figure is the buyer's price. */
const SOLD_TO_US = /\b(?:sell|sells|selling|sold) (?:it |them )?(?:to )?(?:me|us)\b/i;
const OFFERED = /\b(?:we|i) (?:offered|bid|put in an offer of|made an offer of)\b/i;
const OFFER_TAKEN =
  /^\s*(?:they|the sellers?|the owners?|he|she) (?:took|accepted|said yes to|agreed to) (?:it|that|our offer|the offer)\b/i;

/** "a 3 bed listed at 319", "a 2 story for 410": a count of a home's rooms or floors is no sum. */
const HOME_FEATURES_COUNTED =
  /\b\d{1,2}(?:\.5)?[- ]?(?:bed|bedroom|br|bath|bathroom|story|storey|car)\b(?!\s*(?:dollars|k|thousand|grand)\b)/gi;
function extractMoneyRoles(text: CallText): Partial<Record<MoneyRole, Found>> {
  const roles: Partial<Record<MoneyRole, Found>> = {};
  let turnIndex = -1;
  let amountIndexInTurn = 0;
  let lastInTurn: { role: MoneyRole | OtherRole; amount: SaidAmount } | null = null;
  // The figure said last in the turn, whatever its role: "that's what I'd refinance" points at it
  // ("Maybe 640 the balance is about 405000 and that's the amount I'd refinance").
  let lastSaid: SaidAmount | null = null;
  const assign = (role: MoneyRole, amount: SaidAmount, sentence: Sentence, replace: boolean) => {
    const value = scaledForRole(amount, role);
    const [lowest, highest] = PLAUSIBLE_AMOUNTS[role];
    if (value < lowest || value > highest) return;
    const existing = roles[role];
    // The customer's own figure wins over the agent's repetition; a correction replaces what it
    // corrects; otherwise the first one heard.
    if (!existing || replace || (byCustomer(sentence) && !existing.sentences.some(byCustomer))) {
      roles[role] = { value, sentences: [sentence] };
    }
  };
  // "Sorry, I looked again this morning. It's 3.15.": a correction said in a sentence of its own.
  let correctionPending = false;
  for (const sentence of text.sentences) {
    if (sentence.turnIndex !== turnIndex) {
      turnIndex = sentence.turnIndex;
      amountIndexInTurn = 0;
      lastInTurn = null;
      lastSaid = null;
      correctionPending = false;
    }
    if (lastInTurn && CORRECTION.test(sentence.text) && amountsIn(sentence.text).length === 0) correctionPending = true;
    // Clauses: "the price is X and we need a loan of Y" holds two amounts with two meanings.
    // A recognizer's run-on ("Probably 720 we owe about 388000") is two clauses: a figure followed
    // by a new subject ends one.
    const clauses = withoutPostalCodes(sentence.text).split(
      /,(?!\d{3})|;|\band\b(?! (?:a half|a quarter|three quarters)\b| \$?[1-9]\d?,?000\b)|\bbut\b|\bso\b|(?<=\d)\s+(?=(?:we|i|i'm|it|it's|they|he|she|my|our|the)\s[^\d]*\d)|(?<=\d)\s+(?=plus\s)/i,
    );
    for (const [clauseIndex, clause] of clauses.entries()) {
      const amounts = amountsIn(clause.replace(HOME_FEATURES_COUNTED, ' '));
      if (amounts.length === 0) {
        if (lastSaid && THAT_IS_THE_LOAN.test(clause)) assign('loan_amount', lastSaid, sentence, true);
        continue;
      }
      // A correction ("…, sorry, 475") says again the figure just said, with the same role (and
      // does not take the next role a question asked).
      // "…, so maybe a hundred total": a sum of what was just said replaces it, in the same role.
      const refinesBound = BOUND_SAID.test(clauses[clauseIndex - 1] ?? '') && BARE_FIGURE.test(clause);
      const corrects: boolean =
        lastInTurn !== null &&
        (correctionPending || CORRECTION.test(sentence.text) || SUMS_UP.test(clause) || refinesBound);
      correctionPending = false;
      const index: number = corrects ? amountIndexInTurn - 1 : amountIndexInTurn++;
      // "A realtor friend said we could list it for 450": someone else said it, of our house.
      // "He drives a forklift and makes about 3800 a month": a clause with no subject of its own has the one before's.
      const someoneElses =
        SOMEONE_ELSE.test(clause.replace(PAID_TO_SOMEONE, ' ')) ||
        (NO_SUBJECT_PAY.test(clause) && SOMEONE_ELSE.test(clauses[clauseIndex - 1] ?? ''));
      if (
        someoneElses &&
        !OF_OUR_HOUSE.test(clause) &&
        !OURS_THE_SAME.test(sentence.text) &&
        !SOLD_TO_US.test(clause) &&
        !OURS_TOGETHER.test(clause)
      )
        continue;
      // Its own words may name another role ("they came down to 395" is no down payment).
      // "They were asking 740, we offered 720 and they took it": the offer the next clause says was taken.
      const offerTaken = OFFERED.test(clause) && OFFER_TAKEN.test(clauses[clauseIndex + 1] ?? '');
      const arrivedAt = (PRICE_ARRIVED_AT.test(clause) || offerTaken) && roles.purchase_price !== undefined;
      // "I gross fifty one thousand, plus about six thousand from summer band camp", "My pension is
      // twenty one hundred a month and Social Security is another eighteen hundred": pay from a second
      // source said with the first adds to it (in the same period; one said with its own period stays apart).
      const addedPay: Found | undefined =
        lastInTurn !== null &&
        INCOME_ROLES.includes(lastInTurn.role) &&
        (/^\W*plus\b/i.test(clause) ||
          /\b(?:another|an additional|an extra)\s+(?:about |around |roughly )?\$?\d/i.test(clause)) &&
        !/\b(?:a|an|per|each|every) (?:year|month|week|hour)\b|\b(?:annually|monthly|weekly|hourly)\b/i.test(clause)
          ? roles[lastInTurn.role as MoneyRole]
          : undefined;
      if (addedPay && addedPay.sentences.some((said) => said.turnIndex === sentence.turnIndex)) {
        const role = lastInTurn!.role as MoneyRole;
        addedPay.value = (addedPay.value as number) + scaledForRole(amounts[0]!, role);
        continue;
      }
      // "The first is about 190 and the second is about 40": a second loan owed, said after the first
      // in the same turn, adds to what is owed.
      const secondOwed =
        lastInTurn?.role === 'balance' && /\b(?:the )?second\b|\bthe other one\b/i.test(clause)
          ? roles.balance
          : undefined;
      if (secondOwed && secondOwed.sentences.some((said) => said.turnIndex === sentence.turnIndex)) {
        // "About 40" beside 190,000 owed is forty thousand.
        const second = amounts[0]!.value < 1000 ? amounts[0]!.value * 1000 : scaledForRole(amounts[0]!, 'balance');
        secondOwed.value = (secondOwed.value as number) + second;
        continue;
      }
      // "The neighbor's house just sold for 460, and ours is about the same": a home's sale said of
      // one like ours is our home's value.
      const likeOurs = OURS_THE_SAME.test(sentence.text) && SOLD_FOR.test(clause);
      const role: MoneyRole | OtherRole | null = arrivedAt
        ? 'purchase_price'
        : likeOurs
          ? 'property_value'
          : lastInTurn && corrects
            ? lastInTurn.role
            : classifyMoney(clause, sentence, text, index, clauses[clauseIndex - 1] ?? '');
      lastSaid = amounts[amounts.length - 1]!;
      if (THAT_IS_THE_LOAN.test(clause)) assign('loan_amount', lastSaid, sentence, true);
      if (!role) continue;
      // "$24 an hour, $40 a week" (a recognizer's "40 hours a week"): a week's pay below a hundred
      // after an hourly wage is the hours worked.
      if (role === 'weekly_income' && lastInTurn?.role === 'hourly_income' && amounts[0]!.value < 100) continue;
      lastInTurn = { role, amount: amounts[0]! };
      if (!(role in PLAUSIBLE_AMOUNTS)) continue;
      // "Our budget is about 2,500 a month": a monthly figure is no home's price, value or loan.
      if (HOME_SCALE.includes(role as MoneyRole) && PER_MONTH_SAID.test(clause)) continue;
      assign(role as MoneyRole, amounts[0]!, sentence, corrects || arrivedAt);
    }
  }
  return roles;
}

/** The first customer sentence matching, else any sentence matching. */
function firstSaid(text: CallText, pattern: RegExp, who: (s: Sentence) => boolean = byCustomer): Sentence | null {
  return (
    text.sentences.find((s) => who(s) && pattern.test(s.text)) ??
    text.sentences.find((s) => pattern.test(s.text)) ??
    null
  );
}

const OCCUPANCY_CUES: [string, RegExp][] = [
  // Living in one unit of a two-to-four unit home and renting the rest is owner-occupied ("we all
  // live in the upstairs unit" is a recognizer's "we'll"; two buyers "would each live in one side").
  ['PrimaryResidence', ONE_UNIT_LIVED_IN],
  // "We're moving out of our rental" is where they live now, not the home being financed; "pull 75
  // out of our rental duplex" borrows against the rental.
  [
    'Investment',
    /\b((?<!(?:(?:mov(?:e|ed|ing)|get(?:ting)?|got) out of|leaving|from) (?:my|our|the|a) )rentals?|investment|rent (it )?out|rent(?:s|ed|ing)? (?:it|them|the (?:house|place|home|condo|unit|units)) (?:out )?to|rent (?:out )?(?:all|both|each|every one)(?: of)?(?: the| my| our)?(?: (?:two|three|four|2|3|4))? (?:units|apartments|sides|doors|of them)|tenants?|income property|renting it)\b/i,
  ],
  [
    'SecondHome',
    // "our main house is in Denver": the home being bought is another one.
    /\b(second home|(vacation|holiday|weekend|ski|beach|lake) (home|house|property|place|condo|cabin|spot|getaway)|getaway|cabin|(?<!back ?yard |in-law |guest |(?:build|building|add|adding|put up|putting up) (?:a |an )?(?:small |little |tiny )?)cottage(?! (?:out back\b|(?:in|behind|out back of) (?:the|our|my) (?:back ?yard|yard|house)))|chalet|(?:for|on|over|during) (?:the )?(?:(?:long|three[- ]day|holiday|occasional|some|a few|few|a couple of|our) ){0,2}(?:weekends|summers?|vacations?|holidays)|summers and weekends|weekends and summers|(our|my) (main|primary|real) (home|house|residence) is (in|back in|up in|down in|out in|over in)\b)/i,
  ],
  [
    'PrimaryResidence',
    /\b(primary (residence|home)|main (residence|home|house)|(we|i|you)( two| too| both| all| guys)?('ll| will| would|'d)?( all| both| each)?( still| currently| now)?( be)? (live|living) (there|in it|in the (house|home))|(?:just|only) (?:me|us|the two of us|my (?:wife|husband|family|kids)(?: and me)?) living (?:there|in it|here)|(?:it(?:'d| would|'ll| will) be|that'?s) (?:just|only) (?:me|us|the two of us|my (?:wife|husband|family|kids)(?: and me)?)\b(?! on\b)|rent(?:ing)?[- ]to[- ]own|lease[- ]to[- ]own|rent credits?|(?:lease |purchase )?option price|(we|i)('ve| have) (lived|been) (there|here)|mov(e|ed|ing) in(to)?|be (your|our|my) (new |main |primary |own |family |forever |permanent )?home|where (we|i|you)('ll|'d| will| would)?( be)? (live|living)|for (us|me|my family|our family) to live in|(house|home|place) (that )?(you|i|we) (live|living) in|(our|my|your) (new |own |first |family |forever )?home|(our|my) first (house|place|condo|townhouse)|owner[- ]occupied|mov(e|ing) out of (my|our) (apartment|rental|parents'?)|(live|living) (there|here) full[- ]time|(?:stop|quit|done|tired of|sick of|get out of|finished) (?:renting|paying rent)|(?:we|i)(?:'d| would)? (?:love|like|want|hope|plan|are hoping|are planning|'re hoping|'re planning) to (?:stay|keep living)(?! (?:on|with|at|in touch|away|for|until|till|through)\b)|(?:we're|i'm|we are|i am) (?:still )?staying(?! (?:with|at|on|for|until|till|through)\b)|stay(?:ing)? in (?:the|our|my|your) (?:house|home|place)|(?:my|our) home base|(?:it's|it is|it'd be|it would be|this is|that's) for (?:me|us) and (?:my|our) (?:\w+ )?(?:kids|children|boys|girls|sons?|daughters?|family|wife|husband|partner|mom|mother|dad|father))\b/i,
  ],
  // Work on the house's own rooms ("we want to finish the basement") is done where people live; a
  // rental's or a second home's is said as such and found above.
  [
    'PrimaryResidence',
    /\b(?:finish|finishing|redo|redoing|remodel\w*|renovat\w*|updat\w*|fix(?:ing)? up|add(?:ing)? (?:on )?to) (?:the|our|my) (?:basement|kitchen|bathrooms?|attic|garage|deck|patio|backyard|master bath|bedrooms?)\b/i,
  ],
];

/** The cue is said and its own clause does not deny it ("No, it is a rental" affirms a rental). */
function saidWithoutNegation(sentence: Sentence, cue: RegExp): boolean {
  return sentence.text
    .split(/[,;.]/)
    .some(
      (clause) => cue.test(clause) && !/\b(not|never|don't|do not|doesn't|isn't|won't|wouldn't|aren't)\b/i.test(clause),
    );
}

/** "Pull some equity out of my house to put down on a rental": the rental is what the cash buys. */
const CASH_FROM_OWN_HOME = (sentence: Sentence) =>
  CASH_OUT.test(sentence.text) && /\b(?:my|our) (?:house|home|place)\b/i.test(sentence.text);

function extractOccupancy(text: CallText): Found | null {
  for (const [occupancy, cue] of OCCUPANCY_CUES) {
    // "Will you rent it out, or is it for your family?" asks (on a mono recording anyone may say it);
    // "Is it your primary home? Yes" there is most often answered yes.
    const said = text.sentences.find(
      (sentence) =>
        byCustomer(sentence) &&
        !(occupancy !== 'PrimaryResidence' && /\?\s*$/.test(sentence.text)) &&
        saidWithoutNegation(sentence, cue) &&
        !(occupancy === 'Investment' && CASH_FROM_OWN_HOME(sentence)),
    );
    if (said) return { value: occupancy, sentences: [said] };
    // "Will this be your primary residence?" — "Yes."
    const confirmed = text.sentences.find(
      (sentence) =>
        byCustomer(sentence) &&
        isAffirmation(sentence) &&
        precedingTurn(text, sentence).some((question) => byAgent(question) && saidWithoutNegation(question, cue)),
    );
    if (confirmed) return { value: occupancy, sentences: [...precedingTurn(text, confirmed), confirmed] };
  }
  // "Got it, an investment property.", "Then it's a second home.": the agent says back what was
  // answered (the answer itself may be lost by a recognizer).
  for (const sentence of text.sentences.filter(byAgent)) {
    const restated = AGENT_RESTATES_OCCUPANCY.exec(sentence.text)?.[1]?.toLowerCase();
    if (restated)
      return {
        value: /investment|rental/.test(restated)
          ? 'Investment'
          : /second|vacation/.test(restated)
            ? 'SecondHome'
            : 'PrimaryResidence',
        sentences: [sentence],
      };
  }
  return null;
}
const AGENT_RESTATES_OCCUPANCY =
  /^\W*(?:got it|okay|ok|so|then|alright|all right|great|perfect)[,.?]?\s+(?:it's |that's |this is |it is |that is )?(?:an? |your )?(investment property|rental property|second home|vacation home|primary residence)\b/i;

/**
 * Words that end an organization's name, which a recognizer often writes in lower case ("Huron
 * Valley schools", "Gulf Coast shipbuilding"): kept as part of the name, capitalized.
 */
const ORG_KIND_WORDS =
  'schools?|hospitals?|university|college|academy|shipbuilding|shipyards?|construction|manufacturing|logistics|trucking|freight|hauling|marine|dental|dentistry|orthodontics|chiropractic|veterinary|medical|health|healthcare|clinic|pharmacy|bank|church|district|county|group|company|corporation|systems|services|solutions|industries|airlines?|motors|foods|insurance|realty|partners|labs?|center|centre|institute|foundation|associates|electric|energy|steel|plumbing|roofing|landscaping|transport|transit|credit union|bakery|bakeries|cafe|café|diner|restaurant|bistro|grill|pizzeria|deli|brewery|winery|salon|spa|studio|boutique|florist|market|grocery|hardware|garage|kitchen|hotel|inn|motel|gym|fitness';
/** An organization's name: capitalized words, with "and", "&", "of", "the" inside. */
// A name may open with digits ("3M", "7-Eleven"), never a clock time ("8AM"); "Light Base pay is"
// (a recognizer's capital after a missing full stop) ends before the pay.
const ORG = `(?:[A-Z]|\\d+-?(?![AaPp]\\.?[Mm]\\b)[A-Z])[\\w&'.-]*(?:\\s+(?:(?!Base\\s+(?:pay|salary)\\b)[A-Z][\\w&'.-]*|and|&|of|the|de|du))*(?:\\s+(?:family\\s+(?=(?:${ORG_KIND_WORDS})\\b))?(?:${ORG_KIND_WORDS})\\b)*`;
const ORG_KIND_WORD = new RegExp(`^(?:${ORG_KIND_WORDS})$`);
/**
 * How people say where they work: "I work at/for X", "I'm a nurse at X", "I'm at X", "Software
 * developer at X", "I own X", "my employer is X", "X hired me".
 */
const EMPLOYER_PATTERNS = [
  // "My company, Medtronic, is transferring me", "I've had my LLC, Kisumu Creative, for four years".
  new RegExp(
    `\\b(?:[Mm]y|[Oo]ur) (?:own )?(?:company|employer|firm|LLC|llc|business|practice|agency|shop|studio|S corp|S-corp)(?:,| is| is called| called| named)\\s+(${ORG})`,
  ),
  new RegExp(
    `\\b(?:I|[Ww]e|[Hh]e|[Ss]he) (?:both |also |each |all )?(?:work|am employed|'m employed|have been working|am working|'ve been working|started)(?: (?!at\\b|for\\b|with\\b|by\\b)[A-Za-z-]+){0,3} (?:at|for|with|by) (?:the )?(${ORG})`,
  ),
  new RegExp(
    `\\b(?:I'm|I am|I work as)\\s+(?:an?|the)\\s+[a-z][a-z -]{1,40}?\\s+(?:at|for|with)\\s+(?:the\\s+)?(${ORG})`,
  ),
  new RegExp(`\\b(?:I'm|I am)\\s+(?:at|with)\\s+(${ORG})`),
  // A travel nurse's or a contractor's agency: "I'm on contract with Aya Healthcare", "contracted through X";
  // an owner-operator's carrier: "I'm an owner-operator leased to Pinecliff Freight".
  new RegExp(`\\bleased (?:on )?(?:to|with|onto)\\s+(?:the\\s+)?(${ORG})`),
  new RegExp(
    `\\b(?:I'm|I am|I've been|I have been|I work)\\s+(?:on (?:a )?contract|contracted|contracting|on assignment)\\s+(?:with|through|for)\\s+(?:the\\s+)?(${ORG})`,
  ),
  // A trade said by what one does there: "I tend bar at the Coppergate Tavern", "I cut hair at Supercuts",
  // "My wife and I both teach at Ridgeway Elementary".
  new RegExp(
    `\\bI (?:both |also |each )?(?:drive|teach|cook|clean|nurse|bartend|tend|tutor|coach|cut|stock|repair|deliver|consult|contract|code|design|manage|serve|volunteer|sell|wait tables|do \\w+) (?:(?:a|an|the) )?(?:(?!my|our|his|her|their|kids)[a-z0-9]+ ){0,2}?(?:at|for|with)\\s+(?:the\\s+)?(${ORG})`,
  ),
  new RegExp(`^(?:[A-Z]?[a-z]+\\s){1,3}(?:at|for|with)\\s+(${ORG})`),
  // Not where something is: "I own a triplex in Peoria".
  new RegExp(
    `\\bI (?:own|run|have) (?:(?:my own|a|an|the|our) [a-z]+(?: (?!(?:in|at|on|near|by|off|outside|over|up|down|out)\\b)[a-z]+)?,?\\s*(?:called |named )?)?(${ORG})`,
  ),
  new RegExp(`\\b[Mm]y (?:employer|company) is (${ORG})`),
  // "I'm retired Army and work at Waimea Hardware now": the job after "and", its "I" said before.
  new RegExp(
    `\\bI(?:'m| am)?\\b[^.?!;]{0,40}?\\band (?:now |also )?(?:work|am working|'m working) (?:at|for|with) (?:the\\s+)?(${ORG})`,
  ),
  // "I work at the shipyard now, Lolohea Marine": a workplace said by its kind, then named.
  new RegExp(
    `\\bI (?:work|'m working|am working) (?:at|for|in) (?:the|a|an) [a-z]+(?: [a-z]+)?(?: now| these days)?,\\s+(?:the\\s+)?(${ORG})`,
  ),
  // A business one runs under its name: "I own two trucks under Harbor Hauling", "I do business as X".
  new RegExp(
    `\\bI (?:own|run|operate|have|drive)\\b[^.?!]{0,40}? under (?:the (?:name|company|business) )?(${ORG})|\\b(?:I|[Ww]e)(?:'m| am|'re| are)? (?:doing business|do business|operating|operate|trading|trade) (?:as|under) (?:the (?:name|company|business) )?(${ORG})`,
  ),
  // "I manage a Dollar General": the store a manager runs is the employer.
  new RegExp(`\\bI (?:manage|supervise|run) (?:a|an|the) (?:local )?(${ORG})`),
  // A job about to start is the one a lender counts: "I have an offer from Cardinal Health", "I start at X",
  // "I finish residency in June and start at X", "I accepted a position at X", "I've got an offer as a
  // lineman with X".
  new RegExp(
    `\\b(?:(?:job )?offer (?:(?:as|to be) (?:an?|the) [a-z]+(?: [a-z]+)? )?(?:from|with|at)|(?:a )?new (?:job|position|role) (?:at|with)|(?:a )?(?:new )?(?:job|position|role) (?:lined up|waiting(?: for me)?) (?:at|with)|I(?:'ll| will) be (?:working|starting) (?:at|for|with)|I(?:'ll| will) be (?:an?|in) [a-z]+(?: [a-z]+)? (?:at|for|with)|I(?:'m| am) (?:starting|going to work) (?:a (?:new )?job )?(?:at|for|with)|I start (?:at|with)|(?:and|then) start (?:at|with)|accepted (?:a |an |the )?(?:job|position|offer) (?:at|with|from))\\s+(?:the\\s+)?(${ORG})`,
  ),
  // A transfer within one's company: "I'm transferring to the Denver office of Cavendish Biotech".
  new RegExp(
    `\\bI(?:'m| am| was| got| have been|'ve been) (?:transferring|transferred|relocating|relocated|moving) to (?:the|our|their|its) (?:[A-Z][a-z]+ )?(?:[Oo]ffice|[Bb]ranch|[Ll]ocation|[Pp]lant|[Cc]ampus|[Hh]eadquarters|[Ss]ite|[Ff]acility|[Ss]tore|[Hh]ub) (?:of|for|at) (?:the\\s+)?(${ORG})`,
  ),
  // "We're relocating for my job at Terschelling Shipping", "my new position with X".
  new RegExp(`\\b[Mm]y (?:new |current )?(?:job|work|position|role) (?:at|with) (?:the\\s+)?(${ORG})`),
  // "I make about eight thousand a month at Desert Sun Dental."
  new RegExp(`\\bI (?:make|earn|bring home|gross)\\b[^.?!]{0,60}?\\b(?:at|with|from)\\s+(${ORG})`),
  // "Fifty two thousand a year at Mustang Public Schools.": a pay with its period, then where.
  new RegExp(
    `\\b\\d[\\d,.]*\\s*(?:k|thousand|grand|dollars)?\\s+(?:a|an|per|every) (?:year|month|hour|week)\\s+(?:at|with|from)\\s+(?:the\\s+)?(${ORG})`,
  ),
  // "Thirty eight dollars an hour, full time at Kelso Medical Center", "part time with the county".
  new RegExp(`\\b(?:full|part)[- ]time (?:at|with|for)\\s+(?:the\\s+)?(${ORG})`),
];
/**
 * "I run a landscaping business, becker lawn and garden, and …", "I'm a dentist with my own
 * practice, Bayside Dental": a business of one's own named after
 * its kind, which a recognizer may write in lower case; the name is capitalized. It must end the
 * clause: "bright smile, family dentistry." may be one name broken by a comma.
 */
const OWN_BUSINESS_NAMED =
  /\b(?:I (?:own|run|have|manage)|I'm an? [a-z]+ with) (?:my own|a|an|our|our own) (?:[a-z]+ )?(?:business|company|shop|firm|practice|store|restaurant|agency|salon|studio|cafe|bakery|gym),\s+([a-z][a-z'&-]*(?:\s+[a-z][a-z'&-]*){0,4}?)\s*(?:,\s*(?=(?:and|so|but|i|we|it|which|that|about|around|roughly|making|clearing)\b)|\.|$)/i;
/**
 * "I own two trucks under corkula hauling and I net …": the name a business runs under, which a
 * recognizer may write in lower case, up to the clause's end.
 */
const RUN_UNDER_A_NAME =
  /\bI (?:own|run|operate|have|drive)\b[^.?!]{0,40}? under (?:the (?:name|company|business) )?(?!(?:my|our|the|his|her|their|a|an|contract|lease|warranty|license|licence|permit)\b)([a-z][a-z'&-]*(?:\s+(?!(?:and|so|but|which|since|for)\b)[a-z][a-z'&-]*){0,3})\s*(?:[,.]|$|\s+(?:and|so|but|which|since|for)\b)/i;
const titleCased = (name: string) =>
  name.replace(/[a-z][\w'-]*/gi, (word) =>
    /^(?:and|of|the)$/i.test(word) ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1),
  );
/** "Who's your employer?" — "Chugach Freight Lines." A bare name of an organization answers it. */
// "Where are you doing your residency?", "Where do you teach?": where one trains or practises is asked too.
const ASKS_EMPLOYER =
  /\b(employer|employment|work(?:ing)? for|where do you work|where are you working|are you (?:currently |still )?working|where will you (?:be )?work|who do you work|what do you do(?= for (?:work|a living)|\s*\?)|line of work|kind of work|occupation|job|your work(?=\s*\?)|residency|fellowship|where (?:do|will) you (?:teach|practi[cs]e|nurse)|where are you (?:teaching|practi[cs]ing|training|stationed))/i;
// "At Pellmoor General Hospital." says where, not a name opening with "At" (JOB_AT_ORG reads it).
const BARE_ORG = new RegExp(`^(?!(?:At|With|For)\\s)(${ORG})[.,]`);
const SAME_EMPLOYER_LEAD_IN = /^\W*(?:(?:the )?same (?:one|company|place|employer|job)|still)[,.]?\s+/i;
/**
 * Answering it, a job said any way before "at <Organization>" ("In the registered nurse at Temple
 * University Hospital"), or only where: "At Pellmoor General Hospital."
 */
const JOB_AT_ORG = new RegExp(
  `^(?:(?:[Yy]es|[Yy]eah|[Yy]ep|[Ss]ure|I am|I do)[,.]?\\s+)?(?:(?:[A-Za-z'-]+\\s+){1,6}(?:at|for|with)|[Aa]t|[Ww]ith|[Ff]or)\\s+(?:the\\s+)?(${ORG})`,
);
/** A former employer is not the current one. */
const FORMER = /\b(used to|previously|formerly|former|before that|until (?:last|this)|retired from|left)\b/i;
const NOT_ORGS = /^(?:I|I'm|We|Yes|No|Sure|Right|Okay|The|It|It's|My|Our|Well|Gross|About|Around|Just|Me)$/;

/** A loan program heard where an employer was expected ("FHA, since…" answering the wrong question). */
const LOAN_PROGRAM = /^(?:FHA|VA|USDA|HUD|conventional|jumbo|HELOC|ARM)$/i;

function cleanOrg(name: string): string | null {
  const cleaned = name
    // "Northwind Traders and I make…": the name ends before a pronoun and a dangling connector.
    .replace(/\s+(?:and|&|of|the)\s+(?:I|We|He|She|My|Our|It)\b.*$/, '')
    .replace(/\s+(?:I|and|of|&|the|de|du)$/, '')
    .replace(/[.,]$/, '')
    // "Target corporate", "Nike headquarters": the office, not part of the name.
    .replace(/\s+(?:corporate|headquarters|hq|head office|main office)$/i, '')
    .trim()
    .split(/\s+/)
    .map((word, at, words) =>
      // "Seahome family dental": a lower-case "family" before the kind is part of the name.
      ORG_KIND_WORD.test(word) || (word === 'family' && ORG_KIND_WORD.test(words[at + 1] ?? ''))
        ? word.charAt(0).toUpperCase() + word.slice(1)
        : word,
    )
    .join(' ');
  if (!cleaned || NOT_ORGS.test(cleaned.split(/\s+/)[0]!) || LOAN_PROGRAM.test(cleaned)) return null;
  return cleaned;
}

function extractEmployer(text: CallText): Found | null {
  // On a mono recording the agent's own greeting ("This is Will at Bellhaven Credit Union, returning
  // your call") is anyone's: the business it names there is no employer of the customer's.
  const greeting = (sentence: Sentence) =>
    sentence.turnIndex === text.sentences[0]?.turnIndex && sentence.speaker === 'unknown';
  for (const sentence of text.sentences.filter(byCustomer)) {
    // "…, now I'm at Kroger" starts the current job; "I work at the shipyard now, Lolohea Marine" names it.
    for (const clause of sentence.text.split(/;|\bbut\b|\bnow\b(?!,)/)) {
      if (FORMER.test(clause)) continue;
      for (const pattern of EMPLOYER_PATTERNS) {
        const match = pattern.exec(clause.trim());
        const name = match?.[1] ?? match?.[2];
        const cleaned = name ? cleanOrg(name) : null;
        if (cleaned && greeting(sentence) && agentOrganizationsOf(text).has(cleaned)) continue;
        if (cleaned) return { value: cleaned, sentences: [sentence] };
      }
      const ownBusiness = OWN_BUSINESS_NAMED.exec(clause)?.[1] ?? RUN_UNDER_A_NAME.exec(clause)?.[1];
      if (ownBusiness && !NOT_ORGS.test(ownBusiness.split(/\s+/)[0]!))
        return { value: titleCased(ownBusiness), sentences: [sentence] };
    }
    const asked = precedingTurn(text, sentence).some((question) => ASKS_EMPLOYER.test(question.text));
    if (asked && opensItsTurn(text, sentence)) {
      // "Yep, a warehouse lead for Dakota Freight": a one-word "name" first is the yes, not the answer.
      // "Same one, Microsoft.": after a lead-in that is no name, a one-word name is the answer.
      const afterLeadIn = SAME_EMPLOYER_LEAD_IN.test(sentence.text)
        ? BARE_ORG.exec(sentence.text.replace(SAME_EMPLOYER_LEAD_IN, ''))?.[1]
        : undefined;
      const bare =
        (afterLeadIn && !NOT_ORGS.test(afterLeadIn) ? afterLeadIn : undefined) ??
        [BARE_ORG.exec(sentence.text)?.[1], JOB_AT_ORG.exec(sentence.text)?.[1]].find(
          // One word is a name when it could be no yes: "3M, I'm a chemical engineer".
          (name) => name && (name.split(/\s+/).length >= 2 || /^\d+-?[A-Z]/.test(name)),
        );
      const cleaned = bare ? cleanOrg(bare) : null;
      if (cleaned && !FORMER.test(sentence.text)) return { value: cleaned, sentences: [sentence] };
    }
  }
  return employerConfirmed(text);
}

/** "Are you still at Walgreens?", "You're still with the county, right?": the agent names the employer. */
const STILL_AT_ORG = new RegExp(
  `\\b(?:[Aa]re you|[Yy]ou're|[Yy]ou are) still (?:at|with|working (?:at|for|with)|employed (?:at|by|with)|over at)\\s+(?:the\\s+)?(${ORG})|\\b(?:[Dd]o|[Aa]nd) you still work (?:at|for|with)\\s+(?:the\\s+)?(${ORG})`,
);

/** "And what do you make at Dell?", "How long have you been with the county?": asked of the job one has. */
const ASKED_OF_JOB_AT_ORG = new RegExp(
  `\\b(?:[Ww]hat|[Hh]ow much) (?:do|does) you (?:make|earn|bring home|take home|gross|do)\\s+(?:over\\s+)?(?:at|with|for)\\s+(?:the\\s+)?(${ORG})\\s*\\?|\\b[Hh]ow long have you been (?:at|with|working (?:at|for|with))\\s+(?:the\\s+)?(${ORG})\\s*\\?`,
);

/**
 * The employer the agent names and the customer agrees to ("Yes, still a pharmacist there"), or
 * answers a question about as their own job ("What do you make at Dell?" — "About eleven thousand
 * a month").
 */
function employerConfirmed(text: CallText): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    if (!opensItsTurn(text, sentence) || FORMER.test(sentence.text)) continue;
    for (const question of precedingTurn(text, sentence).filter(byAgent)) {
      const still = isAffirmation(sentence) ? STILL_AT_ORG.exec(question.text) : null;
      const ofJob = STARTS_WITH_NO.test(sentence.text) ? null : ASKED_OF_JOB_AT_ORG.exec(question.text);
      const named = still ? (still[1] ?? still[2]) : ofJob ? (ofJob[1] ?? ofJob[2]) : null;
      const cleaned = named ? cleanOrg(named) : null;
      if (cleaned) return { value: cleaned, sentences: [question, sentence] };
    }
  }
  return null;
}

function extractAddress(text: CallText): Found | null {
  let best: { address: PostalAddress; sentence: Sentence } | null = null;
  for (const sentence of text.sentences) {
    const address = addressIn(sentence.text);
    if (!address) continue;
    // A ZIP code said after the address, in the same turn ("… Colorado. The zip is 80127.").
    if (!address.postal_code) {
      const zip = text.sentences
        .filter((other) => other.turnIndex === sentence.turnIndex && other.segment.start >= sentence.segment.start)
        .map((other) => postalCodeIn(other.text))
        .find(Boolean);
      if (zip) address.postal_code = zip;
    }
    if (!best || (!best.address.postal_code && address.postal_code)) best = { address, sentence };
  }
  return best ? { value: best.address, sentences: [best.sentence] } : null;
}

const CASH_OUT = new RegExp(
  String.raw`\b(cash[- ]?out|(take|taking|pull|pulling|get|getting) (some |a little |(?:some |part |all )?(?:of )?(?:our|my|the) )?(cash|equity|money) (?:back )?out|(take|taking|pull|pulling|get|getting|tap|tapping|access|accessing) (?:some |a little |part |all |a bit )?(?:of )?(?:the |our |my )?(cash|equity|money) (from|in|out of) (it|the|my|our|that|this)\b|take out (some )?(cash|equity)|(want|need) the cash|in cash|(cash|equity|money)\b[^.?!]{0,30}\b(take|taking|pull|pulling|get|getting) out|(take|taking|pull|pulling) out (about |around |roughly |maybe |some )?\$?\d+|(with|get|getting|take|taking|pull|pulling) (the |about |around |roughly |maybe )?\$?\d[\d,]* (thousand |grand )?out|${TAP_THE_EQUITY}|${TAP_THE_HOME} for|${MONEY_FROM_THE_HOME}|get (?:some of |part of |all of )?(?:that|the|our|my) money back|delayed financing|roll (?:it|them|that|those|the \w+) into (?:the|my|our) (?:house|home|mortgage|loan)|consolidat\w*|(?:pay|clear|wipe) (?:off |out )?(?:the |my |our |all (?:the |my |our )?)?(?:credit )?cards|pay (?:off|down) (?:my|our|the|some|a|all (?:of )?(?:my|our|the)) (?:[a-z]+ )?(?:credit card|card|debt|bill|car|truck|boat|camper|rv|motorcycle|student|auto loan|personal loan|tuition)\w*|how much (?:cash|money) (?:would|do|did|will|are|were) you (?:want|need|like|hope|be looking|looking|hoping)(?![^.?!]{0,20}\b(?:at closing|to close|for (?:the )?(?:closing|fees|down payment)|down|to bring)\b)|${HOW_MUCH_TAKEN_OUT}|${PAY_A_SHARE})\b`,
  'i',
);
/**
 * A reply that declines what was asked: "None, just a lower rate.", "We don't need any cash.",
 * "We're not taking anything out."
 */
const DECLINES =
  /^\W*(?:no|nope|none|nothing|zero|not really)\b|^\W*(?:(?:well|um|uh|actually|oh),?\s+)?(?:(?:we|i) (?:don't|do not|won't|will not|wouldn't) (?:really )?(?:need|want|take|be taking|plan to take)|(?:we're|we are|i'm|i am) not (?:taking|pulling|getting|looking (?:to|for)|planning))\b/i;
/**
 * What is bought, when it is not a home: "to buy a food truck" with cash from the house is no
 * purchase; "a lake house", "a little brick ranch" are homes (up to two words before the home's).
 */
const NOT_A_HOME_BOUGHT = String.raw`(?! (?:a|an|the|some|another|our|my) (?!(?:[a-z']+\s+){0,2}(?:home|house|place|condo|propert|townho|duplex|triplex|fourplex|cabin|unit|apartment|lot|land|building|first|second|bigger|smaller|starter|single|double|triple|ranch|bungalow|cottage|farm|investment|rental|vacation|build|construction|spec)\w*)[a-z])`;
/** Buying words; an offer made on a home is a buyer's ("We made an offer of 399 on a little bungalow"). */
const PURCHASE_CUES = new RegExp(
  String.raw`\b((?:buy(?! out\b(?! (?:there|here)\b)| (?:him|her|them|my \w+|his|their) out\b)|buying(?! out\b(?! (?:there|here)\b))|bought(?!(?: (?:it|the house|the home|the place|our house|our home|this house))? (?:(?:\w+ )?(?:years?|months?) ago|(?:back )?in (?:19|20)\d\d\b))(?! (?:our|my|the|this) (?:house|home|place|condo|townhouse)\b))${NOT_A_HOME_BOUGHT}|buyers?|purchas\w*|under contract|offer\b[^.?!]{0,30}?\baccepted|(?:made|make|making|put in|putting in|submitted|wrote|writing) (?:an |our |my |the )?offer\b(?:[^.?!]|\.(?=\d)){0,30}?\b(?:on|for) (?:a|an|the|that|this) (?:[a-z-]+ ){0,2}?(?:house|home|place|condo|townhouse|townhome|cabin|cottage|bungalow|duplex|ranch|farmhouse|property|lot|${HOME_STYLE})|accepted (?:our |my |her |his |the |their )?offer|contract price|pre-?approv\w*|pre-?qualif\w*|house hunting|(?:stop|quit|done|tired of|sick of) (?:renting|paying (?:rent|(?:someone|somebody) else's mortgage))|looking at (?:homes|houses|condos|places)|looking at (?:a|an|the|this|that) (?:[a-z]+ )?(?:home|house|condo|townhouse|townhome|farmhouse|duplex|triplex|fourplex|quadplex|cabin|bungalow|ranch|property|place)\b|found (?:\d+|a few|some) acres|found (?:a|the|our) (?:[a-z-]+ ){0,2}?(?:place|house|home|condo|property|farmhouse|townhouse|townhome|cabin|cottage|bungalow|duplex|triplex|fourplex|quadplex|ranch|lot|${HOME_STYLE}|${MANUFACTURED_HOME})|first[- ]time|down payment|putting (?:\w+ )?down|put(?:ting)? (?:(?:about|around|roughly|maybe|like|only|just|close to) )?(?:\$?\d[\d,.]*(?: ?(?:k|grand|thousand|percent|%))?|half|a (?:third|quarter|fifth|tenth)) down\b(?! for)|(?:they|the sellers?|the owners?)(?:'re| are| is| were| was) asking\b|offered\b[^.?!]{0,40}?\b(?:they|the sellers?|the owners?) (?:took|accepted) (?:it|that|our offer)|(?:sell|selling|sold) (?:me|us) (?:their|his|her|the|a|an|this|that) (?:[a-z]+ )?(?:house|home|place|condo|townhouse|property|farm|cabin|land)|(?:there|their) asking (?:for )?\$?\d|(?:they|the sellers?|the owners?) (?:want|wants)\b[^.?!]{0,20}\b\d{3}|downsiz\w*|upsiz\w*|asking (?:price|for (?:it|the (?:house|home|place|cabin|condo|property|townhouse)))|sellers?|counter-?offer|countered|listed (?:at|for)|(?:the|purchase|asking|sale|sales|list|listing) price|qualify for (?:a|the) (?:house|home|condo|place|townhouse)|price range|in the market for|shopping for (?:a|an|our|my) |(?:we|i)(?:'d| would)? (?:want|need|like|love) (?:a|an|to (?:get|find) (?:a|an)) (?:little |small |new |bigger |second |weekend |vacation |lake |beach )?(?:place|house|home|cabin|condo|cottage|townhouse|townhome)\b(?! (?:equity|loans?|owners?|insurance|inspection|warranty|cleaning|repairs?|improvement|office|visit|care|health)\b)|\d+\s+purchase|nothing down|rent(?:ing)?[- ]to[- ]own|lease[- ]to[- ]own|(?:lease |purchase )?option price|exercise (?:the|our|my) (?:purchase )?option|(?:what|how much) (?:are|is) (?:they|the sellers?|the owners?) asking|(?:use|using) (?:my|our|his|her|their) (?:[\w'-]+ )?benefits? (?:on|for) (?:a|an|the) (?:[a-z]+ )?(?:home|house|townhouse|townhome|condo|place|property|duplex|cabin))\b`,
  'gi',
);
/**
 * Refinancing words, also a co-owner bought out and taken off the loan, or one added to it ("I want
 * to add my husband to the mortgage"), or one still on it after a divorce ("the house is mine now,
 * but his name is still on the mortgage") ("get my ex off the loan and buy out her half"; "we need
 * to buy out there" is a purchase where one moves), an adjustable rate
 * that resets (a recognizer's "rate reset's in August … lock some thing fixed"), a rate the
 * customer has now ("My rate is seven and a quarter and I'd love to get it down") and what is left
 * on a loan, also with its rate ("we've got 305,000 left at 6.8"); an FHA or VA "streamline"; a sum
 * taken out to fix the place up ("take about 80,000 out to fix up the other unit"), or the house
 * tapped for it; a teaser (intro) rate that runs out.
 */
const REFINANCE_CUES = new RegExp(
  String.raw`\b(refinan\w*|refi|balloon (?:payment|note|loan|mortgage)s?|buy(?:ing)? (?:(?:him|her|them) )?out(?! (?:there|here)\b)|buyout|(?:get|getting|take|taking|remove|removing) (?:my |our |his |her )?(?:ex(?:-?(?:wife|husband|spouse))?|wife|husband|spouse|partner|brother|sister|co-?borrower|name|him|her) (?:off|from) (?:the |my |our )?(?:loan|mortgage|title|deed)|(?:add|adding|put|putting) (?:my |our |his |her )?(?:new )?(?:wife|husband|spouse|partner|fianc[eé]e?|brother|sister|son|daughter|mom|mother|dad|father|co-?borrower|name|him|her) (?:on|onto|to) (?:the |my |our )?(?:loan|mortgage|title|deed)|(?:his|her|their|my ex's|(?:my |our )?ex(?:-?(?:wife|husband|spouse))?'s) names?(?:'s| is| are)? still on (?:the |my |our )?(?:loan|mortgage|title|deed)|(?:get rid of|drop|dropping|remove|removing|cancel|eliminate|get out of|(?:tired of|sick of|done with|stop|quit) paying(?: for)?) (?:the |my |our |that )?(?:mortgage insurance|pmi|mip)|(?:our|my|the) interest[- ]only (?:period|term|loan|mortgage|years?) (?:ends|is ending|runs out|expires|is up)|(?:the|our|my) (?:teaser|intro(?:ductory)?|starter) rate (?:ends|is ending|runs out|expires|is up|goes away|resets)|cash[- ]?out|rate and term|stream ?line|lower (?:my|our|the) (?:rate|payment)|(?:my|our|your) (?:current|existing) (?:loan|mortgage)|${TAP_THE_EQUITY}|${TAP_THE_HOME}|${MONEY_FROM_THE_HOME}|roll (?:it|them|that|those|the \w+) into (?:the|my|our) (?:house|home|mortgage|loan)|consolidat\w*|(?:take|taking|pull|pulling|get|getting) (?:some |a little |(?:some |part |all )?(?:of )?(?:our|my|the) )?(?:cash|equity|money) (?:back )?out|(?:take|taking|pull|pulling) out (?:about |around |roughly |maybe |some )?\$?\d[\d,.]*(?: ?(?:k|grand|thousand))?|(?:take|taking|pull|pulling) (?:about |around |roughly |maybe )?\$?\d[\d,]*(?: ?(?:k|grand|thousand))? out to (?:fix|fixing|renovate|remodel|redo|update|finish|repair|build|add|pay|put|do)\b|(?:take|taking|pull|pulling|get|getting) (?:about |around |roughly |maybe )?\$?\d[\d,]* (?:thousand |grand )?out of (?:the|my|our|this|that|a) (?:[a-z]+ )?(?:house|home|property|duplex|triplex|fourplex|rental|condo|townhouse|building|place)|pull (?:some )?(?:cash|equity)|(?:rate|arm|adjustable|loan|mortgage|payment) (?:adjust'?s|reset'?s|is adjusting|is resetting|goes up|will (?:adjust|reset)|is going to (?:adjust|reset))|(?:my|our|the) (?:interest )?rate(?:'s| is) (?:about|going|set|scheduled) to (?:jump|go up|rise|climb|reset|adjust)|(?:it's|it is) an adjustable\b|lock (?:in )?(?:some ?thing |a )?fixed|(?:switch|switching|move|moving|convert|converting) (?:it )?(?:over )?(?:in)?to (?:a )?fixed|balance on (?:the|your|my|our) (?:loan|mortgage)|(?:what's|what is|how much is|how much do you have) (?:still )?(?:left|owed|remaining) on (?:the|your|my|our) (?:loan|mortgage)|(?:my|our) (?:current )?(?:interest )?rate is (?:about |around |at |only )?\d|(?:see if (?:we|i) can |want to |like to |hoping to |trying to )(?:get|find) (?:a )?(?:better|lower) (?:interest )?rate|got (?:our|the|this|my) (?:house|home|place|condo|townhouse) (?:\w+ )?(?:years?|months?) ago|rate\b[^.?!]{0,40}\b(?:get|bring|knock) (?:it|that) down|(?:\$?\d[\d,]{2,}(?: ?(?:k|grand|thousand))?|\$?\d{1,3} ?(?:k|grand|thousand)) (?:left|remaining|owed|owing) at (?:about |around |roughly )?\d{1,2}(?:\.\d{1,3})?|rates? (?:have |has )?(?:(?:come|came|gone|went) down|dropped|fell|fallen)(?! since (?:you|we) locked)|rates? (?:are |is )?(?:dropping|falling|coming down|going down)|(?:bought|purchased|closed(?: on)?)(?: (?:it|the house|the home|the place|our house|our home|this house))? (?:(?:\w+ )?(?:years?|months?) ago|(?:back )?in (?:19|20)\d\d\b)|when rates were (?:high|higher|up)|(?:knock|take|shave|cut) (?:\d{1,2}|five|ten|fifteen) years off (?:the|our|my) (?:loan|mortgage)|(?:out of|replace|replacing|pay off|paying off) (?:the |our |my |a |that )?(?:hard money|bridge|private|construction) loan|(?:now (?:we|i)|(?:we|i)(?:'d| would)?) (?:want|need|like) (?:a |to get a )?(?:regular|normal|conventional|permanent|traditional|long[- ]term) (?:mortgage|loan)|contract for deed|land contract|paid (?:all )?cash\b|combine (?:both|the two|them|the loans|the mortgages|our (?:loans|mortgages)|(?:the|our|my) (?:first|second) (?:and (?:the )?(?:first|second) )?(?:loans?|mortgages?))(?: \w+)? into one|(?:took|take|taking|have|got|had) (?:out )?a second mortgage|delayed financing|(?:divorc\w*|splitting up|split up|separat\w*)\b[^.?!]{0,60}\bkeep (?:the|our|my) (?:house|home|place)|(?:we|i) inherited (?:the|a|our|my|his|her|their|\w+'s) (?:\w+'s )?(?:house|home|place|property|condo|farm)|${HOW_MUCH_TAKEN_OUT}|${PAY_A_SHARE})\b`,
  'gi',
);
/**
 * A rate a loan already has: "the builder's lender gave us eight and a half percent", "we're at 7.25%
 * on our mortgage", "we're at 6.9 on a 30 year", a rate in eighths ("six and seven eighths", which
 * says nothing else), and a loan's term shortened ("get into a 15"; kept
 * apart from REFINANCE_CUES, whose word boundaries a "%" would not meet).
 */
const RATE_ALREADY_HAD = new RegExp(
  String.raw`\b(?:gave|got) (?:us|me) (?:a rate of )?\d[\d.]*(?: and (?:a half|a quarter|(?:three|3) quarters|(?:an?|one|three|five|seven|[1357]) eighths?))?(?: ?percent\b| ?%)|\b(?:we're|i'm|we are|i am) (?:at|paying) (?:about |around )?\d[\d.]*(?: and (?:a half|a quarter|(?:three|3) quarters|(?:an?|one|three|five|seven|[1357]) eighths?))?(?: ?percent| ?%) (?:on|with) (?:our|my|the) (?:loan|mortgage|house|home)\b|\b(?:we're|i'm|we are|i am|we have|i have|we've got|i've got|we got|i got) (?:at |paying )?(?:about |around |only )?${RATE_ON_A_TERM}|\b(?:we're|i'm|we are|i am) (?:at|paying) (?:about |around )?(?:[2-9]|1[0-2])\.\d{1,3}\b(?!\s*(?:million|k\b|thousand|grand|acres?|miles?|hours?))|\b${RATE_IN_EIGHTHS}|\b${TERM_CHANGED}`,
  'gi',
);
/** A home with nothing owed on it: "we paid cash for it", "it's paid off", "we own it free and clear". */
const OWNED_OUTRIGHT =
  /\b(?:paid cash for|(?:it's|it is|(?:the|our|my) (?:house|home|place|rental|condo|property|duplex|townhouse|cabin|farm) is) (?:all |fully |completely )?paid off|free and clear|own (?:it|(?:the|our|my|a|an|this|that) (?:[a-z]+ ){0,2}?(?:house|home|place|rental|condo|property|duplex|triplex|fourplex|townhouse|cabin|farm|building)) outright|(?:no|don't have a|do not have a) mortgage on (?:it|the house|the home))\b/i;
const LINE_OF_CREDIT = /\b(heloc|home equity line|line of credit)\b/i;
/**
 * "I'd like to pull out about 120 to buy another one": what the cash taken out of a home buys is no
 * purchase loan (the loan is on the home the cash comes out of).
 */
const CASH_OUT_TO_BUY =
  /\b((?:take|taking|pull|pulling|get|getting|cash|cashing)\b[^.?!]{0,40}?\bout\b[^.?!]{0,40}?)\bto (?:buy|purchase)\b/gi;

/**
 * Purchase or refinance, weighed over the call: each cue a customer says counts 2, an agent's 1;
 * a home equity line with neither is neither. The first sentence of the winning kind is the evidence.
 */
function extractLoanPurpose(text: CallText): Found | null {
  const score = { Purchase: 0, Refinance: 0 };
  const first: { Purchase: Sentence | null; Refinance: Sentence | null } = { Purchase: null, Refinance: null };
  for (const sentence of text.sentences) {
    for (const [kind, cues] of [
      ['Refinance', REFINANCE_CUES],
      ['Refinance', RATE_ALREADY_HAD],
      ['Purchase', PURCHASE_CUES],
    ] as const) {
      const said = kind === 'Purchase' ? sentence.text.replace(CASH_OUT_TO_BUY, '$1') : sentence.text;
      const count = said.match(cues)?.length ?? 0;
      if (count === 0) continue;
      score[kind] += count * (byCustomer(sentence) ? 2 : 1);
      first[kind] ??= sentence;
    }
  }
  if (score.Purchase === 0 && score.Refinance === 0) return null;
  // Refinancing talk mentions buying less than buying talk mentions refinancing: ties go to refinance.
  const kind = score.Refinance >= score.Purchase ? 'Refinance' : 'Purchase';
  if (kind === 'Purchase' && text.sentences.some((s) => LINE_OF_CREDIT.test(s.text)) && score.Purchase < 4) return null;
  return { value: kind, sentences: [first[kind]!] };
}

const MORTGAGE_TYPE_CUES: [string, RegExp][] = [
  // "a 203k loan" is the FHA's renovation loan.
  ['FHA', /\bFHA\b|\b203\s?\(?k\)?(?=\s*(?:loans?|renovation|rehab|program|mortgage|financing)\b)/i],
  [
    'VA',
    // "An interest rate reduction refinance" (IRRRL) is the VA's own streamline refinance.
    /\bVA (?:loans?|mortgages?|benefits?|cash|refinanc\w*|purchase|eligib\w*|home loan|streamline)\b|\bcertificate of eligibility\b|\binterest rate reduction,? (?:refinanc\w*|loan)|\bIRRRL\b/i,
  ],
  ['USDA', /\bUSDA\b|\brural (?:development|housing)\b/i],
  ['Conventional', /\b(conventional|jumbo)\b/i],
];
const MILITARY_SERVICE =
  /\b(?:navy|army|marines?|marine corps|air force|coast guard|national guard|military|veterans?|active duty|(?:thank you|thanks) for your service|dd ?214|service ?members?|deploy\w*)\b/i;
/**
 * A loan with nothing down is a program's by what it is: "a zero down loan for rural areas" the
 * USDA's, and "I did eight years in the Army and I want a loan with no down payment" the VA's.
 */
const NOTHING_DOWN =
  /\b(?:no|zero|0|nothing)(?: money)?[- ]down\b|\b(?:no|zero|without a|without any) down ?payment\b|\b100 ?(?:%|percent) financing\b/i;
const RURAL = /\brural\b/i;
/**
 * "I want to use my VA eligibility", heard as "my VAL eligibility" or "my vialligibility": an
 * eligibility used, in a call about military service, is the VA's.
 */
const ELIGIBILITY_USED = /\b(?:use|using) (?:my|our|his|her|their|your) (?:[\w'-]+ )?\w*ligibility\b/i;
/** Where a borrower is going: "by going conventional", "switch to a VA loan", "refinance into an FHA". */
const TOWARD =
  /\b(?:go|going|switch(?:ing)?(?: over)? to|mov(?:e|ing)(?: over)? to|into|get into|convert(?:ing)? to|refinanc\w* (?:in)?to)\s+(?:an? )?$/i;
/** Where a borrower is going, not where they come from: "out of my FHA loan into a conventional one". */
const LEAVING =
  /\b(out of|from|current(?:ly)?|existing|now have|drop|get rid of|instead of)\s+(?:my |our |the |an? )?$/i;

function extractMortgageType(text: CallText): Found | null {
  const mentions: { type: string; sentence: Sentence; leaving: boolean; toward?: boolean }[] = [];
  for (const sentence of text.sentences) {
    for (const [type, cue] of MORTGAGE_TYPE_CUES) {
      const match = cue.exec(sentence.text);
      if (!match) continue;
      const before = sentence.text.slice(0, match.index);
      mentions.push({ type, sentence, leaving: LEAVING.test(before), toward: TOWARD.test(before) });
    }
  }
  for (const sentence of text.sentences)
    if (NOTHING_DOWN.test(sentence.text) && RURAL.test(sentence.text))
      mentions.push({ type: 'USDA', sentence, leaving: false });
  if (text.sentences.some((sentence) => MILITARY_SERVICE.test(sentence.text)))
    for (const sentence of text.sentences)
      if (
        BENEFIT_TO_BUY.test(sentence.text) ||
        ELIGIBILITY_USED.test(sentence.text) ||
        (NOTHING_DOWN.test(sentence.text) && !RURAL.test(sentence.text))
      )
        mentions.push({ type: 'VA', sentence, leaving: false });
  const wanted = mentions.filter((mention) => !mention.leaving);
  // "We've got an FHA loan … by going conventional": the program moved to first, then the
  // customer's word, then the first heard.
  const chosen =
    wanted.find((mention) => mention.toward) ?? wanted.find((mention) => byCustomer(mention.sentence)) ?? wanted[0];
  return chosen ? { value: chosen.type, sentences: [chosen.sentence] } : null;
}

/** The customer's e-mail address as said in the call (not the agent's own), or null. */
export function customerEmailOf(text: CallText): string | null {
  return (extractCustomerEmail(text)?.value as string | undefined) ?? null;
}

/** The e-mails said in a sentence; the turn it answers may be what asks for one ("What's the best email?"). */
function emailsOf(sentence: Sentence, text: CallText): string[] {
  const cued = precedingTurn(text, sentence).some((asked) => EMAIL_CUE.test(asked.text));
  const emails = emailsSaidIn(sentence.text, cued);
  // "laura dot chen at example dot org" written "Laura. chen@example.org.": the spoken "dot" became
  // a full stop. A lone word just before, in the same turn, that no one says before an address
  // ("Sure.", "Yes.") is the first part of the local part.
  const before = text.sentences[text.sentences.indexOf(sentence) - 1];
  const word =
    before && before.turnIndex === sentence.turnIndex ? /^([a-z][a-z'-]*)\.$/i.exec(before.text.trim()) : null;
  if (emails.length > 0 && word && sentence.text.trim().startsWith(emails[0]!) && !isEmailLeadIn(word[1]!)) {
    return [`${word[1]!.toLowerCase()}.${emails[0]}`, ...emails.slice(1)];
  }
  return emails;
}

function extractCustomerEmail(text: CallText): Found | null {
  const agentEmail = text.facts.agentEmail?.toLowerCase();
  for (const sentence of customerThenAgent(text)) {
    const email = emailsOf(sentence, text).find((candidate) => candidate !== agentEmail);
    if (!email) continue;
    // "…dalepruitt@example.com. Actually, make that dpruitt@example.com": the corrected one.
    const correction = text.sentences.find(
      (later) =>
        later.turnIndex === sentence.turnIndex &&
        later.segment.start >= sentence.segment.start &&
        later !== sentence &&
        CORRECTION.test(later.text) &&
        emailsOf(later, text).some((candidate) => candidate !== agentEmail),
    );
    if (correction) {
      return {
        value: emailsOf(correction, text).find((candidate) => candidate !== agentEmail)!,
        sentences: [correction],
      };
    }
    return { value: email, sentences: [sentence] };
  }
  return null;
}

function extractCustomerPhone(text: CallText): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    const [phone] = phonesIn(sentence.text);
    if (phone) return { value: phone, sentences: [sentence] };
  }
  return text.facts.contactPhone ? { value: text.facts.contactPhone, sentences: [], fromRecord: true } : null;
}

/**
 * "Hey Jordan" and "jordan.reyes@gmail.com": an address made of the first name and another word
 * says the last name, when the call says none.
 */
function lastNameFromEmail(firstName: Found, email: Found): Found | null {
  const [first, last, more] = String(email.value).split('@')[0]!.split(/[._-]/);
  if (more !== undefined || !last || !/^[a-z]{2,}$/i.test(last)) return null;
  if (first!.toLowerCase() !== String(firstName.value).toLowerCase()) return null;
  return {
    value: last.charAt(0).toUpperCase() + last.slice(1).toLowerCase(),
    sentences: [...firstName.sentences, ...email.sentences],
  };
}

function extractMortgageLead(text: CallText): Record<string, Found | null> {
  const found: Record<string, Found | null> = {};
  const name = customerNameFound(text);
  if (name) {
    const { first, last } = splitName(name.value as string);
    found.borrower_first_name = first ? { ...name, value: first } : null;
    found.borrower_last_name = last ? { ...name, value: last } : null;
  }
  found.borrower_phone = extractCustomerPhone(text);
  found.borrower_email = extractCustomerEmail(text);
  if (found.borrower_first_name && !found.borrower_last_name && found.borrower_email)
    found.borrower_last_name = lastNameFromEmail(found.borrower_first_name, found.borrower_email);
  found.property_address = extractAddress(text);

  const purpose = extractLoanPurpose(text);
  if (purpose) {
    found.loan_purpose = purpose;
    if (purpose.value === 'Refinance') {
      const cashOut = firstSaid(text, CASH_OUT);
      // The agent asking "how much cash do you want to take out?" is a cash-out unless the answer declines.
      const declined =
        cashOut !== null &&
        byAgent(cashOut) &&
        text.sentences.some(
          (reply) => reply.turnIndex === cashOut.turnIndex + 1 && byCustomer(reply) && DECLINES.test(reply.text),
        );
      found.cash_out =
        cashOut && !isNegated(cashOut) && !declined
          ? { value: true, sentences: [cashOut] }
          : { value: false, sentences: cashOut ? [cashOut] : [] };
    }
  }
  found.mortgage_type = extractMortgageType(text);

  const money = extractMoneyRoles(text);
  found.loan_amount = money.loan_amount ?? null;
  if (!found.loan_amount && money.purchase_price) {
    const full = text.sentences.find((sentence) => saidWithoutNegation(sentence, FULL_FINANCING));
    if (full)
      found.loan_amount = { value: money.purchase_price.value, sentences: [full, ...money.purchase_price.sentences] };
  }
  // "Under contract for one point two … We're putting three hundred down": the loan is the price less
  // what the buyer puts down (a bare figure in thousands, as a home's price is said).
  if (!found.loan_amount && money.purchase_price) {
    const price = money.purchase_price.value as number;
    const { sentence: putDown, said } =
      text.sentences
        .filter(byCustomer)
        .map((sentence) => ({ sentence, said: PUT_DOWN.exec(sentence.text) }))
        .find(({ said }) => said !== null) ?? {};
    const amountSaid = said?.[2] ?? said?.[3];
    const [amount] = amountSaid ? amountsIn(amountSaid) : [];
    const down = said?.[1]
      ? (price * Number(said[1])) / 100
      : amount
        ? amount.value < 1000
          ? amount.value * 1000
          : amount.value
        : 0;
    if (putDown && down >= 1000 && down < price)
      found.loan_amount = { value: Math.round(price - down), sentences: [...money.purchase_price.sentences, putDown] };
  }
  // A refinance that takes no cash out borrows what is owed ("I still owe two eighty seven five").
  if (!found.loan_amount && found.cash_out?.value === false && money.balance) found.loan_amount = money.balance;
  // "We paid cash for our house … How much would you like to take out?" — "About two ninety": with
  // nothing owed, the cash taken out is the loan.
  if (!found.loan_amount && found.cash_out?.value === true && !money.balance && money.cash_out_amount) {
    const ownedOutright = text.sentences.find((sentence) => byCustomer(sentence) && OWNED_OUTRIGHT.test(sentence.text));
    if (ownedOutright)
      found.loan_amount = {
        value: money.cash_out_amount.value,
        sentences: [ownedOutright, ...money.cash_out_amount.sentences],
      };
  }
  // "Pull about thirty thousand out … We owe around one eighty five": a cash-out refinance whose new
  // loan is never said borrows what is owed and the cash taken out (215,000).
  if (!found.loan_amount && found.cash_out?.value === true && money.balance && money.cash_out_amount)
    found.loan_amount = {
      value: (money.balance.value as number) + (money.cash_out_amount.value as number),
      sentences: [...money.balance.sentences, ...money.cash_out_amount.sentences],
    };
  found.purchase_price = money.purchase_price ?? null;
  found.property_value = money.property_value ?? null;
  const period = (Object.keys(PER_MONTH) as MoneyRole[]).find((role) => money[role]);
  found.monthly_income =
    money.monthly_income ??
    (period
      ? {
          value:
            Math.round(
              (money[period]!.value as number) *
                (period === 'hourly_income' ? hoursAMonthSaid(text, money[period]!.sentences) : PER_MONTH[period]!) *
                100,
            ) / 100,
          sentences: money[period]!.sentences,
        }
      : null);
  found.occupancy = extractOccupancy(text);
  found.employer_name = extractEmployer(text);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Any dataset, by field type

const STOP_WORDS = new Set(
  'the a an of to in on for and or is are was be by with what which how who when where does do did customer customers caller call calls their his her its this that it as at from number count value name type field amount they them we you your our would like want need use used uses using today there here time any some'.split(
    ' ',
  ),
);

/** Kinds that several fields' words share: a dog's breeds, wildlife. */
const DOG_BREEDS = [
  'beagle',
  'labrador',
  'retriever',
  'poodle',
  'terrier',
  'shepherd',
  'bulldog',
  'husky',
  'dachshund',
  'spaniel',
  'collie',
  'boxer',
  'corgi',
  'pug',
  'schnauzer',
  'goldendoodle',
  'labradoodle',
  'chihuahua',
  'greyhound',
  'sheepadoodle',
  'bernedoodle',
  'aussiedoodle',
  'cockapoo',
  'cavapoo',
  'maltipoo',
  'yorkie',
  'maltese',
  'pomeranian',
  'rottweiler',
  'doberman',
  'mastiff',
  'pitbull',
  'sheepdog',
  'weimaraner',
  'vizsla',
  'setter',
  'pointer',
  'heeler',
];
const WILDLIFE = [
  'bat',
  'raccoon',
  'squirrel',
  'skunk',
  'opossum',
  'possum',
  'bird',
  'pigeon',
  'snake',
  'groundhog',
  'mole',
  'chipmunk',
];
/**
 * Words people use for what a field's words name: a description says "vehicles", the caller
 * "cars"; "team", "technicians". Kept small and general (kinds of things, not one call's words).
 */
const RELATED_WORDS: Record<string, string[]> = {
  vehicle: ['car', 'truck', 'van', 'pickup', 'suv', 'auto'],
  car: ['vehicle', 'truck', 'pickup', 'auto'],
  team: [
    'people',
    'staff',
    'employee',
    'technician',
    'tech',
    'agent',
    'member',
    'seat',
    'user',
    'person',
    'rep',
    'worker',
  ],
  people: ['team', 'staff', 'employee', 'technician', 'tech', 'agent', 'member', 'person'],
  employee: ['staff', 'people', 'team', 'worker', 'technician', 'tech'],
  fleet: ['vehicle', 'truck', 'van', 'car'],
  driver: ['driving', 'drive', 'drives'],
  premium: ['paying', 'pay', 'cost', 'price'],
  budget: ['spend', 'afford'],
  bill: ['paying', 'pay', 'cost', 'run', 'runs'],
  // "What's the damage?" — "It came to 385 with tax."
  cost: ['price', 'total', 'came', 'comes', 'damage', 'bill', 'charge', 'charged'],
  company: ['business', 'firm', 'organization', 'group', 'agency', 'shop', 'store'],
  practice: ['office', 'clinic'],
  dentist: ['doctor', 'dr', 'hygienist'],
  provider: ['doctor', 'dr', 'dentist', 'hygienist'],
  // "Gas or electric?" — "It's gas."
  fuel: ['gas', 'electric', 'propane', 'oil', 'diesel'],
  pet: ['dog', 'cat', 'puppy', 'kitten'],
  // "What kind of food were you thinking?" — "Italian."
  cuisine: ['food', 'cooking'],
  food: ['cuisine'],
  // "The contract's up in March", "our policy expires in June".
  renewal: ['renew', 'renews', 'expire', 'expires', 'contract', 'policy', 'term', 'lease'],
  // "You're looking at around 3,400", "145 a visit".
  quote: ['quoted', 'price', 'estimate', 'cost', 'runs', 'charge', 'looking', 'total', 'visit'],
  roof: ['shingle'],
  // "We had your skylight repair down for Tuesday": a service is the job done.
  service: [
    'repair',
    'inspection',
    'installation',
    'install',
    'replacement',
    'cleaning',
    'maintenance',
    'tune-up',
    'removal',
    'treatment',
  ],
  // "I've got two furnaces" for a unit count; "a fourplex, four apartments".
  unit: ['furnace', 'system', 'heater', 'boiler', 'condenser', 'apartment'],
  callback: ['call', 'reach', 'line', 'cell', 'number'],
  phone: ['number', 'cell', 'line'],
  // "We have eleven phones" for a line count (a business pays per line, one a phone).
  line: ['phone', 'extension', 'handset'],
  home: ['house'],
  house: ['home'],
  // "How old is Biscuit?" asks an age.
  age: ['old'],
  // "How many people live there?", "How many of you are at home?"
  household: ['people', 'person', 'family', 'home', 'live'],
  guest: ['people', 'person', 'attendee', 'expecting'],
  // "There will be twelve kids going together" for a limo's passengers.
  passenger: ['people', 'person', 'kid', 'child', 'children', 'adult', 'student', 'rider', 'guest'],
  // "We have twin boys" for a child count.
  child: ['kid', 'children', 'boy', 'girl', 'son', 'daughter', 'baby', 'babies', 'toddler', 'twin', 'triplet'],
  kid: ['child', 'children', 'boy', 'girl', 'son', 'daughter', 'baby', 'babies', 'toddler', 'twin', 'triplet'],
  patient: ['people', 'person'],
  // "How many people on mic?" — "Just the two of us" for a podcast's hosts.
  host: ['people', 'person'],
  owns: ['own'],
  own: ['owns', 'owner'],
  mileage: ['mile', 'odometer'],
  // "We decided to go with another company", "we're moving our agents over to Zendesk".
  competitor: ['another', 'other', 'else', 'instead', 'switch', 'switching', 'moving', 'going'],
  // "our twelve agents", "fifteen users".
  seat: ['agent', 'user', 'license', 'people', 'person', 'employee', 'rep'],
  // "Thirty five laptops" for a device count.
  device: ['computer', 'laptop', 'desktop', 'workstation', 'tablet', 'machine', 'pc'],
  // "How many of you?" — "Me, my husband and our two teenagers." for a member count.
  member: ['people', 'person', 'family', 'many'],
  // "I'm interested in the unlimited membership" for a plan.
  plan: ['membership', 'package', 'tier', 'subscription'],
  // "He got a 1080 and wants to get to 1300" for a target score.
  target: ['goal', 'want', 'aim', 'hope', 'hoping'],
  goal: ['target', 'want', 'aim', 'hope', 'hoping'],
  // "We're getting married next June twentieth" for a wedding's date.
  wedding: ['married', 'marry', 'ceremony', 'reception'],
  // "We're getting married October eighteenth", "the party is on the ninth".
  event: [
    'wedding',
    'married',
    'marry',
    'party',
    'ceremony',
    'reception',
    'celebration',
    'offsite',
    'retreat',
    'conference',
    'dinner',
    'luncheon',
    'brunch',
    'banquet',
    'gala',
    'fundraiser',
    'shower',
    'reunion',
  ],
  // "How many people are you bringing?" for a headcount.
  headcount: ['people', 'person', 'guest', 'attendee', 'bringing'],
  attendance: ['people', 'person', 'guest', 'attendee'],
  chose: ['decided', 'went', 'picked'],
  insurance: ['insured', 'carrier', 'policy'],
  carrier: ['insurance', 'insurer', 'insured', 'policy'],
  incident: ['happen', 'accident', 'crash', 'damage'],
  // "Who are you with now?" ("What are you using today?": see asksWhatIsUsed)
  current: ['now', 'currently'],
  // A rate by its period: "It's 32 a night", "45 an hour", "90 a day", "120 a week".
  monthly: ['month'],
  nightly: ['night'],
  hourly: ['hour'],
  daily: ['day'],
  weekly: ['week'],
  location: ['office', 'branch', 'store', 'site', 'shop', 'clinic'],
  brand: ['make', 'manufacturer', 'model'],
  software: ['system', 'tool', 'platform', 'program', 'app', 'using'],
  destination: ['moving', 'move', 'relocating', 'going', 'headed'],
  origin: ['moving', 'move', 'relocating', 'coming'],
  city: ['town'],
  // Dogs by their breeds ("our two beagles"), garments by their kinds ("my wedding dress").
  dog: [...DOG_BREEDS, 'lab', 'doodle', 'mutt', 'puppy', 'pup'],
  // Trees by their kinds: "a dead oak leaning toward the garage".
  tree: [
    'oak',
    'maple',
    'pine',
    'ash',
    'elm',
    'birch',
    'spruce',
    'fir',
    'cedar',
    'cottonwood',
    'willow',
    'poplar',
    'walnut',
    'hickory',
    'sycamore',
    'magnolia',
    'cypress',
    'redwood',
    'sweetgum',
    'beech',
    'linden',
    'locust',
    'mulberry',
    'dogwood',
    'palm',
    'juniper',
    'hemlock',
    'aspen',
    'alder',
    'chestnut',
    'pecan',
    'eucalyptus',
  ],
  // "What kind of dog is he?" — "A golden retriever."; "our two beagles".
  breed: ['kind', 'mix', ...DOG_BREEDS],
  // "She's failing algebra", "help with his chemistry homework": a school subject by its name.
  subject: [
    'math',
    'maths',
    'algebra',
    'geometry',
    'trigonometry',
    'calculus',
    'statistics',
    'chemistry',
    'physics',
    'biology',
    'science',
    'english',
    'reading',
    'writing',
    'spelling',
    'grammar',
    'history',
    'spanish',
    'french',
    'german',
    'latin',
    'economics',
    'accounting',
    'programming',
  ],
  garment: [
    'dress',
    'gown',
    'suit',
    'jacket',
    'pants',
    'trousers',
    'skirt',
    'shirt',
    'coat',
    'blouse',
    'jeans',
    'tuxedo',
    'veil',
    'blazer',
  ],
  // "A three bedroom, two bath": bathrooms as a home is described.
  bathroom: ['bath'],
  // "three bedrooms" counts rooms; an instrument by its kinds ("my acoustic guitar"); a recognizer's
  // British "three-storey house".
  room: ['bedroom', 'bathroom'],
  story: ['storey'],
  instrument: [
    'guitar',
    'piano',
    'violin',
    'viola',
    'cello',
    'bass',
    'drum',
    'ukulele',
    'banjo',
    'mandolin',
    'saxophone',
    'trumpet',
    'trombone',
    'flute',
    'clarinet',
    'harp',
    'keyboard',
  ],
  // "I think we have bats in our attic": wildlife by its kinds.
  animal: [...WILDLIFE, 'mouse', 'mice', 'rat', 'bee', 'wasp'],
  wildlife: WILDLIFE,
  pest: [
    'roach',
    'ant',
    'termite',
    'mouse',
    'mice',
    'rat',
    'rodent',
    'bug',
    'bee',
    'wasp',
    'spider',
    'flea',
    'mosquito',
  ],
};

/** What a field says it asks for: its name's words and its description. */
const fieldText = (field: DatasetField) => `${field.name.replace(/_/g, ' ')} ${field.description}`;
/** The stems of the field's own name ("current_plan" → current, plan), not its description's. */
const fieldNameStems = (field: DatasetField) => field.name.toLowerCase().split('_').map(stem);

/** The field's words (their stems) said in a text: "What kind of roof is it?" says "roof". */
const keywordsSaidIn = (said: string, keywords: string[]) =>
  new Set((said.toLowerCase().match(/[a-z]+/g) ?? []).map(stem).filter((word) => keywords.includes(word)));

/** The customer's sentences, then the agent's (an unknown speaker's stand in both): who says a value first. */
const customerThenAgent = (text: CallText) => [...text.sentences.filter(byCustomer), ...text.sentences.filter(byAgent)];

/** Whether a sentence is the first of its turn (what a reply opens with). */
const opensItsTurn = (text: CallText, sentence: Sentence) =>
  text.sentences.find((other) => other.turnIndex === sentence.turnIndex) === sentence;

function keywordsOf(field: DatasetField): string[] {
  const words = [
    ...new Set(
      fieldText(field)
        .toLowerCase()
        .match(/[a-z]+/g) ?? [],
    ),
  ].filter((word) => !STOP_WORDS.has(word) && word.length > 2);
  return [...new Set(words.flatMap((word) => [stem(word), ...(RELATED_BY_STEM.get(stem(word)) ?? []).map(stem)]))];
}

/**
 * Plural to singular and a verb to its base, roughly: "technicians" → "technician", "boxes" →
 * "box", "companies" → "company"; "moving", "moved" and "move" → "mov" (a word stays three letters
 * or more: "thing" is no "th").
 */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(ss|x|z|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1')
    .replace(/^([a-z]{3,}?)(?:ing|ed|e)$/, '$1');

/** RELATED_WORDS by the stem of their key ("vehicles" and "vehicle" find the same words). */
const RELATED_BY_STEM = new Map<string, string[]>();
for (const [key, related] of Object.entries(RELATED_WORDS))
  RELATED_BY_STEM.set(stem(key), [...(RELATED_BY_STEM.get(stem(key)) ?? []), ...related]);

function relevance(sentence: Sentence, keywords: string[], text: CallText): number {
  // "$89" says "dollars" as a field's description does ("The price quoted, in dollars").
  const words = (candidate: Sentence[]) =>
    new Set(
      candidate.flatMap((s) =>
        (
          s.text
            .toLowerCase()
            .replace(/\$/g, ' dollar ')
            .match(/[a-z]+/g) ?? []
        ).map(stem),
      ),
    );
  const own = words([sentence]);
  // The question it answers, and the rest of its own turn ("We can come in around 5800 a month.
  // I'll send you a written quote.").
  const around = words([
    ...precedingTurn(text, sentence),
    ...text.sentences.filter((other) => other.turnIndex === sentence.turnIndex && other !== sentence),
  ]);
  return keywords.reduce((score, keyword) => score + (own.has(keyword) ? 2 : around.has(keyword) ? 1 : 0), 0);
}

/** "The back of the roof faces south", "it's south-east facing": a compass point, in lower case. */
function compassPointIn(said: string): string | null {
  const point = /\b(north|south)(?:[- ]?(east|west))?\b|\b(east|west)\b/i.exec(said);
  return point ? point.slice(1).filter(Boolean).join('').toLowerCase() : null;
}

/** What a free-text field asks for, read from its name and description. */
type StringKind = 'person' | 'organization' | 'place' | 'month' | 'frequency' | 'direction' | 'thing';
function stringKindOf(field: DatasetField): StringKind {
  const said = fieldText(field).toLowerCase();
  // "service_frequency", "How often we visit": "weekly", not "weekly mowing".
  if (/\b(frequency|how often|cadence|interval)\b/.test(said)) return 'frequency';
  // "roof_direction", "Which way the yard faces": a compass point.
  if (/\b(direction|facing|faces|orientation|which way)\b/.test(said)) return 'direction';
  // "renewal_month": "our renewal is in March".
  if (/\bmonth\b/.test(field.name.replace(/_/g, ' '))) return 'month';
  if (/\b(city|town|destination|origin|hometown)\b/.test(said)) return 'place';
  // "insurance_provider" and "current_provider" are organizations though "provider" may be a person.
  if (/\b(current|service|internet|it|phone|cable|insurance)\s+provider\b/.test(said)) return 'organization';
  if (
    /\b(insurance|insurer|carrier|company|bank|lender|employer|brand|vendor|supplier|distributor|retailer|utility)\b/.test(
      field.name.replace(/_/g, ' '),
    )
  )
    return 'organization';
  if (
    /\b(who|person|decision maker|contact name|full name|owner|manager|doctor|dentist|provider|hygienist|rep|representative|referr\w*)\b/.test(
      said,
    )
  )
    return 'person';
  if (
    // "The school subject", "school year": a school's thing is no school.
    /\b(company|business|practice|organization|organisation|firm|employer|brand|carrier|agency|clinic|store|school(?! (?:subjects?|grades?|years?|levels?|work|supplies)\b))\b/.test(
      said,
    )
  )
    return 'organization';
  return 'thing';
}

const TITLE = /\b(Doctor|Dr\.?|Mr\.?|Mrs\.?|Ms\.?|Miss|Professor|Prof\.?)\s+([A-Z][a-zA-Z'-]+)/;
const PERSON = /\b([A-Z][a-z]+(?:\s+[A-Z][a-zA-Z'-]+){1,2})\b/g;
const NOT_PERSON_WORDS =
  /^(?:I|I'm|We|The|Yes|No|Hi|Hello|Thanks|Okay|Sure|Great|Please|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$/;
// "I own the Pennyroyal Cafe": a business one runs is often said with "the".
const ORG_AFTER = new RegExp(
  `\\b(?:(?:at|from|with|for|of|called|named|represent)\\s+|(?:manage|manages|run|runs|own|owns)\\s+(?:the\\s+)?)(${ORG})`,
);

/** A role word just before a name: "the owner, Rick Dawson", "my boss Ann Lee". */
const ROLE_BEFORE =
  /\b(owner|boss|manager|partner|husband|wife|director|president|ceo|cfo|founder|supervisor|broker|realtor|agent|assistant|son|daughter)\s*,?\s*$/i;

function personIn(sentence: Sentence, text: CallText): string | null {
  const titled = TITLE.exec(sentence.text);
  if (titled)
    return `${/^d/i.test(titled[1]!) ? 'Dr.' : titled[1]!.replace(/\.?$/, '.')} ${titled[2]}`.replace('Miss.', 'Miss');
  for (const match of sentence.text.matchAll(PERSON)) {
    const words = match[1]!.split(/\s+/);
    if (words.some((word) => NOT_PERSON_WORDS.test(word))) continue;
    const name = match[1]!;
    // Not the two people on the call, and not an organization.
    if (text.agentName && sameFirstName(name, text.agentName)) continue;
    if (text.customerName && sameFirstName(name, text.customerName.value)) continue;
    if (namesAnOrganization(name)) continue;
    // A known first name, or a role said just before it; capitalized words alone may be a business.
    const before = sentence.text.slice(0, match.index);
    if (!ROLE_BEFORE.test(before) && !nlp(name).people().found) continue;
    return name;
  }
  return null;
}

/**
 * The organization a call is answered with: "Good morning, Maple Grove family dental, Bianca
 * speaking." Between the greeting and the comma before who speaks; a recognizer may write its
 * words in lower case, so they are capitalized. One word alone may be a person greeted ("Hi Oscar,").
 */
const GREETING_ORG =
  /^(?:(?:[Gg]ood (?:morning|afternoon|evening)|[Hh]i|[Hh]ello|[Tt]hanks? (?:you )?for calling)[,.!]?\s+)?((?!(?:Hi|Hello|Hey|Good|Thanks|Thank|Yes|Yeah|Okay|Ok|Sure|Well|So|And|Oh)\b)[A-Z][\w&'.-]*(?:\s+[\w&'.-]+){1,5}?),\s+(?:this is\b|it's\b|you've got\b|[A-Z][a-z]+(?:'s)?\s+(?:speaking|here)\b)/;

function greetingOrganizationIn(sentence: Sentence): string | null {
  const match = GREETING_ORG.exec(sentence.text.trim());
  if (!match) return null;
  return cleanOrg(
    match[1]!
      .split(/\s+/)
      .map((word) => (/^(?:and|of|the|de|du|&)$/.test(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
      .join(' '),
  );
}

/**
 * The agent's own organization, named where the agent says who they are ("Nadia Brooks from
 * Pipeline HQ", "this is Gary with Comfort Zone"): a company field asks for the customer's.
 */
const agentOrganizationsRead = new WeakMap<CallText, ReadonlySet<string>>();
function agentOrganizationsOf(text: CallText): ReadonlySet<string> {
  // Asked for every candidate value of every field: read once per call.
  const read = agentOrganizationsRead.get(text);
  if (read) return read;
  const first = text.agentName?.split(/\s+/)[0];
  const own = new Set<string>();
  // With no speakers (a mono recording), the opening turn is the agent's: who answers or calls.
  const agentSaid = text.sentences.filter(
    (s) => s.speaker === 'agent' || (s.speaker === 'unknown' && s.turnIndex === 0),
  );
  for (const [at, sentence] of agentSaid.entries()) {
    // "Hi, this is William L. | Worse at Bellhaven Credit Union": a name's initial may end a sentence.
    const previous = agentSaid[at - 1];
    const before =
      previous?.turnIndex === sentence.turnIndex && /\b[A-Z]\.$/.test(previous.text.trim()) ? previous.text : '';
    const said = `${before} ${sentence.text}`;
    if (!(first && said.includes(first)) && !/\b(?:calling|this is|my name is)\b/i.test(said)) continue;
    const match = ORG_AFTER.exec(sentence.text);
    const name = match ? cleanOrg(match[1]!) : null;
    if (name) own.add(name);
  }
  for (const sentence of agentSaid) {
    const name = greetingOrganizationIn(sentence);
    if (name) own.add(name);
  }
  agentOrganizationsRead.set(text, own);
  return own;
}

/** The agent's organizations as one pattern, built once per call (it strips every sentence of every field). */
const agentOrganizationPatterns = new WeakMap<CallText, RegExp | null>();
function agentOrganizationPattern(text: CallText): RegExp | null {
  if (agentOrganizationPatterns.has(text)) return agentOrganizationPatterns.get(text)!;
  // Longest first, so "Bellhaven Credit Union" is stripped whole before a shorter name within it.
  const own = [...agentOrganizationsOf(text)].sort((a, b) => b.length - a.length);
  const pattern = own.length ? new RegExp(`\\b(?:${own.map(escapeRegex).join('|')})\\b`, 'gi') : null;
  agentOrganizationPatterns.set(text, pattern);
  return pattern;
}

/** A sentence without the agent's business named in it. */
function withoutAgentsOrganization(said: string, text: CallText): string {
  const pattern = agentOrganizationPattern(text);
  return pattern ? said.replace(pattern, ' ') : said;
}
/** A value that is the agent's organization or a word of its name ("Shield" of "Shield Pest Solutions"). */
function inAgentsOrganization(value: string, text: CallText): boolean {
  const said = new RegExp(`\\b${escapeRegex(value)}\\b`, 'i');
  return [...agentOrganizationsOf(text)].some((organization) => said.test(organization));
}

/** A field that asks for the customer's own organization ("The prospect's company name"), not the caller's practice. */
const CUSTOMERS_OWN = /\b(?:prospect|customer|caller|client|lead|contact|their)(?:'s)?\b/i;

/** "We have VSP through my husband's job", "I have Blue Cross from work": a plan or carrier one has through someone. */
const HAVE_THROUGH = new RegExp(`\\b(?:[Ww]e|I) (?:have|carry|get|got) (${ORG}) (?:through|from|via)\\b`);
const THROUGH_A_JOB =
  /\b(?:through|from|via) (?:(?:my|our|his|her|their|the) (?:[a-z]+'s )?(?:job|work|employer|company|union)|work)\b/i;

function organizationIn(sentence: Sentence, text: CallText, field: DatasetField): string | null {
  const carried = HAVE_THROUGH.exec(sentence.text)?.[1];
  // An initialism had through someone is a carrier's name ("VSP", "AARP"), one word as it may be.
  if (carried && /^[A-Z]{2,6}$/.test(carried) && !agentOrganizationsOf(text).has(carried)) return carried;
  // So is one name had through a job ("we have Ameritas through my wife's job", "Cigna from work").
  if (
    carried &&
    /^[A-Z][a-z]+$/.test(carried) &&
    THROUGH_A_JOB.test(sentence.text) &&
    !agentOrganizationsOf(text).has(carried)
  )
    return carried;
  const named = carried ?? ORG_AFTER.exec(sentence.text)?.[1];
  const name = named ? cleanOrg(named) : byAgent(sentence) ? greetingOrganizationIn(sentence) : null;
  if (
    name &&
    ((CUSTOMERS_OWN.test(field.description) && sentence.speaker === 'agent') || !asksForTheBusinessCalled(field)) &&
    agentOrganizationsOf(text).has(name)
  )
    return null;
  // One capitalized word after "at" is usually a place or a person, not an organization; nor is
  // "with Dr. Patel".
  return name && name.split(/\s+/).length >= 2 && !TITLE.test(name) ? name : null;
}

/** Where people name what they want: "look at route planning software", "a request for a homeowners insurance quote". */
const WANT_CUE =
  /\b(?:look(?:ing)? (?:at|for|into)|interested in|quotes? (?:for|on)|request (?:for|about)|shopping for|calling about|ask(?:ed|ing) about|inquir(?:ed|ing) about|questions? about|information (?:on|about)|trial (?:of|for)|demo of|signed up for|subscribed to|struggling with|(?:needs?|wants?) help with|trouble with)\s+(?:an?\s+|the\s+|some\s+|your\s+|our\s+|my\s+|his\s+|her\s+|their\s+)?((?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]*)/i;
// "Help with his math homework" is help with math.
const PHRASE_TAIL =
  /\s+(?:quotes?|estimates?|homework|assignments?|renewal|request|options?|today|now|please|again|too|probably|maybe|though|anyway|(?:last|this|next) (?:week|month|year)|yesterday|recently|for|to|with|and|on|in|at|that|this|so|because|i|you|we|they|he|she|it|a|an|the)$/i;

/** A pet's name as owners say it: "my dog Biscuit", "our cat, Luna,", "her name is Daisy". */
const PET_NAMED =
  /\b(?:(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:dog|cat|puppy|kitten|pup|pet|bird|rabbit|horse)|(?:his|her|its|the (?:dog|cat)'s) name is|(?:dog|cat|puppy|kitten) (?:named|called))\s*,?\s+([A-Z][a-z]+)\b/;
/** An animal as owners name it: its kind, or a dog's breed ("my sheepadoodle"). */
const PET_KIND = String.raw`(?:dog|cat|puppy|kitten|pup|rabbit|bunny|hamster|ferret|parrot|bird|horse|pony|tortoise|turtle|lizard|snake|lab|doodle|${DOG_BREEDS.join('|')})`;
/**
 * "We just got a lab puppy, Moose, and…", "a rescue cat, Luna.", "a groom for my sheepadoodle,
 * Pickle.": the name set off after the animal, capitalized, or in lower case as a recognizer writes it
 * ("my sheep a doodle, pickle, he is getting shaggy").
 */
const PET_NAMED_AFTER = new RegExp(
  String.raw`\b(?:[Aa]n?|[Tt]he|[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:[a-z-]+ ){0,2}${PET_KIND}\s*,\s*([A-Z][a-z]+)(?=\s*[,.!?;]|\s+and\b)`,
);
const PET_NAMED_AFTER_LOWER = new RegExp(
  String.raw`\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:[a-z-]+ ){0,2}${PET_KIND}\s*,\s*(?!(?:and|but|so|or|though|too|also|please|again|now|then|today|tonight|tomorrow|yesterday|here|there|who|which|that|he|she|it|they|actually|anyway|really|probably|maybe|thanks|sorry|okay|ok|well|yes|no|not|because)\b)([a-z]{3,})(?=\s*[,.!?;]|\s*$)`,
);
const PET_NAMED_LOWER =
  /\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:dog|cat|puppy|kitten|pup|rabbit|bunny|hamster|guinea pig|ferret|parrot|bird|horse|pony|tortoise|turtle|lizard|snake)\s+(?!(?:has|is|was|had|keeps|just|also|and|who|that|got|ate|needs|seems|started|won't|can't|isn't|hasn't|been|today|tomorrow|tonight|please|again|too|now|here|there)\b)([a-z]{3,})(?:\s+(?:has|is|was|had|keeps|won't|can't|isn't|hasn't|got|ate|needs|seems|started|to (?:stay|board|be|come|get|see))\b|\s*[.!?]?\s*$)/;
/** "Pepper's bloodwork came back normal": a name owning what a vet does for an animal. */
const PET_NAMED_BY_CARE =
  /\b([A-Z][a-z]+)'s (?:bloodwork|blood work|checkup|check-up|vaccines?|vaccinations?|shots|dental|teeth cleaning|surgery|x-rays?|lab (?:work|results)|spay|neuter|grooming|nail trim|heartworm test|stitches)\b/;
/** A field asking an animal's name ("pet_name", "The dog's name"). */
function asksPetName(field: DatasetField): boolean {
  const asked = fieldText(field).toLowerCase();
  return /\b(pet|dog|cat|animal|patient)\b/.test(asked) && /\bname\b/.test(asked);
}
function petNameIn(sentence: Sentence, field: DatasetField): string | null {
  if (!asksPetName(field)) return null;
  const name = (PET_NAMED.exec(sentence.text) ??
    PET_NAMED_AFTER.exec(sentence.text) ??
    PET_NAMED_BY_CARE.exec(sentence.text))?.[1];
  if (name) return !NOT_A_NAME.test(name) && !NOT_PERSON_WORDS.test(name) ? name : null;
  // A recognizer writes the name in lower case ("my dog biscuit has been limping"): a word between
  // the animal and what it does, or ending the sentence ("a groom for my dog waffles.").
  const lower = (PET_NAMED_LOWER.exec(sentence.text) ?? PET_NAMED_AFTER_LOWER.exec(sentence.text))?.[1];
  return lower ? lower.charAt(0).toUpperCase() + lower.slice(1) : null;
}

/**
 * "What kind of roof is it?" — "Asphalt shingles, about fifteen years old.": a short noun phrase
 * opening the answer to a what-question that shares the field's words is the value.
 */
// "Honestly just Excel": hedges may come two at a time.
const HEDGE =
  /^(?:(?:honestly|really|probably|maybe|likely|definitely|ideally|preferably|i think|i'd say|i guess|just|still|something (?:in|like))[,\s]+)+(?=[a-z])/i;
// "Ceramic on all the side windows", "cedar six feet tall": the kind, then where it goes or a measure.
const BARE_THING =
  /^(?:[Aa]n?\s+|[Tt]he\s+)?([A-Za-z][a-z]+(?:\s+[a-z]+){0,2}?)\s*(?:[,.!]|$|\s(?=(?:on|for|in|throughout|everywhere|around|all over) (?:all |both |every |each |the |my |our |his |her |their |it\b|them\b))|\s(?=with\s)|\s(?=(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b)))/;
function bareAnswerIn(sentence: Sentence, text: CallText, keywords: string[], field: DatasetField): string | null {
  // A field asking for a name wants a name, not a kind of thing.
  if (!byCustomer(sentence) || /\bname\b/i.test(fieldText(field))) return null;
  // "What kind of roof…?", also "Do you have a material in mind?"
  const question = precedingTurn(text, sentence).find(
    (said) =>
      (/\b(?:what|which)\b/i.test(said.text) || /\?\s*$/.test(said.text)) &&
      keywordsSaidIn(said.text, keywords).size > 0,
  );
  if (!question) return null;
  // "Probably vinyl, we don't want to paint wood", "Something in velvet, dark green": a hedge before the answer is not part of it.
  const hedged = HEDGE.test(sentence.text.trim());
  const bare = BARE_THING.exec(sentence.text.trim().replace(HEDGE, ''));
  const phrase = bare?.[1];
  if (!phrase) return null;
  const words = phrase.split(/\s+/);
  if (words.some((word) => STOP_WORDS.has(word.toLowerCase())) || NOT_A_NAME.test(words[0]!)) return null;
  // One word in lower case is a recognizer's fragment more often than an answer ("tricks, but the
  // reminders keep failing" for "Dentrix, but…"); after a hedge ("Probably vinyl") or an article
  // ("A beagle, she's six") it is an answer.
  // "ceramic on all the side windows", "cedar six feet tall": a word then where it goes or a measure answers too.
  const placed = /\s$/.test(bare[0]);
  if (words.length === 1 && !/^[A-Z]/.test(phrase) && !hedged && !placed && !/^(?:an?|the)\s/i.test(bare[0]))
    return null;
  // "The Pro plan" for a current plan: a name after an article and before the field's own word says
  // it (phraseIn); "Vinyl siding" opening the answer is a kind.
  const namedAfterArticle = /^[A-Za-z]+\s/.test(bare[0]) && !bare[0].startsWith(phrase) && /^[A-Z]/.test(phrase);
  if (namedAfterArticle && fieldNameStems(field).includes(stem(words[words.length - 1]!))) return null;
  // "Just Excel": a capital after a hedge is not the sentence's, it is a name's.
  return hedged && words.length === 1 && /^[A-Z]/.test(phrase) ? phrase : phrase.toLowerCase();
}

function wantedThingIn(sentence: Sentence): string | null {
  const match = WANT_CUE.exec(sentence.text);
  if (!match) return null;
  // "struggling with physics and her final is in June": the thing ends where another clause begins.
  let phrase = match[1]!
    .toLowerCase()
    .replace(
      /\s+(?:and|but|so|because|since)\s+(?:my|her|his|their|our|your|the|it|she|he|they|we|i|that|this)\b.*$/,
      '',
    );
  while (PHRASE_TAIL.test(phrase)) phrase = phrase.replace(PHRASE_TAIL, '');
  return phrase.length > 2 && !STOP_WORDS.has(phrase) ? phrase : null;
}

/** A field asking which kind of a thing: "tree_species", "dog_breed", "liner_type", "frame_material". */
const ASKS_KIND_OF_A_THING = /(?:^|_)(?:species|breed|variety|cultivar|type|kind|material|style)(?:_|$)/i;

const DETERMINER = /^(?:a|an|the|your|my|our|their|his|her|this|that)$/i;

/** A short phrase around the field's words ("homeowners insurance", "route planning software"). */
function phraseIn(sentence: Sentence, keywords: string[], text: CallText, field: DatasetField): string | null {
  const words = sentence.text
    .replace(/[.?!,;:]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  // A thing is named by a noun: "a cleaning with Dr. Patel", not "I'm interested".
  const nouns = new Set(
    (nlp(sentence.text).nouns().out('array') as string[]).flatMap((noun) => noun.toLowerCase().match(/[a-z]+/g) ?? []),
  );
  // After a determiner and up to two words it is a noun whatever a tagger says ("your skylight repair
  // down for Tuesday", "your garage door repaired").
  const determined = (at: number) =>
    [1, 2, 3].some(
      (back) =>
        DETERMINER.test(words[at - back] ?? '') &&
        words.slice(at - back + 1, at).every((between) => /^[a-z]+$/.test(between)),
    );
  const index = words.findIndex(
    (word, at) => keywords.includes(stem(word)) && (nouns.has(word.toLowerCase()) || determined(at)),
  );
  if (index < 0) return null;
  // A name before the keyword is what it is called: "the Pro plan" → "Pro", "our Gold Star package" → "Gold Star".
  // A sentence a recognizer wrote all in capitals ("SHIELD PEST CONTROL") names nothing by its capitals.
  const shouted = !/[a-z]/.test(sentence.text);
  let nameStart = index;
  while (
    !shouted &&
    nameStart > 0 &&
    /^[A-Z][a-zA-Z0-9+-]*$/.test(words[nameStart - 1]!) &&
    !NOT_PERSON_WORDS.test(words[nameStart - 1]!) &&
    !NOT_A_NAME.test(words[nameStart - 1]!)
  )
    nameStart--;
  // Not the agent's own business ("Northside Auto, this is Ray").
  if (nameStart < index) {
    const named = words.slice(nameStart, index).join(' ');
    const said = `${named} ${words[index]}`;
    // "Our Springer Spaniel", "a Golden Retriever": a breed written with capitals is one breed, not a name.
    if (ASKS_A_BREED.test(field.name) && !fieldNameStems(field).includes(stem(words[index]!)))
      return singularKind(said.toLowerCase());
    if (![...agentOrganizationsOf(text)].some((own) => own === said || own.startsWith(`${said} `))) return named;
  }
  // The keyword with the lowercase modifiers before it: "a homeowners insurance quote" → "homeowners insurance".
  let start = index;
  while (
    start > 0 &&
    /^[a-z]+$/.test(words[start - 1]!) &&
    !STOP_WORDS.has(words[start - 1]!.toLowerCase()) &&
    // Not a verb before the thing ("we're seeing roaches", "we have ants", "she's failing algebra"), nor
    // its state ("a dead ash tree").
    !/^(free|new|great|good|big|little|huge|tall|small|old|dead|dying|sick|diseased|rotten|rotting|fallen|broken|leaning|my|your|seeing|having|getting|finding|noticing|got|have|had|see|saw|found|need|want|failing|flunking|taking|studying|learning|passing)$/.test(
      words[start - 1]!,
    )
  )
    start--;
  // "A dead ash tree" for a tree's species is "ash", "a vinyl liner" for a liner type "vinyl": the
  // thing's own word is no kind of it.
  // "the unlimited membership" for a plan is "unlimited", as "the Pro plan" is "Pro".
  const kindOfTheWord =
    start < index &&
    ((ASKS_KIND_OF_A_THING.test(field.name) && fieldNameStems(field).includes(stem(words[index]!))) ||
      (ASKS_A_PLAN.test(field.name) && PLAN_WORD.test(words[index]!)));
  // "A shepherd mix": a kind's words said one after another are one thing (not "second floor | laundry",
  // the field's own name).
  const ofTheKind = (word: string | undefined) =>
    word !== undefined &&
    /^[a-z]+$/.test(word) &&
    keywords.includes(stem(word)) &&
    !fieldNameStems(field).includes(stem(word));
  let last = index;
  while (ofTheKind(words[last + 1])) last++;
  // "your skylight repaired down for Tuesday", a recognizer's "repair": the field's word as the thing is named.
  const named = words.slice(start, kindOfTheWord ? index : last + 1);
  const heard = named[named.length - 1]!;
  if (!kindOfTheWord && /ed$/i.test(heard) && keywords.includes(heard.slice(0, -2).toLowerCase()))
    named[named.length - 1] = heard.slice(0, -2);
  const phrase = named.join(' ').toLowerCase();
  // A word of the field's name alone ("plan" for a current plan) names nothing; the description's
  // examples may ("such as a cleaning"), and so may a kind of the thing asked ("roaches" for a pest).
  if (!phrase.includes(' ') && fieldNameStems(field).includes(stem(phrase))) return null;
  // A question's own word asks, it does not answer: "What kind of food were you thinking?"
  if (!phrase.includes(' ') && /\?\s*$/.test(sentence.text)) return null;
  // "A six foot cedar privacy fence" for the fence's material is "cedar": what it is made of, not its
  // size or its style.
  // "Asphalt shingles" keeps the form the material comes in.
  const material = ASKS_A_MATERIAL.test(field.name) ? MATERIAL_IN_ITS_FORM.exec(phrase)?.[0] : undefined;
  if (material) return material;
  // A breed or a species is named in the singular, however many there are ("our two beagles" → "beagle").
  const value = ASKS_A_BREED.test(field.name) ? singularKind(phrase) : phrase;
  return value.length > 2 ? value : null;
}
const ASKS_A_MATERIAL = /(?:^|_)materials?(?:_|$)/i;
const ASKS_A_PLAN = /(?:^|_)(?:plan|package|tier|membership|subscription)(?:_|$)/i;
const PLAN_WORD = /^(?:plan|package|tier|membership|subscription)s?$/i;
/** "the unlimited membership" wanted, for a plan: its name, without the word for a plan. */
function planNamed(wanted: string | null, field: DatasetField): string | null {
  if (!wanted || !ASKS_A_PLAN.test(field.name)) return wanted;
  const words = wanted.split(/\s+/);
  return words.length > 1 && PLAN_WORD.test(words[words.length - 1]!) ? words.slice(0, -1).join(' ') : wanted;
}
/** What things are made of, two-word names first ("wrought iron" before "iron"). */
const MATERIAL =
  /\b(?:wrought iron|cast iron|chain[- ]link|stainless steel|white oak|red oak|cast stone|wood|cedar|pine|redwood|cypress|teak|oak|maple|walnut|cherry|birch|hickory|mahogany|bamboo|vinyl|aluminum|aluminium|steel|iron|metal|copper|brass|bronze|zinc|tin|composite|brick|stone|concrete|cement|asphalt|slate|granite|marble|quartz|quartzite|travertine|limestone|tile|ceramic|porcelain|laminate|hardwood|fiberglass|glass|acrylic|stucco|plaster|drywall|leather|suede|cotton|wool|silk|velvet|linen|polyester|nylon|plastic|pvc|rubber|canvas|gravel|pavers?|shingles?|cedar shakes?)\b/;
const MATERIAL_IN_ITS_FORM = new RegExp(
  `${MATERIAL.source}(?:\\s+(?:shingles|shakes|siding|tiles|pavers|panels|planks|boards|sheets|blocks))?`,
  'i',
);
/**
 * "What's the roof made of?" (or "How old is the roof?") — "It's about twenty years old, cedar
 * shakes.": a material the customer names where the field's thing is spoken of, in its form.
 */
function materialSaid(text: CallText, keywords: string[]): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    const spokenOf =
      keywordsSaidIn(sentence.text, keywords).size > 0 ||
      precedingTurn(text, sentence).some((said) => keywordsSaidIn(said.text, keywords).size > 0);
    const material = spokenOf ? MATERIAL_IN_ITS_FORM.exec(sentence.text)?.[0] : undefined;
    if (material) return { value: material.toLowerCase(), sentences: [sentence] };
  }
  return null;
}
const ASKS_A_BREED = /(?:^|_)(?:breed|species|variety|cultivar)(?:_|$)/i;
const singularKind = (kind: string) => kind.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

/** A field asking the value wanted or to come ("new_size", "target speed"), or the one there is now ("current_size"). */
const ASKS_WANTED_VALUE = /\b(?:new|target|desired|wanted|needed|goal|future|next)\b/i;
const ASKS_PRESENT_VALUE = /\b(?:current|currently|existing|present|old|now|today)\b/i;
/** A clause that says what is wanted: "I think I need a 6", "we want 20", "going up to 500". */
const WANTED_CLAUSE =
  /\b(?:need|needs|want|wants|would like|'d like|like to get|should be|go(?:ing)? (?:down |up )?to|down to|up to|(?:move|switch|upgrade|downgrade) to|goal is|aim(?:s|ing)? for|hop(?:e|es|ing) (?:to (?:get|reach|hit|score)|for))\b/i;
/**
 * "It's a 7, and I think I need a 6", "from a 7 to a 6": a reply that says both what is and what is
 * wanted gives a new-value field the one wanted and a current-value field the other. Null when the
 * field asks neither or the sentence does not say both.
 */
function countsOfAChange(said: string, field: DatasetField): number[] | null {
  const asksWanted = ASKS_WANTED_VALUE.test(fieldText(field));
  if (asksWanted === ASKS_PRESENT_VALUE.test(fieldText(field))) return null;
  const fromTo = /\bfrom (?:an? |the )?(\d+)\b[^.?!,]{0,20}?\bto (?:an? |the )?(\d+)\b(?!\s*(?::|[ap]\.?m\b))/i.exec(
    said,
  );
  if (fromTo) return [Number(asksWanted ? fromTo[2] : fromTo[1])];
  const clauses = said.split(/[,;]|\band\b|\bbut\b/i).filter((clause) => countsIn(clause).length > 0);
  const wanted = clauses.filter((clause) => WANTED_CLAUSE.test(clause));
  const present = clauses.filter((clause) => !WANTED_CLAUSE.test(clause));
  if (wanted.length === 0 || present.length === 0) return null;
  return countsIn((asksWanted ? wanted : present)[0]!);
}

/** A number said with what it counts ("14 technicians") before any other number. */
function countsWithNouns(said: string, keywords: string[]): number[] {
  // "Three, two cars and my son's truck": a bare total first, then what makes it up (not "Two, no, three").
  const total = /^\W*(\d+)(?:[,.]\s*|\s+)(?!(?:no|not|sorry|actually|i mean|wait|make that|or)\b)(?=\d+\s+[a-z])/i.exec(
    said,
  );
  if (total) return [Number(total[1])];
  const counted = countsOfTheWord(said, keywords);
  return counted.length > 0 ? counted : countsIn(said);
}

/** Counts said before one of the field's words: "22 workstations and one server" ("one" or "a single" is 1). */
function countsOfTheWord(said: string, keywords: string[]): number[] {
  return [...said.replace(/\b(?:one|a single)\s+(?=[a-z]+\b)/gi, '1 ').matchAll(/\b(\d[\d,]*)(?:\s+|-)([a-z]+)/gi)]
    .filter((match) => keywords.includes(stem(match[2]!)))
    .map((match) => Number(match[1]!.replace(/,/g, '')));
}

/** The part of a run-on sentence that says the field's words: "For that size it's 145 a visit. Can we start at 830?" → its first part. */
function partWithKeyword(said: string, keywords: string[]): string {
  return (
    said
      .split(/(?<=[.?!;])\s+/)
      .find((part) => (part.match(/[A-Za-z]+/g) ?? []).some((word) => keywords.includes(stem(word)))) ?? ''
  );
}

/** "We have twin boys", "the triplets": children born together, counted ("2 boys", "3 children"). */
function withMultipleBirthsCounted(said: string): string {
  return said
    .replace(/\b(?:a (?:set|pair) of )?twins\b/gi, '2 children')
    .replace(/\b(?:a set of )?triplets\b/gi, '3 children')
    .replace(/\btwin ([a-z]+s)\b/gi, '2 $1')
    .replace(/\btriplet ([a-z]+s)\b/gi, '3 $1');
}

/** A count of people asked for: drivers, guests, travelers, residents… */
const asksPeople = (keywords: string[]) =>
  keywords.some((keyword) =>
    /^(driver|people|person|guest|traveler|traveller|passenger|resident|adult|attendee|occupant|member|household|famil|host|speaker|panelist|group|party)/.test(
      keyword,
    ),
  );
const RELATIVE =
  '(?:wife|husband|son|daughter|kid|child|children|partner|spouse|mom|mother|dad|father|brother|sister|boyfriend|girlfriend|fianc[eé]e?|roommate|friend|teen|teenager|grandson|granddaughter|grandma|grandpa|boy|girl|(?:\\d+[- ])?year[- ]old)s?';
/** "The 2 of us", "book it for 4 of us", "there'll be 6 of us" (not "2 of us have paddled", a part of the group). */
function countOfUs(said: string): number | null {
  const ofUs =
    /\b(?:the|for|there(?:'s|'re| are| is| will be|'ll be)|we(?:'re| are| will be|'ll be)) (\d{1,2}) of us\b/i.exec(
      said,
    );
  if (ofUs) return Number(ofUs[1]);
  // "We're a team of 45 in customer support", "our office is 12 people": a team counted whole.
  const team =
    /\b(?:we(?:'re| are)|(?:it's|it is) (?:just )?) ?(?:a|an) (?:small |growing |little )?(?:team|staff|crew|group|office|shop|company|practice|firm) of (\d{1,4})\b|\b(?:our|my) (?:team|staff|crew|office|shop|company|practice|firm) (?:is|has) (?:about |around |roughly )?(\d{1,4}) (?:people|employees|staff|folks|agents|reps|users)\b/i.exec(
      said,
    );
  if (team) return Number(team[1] ?? team[2]);
  // "Tuxedos for five groomsmen and me", "me and 3 coworkers": the people counted, and the speaker.
  const andMe =
    /\b(\d{1,2}) (?:[a-z-]+ )?(?:[a-z-]+(?:s|men)|people|children) and me\b|\bme and (?:my |our )?(\d{1,2}) (?:[a-z-]+ )?(?:[a-z-]+(?:s|men)|people|children)\b/i.exec(
      said,
    );
  return andMe ? Number(andMe[1] ?? andMe[2]) + 1 : null;
}
/** "A dinner for my parents, about seventy five people": people counted in so many words. */
const PEOPLE_COUNTED =
  /\b(?:about |around |roughly |maybe |like |some |close to |probably )?(\d{1,4}) (?:people|guests|adults|attendees|persons|folks)\b(?! (?:per|a|each)\b)/i;
/**
 * "I'd like to book the sunset tour for 4 of us", "a sourdough class for my sister and me": a party
 * counted or listed without the field's words.
 */
function partyCountSaid(text: CallText): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    // "a dinner for my parents, about seventy five people": the people counted, over a price said "per guest".
    const counted = PEOPLE_COUNTED.exec(sentence.text)?.[1];
    const count =
      countOfUs(sentence.text) ??
      (counted ? Number(counted) : null) ??
      (/\bfor (?:me|myself|my|our)\b/i.test(sentence.text) ? peopleNamedIn(sentence.text) : null);
    if (count !== null) return { value: count, sentences: [sentence] };
  }
  return null;
}
/**
 * People listed instead of counted: "just me and my son" is 2, "me, my wife and our 2 kids" 4,
 * "just me" 1, "the 2 of us" 2 (number words are digits by now).
 */
function peopleNamedIn(said: string): number | null {
  const ofUs = countOfUs(said);
  if (ofUs !== null) return ofUs;
  if (!/\b(?:me|myself)\b/i.test(said)) return null;
  const relatives = [...said.matchAll(new RegExp(`\\b(?:my|our)\\s+(?:(\\d)\\s+)?(?:\\w+\\s+)?${RELATIVE}\\b`, 'gi'))];
  if (relatives.length === 0) return /\b(?:just|only) (?:me|myself)\b/i.test(said) ? 1 : null;
  return relatives.reduce((count, match) => count + (match[1] ? Number(match[1]) : 1), 1);
}

/** The figure a change ends at: "from 140 to 180 a month" is 180; a total beats the rate it adds up ("120 a unit, so 1440 total"). */
function moneyOf(said: string): number[] {
  const total =
    /(\$?\d[\d,.]*\s*(?:k|grand|thousand|dollars)?)\s+(?:total|in total|all in|altogether)\b|\b(?:a total of|total(?: is| of| comes to| would be)?|all in(?: it's| is)?)\s+(\$?\d[\d,.]*\s*(?:k|grand|thousand|dollars)?)/i.exec(
      said,
    );
  if (total) return amountsIn(total[1] ?? total[2]!).map((amount) => amount.value);
  const change = /\bfrom\s+\$?\d[\d,.]*\s*(?:k|dollars)?\s+to\s+(\$?\d[\d,.]*\s*(?:k|grand|thousand|dollars)?)/i.exec(
    said,
  );
  if (change) return amountsIn(change[1]!).map((amount) => amount.value);
  return amountsIn(said).map((amount) => amount.value);
}

/** "Five nights", "3 rooms", "30 days": a number before a plural noun counts things, it is no sum of money. */
/** "Our family plan covers four for eighty nine a month": a small count before "for <price>". */
/**
 * "Our quarterly plan is $1.29 a visit", "The cleaning is 1.29", "The full detail is $2.25": a visit's
 * price said in pairs ("one twenty nine") that a recognizer wrote as dollars and cents; no visit,
 * session, lesson or car detail costs a dollar,
 * and no room "1.89 a night", nor a season's lights "9.50 for the season".
 */
const SERVICE_PRICE_IN_CENTS =
  /(?<=\b(?:visit|treatment|session|lesson|service|cleaning|inspection|appointment|mowing|tune-?up|detail|detailing|wash|groom|grooming|massage|haircut)s? (?:is|costs?|runs?|will be|would be) (?:about |just |only )?)\$?([1-9])\.(\d\d)\b(?!\d|\.\d)|\$([1-9])\.(\d\d)\b(?=\s*(?:a|per|each|of|for)?\s*(?:visits?|treatments?|sessions?|lessons?|services?|cleanings?|appointments?|mowings?|details?)\b)|(?<![$\d.])\b([1-9])\.(\d\d)\b(?=\s+(?:(?:a|per|each)\s+(?:night|room)|for the (?:season|whole (?:season|job|thing)|job|project))\b)/gi;
/**
 * Things priced by the piece at a few dollars: a phone line, a software seat, a shirt, a meal, a
 * ticket. "Twenty four ninety five per line", "eleven fifty each" for a polo (2495 and 1150 once
 * their pairs are joined) are dollars and cents: none of them costs thousands. A round "fifteen
 * hundred per user" stays whole, and so does a figure said with "$" or a comma.
 */
const PIECE_GOODS = String.raw`(?:lines?|seats?|users?|licen[cs]es?|phones?|handsets?|devices?|extensions?|mailboxes?|logins?|shirts?|t-shirts?|tees?|polos?|hoodies?|hats?|caps?|mugs?|tote bags?|totes?|tickets?|plates?|meals?)`;
const PIECE_GOODS_WORD = new RegExp(`^${PIECE_GOODS}$`, 'i');
const IN_PAIRS = String.raw`(?<![$\d.,])\b([1-9]\d)(\d[1-9]|[1-9]0)\b`;
const PIECE_PRICE_IN_PAIRS = new RegExp(
  String.raw`${IN_PAIRS}(?=\s*(?:dollars\s+)?(?:a|per|each|for each)\s+${PIECE_GOODS}\b)`,
  'gi',
);
/**
 * Things that cost a few dollars apiece even said in three digits: "three fifty an envelope" is $3.50,
 * "two twenty five a cupcake" $2.25, and a recognizer's "350 and envelope" (no envelope, card or
 * cookie costs hundreds).
 */
const SMALL_PIECES = String.raw`(?:envelopes?|invitations?|cards?|labels?|stickers?|cookies?|cupcakes?|muffins?|donuts?|doughnuts?|bagels?|favou?rs?|balloons?|slices?|scoops?|macarons?)`;
const SMALL_PIECE_PRICE_IN_PAIRS = new RegExp(
  String.raw`(?<![$\d.,])\b([1-9])([1-9]0|\d[1-9])\b(?=\s*(?:dollars\s+)?(?:an?|and|per|each|for each)\s+${SMALL_PIECES}\b)`,
  'gi',
);
/** A figure said in pairs ("1150") as dollars and cents ("$11.50"). */
const pairsAsDollarsAndCents = (figure: string) => figure.replace(new RegExp(`^${IN_PAIRS}$`), '$$$1.$2');
/** A unit price as it was meant: a visit's said in cents ("1.29 a visit" is $129), a seat's in pairs ("2495 per line" is $24.95). */
const unitPricesAsMeant = (said: string) =>
  said
    .replace(
      SERVICE_PRICE_IN_CENTS,
      (...digits: string[]) => `$${digits[1] ?? digits[3] ?? digits[5]}${digits[2] ?? digits[4] ?? digits[6]}`,
    )
    .replace(PIECE_PRICE_IN_PAIRS, '$$$1.$2')
    .replace(SMALL_PIECE_PRICE_IN_PAIRS, '$$$1.$2');
/** "A forty by sixty tent", "eighteen by thirty six": a size, no sum. */
const DIMENSIONS = /\b\d+(?:\.\d+)?\s*(?:by|x)\s*\d+(?:\.\d+)?\b/gi;
const COUNT_FOR_PRICE = /\b(?:[1-9]|1[0-2])\s+(?=for\s+\$?\d{2,})/gi;
/** A figure with its measure is a size, no sum: "my 26-foot sailboat", "a 40 gallon tank". */
const MEASURED =
  /(?<![$\d.,])\b\d[\d,]*(?:\.\d+)?[- ](?:foot|feet|ft|inch|inches|meters?|metres?|miles?|yards?|acres?|pound|lbs?|gallons?)\b/gi;
const COUNTED_THINGS =
  /(?<!\$)\b\d(?:[\d,]*\d)?\s+(?!(?:dollars|bucks|grand|thousands|hundreds|millions|billions|cents|k|plus|minus|less|was|has|is|this|thus|as|yes|versus|across|bonus|sounds|works|looks|seems|means|makes|goes|comes|runs|includes|covers|takes|gets|does|says|needs|depends|stays|starts|ends|applies)\b)[a-z]+s\b/gi;

/** The description asks whether something did not happen ("asked not to be called"). */
const negativeQuestion = (field: DatasetField) => NEGATION_WORDS.test(`${field.description}`);
const NEGATION_WORDS = /\b(not|no|never|don't|do not|stop)\b/i;

/** Words that put a date in the past: "When did the storm hit?", "It happened last April". */
const PAST_TENSE = /\b(did|was|were|happened|hit|ago|had|came|started|began|occurred|bought|moved)\b/i;
/** "When is the wedding?", "when will you move?": a date asked ahead. */
const WHEN_AHEAD = /\bwhen(?:'s| is| are| will| would| do| does)\b/i;

const YEAR_SAID = /(?<![$\d.,])\b(1[89]\d\d|20\d\d)\b/g;
const A_MEASURE_AFTER =
  /^[- ]?(?:square|sq\b|sf\b|feet|foot|ft\b|miles?|acres?|pounds?|lbs?\b|gallons?|dollars|bucks|watts?|kilowatts?|kwh\b|hours?|people|units?|calories)/i;
/** A field asking for a year ("year_built"), not a count of years ("roof_age_years"). */
const asksYear = (field: DatasetField) => /(?:^|_)year(?:_|$)/.test(field.name);
/**
 * A year as said: "1978", or "in seventy eight" / "'78" (the last century's, unless no later than
 * the call's own year: "in 09" is 2009).
 */
function yearIn(said: string, recordedAt: Date): number | null {
  // "A nineteen hundred square foot colonial built in 1962": a figure with its measure is no year.
  const full = [...said.matchAll(YEAR_SAID)].filter((match) => !A_MEASURE_AFTER.test(said.slice(match.index + 4)));
  const year =
    full.find((match) => /\b(?:built|constructed|since|from|in)\s+$/i.test(said.slice(0, match.index))) ?? full[0];
  if (year) return Number(year[1]);
  const short =
    /(?:^\W*|\b(?:in|built|from|around|about)\s+)['’]?(\d\d)\b(?!\s*(?:%|percent|years?|months?|days?|minutes?|people|units?))/i.exec(
      said,
    );
  if (!short) return null;
  const twoDigits = Number(short[1]);
  return twoDigits <= recordedAt.getUTCFullYear() % 100 ? 2000 + twoDigits : 1900 + twoDigits;
}

/** A make and model with its year: "my 2017 Honda Civic". */
const VEHICLE = /\b((?:19|20)\d\d\s+[A-Z][a-zA-Z-]+(?:\s+[A-Z0-9][a-zA-Z0-9-]*){0,2})/;
const OWN_VEHICLE_NAMED =
  /\b(?:[Mm]y|[Yy]our|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+((?:[A-Z][a-z][a-zA-Z0-9-]+|BMW|GMC|VW)(?:\s+[A-Z0-9][a-zA-Z0-9-]*)?)\s+(?:is|was|needs|has|had|won't|isn't|wasn't|keeps|started|just)\b/;
const TRADE_IN = /\btrad(?:e|ing)[- ]?in\b|\btrad(?:e|ing) (?:in )?(?:my|our|the|a)\b/i;
const DAY_OR_MONTH = new RegExp(
  `^(?:${[...WEEKDAYS, ...MONTHS].map((name) => name.charAt(0).toUpperCase() + name.slice(1)).join('|')})\\b`,
);
const ASKS_SOFTWARE = /\b(?:software|platform|system|tool|app|program|crm)\b/i;
const USES_NAMED = new RegExp(
  `\\b(?:[Ww]e're|[Ww]e are|[Ee]veryone's|[Ee]veryone is|[Ee]verybody's|[Ee]verybody is|[Tt]hey're|[Tt]hey are|[Tt]he team's|[Tt]he team is|[Tt]he office is)\\s+(?:all\\s+)?(?:on|using|running)\\s+(${ORG}(?:\\s+\\d{1,4}\\b)?)`,
);
const asksCompetitor = (field: DatasetField) =>
  /\b(competitor|competition|rival|switch(?:ed|ing)? to|went with|chose)\b/i.test(fieldText(field));
/**
 * "We switched to Zendesk", "we signed with Freshdesk", "we went with Gusto", "we're moving our
 * agents over to Zendesk" (not "we're moving to Denver").
 */
const SWITCHED_TO = new RegExp(
  `\\b(?:(?:switch(?:ed|ing)?|sign(?:ed|ing)?(?: up)?|chose|decided on)\\b[^.?!]{0,40}\\b(?:to|with)|(?:go|going|went|gone) with|(?:mov(?:e|ed|ing)|go(?:ing)?|went)\\b[^.?!]{0,30}\\bover to)\\s+(?:the\\s+)?(${ORG})`,
);
const asksVehicle = (field: DatasetField) => /\b(vehicle|car|truck|van|suv|auto|model)\b/i.test(fieldText(field));

/**
 * How often, as people say it: "weekly", "every other week", "twice a month", "once a year", "three
 * nights a week", "every weeknight".
 */
const HOW_OFTEN =
  /\b(daily|weekly|bi-?weekly|fortnightly|monthly|bi-?monthly|quarterly|annually|yearly|seasonally|every (?:other|single|\d+|two|three|four|six|few) (?:days?|weeks?|months?|years?)|every (?:day|week|month|year|spring|summer|fall|autumn|winter|season)|(?:once|twice|(?:one|two|three|four|\d+) times?) (?:a|per|every) (?:day|week|month|year|season)|(?:one|two|three|four|five|six|\d) (?:days|nights|mornings|evenings|afternoons) (?:a|per|every) (?:week|month)|every (?:weekday|weeknight|night|morning|evening|afternoon)|one[- ]time)\b/i;

/** "Every week", "once a week" are said "weekly" in a field: one word for each plain period. */
const PERIOD_WORD: Record<string, string> = {
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  year: 'yearly',
};
const ONCE_EVERY = /^(?:every|once (?:a|per|every)) (day|week|month|year)$/;
const howOftenIn = (said: string) => {
  const often = HOW_OFTEN.exec(said)?.[1]?.toLowerCase();
  if (!often) return null;
  const period = ONCE_EVERY.exec(often)?.[1];
  // "3 nights a week" as normalized is written as said, "three nights a week", like "twice a week".
  return period
    ? PERIOD_WORD[period]!
    : often.replace(/^\d+(?= )/, (digits) => wordForNumber(Number(digits)) ?? digits);
};

const MONTH_NAMED =
  /\b(January|February|March|April|May(?= \d|\.|,|$)|June|July|August|September|October|November|December)\b/;

/** A place named after a direction word: "moving from Phoenix to Denver". */
const PLACE = /\b([Tt]o|[Ff]rom|[Ii]n)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})\b/g;

/** The place a city field asks for: where someone is going ("destination"), coming from ("origin"), or either. */
/** The words of a name up to a day or a month said after it ("Denver Monday", "Cedarmere Hall on September"). */
function wordsBeforeADay(name: string): string[] {
  const words = name.split(/\s+/);
  const end = words.findIndex((word) => NOT_PERSON_WORDS.test(word));
  return end < 0 ? words : words.slice(0, end);
}

function placeIn(sentence: Sentence, field: DatasetField): string | null {
  const said = fieldText(field).toLowerCase();
  const direction = /\b(destination|new|moving to|going|headed)\b/.test(said)
    ? 'to'
    : /\b(origin|from|current|old)\b/.test(said)
      ? 'from'
      : null;
  for (const match of sentence.text.matchAll(PLACE)) {
    if (direction && match[1]!.toLowerCase() !== direction) continue;
    // "to Denver Monday": the place ends before a day or a month.
    const kept = wordsBeforeADay(match[2]!);
    if (kept.length > 0) return kept.join(' ');
  }
  return null;
}

/**
 * The agent's own organization answers only a field about the business called ("the dental
 * practice", "the office"): a company, a carrier, a brand or software asked for is the customer's.
 */
const asksForTheBusinessCalled = (field: DatasetField) =>
  /\b(practice|clinic|office|branch|store|location|dealership|shop)\b/i.test(fieldText(field));

/** An answer that is a name, said first: "Progressive. It's about 165 a month.", "Dentrix, but…". */
const NAME_FIRST = new RegExp(
  `^(${ORG})\\s*(?:[.,!]|$|\\s(?=(?:it's|it is|we|we're|I|I'm|they|that's|but|so|through|via|and|for|since|mostly|currently)\\s)|\\s(?=(?:in|at|on|near|outside|off)\\s+[A-Z]))`,
);
/**
 * "What kind of film?" — "Ceramic, on all the side windows.": one word asked as a kind, capitalized
 * only where it opens a sentence, is a common word (a brand keeps its capital: "Michelin", or a
 * word written capitalized inside a sentence somewhere in the call).
 */
function capitalOnlyOpeningSentences(named: string, field: DatasetField, text: CallText): boolean {
  if (!/^[A-Z][a-z]+$/.test(named)) return false;
  const asked = fieldText(field);
  if (
    !/\b(?:type|kind|sort|style|material|finish|grade)\b/i.test(asked) ||
    /\b(?:brand|make|model|manufacturer|name)\b/i.test(asked)
  )
    return false;
  if (nlp(named).has('#ProperNoun')) return false;
  const insideASentence = new RegExp(`\\S\\s+${named}\\b`);
  return !text.sentences.some((sentence) => insideASentence.test(sentence.text));
}
/** "Italian, buffet style" names a kind, not a product: kinds are kept in lower case. */
const DEMONYM = /^(?:[A-Z][a-z]+(?:ian|ean|ese|ish|can)|French|Thai|Greek|Cajun|Creole|Southern)$/;
/**
 * "It's a Yamaha upright", "We have a Rheem water heater": for a brand or a make, the capitalized
 * name alone; the lower-case words after it say what kind of thing it is.
 */
function brandBeforeItsKind(thing: string, field: DatasetField): string | null {
  if (!/\b(?:brand|make|manufacturer|maker)\b/i.test(fieldText(field))) return null;
  return /^([A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*)\s+[a-z]/.exec(thing)?.[1] ?? null;
}
/** A yes and a preposition before the name an answer gives: "Yes, through Delta Dental", "Yeah, with Geico." */
const ANSWER_LEAD_IN =
  /^(?:(?:yes|yeah|yep|we do|i do)[,.]?\s+)?(?:through|with|from|by)\s+(?=[A-Z])|^(?:yes|yeah|yep|we do|i do|right|that's right|correct|exactly)[,.]\s+(?=[A-Z])/i;
/**
 * "It's a Carrier", "We're with State Farm", "We use Dentrix", "We just buy it at Costco": a short
 * answer naming the thing, before what it goes on to say ("It's the Baldwin from the 70s, I think").
 */
const IT_IS_A =
  /^(?:it's|it is|that's|that is|she's|he's|they're|we have|we've got|i have|i've got|we use|i use|we're with|i'm with|we are with|i am with|we're on|we are on|were on|were with|(?:we|i) (?:just |usually |mostly |always )?(?:buy|get|order) (?:(?:it|them|ours|mine|everything) )?(?:at|from|through))\s+(?:an?\s+|the\s+)?([a-z][\w&'-]*(?:\s+[a-z][\w&'-]*){0,2}?)\s*(?:[.!,]|\s+(?:now|right now|currently|these days|at the moment|and|but|from|since|that|which|i think|i believe)\b|$)/i;
// Words that open a reply and name nothing; a courtesy too ("Congratulations." after "My wedding dress needs hemming").
const NOT_A_NAME =
  /^(?:I|I'm|We|We're|We've|They're|You're|He's|She's|Yes|Yeah|No|Nope|Sure|Right|Okay|The|It|It's|My|Our|Well|Gross|About|Around|Just|Me|Honestly|Probably|Maybe|Not|Nothing|Um|Uh|Oh|So|Actually|Currently|Hmm|That|This|Those|Some|Everything|Anything|Nobody|None|Good|Great|Thanks|Hi|Hello|Let|Can|Could|What|Which|How|Why|When|Where|Who|Then|Now|Also|And|But|Because|Like|Morning|Afternoon|Evening|Hey|Sorry|Please|Thank|Welcome|Bye|Goodbye|Congratulations|Congrats|Wonderful|Lovely|Perfect|Awesome|Absolutely|Certainly|Definitely|Exactly|Fun|Nice|Cool)$/;

/**
 * "What are you using today?", "Who do you use now?": the question for a field about the current
 * one (a current provider, vendor or software), though it says none of the field's words.
 */
/** "What are you using today?", "What are the front desks using now?", "What does your team run on?" */
const WHAT_IS_USED =
  /\b(?:what|who|which)(?:'s| is)? (?:are|do|does|did) (?:you|(?:the |your )?[a-z]+(?: [a-z]+)?) (?:all )?(?:use|using|run|running|on|with)\b/i;
const asksWhatIsUsed = (field: DatasetField, question: string) =>
  fieldNameStems(field).includes('current') && WHAT_IS_USED.test(question);

/**
 * A name the customer answers the field's question with, first in their reply: "Who's your
 * insurance with?" — "State Farm."; "What are you using now?" — "Dentrix, but the reminders keep
 * failing." It names the thing itself, so it beats a description said elsewhere ("our scheduling
 * software"); the agent's own organization is not the answer (see extractField).
 */
function namedAnswerFor(field: DatasetField, text: CallText, keywords: string[]): Found | null {
  // The answer to the question that shares most of the field's words ("what payroll software",
  // not "who do you bank with now", for a current payroll software).
  const kind = stringKindOf(field);
  let best: { found: Found; asked: number } | null = null;
  for (const sentence of text.sentences) {
    if (!byCustomer(sentence)) continue;
    // The turn before asks (a recognizer may drop its question mark); the first name in the reply answers.
    const keywordsAsked = (said: (turn: Sentence) => string) =>
      new Set(precedingTurn(text, sentence).flatMap((turn) => [...keywordsSaidIn(said(turn), keywords)])).size;
    const asked =
      keywordsAsked((turn) => turn.text) ||
      (precedingTurn(text, sentence).some((said) => asksWhatIsUsed(field, said.text)) ? 1 : 0);
    // The agent's business named in a greeting ("Tuneful Piano Care, Kenelm speaking.") tells what the
    // call is about, but asks for no name: "Chinatico, …" (a recognizer's "Hi Nico") answers nothing.
    const askedBeyondOwnName =
      keywordsAsked((turn) => withoutAgentsOrganization(turn.text, text)) > 0 ||
      precedingTurn(text, sentence).some((said) => asksWhatIsUsed(field, said.text));
    if (asked === 0 || (best && best.asked >= asked)) continue;
    // "Who handles it now?" asks for an organization, not for a thing.
    if (kind === 'thing' && precedingTurn(text, sentence).some((said) => /^\W*who\b/i.test(said.text))) continue;
    // "Yes, through Delta Dental." names it after the yes; "Honestly just Excel" after the hedge.
    const said = sentence.text.trim().replace(ANSWER_LEAD_IN, '').replace(HEDGE, '');
    // "The Riverside Barn in Petaluma": the name without its article; but "The Pro Plan" for a plan
    // is the name before the field's word, which phraseIn gives ("Pro").
    const withArticle = NAME_FIRST.exec(said)?.[1];
    const named = withArticle?.replace(/^The\s+(?=[A-Z])/, '');
    const words = named?.split(/\s+/) ?? [];
    if (
      named !== withArticle &&
      fieldNameStems(field).includes(stem((words[words.length - 1] ?? '').replace(/\W+$/, '')))
    )
      continue;
    const thing = IT_IS_A.exec(said)?.[1];
    const value =
      named &&
      askedBeyondOwnName &&
      words.length <= 4 &&
      // "Yes." is a yes, whatever full stop the recognizer put after it.
      !words
        .map((word) => word.replace(/[.,!]+$/, ''))
        .some(
          (word) => NOT_A_NAME.test(word) || NOT_PERSON_WORDS.test(word) || /^(?:Today|Tomorrow|Tonight)$/.test(word),
        )
        ? kind === 'thing' && (DEMONYM.test(named) || capitalOnlyOpeningSentences(named, field, text))
          ? named.toLowerCase()
          : (cleanOrg(named) ?? named)
        : thing && !STOP_WORDS.has(thing.toLowerCase())
          ? kind === 'organization'
            ? (brandBeforeItsKind(thing, field) ?? thing.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()))
            : // "We're on Motive": a capitalized word after the lead-in is a product's name.
              /^[A-Z]/.test(thing)
              ? thing
              : thing.toLowerCase()
          : kind === 'thing'
            ? bareAnswerIn(sentence, text, keywords, field)
            : null;
    if (value) best = { found: { value, sentences: [sentence] }, asked };
  }
  return best?.found ?? null;
}

/** Whose age a field may ask: a person's or a pet's (a roof's or a furnace's is read by its words). */
const AGED_ONE =
  /^(?:student|patient|child|children|kid|son|daughter|pet|dog|cat|puppy|caller|customer|client|member|person|participant|camper|player|athlete|swimmer|rider|learner|applicant|contact|resident|senior|mother|father|parent)s?$/;
/** A field that asks someone's age in years ("student_age", "Age of the patient"), not in weeks or months. */
function asksAgeInYears(field: DatasetField): boolean {
  const words: string[] =
    fieldText(field)
      .toLowerCase()
      .match(/[a-z]+/g) ?? [];
  if (!words.includes('age') || words.some((word) => /^(?:weeks?|months?)$/.test(word))) return false;
  return words
    .filter((word) => !/^(?:age|years?|old|in|of|the|a|an|how|is|what|their|his|her|your)$/.test(word))
    .every((word) => AGED_ONE.test(word));
}
/**
 * A field asking how old a thing is, in years ("appliance_age", "Age of the roof"): its value is
 * said as an age, never a price or a count. A person's or a pet's age is read by ageSaid.
 */
function asksAgeOfAThing(field: DatasetField): boolean {
  const said = fieldText(field);
  return /\b(?:age|old)\b/i.test(said) && !/\b(?:weeks?|months?)\b/i.test(said) && !asksAgeInYears(field);
}
/**
 * "About nine years old", "a 12-year-old furnace", "we've had it 9 years": ages in years; "we put it
 * in in 2009", "it's from 2015": the years since, on the day of the call.
 */
function yearsOldIn(said: string, recordedAt: Date): number[] {
  const ages = [...said.matchAll(/\b(\d{1,3})[- ](?:years?|yrs?)(?:[- ]old)?\b/gi)].map((match) => Number(match[1]));
  const since =
    /\b(?:put (?:it |them )?in|installed|built|bought|got (?:it|them)|replaced|from|since|back in|in|a|an)\s+(?:around |about |maybe |like )?((?:19|20)\d\d)\b/i.exec(
      said,
    );
  if (since) ages.push(recordedAt.getUTCFullYear() - Number(since[1]));
  return ages.filter((age) => age > 0 && age <= 150);
}
/** Who an age is said of: a relative or a pet (with or without its name), a name, he, she, I. */
const AGE_SUBJECT = String.raw`(?:(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Tt]he) (?:little |oldest |youngest |older |younger )?(?:son|daughter|kid|child|boy|girl|nephew|niece|grandson|granddaughter|stepson|stepdaughter|mom|mother|dad|father|husband|wife|dog|cat|puppy|kitten)(?:,? [A-Z][a-z]+,?)?|(?!(?:It|This|That|There|Here|What|Which|Who|He|She|I)\b)(?<name>[A-Z][a-z]+)|[Hh]e|[Ss]he|I)`;
/** "My daughter Ruby is nine and…", "he just turned 12.", "a 7-year-old": an age in years, said as such. */
const AGE_SAID = new RegExp(
  String.raw`\b${AGE_SUBJECT}(?:'s| is|'m| am| just turned| turned| turns| will be|(?:'s| is|'ll be| will be)? turning)\s+(?:about |almost |nearly |only |just )?(?<age>\d{1,2})(?<half> and a half)?(?=\s*(?:[,.!?;]|$|and\b|but\b|so\b|years?\b|now\b|this\b|next\b))|\b(?<yearsOld>\d{1,3})(?<halfOld> and a half)?[- ](?:years?|yrs?)[- ]old\b`,
);

/** Every age said, to take out of a sentence's sums ("my son, he's nine" is no price). */
const AGES_SAID = new RegExp(AGE_SAID.source, 'g');
/** Words for one's children, counted or aged. */
const CHILDREN = String.raw`(?:kids|children|girls|boys|sons|daughters|grandkids|grandchildren|grandsons|granddaughters)`;
/**
 * "Piano lessons for my 2 girls, they're 7 and 9", "the kids are 6 and 10", "ages 5, 8 and 11":
 * children's ages listed, no sum either (the words before them stay).
 */
const CHILDREN_AGES_LISTED = new RegExp(
  String.raw`(\b(?:(?:${CHILDREN}|twins)\b[^.?!$]{0,40}?\b(?:they're|they are|are|aged?)|\bages|\baged)\s+)\d{1,2}(?:,?\s+\d{1,2})*,?\s+and\s+\d{1,2}\b(?!\s*(?:dollars|bucks|a|an|per|each)\b)`,
  'gi',
);

/** The first age in years the customer says (then the agent), for a field asking one. */
function ageSaid(text: CallText): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const match = AGE_SAID.exec(sentence.text);
    if (!match || DAY_OR_MONTH.test(match[0])) continue;
    // A bare capitalized word must be a person's name ("Ruby is nine"), not "Tuition is 30".
    if (match.groups?.name && !nlp(match.groups.name).people().found) continue;
    // "She's two and a half": a young child's age in half years.
    const age =
      Number(match.groups?.age ?? match.groups?.yearsOld) + (match.groups?.half || match.groups?.halfOld ? 0.5 : 0);
    if (age > 0 && age <= 120) return { value: age, sentences: [sentence] };
  }
  return null;
}

/** A field that counts something in a week: "walks_per_week", "sessions per week", "days a week". */
/** A count of those a service teaches or takes: "student_count", "number of kids", "campers". */
const asksLearners = (keywords: string[]) =>
  keywords.some((keyword) =>
    /^(?:student|child|kid|camper|swimmer|rider|learner|pupil|trainee|dancer|athlete)/.test(keyword),
  );
const LEARNERS_SAID = new RegExp(
  String.raw`\b(?:my|our)\s+(\d{1,2})\s+(?:[a-z]+\s+)?(?:${CHILDREN}|nephews|nieces|teens|teenagers)\b|\b(?:my|our)\s+(?:[a-z]+\s+)?(twins)\b`,
  'i',
);
/** "Piano lessons for my 2 girls", "swim lessons for our twins": the children the customer brings, counted. */
function learnersSaid(text: CallText): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    const said = LEARNERS_SAID.exec(sentence.text);
    if (said) return { value: said[1] ? Number(said[1]) : 2, sentences: [sentence] };
  }
  return null;
}
const asksPerWeek = (field: DatasetField) => /\b(?:per|a|each) week\b|\bweekly\b/i.test(fieldText(field));
/** A question about which days or how often ("Which days?", "How often?"). */
const ASKS_DAYS = /\b(?:which|what) days?\b|\bhow often\b|\bhow many (?:days|times)\b/i;
/** Days a week said as a span or a word: "Monday through Friday" is 5, "weekdays" 5, "every day" 7. */
function daysPerWeekIn(said: string): number | null {
  const span = new RegExp(
    `\\b(${WEEKDAYS.join('|')})s? (?:through|thru|to|till|until|-) (${WEEKDAYS.join('|')})\\b`,
    'i',
  ).exec(said);
  if (span) {
    const from = WEEKDAYS.indexOf(span[1]!.toLowerCase());
    const to = WEEKDAYS.indexOf(span[2]!.toLowerCase());
    return ((to - from + 7) % 7) + 1;
  }
  if (/\b(?:every )?weekdays?\b/i.test(said)) return 5;
  // "Twice a week if I can", "three times a week".
  const times = timesPer('week', said);
  if (times !== null) return times;
  if (/\b(?:every day|daily|seven days a week)\b/i.test(said)) return 7;
  return null;
}
const TIMES_SAID: Record<string, number> = {
  once: 1,
  twice: 2,
  'two times': 2,
  'three times': 3,
  'four times': 4,
  'five times': 5,
  'six times': 6,
};
/** "Twice a month", "three times a year", "4 times per week": how often in the period, or null. */
function timesPer(period: string, said: string): number | null {
  const times = new RegExp(
    `\\b(once|twice|(?:two|three|four|five|six) times|(\\d{1,2}) times) (?:a|per|each|every) ${period}\\b`,
    'i',
  ).exec(said);
  if (!times) return null;
  return times[2] ? Number(times[2]) : TIMES_SAID[times[1]!.toLowerCase()]!;
}
/** A field asking how many times in a day, a month or a year ("visits_per_month", "cleanings a year"). */
const PERIOD_OF_A_COUNT = /\b(?:per|a|each) (day|month|year)\b/i;
/** "Twice a month, and it's one sixty a month.": the count said with the field's period. */
function timesPerPeriodSaid(text: CallText, field: DatasetField): Found | null {
  const period = PERIOD_OF_A_COUNT.exec(fieldText(field))?.[1]?.toLowerCase();
  if (!period) return null;
  for (const sentence of customerThenAgent(text)) {
    const times = timesPer(period, sentence.text);
    if (times !== null) return { value: times, sentences: [sentence] };
  }
  return null;
}
/** "Which days?" — "Monday through Friday, around noon.": the days a week the customer answers with. */
function daysPerWeekSaid(text: CallText, keywords: string[]): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    const asked = precedingTurn(text, sentence).some((question) => ASKS_DAYS.test(question.text));
    if (!asked && keywordsSaidIn(sentence.text, keywords).size === 0) continue;
    const days = daysPerWeekIn(sentence.text);
    if (days) return { value: days, sentences: [sentence] };
  }
  return null;
}

/** A field asking a length in minutes ("lesson_minutes") or in days ("rental_days", not days a week). */
const fieldNameSays = (field: DatasetField, word: RegExp) => word.test(field.name.replace(/_/g, ' '));
const asksMinutes = (field: DatasetField) => fieldNameSays(field, /\bminutes?\b/i);
const asksDaysLong = (field: DatasetField) => fieldNameSays(field, /\bdays\b/i) && !asksPerWeek(field);
/**
 * An hour said as a rate or a time away ("sixty an hour", "in about an hour", "an hour ago") is no
 * length; "About an hour at the botanical garden" is one.
 */
const NOT_A_LENGTH =
  /\d\s*(?:dollars?\s+)?(?:an|a|per) hour\b|\b(?:in|within) (?:about |around )?an hour\b|\ban hour (?:ago|away|early|late|drive|from)\b/gi;
/** A length said with its unit, in minutes: "the hour" 60, "a half-hour" 30, "an hour and a half" 90, "45 minutes". */
function minutesIn(said: string): number | null {
  const clean = said.replace(NOT_A_LENGTH, ' ');
  if (/\b(?:an?|the|one) (?:full )?hour and a half\b|\b1\.5 hours?\b/i.test(clean)) return 90;
  if (/\bhalf[- ](?:an[- ])?hour\b/i.test(clean)) return 30;
  const minutes = /\b(\d{1,3})\s*(?:minutes?|mins?)\b/i.exec(clean);
  if (minutes) return Number(minutes[1]);
  const hours = /\b(\d{1,2})\s*hours?\b/i.exec(clean);
  if (hours) return Number(hours[1]) * 60;
  return /\b(?:an|the|one|a full) (?:full )?hour\b/i.test(clean) ? 60 : null;
}
/** A length said in days or weeks: "for about a week" 7, "2 weeks" 14, "10 days" 10. */
function daysIn(said: string): number | null {
  const days = /\b(\d{1,3})\s*days?\b(?!\s*(?:a|per|each) week)/i.exec(said);
  if (days) return Number(days[1]);
  const weeks = /\b(\d{1,2})\s*weeks?\b/i.exec(said);
  if (weeks) return Number(weeks[1]) * 7;
  return /\bfor (?:about |around |roughly |just |only )?(?:a|one|the) (?:full )?week\b/i.test(said) ? 7 : null;
}
/**
 * A field asking a size in a unit its name says ("boat_length_feet", "height_inches"): the figure said
 * right before that unit ("my twenty six foot sailboat"), never a price per unit ("12 dollars a foot").
 */
const MEASURE_UNITS: [asked: RegExp, said: string][] = [
  [/\bsquare (?:feet|foot|ft)\b/i, String.raw`square[- ](?:feet|foot|ft)`],
  // "a twenty four footer" is a boat (or a trailer) 24 feet long.
  [/\b(?:feet|foot|ft)\b/i, String.raw`(?:feet|foot|ft|footer)`],
  [/\binch(?:es)?\b/i, String.raw`(?:inch|inches)`],
  [/\b(?:meters?|metres?)\b/i, String.raw`(?:meters?|metres?)`],
  [/\bmiles\b/i, String.raw`miles?`],
  [/\bacre(?:s|age)?\b/i, String.raw`acres?`],
  [/\b(?:pounds|lbs)\b/i, String.raw`(?:pounds?|lbs?)`],
  [/\bgallons?\b/i, String.raw`gallons?`],
  [/\b(?:liters?|litres?)\b/i, String.raw`(?:liters?|litres?)`],
  [/\b(?:kilograms?|kg)\b/i, String.raw`(?:kilograms?|kilos?|kg)`],
  [/\btons?\b/i, String.raw`tons?`],
  // "system_size_kw": "a 7kW system", "a seven kilowatt system".
  [/\b(?:kw|kilowatts?)\b/i, String.raw`(?:kw|kilowatts?)`],
  // "boat_length", "trailer length": a length with no unit named is said in feet here.
  [/\blength\b/i, String.raw`(?:feet|foot|ft|footer)`],
  // "dog_weight": "She's about 70 pounds." (the field's word unsaid) is the weight, not a price said
  // with "dog" ("For a large dog it's 85").
  [/\bweight\b/i, String.raw`(?:pounds?|lbs?)`],
];
function unitAsked(field: DatasetField): string | null {
  return MEASURE_UNITS.find(([asked]) => fieldNameSays(field, asked))?.[1] ?? null;
}
function measureIn(unit: string): (said: string) => number | null {
  // "140 linear feet of gutter": a length's kind between the figure and its unit.
  const measured = new RegExp(
    String.raw`(?<![\d.,$])\b(\d[\d,]*(?:\.\d+)?)(?:-|\s+)?(?:(?:linear|lineal|running) )?${unit}\b`,
    'i',
  );
  // "about a quarter acre", "half an acre", "three quarters of a mile", "an acre and a half".
  const fraction = new RegExp(
    String.raw`\b(?:(?:a|one) )?(three[- ]quarters?|quarter|half|third)(?: of)?(?: an?)? ${unit}\b|\b(an?|\d+) ${unit} and a half\b`,
    'i',
  );
  const fractions: Record<string, number> = { quarter: 0.25, half: 0.5, third: 1 / 3 };
  return (said) => {
    const figure = measured.exec(said)?.[1];
    if (figure) return Number(figure.replace(/,/g, ''));
    const part = fraction.exec(said);
    if (!part) return null;
    if (part[2]) return (/^an?$/i.test(part[2]) ? 1 : Number(part[2])) + 0.5;
    const word = part[1]!.toLowerCase();
    return /^three/.test(word) ? 0.75 : Math.round(fractions[word]! * 100) / 100;
  };
}
/**
 * "Let's do the hour." for a lesson's minutes, "I need a dumpster for about a week." for rental days:
 * the length the customer says, else the agent's.
 */
function lengthSaid(text: CallText, lengthIn: (said: string) => number | null): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const length = lengthIn(sentence.text);
    if (length !== null) return { value: length, sentences: [sentence] };
  }
  return null;
}

/** A field asking a song or a tune ("requested_song", "first_dance_song"). */
/** A field asking a language ("source_language", "Language spoken at home"), and which end of a translation. */
const asksLanguage = (field: DatasetField) => /\blanguages?\b/i.test(fieldText(field));
const LANGUAGE = String.raw`(?:[A-Z][a-z]+(?:ian|ean|ese|ish)|French|Greek|Arabic|German|Dutch|Hindi|Urdu|Mandarin|Cantonese|Tagalog|Swahili|Hebrew|Farsi|Polish|Czech|Turkish|Thai|Creole|Amharic|Somali|Punjabi|Bengali|Gujarati)`;
/**
 * "I need my birth certificate translated from Portuguese": the language said after "from" for a
 * source, after "into" or "to" for a target, else the first one the customer names.
 */
function languageSaid(field: DatasetField, text: CallText): Found | null {
  const wanted = /\b(?:source|original|from)\b/i.test(fieldText(field))
    ? 'from'
    : /\b(?:target|into|destination)\b/i.test(fieldText(field))
      ? 'into|to'
      : 'from|into|to|in|speaks?|speak';
  const said = new RegExp(`\\b(?:${wanted}) (${LANGUAGE})\\b`);
  for (const sentence of customerThenAgent(text)) {
    const language = said.exec(sentence.text)?.[1];
    if (language) return { value: language, sentences: [sentence] };
  }
  return null;
}
const asksSong = (field: DatasetField) => fieldNameSays(field, /\b(?:songs?|tunes?|hymns?|tracks?)\b/i);
/** "Could you play Flowers of the Forest as well?": a title, its small words in lower case, after play or sing. */
const SONG_NAMED =
  /\b(?:play|sing|perform|learn)\s+(?:us\s+|me\s+|for us\s+)?((?:[A-Z][\w'’]*)(?:\s+(?:(?:of|the|a|an|in|on|to|and|my|your|for|from|at)\s+)*[A-Z][\w'’]*)*)/;
/** The song the customer asks for, else one the agent names after play or sing. */
function songSaid(text: CallText): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const song = SONG_NAMED.exec(sentence.text)?.[1];
    if (song && !DAY_OR_MONTH.test(song)) return { value: song, sentences: [sentence] };
  }
  return null;
}

/** A field asking a length in years ("warranty_years", "lease_years"), not an age. */
const asksYearsLong = (field: DatasetField) => fieldNameSays(field, /\byears?\b/i) && !asksAgeInYears(field);
/** "A 2-year warranty", "for 3 years": a length in years (an age or a time ago is none). */
const YEARS_LONG = /\b(\d{1,2})[- ]years?\b(?![- ]old\b| ago\b)/i;
/**
 * "Thirty nine hundred installed, with a two-year warranty": the years said beside the field's
 * other words ("warranty"); a length in years alone says nothing about which thing lasts it.
 */
function yearsSaid(text: CallText, keywords: string[]): Found | null {
  const topic = keywords.filter((keyword) => !/^years?$/.test(keyword));
  for (const sentence of customerThenAgent(text)) {
    const years = YEARS_LONG.exec(sentence.text)?.[1];
    if (years && keywordsSaidIn(sentence.text, topic).size > 0) return { value: Number(years), sentences: [sentence] };
  }
  return null;
}

/** A field asking one end of a range: "quote_max", "budget_minimum", "lowest_price". */
function rangeEndAsked(field: DatasetField): 'low' | 'high' | null {
  if (fieldNameSays(field, /\b(?:max|maximum|highest|upper)\b/i)) return 'high';
  if (fieldNameSays(field, /\b(?:min|minimum|lowest|lower)\b/i)) return 'low';
  return null;
}
const RANGE_NUMBER = String.raw`\$?(\d[\d,]*(?:\.\d+)?)\s*(k|grand|thousand|hundred)?`;
/** "Between 3 and 5000 dollars", "350 to 500", "$350-$500", "from 12 to 1500". */
const RANGE = new RegExp(
  String.raw`(?:\bbetween\s+${RANGE_NUMBER}\s*(?:dollars?\s+)?and|(?<![\d:.])${RANGE_NUMBER}\s*(?:dollars?\s+)?(?:to|-|–|through))\s*${RANGE_NUMBER}`,
  'gi',
);
/** A range of times or of lengths is no range of money. */
const NOT_MONEY_AFTER =
  /^\s*(?:[ap]\.?m\b|o'?clock|people|guests|kids|days?|weeks?|months?|years?|hours?|minutes?|feet|foot|inches|miles?|percent|%)/i;
const scaleOf = (unit: string | undefined) => (!unit ? 1 : /^(?:k|grand|thousand)$/i.test(unit) ? 1000 : 100);
/**
 * "Taking the comb out runs three fifty to five hundred": the end of a range the field asks, in a
 * sentence with the field's words first, else the first range said. The low end said short takes
 * the high end's scale ("three to five thousand" is 3000 to 5000).
 */
function rangeEndSaid(field: DatasetField, text: CallText, keywords: string[], end: 'low' | 'high'): Found | null {
  const topical = text.sentences.filter((sentence) => keywordsSaidIn(sentence.text, keywords).size > 0);
  for (const sentence of [...topical, ...text.sentences.filter((sentence) => !topical.includes(sentence))]) {
    for (const match of sentence.text.matchAll(RANGE)) {
      if (field.type === 'money' && NOT_MONEY_AFTER.test(sentence.text.slice(match.index + match[0].length))) continue;
      const [lowSaid, lowUnit] = match[1] ? [match[1], match[2]] : [match[3]!, match[4]];
      const high = Number(match[5]!.replace(/,/g, '')) * scaleOf(match[6]);
      let low = Number(lowSaid.replace(/,/g, '')) * scaleOf(lowUnit);
      // The largest scale that keeps the low end below the high one: "3 to 5000" is 3000, "12 to 1500" 1200.
      const scale = !lowUnit && low < 100 ? [1000, 100].find((each) => high >= each && low * each <= high) : undefined;
      if (scale) low *= scale;
      if (!(low < high)) continue;
      return { value: end === 'low' ? low : high, sentences: [sentence] };
    }
  }
  return null;
}

/**
 * A field asking the first side of a size said "A by B" (its width: "sign_width_feet") or the second
 * (its length, height or depth: "barn_length", "wall_height_feet"), as sizes are said width first.
 */
function dimensionAsked(field: DatasetField): 0 | 1 | null {
  if (fieldNameSays(field, /\b(?:width|wide)\b/i)) return 0;
  if (fieldNameSays(field, /\b(?:length|long|height|high|tall|depth|deep)\b/i)) return 1;
  return null;
}
/** "About 20 feet by 10", "12x14": a size said as two sides. */
const SIZE_SAID = /\b(\d+(?:\.\d+)?)\s*(?:feet|foot|ft|meters?|yards?|inches)?\s*(?:by|x|×)\s*(\d+(?:\.\d+)?)\b/i;
/** "A mural on our back wall, about twenty feet by ten": the width first, then the height. */
function dimensionSaid(text: CallText, side: 0 | 1): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const size = SIZE_SAID.exec(sentence.text);
    if (size) return { value: Number(size[side + 1]), sentences: [sentence] };
  }
  return null;
}

/**
 * "A six foot cedar privacy fence", "it's about 8 feet tall": a height said as one (a size before its
 * thing is said in the singular, "a 6 foot fence"), not another length of it ("140 feet along the back").
 */
const HEIGHT_SAID =
  /\b(\d+(?:\.\d+)?)[- ]?(?:foot|feet|ft)[- ]?(?:tall|high)\b|\ban? (\d+(?:\.\d+)?)[- ](?:foot|ft)\b(?![- ]?(?:long|wide|deep)\b)/i;
/** "Down from the second floor", "on the 3rd floor": which floor, as a number. */
const FLOOR_SAID = new RegExp(String.raw`\b(?:${ORDINAL_OR_BARE_DAY}) (?:floor|story|storey|level)\b`, 'i');
/**
 * "My son is in tenth grade", "a 7th grader", "she's in grade 4", "a junior in high school", "my
 * daughter is a junior" (not one in college): which school grade, as a number.
 */
const GRADE_SAID = new RegExp(
  String.raw`\b(?:${ORDINAL_OR_BARE_DAY})[- ]grade(?:rs?)?\b|\bgrade (\d{1,2})\b|\b(freshman|sophomore|junior|senior) (?:in|at) (?:high school|the high school)\b|\bhigh school (freshman|sophomore|junior|senior)\b|\b(?:(?:my|our|his|her|their) (?:son|daughter|kid|child|boy|girl|oldest|youngest)(?: [A-Z][a-z]+)?(?:'s| is)|(?:he|she)(?:'s| is)) an? (freshman|sophomore|junior|senior)\b(?! (?:in|at) (?:college|university|(?:[A-Z][a-z]+ )+(?:College|University|State|Tech)\b))`,
  'i',
);
const HIGH_SCHOOL_YEARS: Record<string, number> = { freshman: 9, sophomore: 10, junior: 11, senior: 12 };
/** The first sentence (the customer's first) saying an ordinal `pattern` reads: its groups are ORDINAL_OR_BARE_DAY's, then a number, then a high-school year (said three ways). */
function ordinalSaid(text: CallText, pattern: RegExp): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const said = pattern.exec(sentence.text);
    if (!said) continue;
    const year = said[4] ?? said[5] ?? said[6];
    const value = said[3]
      ? Number(said[3])
      : year
        ? HIGH_SCHOOL_YEARS[year.toLowerCase()]!
        : ordinalValue(said[1], said[2]);
    return { value, sentences: [sentence] };
  }
  return null;
}

function heightSaid(text: CallText): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const height = HEIGHT_SAID.exec(sentence.text);
    if (height) return { value: Number(height[1] ?? height[2]), sentences: [sentence] };
  }
  return null;
}

/** A count of things of any kind: "piece_count", "number of items". */
const asksPieces = (field: DatasetField) => fieldNameSays(field, /\b(?:pieces?|items?)\b/i);
const ONE_OR_MORE = String.raw`(?:a|an|one|\d{1,2})\s+(?!(?:lot|bit|few|couple|little|week|month|year|day|minute|hour)\b)[a-z-]+(?:\s+[a-z-]+)?`;
/** Things listed by the customer: "I have a sofa and two armchairs that need new fabric" is 3. */
const THINGS_LISTED = new RegExp(
  String.raw`\b(?:have|got|need|bring|bringing|there's|there are)\s+(${ONE_OR_MORE}(?:,?\s+(?:and\s+)?${ONE_OR_MORE})+)`,
  'i',
);
function thingsListedSaid(text: CallText): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    const list = THINGS_LISTED.exec(sentence.text)?.[1];
    if (!list) continue;
    const counts = [...list.matchAll(/\b(a|an|one|\d{1,2})\s+[a-z-]+/gi)].map((match) =>
      /^\d/.test(match[1]!) ? Number(match[1]) : 1,
    );
    return { value: counts.reduce((sum, count) => sum + count, 0), sentences: [sentence] };
  }
  return null;
}

/** A question that asks how many, how old, how long: its answer is a number. */
const ASKS_QUANTITY =
  /\bhow (?:many|much|old|long|big|far|often)\b|\bwhat(?:'s| is) (?:the |your |his |her |their )?(?:age|size|count|number of)\b|\bwhat size\b/i;

/**
 * "How old is he?" — "Ten weeks.": the number opening the reply to the field's own quantity question
 * beats a figure said elsewhere with the field's words ("our six week puppy class").
 */
function quantityAnswerFor(field: DatasetField, text: CallText, keywords: string[]): Found | null {
  let best: { found: Found; asked: number } | null = null;
  for (const sentence of text.sentences) {
    if (!byCustomer(sentence) || !opensItsTurn(text, sentence)) continue;
    const question = precedingTurn(text, sentence)
      .filter((said) => ASKS_QUANTITY.test(said.text))
      .pop();
    const asked = question ? keywordsSaidIn(question.text, keywords).size : 0;
    if (asked === 0 || (best && best.asked >= asked)) continue;
    // "How many windows?" — "It's a two story house. I counted 22 windows.": the count said with the
    // field's word, later in the reply, over the opening sentence's other count.
    const withTheWord =
      field.type === 'number' && countsOfTheWord(sentence.text, keywords).length === 0
        ? text.sentences
            .slice(text.sentences.indexOf(sentence) + 1)
            .filter((said) => said.turnIndex === sentence.turnIndex && byCustomer(said))
            .map((said) => ({ said, count: countsOfTheWord(said.text, keywords)[0] }))
            .find(({ count }) => count !== undefined)
        : undefined;
    if (withTheWord) {
      best = { found: { value: withTheWord.count!, sentences: [withTheWord.said] }, asked };
      continue;
    }
    // "How old is it?" — "About nine.": the reply's bare number is the age.
    const [value] = [
      ...valuesOfType(field, sentence, text, keywords),
      ...(asksAgeOfAThing(field) ? countsIn(sentence.text).filter((count) => count <= 150) : []),
    ];
    // "She's two and a half", "Two and a half acres": the half said after the figure is part of it.
    const half = typeof value === 'number' && new RegExp(`\\b${value} and a half\\b`).test(sentence.text) ? 0.5 : 0;
    if (value !== undefined)
      best = { found: { value: typeof value === 'number' ? value + half : value, sentences: [sentence] }, asked };
  }
  return best?.found ?? null;
}

const A_PERIOD = /^(?:month|monthly|year|yearly|annual|week|weekly|day|daily|hour|hourly|night|nightly|minute)s?$/i;
/**
 * "Your roof is about 22 squares" — "shingles run 500 a square, so around 11,000": for a field
 * counting a thing it names in the plural ("roof_squares", "bedrooms"), the figure said with that
 * plural is the count, over a sentence saying more of the field's other words.
 */
function countOfTheThingNamed(field: DatasetField, text: CallText): Found | null {
  const thing = /(?:^|_)([a-z]+[^s]s)$/i.exec(field.name)?.[1];
  if (!thing || A_PERIOD.test(thing) || /^(?:dollars|cents)$/i.test(thing)) return null;
  const counted = new RegExp(String.raw`(?<![\d.,$])\b(\d[\d,]*)\s+${thing}\b`, 'i');
  for (const sentence of customerThenAgent(text)) {
    const figure = counted.exec(sentence.text)?.[1];
    if (figure) return { value: Number(figure.replace(/,/g, '')), sentences: [sentence] };
  }
  return null;
}
/**
 * "… would be fourteen hundred, with a three hundred fifty dollar deposit": the figure said right
 * before the field's word ("a 350 dollar deposit") or right after it ("a deposit of 350") is its own.
 */
function amountsTiedTo(said: string, keywords: string[]): number[] {
  const tied: number[] = [];
  for (const match of said.matchAll(
    /(\$?\d[\d,.]*)(?:\s*(?:dollars?|bucks|k))?(?! for )[- ]([a-z]+)\b|\b([a-z]+) (?:of|is|was|would be|will be|comes to|runs) (?:about |around |roughly |just )?(\$?\d[\d,.]*(?:\s*(?:dollars|bucks|k|thousand|grand))?)|(\$?\d[\d,.]*)(?:\s*(?:dollars?|bucks))?\s+for (?:the |your |a |an )?([a-z]+)\b/gi,
  )) {
    // "It's 40 for the hem and 65 for the jacket": a figure "for" the field's thing is its price.
    const word = match[2] ?? match[3] ?? match[6]!;
    // "3 payments left" counts them: a sum comes before its word in the singular; "forty month" is a
    // period, not the field's thing.
    if (!keywords.includes(stem(word)) || (match[2] && /[^s]s$/i.test(word)) || A_PERIOD.test(word)) continue;
    const [amount] = amountsIn(match[1] ?? match[4] ?? match[5]!);
    if (amount) tied.push(amount.value);
  }
  return tied;
}

const PER_PERSON =
  /\b(?:per|each|a) (?:person|head|guest|attendee|participant|student|adult|child|kid|player|rider|seat)\b/i;
/** A figure said "a", "per" or "each" of one of the field's things: "85 a van", "$40 per head", "12 dollars a foot". */
function pricePerThingSaid(text: CallText, keywords: string[], perPerson: boolean): Found | null {
  for (const sentence of text.sentences) {
    for (const match of unitPricesAsMeant(sentence.text).matchAll(
      /(?<![\d.,-])(\$?\d[\d,.]*)\s+(?:(?:dollars?|bucks)\s+)?(?:a|an|per|each|for each)\s+([a-z]+)\b/gi,
    )) {
      // A price per person is said of a head, a guest or a seat as well ("thirty two a head").
      if (!keywords.includes(stem(match[2]!)) && !(perPerson && PER_PERSON.test(`a ${match[2]}`))) continue;
      const [amount] = amountsIn(match[1]!);
      if (amount) return { value: amount.value, sentences: [sentence] };
    }
  }
  // "How many shirts?" — … — "They're eleven fifty each.": a figure "each" with no word after it is
  // the price of the field's thing when that thing was named in the turns just before, and a price
  // per person's ("a class for my sister and me" — "three hours, sixty five each").
  const thing = keywords.find((keyword) => PIECE_GOODS_WORD.test(keyword));
  for (const sentence of text.sentences) {
    const each = /(?<![\d.,-])(\$?\d[\d,.]*)\s+(?:dollars\s+)?(?:each|apiece|a piece)\b(?!\s+[a-z])/i.exec(
      sentence.text,
    );
    if (!each) continue;
    const named =
      perPerson ||
      text.sentences.some(
        (said) =>
          said.turnIndex <= sentence.turnIndex &&
          said.turnIndex >= sentence.turnIndex - 3 &&
          [...keywordsSaidIn(said.text, keywords)].some((word) => !PRICE_WORDS.includes(word) && word !== 'per'),
      );
    if (!named) continue;
    const [amount] = amountsIn(thing ? pairsAsDollarsAndCents(each[1]!) : each[1]!);
    if (amount) return { value: amount.value, sentences: [sentence] };
  }
  return null;
}

const PERIOD_OF_A_PRICE = /\b(month|week|night|hour|day)(?:ly)?\b/i;
const PERIOD_ADJECTIVE: Record<string, string> = {
  month: 'monthly',
  week: 'weekly',
  night: 'nightly',
  hour: 'hourly',
  day: 'daily',
};
/**
 * "A green-to-clean is three fifty, then weekly service is forty five a visit": a weekly price is the
 * one figure of the clause that says "weekly" (or "every week"), when no figure is said "a week".
 */
function priceSaidOfAPeriod(text: CallText, period: string): Found | null {
  const periodSaid = new RegExp(`\\b(?:${PERIOD_ADJECTIVE[period.toLowerCase()]}|every ${period})\\b`, 'i');
  for (const sentence of text.sentences) {
    for (const clause of sentence.text.split(/[,;]|\b(?:then|and|but|plus)\b/i)) {
      if (!periodSaid.test(clause)) continue;
      const amounts = moneyOf(clause);
      if (amounts.length === 1) return { value: amounts[0]!, sentences: [sentence] };
    }
  }
  return null;
}

/**
 * "Half-hour lessons are thirty five, and a full hour is sixty." — "Let's do the hour.": prices said
 * for two or more options, and a reply naming words of only one of them, give that one's price; so
 * do "It's forty five a week or one sixty for the month" — "We'll take the month", and options
 * asked for ("What are the options?") — "Let's do the summer package".
 */
const OPTION_PRICED =
  /(?:\b(?:is|are|runs?|costs?|would be|will be)|'s)\s+(?:about |around |just |only )?\$?\d[\d,.]*(?: \d\d)?(?:\s*(?:dollars|bucks))?(?:\s+(?:a|an|per|each|for (?:the|a|an))\s+[a-z]+)?\s*[.!]?\s*$|^\s*\$?\d[\d,.]*(?:\s*(?:dollars|bucks))?\s+(?:a|an|per|for (?:the|a|an))\s+[a-z]+\s*[.!]?\s*$/i;
const CHOICE_ASKED =
  /\b(?:which (?:one )?(?:would|do|will|did) you|which would|would you (?:like|prefer|rather)|do you (?:want|prefer)|what would you like)\b/i;
const OPTIONS_ASKED = /\b(?:options|choices|packages|plans)\b[^.!]*\?/i;
const OPTION_TAKEN =
  /^\W*(?:(?:ok(?:ay)?|great|yes|yeah|sure|hmm|then),?\s+)?(?:let'?s (?:do|go with|take|get)|(?:we|i)(?:'ll| will| would|'d) (?:take|do|go with|get|like))\b/i;
function priceOfOptionPicked(text: CallText, keywords: string[]): Found | null {
  // "half hour lessons" is one option's word, "half-hour", not "hour".
  const tokensOf = (said: string) =>
    new Set(
      (
        said
          .toLowerCase()
          .replace(/\bhalf[- ](?:an[- ])?hour\b/g, 'half-hour')
          .match(/[a-z]+(?:-[a-z]+)*/g) ?? []
      )
        .filter((word) => !STOP_WORDS.has(word))
        .map(stem),
    );
  for (const sentence of text.sentences) {
    if (keywordsSaidIn(sentence.text, keywords).size === 0 && !asksPrice(keywords)) continue;
    // Each option priced after its verb ("… are thirty five", "… is sixty"), and the choice asked in its turn.
    const options = sentence.text
      .split(/[,;]|\band\b|\bor\b/i)
      .filter((part) => OPTION_PRICED.test(part))
      .map((part) => ({ amounts: amountsIn(part), tokens: tokensOf(part.replace(/\$?\d[\d,.]*/g, ' ')) }))
      // An option heard with its figure split ("Opening is 2 25") still counts as one; only the one
      // picked needs a single figure.
      .filter((option) => option.amounts.length >= 1);
    const reply = text.sentences.filter(
      (said) => said.turnIndex === sentence.turnIndex + 1 && isOtherSpeaker(said, sentence),
    );
    const choiceAsked =
      text.sentences.some((said) => said.turnIndex === sentence.turnIndex && CHOICE_ASKED.test(said.text)) ||
      precedingTurn(text, sentence).some((said) => isOtherSpeaker(said, sentence) && OPTIONS_ASKED.test(said.text)) ||
      OPTION_TAKEN.test(reply[0]?.text ?? '');
    if (options.length < 2 || !choiceAsked) continue;
    const replyTokens = tokensOf(reply.map((said) => said.text).join(' '));
    // A word of one option only: "hour" picks "a full hour", not "half-hour lessons".
    const picked = options.filter((option) =>
      [...option.tokens].some(
        (token) => replyTokens.has(token) && options.every((other) => other === option || !other.tokens.has(token)),
      ),
    );
    if (picked.length === 1 && picked[0]!.amounts.length === 1)
      return { value: picked[0]!.amounts[0]!.value, sentences: [sentence, ...reply] };
  }
  return null;
}

/** A when-question: "…, and when?", "When is it?", "What day?", "What date were you thinking?" */
const ASKS_WHEN = /\bwhen\b|\bwhat (?:day|date|dates|weekend|month)\b|\bwhat(?:'s| is) the (?:date|day)\b/i;
/** The first date opening the customer's reply to a when-question, and whether it asked in the field's words. */
function dateAnsweringWhen(
  field: DatasetField,
  text: CallText,
  keywords: string[],
): { found: Found; askedWithFieldWords: boolean } | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    if (!opensItsTurn(text, sentence)) continue;
    const question = precedingTurn(text, sentence).find((said) => byAgent(said) && ASKS_WHEN.test(said.text));
    if (!question) continue;
    const [value] = valuesOfType(field, sentence, text, keywords);
    // A day asked "when" is ahead of the call ("June 19, 20, 20, 7," garbled into 2020 is no answer).
    if (typeof value === 'string' && value < dayInOffset(text.facts.recordedAt, text.facts.utcOffsetMinutes)) continue;
    if (value !== undefined)
      return {
        found: { value, sentences: [question, sentence] },
        askedWithFieldWords: keywordsSaidIn(question.text, keywords).size > 0,
      };
  }
  return null;
}

/** A month said loosely: "at the end of April", "early May", "sometime in June", "mid-March". */
const LOOSE_MONTH =
  /\b(?:(?:the )?(?:end|middle|beginning|start|first half|second half|first week|last week) of|early|mid|late|sometime in|some time in|around)\b[\s-]*(?:(?:the )?(?:month of )?)(?:january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

/**
 * "We're moving at the end of April." — "What date exactly?" — "April twenty eighth.": a month said
 * loosely, then a day in that month said later, is that day (when the question before it was lost).
 */
function withTheDaySaidLater(field: DatasetField, found: Found | null, text: CallText): Found | null {
  const loose = found?.sentences[found.sentences.length - 1];
  if (!found || !loose || typeof found.value !== 'string' || !LOOSE_MONTH.test(loose.text)) return found;
  const month = found.value.slice(0, 7);
  const keywords = keywordsOf(field);
  for (const later of text.sentences.slice(text.sentences.indexOf(loose) + 1)) {
    // The day answers ("April twenty eighth.") or says what the field is about, not another event's day.
    const answers = later.text.split(/\s+/).length <= 6;
    if (LOOSE_MONTH.test(later.text) || !(answers || keywordsSaidIn(later.text, keywords).size > 0)) continue;
    const [day] = valuesOfType(field, later, text, []);
    if (typeof day === 'string' && day.startsWith(month) && day !== found.value)
      return { value: day, sentences: [...found.sentences, later] };
  }
  return found;
}

const CLOCK_TIME_WITHOUT_COLON =
  /\b(?:(?:come|be|stop|swing|drop|meet|see you)(?: (?:in|by|over|there|here))?|there|here) at (?:1[0-2]|[1-9])[0-5]\d\b(?![\d,]|\.\d)|\bat (?:1[0-2]|[1-9])[0-5]\d (?=today|tonight|tomorrow|(?:this|next) (?:morning|afternoon|evening)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)/gi;
const MODEL_YEAR = /(?<![$\d.,])\b(?:19[5-9]\d|20[0-4]\d)(?=\s+[A-Z][a-z])/g;
/** Candidate values of a field in one sentence. */
const CAPACITY_SAID = /\b(?:holds?|seats?|sleeps?|fits?|accommodates?)\s+(?:up to\s+|about\s+|around\s+)?\d+\b/gi;
const CAPACITY_ASKED = /\b(?:capacity|max(?:imum)?|holds?|seats?|sleeps?|fits?|accommodates?)\b/i;
function valuesOfType(field: DatasetField, sentence: Sentence, text: CallText, keywords: string[]): unknown[] {
  switch (field.type) {
    case 'money': {
      const said = unitPricesAsMeant(
        sentence.text
          // "picking them up at 6.30": a clock time a recognizer wrote with a dot is no sum.
          .replace(/\bat \d{1,2}[.:][0-5]\d\b(?![\d.,])/gi, ' ')
          // "Can you come in at 215 today?": a clock time written without its colon, where one is to be
          // or on a day, is no sum either.
          .replace(CLOCK_TIME_WITHOUT_COLON, ' ')
          // "a full detail on my 2019 Toyota Highlander": a model year is no sum.
          .replace(MODEL_YEAR, ' ')
          // Before the children themselves are taken out as a count ("my 2 girls, they're 7 and 9").
          .replace(CHILDREN_AGES_LISTED, '$1 ')
          .replace(COUNTED_THINGS, ' ')
          .replace(COUNT_FOR_PRICE, ' ')
          .replace(DIMENSIONS, ' ')
          .replace(MEASURED, ' ')
          .replace(AGES_SAID, ' '),
      );
      const tied = amountsTiedTo(said, keywords);
      // "18 a square foot installed, so roughly 5760": a price that is no rate is the whole.
      const whole = tied.length === 0 && wantsTheWhole(field) ? RATE_THEN_WHOLE.exec(said) : null;
      const wholeAmounts = whole ? amountsIn(whole[1]!).map((amount) => amount.value) : [];
      return wholeAmounts.concat(tied, moneyOf(partWithKeyword(said, keywords)), moneyOf(said));
    }
    case 'number': {
      if (asksYear(field)) {
        const year = yearIn(sentence.text, text.facts.recordedAt);
        return year === null ? [] : [year];
      }
      // "The service call is eighty nine": an age is said as one ("about nine years old").
      if (asksAgeOfAThing(field)) return yearsOldIn(sentence.text, text.facts.recordedAt);
      const change = countsOfAChange(sentence.text, field);
      if (change) return change;
      // An age is no count of children: "twin boys, 18 months old" is 18 months, not 2. What each
      // thing holds is no count of things ("Our rooms hold six, so two rooms"), unless that is asked.
      const counted = /\b(?:age|old)\b/i.test(fieldText(field))
        ? sentence.text
        : withMultipleBirthsCounted(sentence.text);
      const said = CAPACITY_ASKED.test(fieldText(field)) ? counted : counted.replace(CAPACITY_SAID, ' ');
      const counts = countsWithNouns(said, keywords);
      const people = asksPeople(keywords) ? peopleNamedIn(said) : null;
      // "Me, my wife and our three kids" counts five people, not three.
      return people !== null ? [people] : counts;
    }
    case 'email':
      return emailsOf(sentence, text);
    case 'phone':
      return phonesIn(sentence.text);
    case 'date': {
      // A question in the past asks a past date ("When did it happen?"); a greeting a recognizer
      // garbled into the past ("Where I bought sound," for "Rabat Sound") asks nothing, nor does a
      // "when" asked ahead beside a past word ("When is the wedding and how did?", a recognizer's "how big").
      const askedInThePast = precedingTurn(text, sentence).some(
        (said) =>
          PAST_TENSE.test(said.text) &&
          !WHEN_AHEAD.test(said.text) &&
          (/\?\s*$/.test(said.text) ||
            /^\W*(?:and\s+|so\s+)?(?:when|what|how|which|did|was|were|had)\b/i.test(said.text)),
      );
      // "On the twenty third" is the next 23rd, as for a meeting (a past date is read by the parser alone).
      const datesSaidIn = (said: string) => {
        const past = askedInThePast || PAST_TENSE.test(said);
        const resolved = past ? said : resolveDayPhrases(said, text.facts.recordedAt, text.facts.utcOffsetMinutes);
        return datesIn(resolved, text.facts, { past });
      };
      // "Saturday here, my fiancé and I are getting married next June 20th": the date in a clause
      // that says the field's words comes first, read in its own tense ("Friday, December 11th" and
      // "May 9th, 2027" stay whole).
      const tied = sentence.text
        .split(
          /;|(?<!\b(?:mon|tues|wednes|thurs|fri|satur|sun)day),(?!\s*(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))/i,
        )
        .filter((clause) => keywordsSaidIn(clause, keywords).size > 0)
        .flatMap(datesSaidIn);
      return [...new Set([...tied, ...datesSaidIn(sentence.text)])];
    }
    case 'address':
      return [addressIn(sentence.text)].filter(Boolean);
    case 'enum':
      return (field.options ?? []).filter((option) =>
        new RegExp(`\\b${escapeRegex(option).replace(/[_-]/g, '[ _-]?')}\\b`, 'i').test(sentence.text),
      );
    case 'boolean': {
      // "There's no Gary here, you've got a wrong number": the clause that says the field's words is
      // what a "no" must be in; a sentence with none of them is judged whole ("No, we rent.").
      const clauses = sentence.text
        .split(/[,;]|\bbut\b/i)
        .filter((clause) => keywordsSaidIn(clause, keywords).size > 0);
      const judged = clauses.length
        ? clauses.reduce((best, clause) =>
            keywordsSaidIn(clause, keywords).size > keywordsSaidIn(best, keywords).size ? clause : best,
          )
        : sentence.text;
      // "Whether the person asked not to be called": a negated answer is a yes to a negative question.
      return [isNegated({ ...sentence, text: judged }) === negativeQuestion(field)];
    }
    case 'string': {
      const kind = stringKindOf(field);
      const value =
        kind === 'person'
          ? personIn(sentence, text)
          : kind === 'organization'
            ? organizationIn(sentence, text, field)
            : kind === 'place'
              ? placeIn(sentence, field)
              : kind === 'month'
                ? (MONTH_NAMED.exec(sentence.text)?.[1] ?? null)
                : kind === 'frequency'
                  ? howOftenIn(sentence.text)
                  : kind === 'direction'
                    ? compassPointIn(sentence.text)
                    : // A vehicle is a year and a make (above), not a word like "auto".
                      asksVehicle(field)
                      ? null
                      : // A pet's name is a name, never "cat" or the thing wanted.
                        asksPetName(field)
                        ? petNameIn(sentence, field)
                        : (planNamed(wantedThingIn(sentence), field) ?? phraseIn(sentence, keywords, text, field));
      return value ? [value] : [];
    }
  }
}

/** A field asking where an event is held: "venue_name", "The reception venue". */
const ASKS_VENUE = /\bvenues?\b/i;
/** A field asking who decides: "decision_maker", "who signs off". */
const ASKS_DECIDER = /\b(?:decision|decides?|decider|sign(?:s|ing)? off|approves?|final say)\b/i;
/** "Our VP of sales makes the call", "my business partner has the final say": who decides, by role. */
const DECIDER_BY_ROLE = new RegExp(
  String.raw`\b(?:our|my|the) ((?:business )?(?:vp|vice president|head|director|ceo|cfo|coo|cto|owner|president|boss|manager|partner|board|founder|principal)(?: of [a-z]+(?: [a-z]+)?)?) (?:(?:makes?|has|gets|will make|will have) (?:the )?(?:call|decision|final (?:say|call|word|decision)|last word)|decides|signs off|approves|has to (?:approve|sign off))\b`,
  'i',
);
/**
 * "We're getting married at Cedarmere Hall on …", "the reception is at The Harbor Club": the name after
 * "at" where an event is held, with a kind of venue a recognizer wrote in lower case ("the Brookfield barn").
 */
const EVENT_HELD_AT =
  /\b(?:married|wedding|reception|ceremony|party|celebration|banquet|gala|fundraiser|shower|event|dinner|luncheon|brunch|reunion|retreat|(?:holding|hosting|having|hold|host|have) (?:it|the (?:party|event|reception|wedding|ceremony)))\b[^.?!]{0,25}?\bat (?:the |The )?([A-Z][\w'&-]*(?: (?:[A-Z][\w'&-]*|of|on|the))*(?: (?:barn|hall|pavilion|grange|lodge|inn|club|estate|gardens?|farm|winery|vineyard|manor|ballroom|chapel|center|centre))?)\b/;
function venueOfEvent(text: CallText): Found | null {
  for (const sentence of customerThenAgent(text)) {
    const named = EVENT_HELD_AT.exec(sentence.text)?.[1];
    // "at Cedarmere Hall on September": the name ends before a day or a month, and before a lower-case joiner left at its end.
    const kept = named
      ? wordsBeforeADay(named)
          .join(' ')
          .replace(/(?: (?:of|on|the))+$/, '')
      : '';
    if (kept && !inAgentsOrganization(kept, text)) return { value: titleCased(kept), sentences: [sentence] };
  }
  return null;
}

/** A field that asks for the person on the call: "contact_name", "The caller's full name". */
const ASKS_CUSTOMER_NAME =
  /\b(contact name|(prospect|customer|caller|client|lead|contact|borrower|patient|homeowner)(?:'s)? (?:full |first and last )?name)\b/i;

/** The customer's name as the call says it, with the sentences it was heard in. */
function customerNameFound(text: CallText): Found | null {
  const name = text.customerName;
  if (!name) return null;
  const sentences = text.sentences.filter((sentence) =>
    name.evidence.some(
      (evidence) => evidence.start === sentence.segment.start && evidence.quote === sentence.segment.text,
    ),
  );
  return { value: name.value, sentences, fromRecord: name.evidence.length === 0 };
}

/**
 * "Do you have a maintenance plan with anyone now?" — "No, we've never had one.": the reply to a
 * yes-or-no question that names the field answers it, before any other sentence with its words
 * ("I'll mail you the plan prices" says nothing about having one).
 */
const YES_NO_QUESTION = /^\W*(?:and\s+)?(?:do|does|did|are|is|have|has|will|would|can|could|were|was)\b[^?]*\?\s*$/i;
const STARTS_WITH_NO = /^\W*(?:no|nope|not|never|nah)\b/i;
/** A question whose last part asks yes or no: "How old are you, and do you smoke?" */
const YES_NO_LAST_PART =
  /(?:,\s*(?:and\s+)?|\band\s+)((?:do|does|did|are|is|have|has|will|would|can|could|were|was)\b[^?,]*\?)\s*$/i;
const SAYS_YES = /^\W*(?:yes|yeah|yep|yup|sure|of course|correct|i do|we do|i am|we are|i have|we have)\b/i;
function yesOrNoAnswering(text: CallText, fieldKeywords: string[]): Found | null {
  // A field named by its doer is asked by the deed: "smoker" by "do you smoke?", "driver" by "do you drive?".
  const keywords = [
    ...fieldKeywords,
    ...fieldKeywords.filter((word) => word.length >= 6 && word.endsWith('er')).map((word) => stem(word.slice(0, -2))),
  ];
  let best: { found: Found; shared: number } | null = null;
  for (const sentence of text.sentences) {
    if (!byCustomer(sentence)) continue;
    if (!opensItsTurn(text, sentence)) continue;
    const asked = precedingTurn(text, sentence);
    const question = asked.filter((said) => YES_NO_QUESTION.test(said.text)).pop();
    if (!question) {
      // "How old are you, and do you smoke?" — "I'm 42, and no, I never have.": the yes or no
      // answering a question's last part follows the answer to its first.
      const compound = asked.map((said) => ({ said, last: YES_NO_LAST_PART.exec(said.text)?.[1] })).pop();
      const shared = compound?.last ? keywordsSaidIn(compound.last, keywords).size : 0;
      if (!compound || shared === 0 || (best && best.shared >= shared)) continue;
      const answer = sentence.text
        .split(/,\s*(?:and\s+)?|;|\band\s+/)
        .slice(1)
        .find((part) => STARTS_WITH_NO.test(part) || SAYS_YES.test(part));
      if (answer)
        best = { found: { value: !STARTS_WITH_NO.test(answer), sentences: [compound.said, sentence] }, shared };
      continue;
    }
    const shared = keywordsSaidIn(question.text, keywords).size;
    if (shared === 0 || (best && best.shared >= shared)) continue;
    const no = STARTS_WITH_NO.test(sentence.text);
    if (!no && !isAffirmation(sentence)) continue;
    best = { found: { value: !no, sentences: [question, sentence] }, shared };
  }
  return best?.found ?? null;
}

/**
 * "Is it chlorine or saltwater?" — "Saltwater.": for a field that asks what kind of thing ("pool
 * type", "kind of roof"), the option the reply picks, when the thing itself was talked about in
 * the turns just before (the pool the customer asked about) or in the question.
 */
const EITHER_OR =
  /\b(is it|are they|do you have|would (?:it|that) be|is that|was it)?\s*(an? )?([a-z][a-z-]+(?: [a-z][a-z-]+)?),? or (?:an? |something like |maybe |perhaps )?([a-z][a-z-]+(?: [a-z][a-z-]+)?)(?: (?:with|for|in|on) (?:an? |the )?[a-z]+)?\s*[?.]\s*$/i;
const LOGISTICS_CHOICE =
  /\b(?:morning|afternoon|evening|night|today|tonight|tomorrow|weekdays?|weekends?|\w+day|am|pm|cash|card|check|credit|debit|e-?mail|text|call|phone|pick ?up|delivery|delivered|here|to go|in person|online|yes|no)\b/i;
function optionPicked(field: DatasetField, text: CallText, keywords: string[]): Found | null {
  if (!/\b(?:type|kind|sort|colou?r|style|flavou?r|finish)\b/i.test(fieldText(field))) return null;
  // "type" is never a keyword (a stop word); "kind" and "sort" may be.
  const thing = keywords.filter((keyword) => keyword !== 'kind' && keyword !== 'sort');
  for (const sentence of text.sentences) {
    if (!byCustomer(sentence) || !opensItsTurn(text, sentence)) continue;
    const question = precedingTurn(text, sentence).filter(byAgent).pop();
    const options = question && EITHER_OR.exec(question.text);
    if (!question || !options) continue;
    // "Navy, to match the bridesmaids.": the option is the reply's first clause.
    // "An inboard diesel.": the option with its article.
    const reply = sentence.text
      .replace(/^\W*(?:oh,?\s+)?(?:(?:it's|it is|they're|we have|we've got|ours is)\s+)?(?:an? )?/i, '')
      .split(/[,;]/)[0]!
      .replace(/[.!]+$/, '')
      .trim()
      .toLowerCase();
    // "salt water" offered, "Saltwater." answered: the same word however a recognizer spaced it.
    // "Navy to match the bridesmaids." (its comma lost): the option, then why.
    const chosen = reply.replace(/\s+(?:to|because|since|so|for|please)\b.*$/, '');
    const picked = [options[3]!, options[4]!].some(
      (option) => option.toLowerCase().replace(/[\s-]+/g, '') === chosen.replace(/[\s-]+/g, ''),
    );
    if (!picked) continue;
    const nearby = text.sentences.filter(
      (other) => other.turnIndex <= question.turnIndex && question.turnIndex - other.turnIndex <= 3,
    );
    // "Is it a heat pump or a gas furnace?" asks what the thing is, though it says none of the
    // field's words (a system type); a bare "X or Y?" must be about the field's thing, unless the call
    // never names that thing ("Inboard diesel, or an outboard?" for an engine type) and the choice is no
    // slot, way to pay or way to reach ("Morning or afternoon?").
    const asksWhatItIs = Boolean(options[1] && options[2]);
    const thingNamed = (said: Sentence) => keywordsSaidIn(said.text, thing).size > 0;
    const unnamedKind = !text.sentences.some(thingNamed) && !LOGISTICS_CHOICE.test(`${options[3]} ${options[4]}`);
    if (!asksWhatItIs && !nearby.some(thingNamed) && !unnamedKind) continue;
    // The customer's own word ("Saltwater." for "salt water").
    return { value: chosen, sentences: [question, sentence] };
  }
  return null;
}

/** Asking not to be called again, as people say it: "take us off your list", "lose my number". */
const OPT_OUT =
  /\b(take (?:me|us|my number|this number|our number) off (?:your|the|our) (?:\w+ )?list|(?:remove|delete) (?:me|us|my number|our number) from|(?:stop|quit) (?:calling|contacting|texting)|(?:don't|do not|never) (?:call|contact|text) (?:me|us|here|this number)|lose (?:my|this|our) number|put (?:me|us) on (?:your|the) do[- ]not[- ]call)/i;
/** A yes/no field asking whether the person asked not to be called or contacted. */
const asksOptOut = (field: DatasetField) =>
  field.type === 'boolean' &&
  negativeQuestion(field) &&
  /\b(call|called|contact|contacted|text|texted)\b/i.test(fieldText(field));

/**
 * Whether someone is new, as people say it: "I've never been to your office before", "first time
 * calling" are yes; "I've been coming for years", "I'm already a patient" are no.
 */
const NEW_TO_US =
  /\b(?:never been (?:to|in|here|there)|(?:haven't|have not|hadn't) been (?:to|in|here)\b[^.?!]*\bbefore|first (?:time|visit)|new (?:patient|customer|client|member))\b/i;
const NOT_NEW_TO_US =
  /\b(?:been (?:coming|going|a (?:patient|customer|client|member)) (?:here |there )?(?:for|since)|(?:already|existing|current) (?:a )?(?:patient|customer|client|member)|i'?m (?:a|an) (?:existing|current|returning) )/i;
const asksWhetherNew = (field: DatasetField) =>
  field.type === 'boolean' && /\b(new|first[- ]time)\b/i.test(fieldText(field));

const PRICE_WORDS = ['price', 'quote', 'cost', 'rate', 'fee', 'estimate', 'charge'].map(stem);
const asksPrice = (keywords: string[]) => PRICE_WORDS.some((word) => keywords.includes(word));
/**
 * "Three rooms and a hall is one fifty nine.", "it's eleven fifty for the bumper and paint": the
 * agent states a price with no price word, the figure after "is", "comes to", "will be" (or the sum
 * after "so": "twenty two a person, so about thirteen twenty before tax") that ends the sentence or
 * its clause ("is $45 and it takes three days") or is followed by what it is for or how it comes
 * ("That's six forty delivered and picked up") (not a zip, a number, a year, a size).
 */
const PRICE_STATED =
  /\b(?:is|are|so|comes? to|will be|would be|runs?|that'll be|it'll be|that's|it's|start(?:s|ing)? at|(?:do|take|haul|handle|fix|clean|install|replace|pump|tow|move) (?:it|that|them|both|all (?:two|three|four|five|six|\d|of (?:it|them))|everything|the whole (?:thing|lot)) for)\s+(?:about |around |just |only |roughly )?(\$?\d[\d,.]*(?:-[1-9]00)?(?:\s*(?:dollars|bucks))?)\s*(?:[.!]|$|,\s|\s+and\s+(?=(?:it|it's|that|that's|they|we|you|I)\b)|,?\s*(?:plus|with|total|in total|in all|all in|all told|altogether|flat|installed|delivered|shipped|set up|out the door|before tax(?:es)?|including\b|for (?:the|a|an|your|both|each|all|that|this|those|these|everything)\b))/i;
const NOT_A_PRICE =
  /\b(?:zip|code|number|phone|address|account|year|age|old|miles?|mileage|feet|square|size|time|hours?|minutes?|days?|weeks?|months?|score|count)\b/i;
/**
 * A question a recognizer ran onto a statement: "5000 comes to 840, do you have the artwork ready?",
 * also with no comma after a figure ("run 340 can you drop it off Wednesday?").
 */
const TRAILING_QUESTION =
  /(?:,\s*|(?<=\d)\s+)(?:do|does|did|are|is|can|could|would|will|have|has|should|shall)\b[^,.!?]*\?\s*$/i;

/** A price that is no rate: not "per" or "each" a thing, nor "price_per_square_foot". */
const wantsTheWhole = (field: DatasetField) =>
  !/\bper\b|\beach\b|\b(?:hourly|nightly|daily|weekly|monthly)\b/i.test(fieldText(field));
const RATE_THEN_WHOLE =
  /\b\d[\d,.]*\s+(?:dollars\s+)?(?:(?:a|an|per|each)\s+)?[a-z]+(?:\s+[a-z]+)?\b[^.?!]{0,30}?,?\s+(?:so|which (?:puts|brings|gets) (?:you|it|that|us|the total) (?:at|to))\s+(?:that's\s+|it's\s+|about\s+|roughly\s+|around\s+|call it\s+){0,2}(\$?\d[\d,.]*(?:\s*(?:k|thousand|dollars))?)/i;
function priceStatedByAgent(text: CallText, whole: boolean): Found | null {
  for (const sentence of text.sentences.filter(byAgent)) {
    const said = unitPricesAsMeant(sentence.text.replace(TRAILING_QUESTION, '.'));
    if (/\?\s*$/.test(said)) continue;
    // "Pavers run about 18 a square foot installed, so roughly 5760": the whole the rate comes to,
    // for a price that is no rate (also with the "a" a recognizer lost: "about 500 square, so 11,000").
    const rateThenWhole = whole ? RATE_THEN_WHOLE.exec(said) : null;
    const [wholeAmount] = rateThenWhole ? amountsIn(rateThenWhole[1]!) : [];
    if (wholeAmount) return { value: wholeAmount.value, sentences: [sentence] };
    const stated = PRICE_STATED.exec(said);
    // What the figure is of: the words just before the verb ("And the zip is 55401").
    const subject = said
      .slice(0, stated?.index ?? 0)
      .trim()
      .split(/\s+/)
      .slice(-2)
      .join(' ');
    // "An opening for that size is two forty five": what the price is for, not a size stated.
    const forWhat = /\bfor (?:that|this|the|your|a|an) \w+,?$/i.test(said.slice(0, stated?.index ?? 0).trim());
    // "Five hours is 1650", "Two nights would be 380", "Full day coverage is 3200": a span of the
    // service priced, no time stated.
    const spanPriced =
      /^(?:\d{1,3}|an?) (?:hours?|nights?|days?|weeks?|months?|minutes?|sessions?|lessons?)$/i.test(subject) ||
      /\b(?:full|half|whole|all)[- ](?:day|night|week|month)\b[^.?!,]*$/i.test(said.slice(0, stated?.index ?? 0));
    // "Sizing down one size is forty five dollars": a figure said in dollars is a price, whatever it follows.
    const inDollars = stated !== null && /\$|\b(?:dollars|bucks)\b/i.test(stated[1]!);
    if (!stated || (NOT_A_PRICE.test(subject) && !forWhat && !inDollars && !spanPriced)) continue;
    const [amount] = amountsIn(stated[1]!);
    if (amount && amount.value >= 10) return { value: amount.value, sentences: [sentence] };
  }
  return null;
}

function extractField(field: DatasetField, text: CallText): Found | null {
  if (field.type === 'string' && ASKS_CUSTOMER_NAME.test(fieldText(field))) return customerNameFound(text);
  // A vehicle is recognized by its form, a year and a make, wherever the customer names it.
  // A trade-in field takes the vehicle said with "trade"; any other vehicle field the one not traded in.
  if (field.type === 'string' && asksVehicle(field)) {
    const tradeIn = /\btrad(?:e|ing)\b/i.test(fieldText(field));
    for (const sentence of customerThenAgent(text)) {
      // "Are you trading anything in?" — "Yes, my 2014 Honda Accord.": the answer names the trade-in.
      const answersTradeIn =
        opensItsTurn(text, sentence) &&
        precedingTurn(text, sentence).some((question) => /\btrad(?:e|ing)\b/i.test(question.text));
      for (const clause of sentence.text.split(/,|;|\band\b|\bbut\b/)) {
        const vehicle = VEHICLE.exec(clause)?.[1];
        if (vehicle && (TRADE_IN.test(clause) || answersTradeIn) === tradeIn)
          return { value: vehicle, sentences: [sentence] };
      }
    }
    // "Your Civic is ready", "my Volvo won't start": a car named with no year, by whose it is and its state.
    if (!tradeIn)
      for (const sentence of text.sentences) {
        const named = OWN_VEHICLE_NAMED.exec(sentence.text)?.[1];
        if (named && !NOT_A_NAME.test(named) && !DAY_OR_MONTH.test(named) && !namesAnOrganization(named))
          return { value: named, sentences: [sentence] };
      }
  }
  // "We're moving our twelve agents over to Zendesk next month": the one they leave for.
  if (field.type === 'string' && asksCompetitor(field)) {
    for (const sentence of text.sentences.filter(byCustomer)) {
      const named = SWITCHED_TO.exec(sentence.text)?.[1];
      const cleaned = named ? cleanOrg(named) : null;
      if (cleaned && !agentOrganizationsOf(text).has(cleaned)) return { value: cleaned, sentences: [sentence] };
    }
  }
  if (asksWhetherNew(field)) {
    for (const sentence of text.sentences.filter(byCustomer)) {
      if (NOT_NEW_TO_US.test(sentence.text)) return { value: false, sentences: [sentence] };
      if (NEW_TO_US.test(sentence.text)) return { value: true, sentences: [sentence] };
    }
  }
  const keywords = keywordsOf(field);
  // A field that asks a negative ("asked not to be called") is read from how people say it, below.
  if (field.type === 'boolean' && !negativeQuestion(field)) {
    const answer = yesOrNoAnswering(text, keywords);
    if (answer) return answer;
  }
  if (asksOptOut(field)) {
    const optOut = text.sentences.find((sentence) => byCustomer(sentence) && OPT_OUT.test(sentence.text));
    if (optOut) return { value: true, sentences: [optOut] };
  }
  if (field.type === 'string' && asksLanguage(field)) {
    const language = languageSaid(field, text);
    if (language) return language;
  }
  if (field.type === 'string' && ASKS_A_MATERIAL.test(field.name)) {
    const material = materialSaid(text, keywords);
    if (material) return material;
  }
  if (field.type === 'string' && asksSong(field)) {
    const song = songSaid(text);
    if (song) return song;
  }
  // The option picked from "X or Y?" for a kind of thing.
  if (field.type === 'string') {
    const picked = optionPicked(field, text, keywords);
    if (picked) return picked;
  }
  // A name given as the answer to the field's own question is the value.
  if (field.type === 'string' && ['organization', 'thing'].includes(stringKindOf(field))) {
    const named = namedAnswerFor(field, text, keywords);
    if (named && (asksForTheBusinessCalled(field) || !agentOrganizationsOf(text).has(named.value as string)))
      return named;
  }
  // "Thirty five laptops, everyone's on Microsoft 365": the software the customer's people are on.
  if (field.type === 'string' && ASKS_SOFTWARE.test(fieldText(field))) {
    for (const sentence of text.sentences.filter(byCustomer)) {
      const named = USES_NAMED.exec(sentence.text)?.[1];
      // "We're on Tuesday's schedule" names a day, not a product.
      const cleaned = named && !DAY_OR_MONTH.test(named) ? (cleanOrg(named) ?? named) : null;
      if (cleaned && !inAgentsOrganization(cleaned, text)) return { value: cleaned, sentences: [sentence] };
    }
  }
  if (field.type === 'money') {
    const picked = priceOfOptionPicked(text, keywords);
    if (picked) return picked;
  }
  // "Full details are eighty five a van": a price per thing is the figure said "a"/"per" that thing;
  // a monthly price is the one said "a month" ("175 for the first treatment, then 45 a month").
  if (
    field.type === 'money' &&
    /\bper\b|\beach\b|\b(?:monthly|weekly|nightly|hourly|daily)\b/i.test(fieldText(field))
  ) {
    const perThing = pricePerThingSaid(text, keywords, PER_PERSON.test(fieldText(field)));
    if (perThing) return perThing;
    const period = PERIOD_OF_A_PRICE.exec(fieldText(field))?.[1];
    const perPeriod = period ? priceSaidOfAPeriod(text, period) : null;
    if (perPeriod) return perPeriod;
  }
  // "How many people are you bringing, and when?" — "Forty five people, March eighteenth": the date
  // answering a when-question, when no sentence says the field's words with a date; and first when
  // the question says them ("What's the date, and how many guests?" — "June thirteenth", over a
  // month said in passing: "My son graduates in June").
  if (field.type === 'date') {
    const answered = dateAnsweringWhen(field, text, keywords);
    const namedElsewhere = text.sentences.some(
      (sentence) =>
        keywordsSaidIn(sentence.text, keywords).size > 0 && valuesOfType(field, sentence, text, keywords).length > 0,
    );
    if (answered && (answered.askedWithFieldWords || !namedElsewhere)) return answered.found;
  }
  if (field.type === 'number' || field.type === 'money') {
    const end = rangeEndAsked(field);
    const range = end ? rangeEndSaid(field, text, keywords, end) : null;
    if (range) return range;
  }
  if (field.type === 'number') {
    const side = dimensionAsked(field);
    const unit = unitAsked(field);
    const answered =
      (side !== null ? dimensionSaid(text, side) : null) ??
      (fieldNameSays(field, /\b(?:height|high|tall)\b/i) ? heightSaid(text) : null) ??
      (fieldNameSays(field, /\b(?:floor|story|storey)\b/i) && !fieldNameSays(field, /\b(?:count|number of)\b/i)
        ? ordinalSaid(text, FLOOR_SAID)
        : null) ??
      (fieldNameSays(field, /\bgrade\b/i) ? ordinalSaid(text, GRADE_SAID) : null) ??
      (asksYearsLong(field) ? yearsSaid(text, keywords) : null) ??
      quantityAnswerFor(field, text, keywords) ??
      (asksAgeInYears(field) ? ageSaid(text) : null) ??
      (asksPerWeek(field) ? daysPerWeekSaid(text, keywords) : null) ??
      timesPerPeriodSaid(text, field) ??
      (asksLearners(keywords) ? learnersSaid(text) : null) ??
      (asksPeople(keywords) ? partyCountSaid(text) : null) ??
      (asksMinutes(field) ? lengthSaid(text, minutesIn) : null) ??
      (unit ? lengthSaid(text, measureIn(unit)) : null) ??
      (asksDaysLong(field) ? lengthSaid(text, daysIn) : null) ??
      (asksPieces(field) ? thingsListedSaid(text) : null) ??
      countOfTheThingNamed(field, text);
    if (answered) return answered;
  }
  // "We're getting married at Cedarmere Hall": a venue named where the event is said, when no
  // sentence speaks of the venue itself.
  if (field.type === 'string' && ASKS_VENUE.test(fieldText(field))) {
    const held = text.sentences.some((sentence) => ASKS_VENUE.test(sentence.text)) ? null : venueOfEvent(text);
    if (held) return held;
  }
  // Values anyone can recognise by their form need no topic words; the rest need the topic.
  const selfEvident = field.type === 'email' || field.type === 'phone' || field.type === 'address';
  // "Our cockapoo, Maple" — "For a poodle mix that size…": an owner names their animal's breed; the
  // agent's words for it are looser.
  const ownersWordFirst = ASKS_A_BREED.test(field.name) && /\b(?:dog|pet|breed)\b/i.test(fieldText(field));
  const ranked = text.sentences
    // A question asks for a value more often than it gives one ("Which plan are you on now?").
    .map((sentence) => ({
      sentence,
      score: relevance(sentence, keywords, text) - (/\?\s*$/.test(sentence.text) ? 1 : 0),
    }))
    .filter(({ score }) => selfEvident || score > 0)
    // Most relevant first; the customer's words before the agent's; then in call order.
    .sort(
      (a, b) =>
        (ownersWordFirst ? Number(byAgent(a.sentence)) - Number(byAgent(b.sentence)) : 0) ||
        b.score - a.score ||
        Number(byAgent(a.sentence)) - Number(byAgent(b.sentence)) ||
        a.sentence.segment.start - b.sentence.segment.start,
    );
  for (const { sentence } of ranked) {
    if (field.type === 'email' && text.facts.agentEmail) {
      const [email] = emailsOf(sentence, text).filter(
        (candidate) => candidate !== text.facts.agentEmail?.toLowerCase(),
      );
      if (email) return { value: email, sentences: [sentence] };
      continue;
    }
    const [value] = valuesOfType(field, sentence, text, keywords);
    // "Shield pest solutions, Luis here": the agent's own company names no pest, product or kind.
    if (typeof value === 'string' && !asksForTheBusinessCalled(field) && inAgentsOrganization(value, text)) continue;
    if (value !== undefined) return { value, sentences: [sentence] };
  }
  if (field.type === 'money' && asksPrice(keywords)) {
    const stated = priceStatedByAgent(text, wantsTheWhole(field));
    if (stated) return stated;
  }
  if (field.type === 'phone' && text.facts.contactPhone)
    return { value: text.facts.contactPhone, sentences: [], fromRecord: true };
  // Names and wanted things often come without the field's words: the customer's first, then the agent's.
  if (field.type === 'string') {
    const kind = stringKindOf(field);
    for (const sentence of customerThenAgent(text)) {
      const value =
        kind === 'person'
          ? personIn(sentence, text)
          : kind === 'organization'
            ? organizationIn(sentence, text, field)
            : kind === 'place'
              ? placeIn(sentence, field)
              : kind === 'frequency'
                ? howOftenIn(sentence.text)
                : kind === 'direction'
                  ? compassPointIn(sentence.text)
                  : (petNameIn(sentence, field) ?? planNamed(wantedThingIn(sentence), field));
      if (value) return { value, sentences: [sentence] };
    }
  }
  // "Who would sign off on this?" — "Our VP of sales makes the call": no name, the role decides.
  if (field.type === 'string' && ASKS_DECIDER.test(fieldText(field))) {
    for (const sentence of text.sentences.filter(byCustomer)) {
      const decider = DECIDER_BY_ROLE.exec(sentence.text);
      if (decider) return { value: decider[1]!, sentences: [sentence] };
    }
  }
  return null;
}
