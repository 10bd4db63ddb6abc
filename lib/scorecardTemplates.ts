import type { ScorecardCriterionDefinition, Speaker } from './documents';
import { escapeRegex } from './regex';

export interface ScorecardCriterion {
  id: string;
  label: string;
  description: string;
  weight: number;
  /** `pass_fail`: every pattern must be matched. `scale`: one point per pattern matched, up to `maxScore`. */
  type: 'pass_fail' | 'scale';
  maxScore?: number;
  /** Who must say it; `unknown` speakers (mono recordings) can satisfy any criterion. */
  speaker: Speaker | 'any';
  /** Each pattern must be matched by some segment (the same or different ones). */
  patterns: RegExp[];
  /** Only segments starting within this many seconds count (e.g. a greeting is at the start). */
  withinSeconds?: number;
  /** How many distinct matching segments are needed (e.g. several discovery questions). */
  minMatches?: number;
  /** A sentence matching this does not count ("If we decide to go ahead, I'll call you" agrees to nothing). */
  exclude?: RegExp;
  /** Only what is said after the last sentence matching this counts ("No thanks, take us off your list" undoes the demo offered before). */
  undoneBy?: RegExp;
  /**
   * An agreement between the two parties: it cannot pass on a call where only one of them is heard
   * (a voicemail), whatever that one says. Speakers a mono recording leaves `unknown` do not tell.
   */
  bothPartiesHeard?: boolean;
}

export interface ScorecardTemplate {
  id: string;
  name: string;
  criteria: ScorecardCriterion[];
}

const WEEKDAYS = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';

/**
 * A recognizer's "speaking" after the agent's name: "glare-speeching", "non-expeaching", "a-oif-speaking",
 * "Jericho Speeding." ending the opening, and the name run into it ("Tree Service, Lucaspeaking.",
 * "Movers, talkerspeeding,").
 */
const RECOGNIZED_SPEAKING = String.raw`\b[a-z]+[-\s](?:s|ex)pe[ea]ching\b|\b[a-z]+-speaking\b|\b(?!mis)[a-z]{2,}speaking\b|\b[a-z]{3,}speeding[.,!]?\s*$|\b(?!(?:was|were|is|are|am|be|been|being|not|i|you|he|she|they|we|it|car|caught|ticket|for|of|no)\b)[a-z]+,?\s+speeding[.!]?\s*$`;
/** Words a business's name ends with that say its trade ("Saltgrass Draw Home Loans", "Krka Pest Control"). */
const TRADE_WORDS = String.raw`(?:lending|mortgage|home loans|loans|bank|credit union|savings|insurance|realty|dental|clinic|plumbing|roofing|heating|catering|studio|pest control|movers|moving|solar|landscaping|cleaning|salon|auto|motors)`;
/** "Istria Mortgage, Davor Blazevic.": the business by its trade, then the agent's full name. */
const COMPANY_BY_TRADE_COMMA_FULL_NAME = String.raw`^(?:[a-z&'.-]+\s+){1,3}${TRADE_WORDS},\s*(?!(?:thanks|thank|how|what|can|may|good|this|it's|hi|hello)\b)[a-z'-]+\s+[a-z'-]+[.!]?$`;
/** An opening that is only "<Company>, <name>." ("Summit Federal, Gavin."): it greets and says who speaks. */
const COMPANY_COMMA_NAME = String.raw`^(?!(?:ok(?:ay)?|sure|yes|yeah|yep|no|well|alright|all right|so|hi|hello|hey|um|uh|right|great|perfect|got|sounds|that|thanks?|thank you|good|sorry|excuse me|one moment|and|but|i|we|you|it|let|just|oh)\b)(?:[a-z&'.-]+\s+){1,3}[a-z&'.-]+,\s*(?!(?:thanks|too|then|now|sure|please|though|right|again|today|okay|ok|yes|no|sir|ma'am|everyone)\b)[a-z]+[.!]?$|${COMPANY_BY_TRADE_COMMA_FULL_NAME}`;

/** The default template for sales and lending calls. */
export const DEFAULT_SCORECARD_TEMPLATE: ScorecardTemplate = {
  id: 'default_sales_lending',
  name: 'Sales and lending calls',
  criteria: [
    {
      id: 'greeting_and_identification',
      label: 'Greeting and identification',
      description: 'The agent greets the customer and says who they are or whom they represent, early in the call.',
      weight: 1,
      type: 'pass_fail',
      speaker: 'agent',
      withinSeconds: 60,
      patterns: [
        // A greeting, or an opening that answers with the company ("Pacific Crest Mortgage, Daniel speaking",
        // "Summit Federal, Gavin."), which a recognizer may write with a full stop or a question mark
        // ("Can you smile dental? This is Sophia."), a misheard name ("Marta's speaking") or no comma.
        new RegExp(
          String.raw`^\W*(?:morning|afternoon|evening)\b(?!\s+(?:works|is|would|will|sounds|could|then|slots?|appointments?|shift|tomorrow|today)\b)|\b(hi|hello|hey|good (morning|afternoon|evening)|thank(s| you) for (calling|holding|your)|welcome to|aloha|how (?:can|may) (?:i|we) (?:help|assist))\b|\b(?!(?:i|am|you|are|we|is)\b)[a-z]+(?:'s| is)? (?:speaking|peaking|peeking)\b(?! (?:with|to)\b)|^[^.?!]{3,60}\b(?!(?:over|right|in|out|up|down|back|still|not|be|is|are|am|was|were|been|it|all|everyone|everybody|nobody|someone|we|i|you|they|he|she|from|get|come|stay|live|work)\b)[a-z]+ here[.!]|^(?:[^.?!]{1,80}[,.?]\s*){1,3}(?:(?:this is|it's)\s|(?:[A-Z][a-z]+(?:'s)?\s+){1,2}(?:speaking|here)\b|you(?:'re| are) speaking with\b|you(?:'ve| have) got\s)` +
            // "Typal, Tasha Greene from Ledgerly", "Taito Masi, Lupinola from…": a greeting a recognizer fused with the customer's name.
            String.raw`|^(?!(?:ok(?:ay)?|sure|yes|yeah|yep|no|nope|well|so|and|but|right|great|perfect|thanks?|alright|sorry|oh|um|uh)\b)[a-z]+(?:\s+[a-z]+)?,\s+(?!(?:no|not|it|that|this|the|a|an|i|we|you|they|let|let's|just|one|all)\b)[a-z]+(?:\s+[a-z]+)?\s+(?:from|with)\s+(?!(?:the|a|an|that|this|it|you|me|us|my|your|our)\b)[a-z]+` +
            `|${RECOGNIZED_SPEAKING}|${COMPANY_COMMA_NAME}`,
          'i',
        ),
        // Who is speaking or whom they represent, by name: not "I'm calling about roof inspections".
        // "Rekovic Hone Lones, Chris Jen speaking calls are recorded.": a disclosure run on after the name.
        // Recognized text may come in lower case: a name is any word that is not the start of an errand.
        // "Glide path mobile wash emeryx peaking": the name took the "s" of "speaking".
        // "Good afternoon, Summitvale Private Bank, Cosima Ravenscroft.": a greeting, the company, a name.
        new RegExp(
          String.raw`\b(?:this is|my name is|my name's|you(?:'re| are) speaking with|you(?:'ve| have) got)\s+(?!(?:about|calling|regarding|just|a|an|the|your|to|in|not|going|so|with|from|for)\b)[a-z]+|\b(?:it'?s|i'm|i am)\s+[a-z]+(?:\s+[a-z]+){0,3}\s+(?:from|with|at)\s+[a-z]+|^[^.?!,]{2,60},\s*[a-z]+(?:\s+[a-z]+)?\s+speaking\?|^(?!(?:ok(?:ay)?|sure|yes|yeah|well|alright|all right|so|hi|hello|hey|um|uh|right|great|thanks?|thank you|good (?:morning|afternoon|evening)|sorry|excuse me|one moment)\b)(?:[a-z&'.-]+\s+){1,5}[a-z&'.-]+,\s*(?:[^,.?!]{1,30}[,.]\s*)?(?:this (?:call|line)|(?:all )?calls|how (?:can|may) (?:i|we) help)|\b[a-z]+(?:\s+[a-z]+)?(?:,?\s+(?:speaking|here)|(?:'s| is) (?:peaking|peeking))(?:[.,!]|\s+(?:how|what|can|may|happy|thanks?|calls? (?:are|is|may|will)|this (?:call|line))\b|$)|\b(?!(?:i|am|you|are|we|is|was|were|be|been|it|they|prices?|rates?|sales)\b)[a-z]+,?\s+(?:peaking|peeking)(?:[.,!?]|$)|^(?:good (?:morning|afternoon|evening)|hi|hello),\s*(?:[a-z&'.-]+\s+){0,4}[a-z&'.-]+,\s*(?!(?:thank|thanks|sure|okay|ok|yes|no|sounds|great|perfect|right|please)\b)[a-z'-]+(?:\s+[a-z'-]+)?[.!]?$|(?:^|[,.!?]\s*)[a-z]+(?:\s+[a-z]+){0,2}\s+(?:with|from)\s+(?!(?:you|him|her|them|us|me|my|your|our|the|a|an|it|that|this)\b)[a-z]+|\b(?:calling (?:from|on behalf of)|thank(?:s| you) for calling|welcome to)\s+[a-z]+|\bthis is [\w'-]+ (?:with|from) (?!(?:you|him|her|them|us|me|my|your|our|the|a|an|it|that|this)\b)[a-z]+` +
            // "Hi Bertram, it's Marigold Fanshawe, following up…": a name after a greeting and "it's".
            String.raw`|^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b,?[^.?!,]{0,30},\s*it'?s\s+(?!(?:me|just|about|been|being|a|an|the|your|my|our|that|this|not|so|nice|good|great|time|okay|ok|fine|only|really|very|too|still|going|getting|raining|snowing)\b)[a-z]+` +
            // "Hello, Saltgrass Draw Home Loans. This is a word": the company named, by its trade's word, right after the greeting.
            String.raw`|^(?:hi|hello|hey|good (?:morning|afternoon|evening))[,.!]?\s+(?:(?!(?:i|i'm|im|we|we're|you|you're|your|my|our|the|a|an|about|calling|saw|called|just|so|is|are|was|this|that|it|it's|to|for|on|with|of|and|from|at|in)\b)[a-z&'.-]+[\s,]+){1,4}${TRADE_WORDS}(?:[.,!]|\s*$|\s+(?:this|my name|you've|how|good)\b)` +
            // "Hi Lyle, Yvette Lockridge-Amos at Sierra Foothill Home Loans": a name "at" the company after a greeting.
            String.raw`|^(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[^.?!,]{0,30},\s*(?!(?:see|it|this|that|just|i|we|you|let|let's|so|and|but|how|what|thanks|thank|call|talk|meet)\b)[a-z]+(?:\s+[a-z'-]+){1,2}\s+at\s+(?!(?:\d|noon|night|the|a|an|home|work|least|all|once|first|last|your|my|our)\b)[a-z]+` +
            `|${RECOGNIZED_SPEAKING}|${COMPANY_COMMA_NAME}`,
          'i',
        ),
      ],
    },
    {
      id: 'recording_disclosure',
      label: 'Recording disclosure',
      description: 'The agent tells the customer that the call is recorded or monitored.',
      weight: 1,
      type: 'pass_fail',
      speaker: 'agent',
      // "Quiles are recorded for equality.": a recognizer's "Calls are recorded for quality." still says
      // it, and so does "Clawes are recorded." as a sentence of its own.
      patterns: [
        /(?:^|[.!?]\s+)\W*[a-z]+(?: here)? are (?:being )?recorded(?=\s*(?:[.!]|$))|\b(calls?|conversations?|lines?)\b[^.?!]{0,30}\b(is|are|may be|maybe|will be|might be|being|gets?|get)\b[^.?!]{0,15}\b(recorded|monitored)\b|\b(?:recorded|monitored|reported)(?: and (?:recorded|monitored))? for (?:e?quality|training)\b|\b(?:we|i) record (all |our |my |these |every )?(calls?|conversations?)\b|\b(recording|record) (this|the|our) (call|conversation)\b|\b(i'?m|i am|we'?re|we are) (recording|taping) (this|the|our|you)\b|\b(this|the) (call|conversation) is being recorded\b|\b(?:on|is|this is) (?:a|the) recorded (?:line|call)\b|\b(?:mention|know|aware|note|advise|inform)\b[^.?!]{0,25}\bthis [a-z]+ (?:is )?being (?:recorded|monitored)\b|\b(?:let you know|so you know|heads up|mention|advise|note)\b[^.?!]{0,20}\b(?:calls?|lines?|conversations?) (?:are|is|may be|being) (?:recorded|reported|monitored)\b|\bthis (?:call|line|conversation) is (?:being )?reported(?=\s*(?:[.!,]|$))/i,
      ],
    },
    {
      id: 'needs_discovery',
      label: 'Needs discovery',
      description: "The agent asks open questions about the customer's situation and needs.",
      weight: 1,
      type: 'pass_fail',
      speaker: 'agent',
      // Courtesy and logistics are not discovery: "Is this Tom?" (not "Is this the home you'll live in?"),
      // "Is this a good time?", "Can you come in Saturday at 9:30 to sign?", "Can you bring her in at 3:45 today?",
      // "Could you start Saturday at nine thirty?",
      // "When would you drop them off?", "Do you have a minute?", "What's your email?",
      // "How can I help?", "How's Saturday the sixth at 7:30?",
      // "What's the name on the account?", a question that ends offering a clock time ("…, 8 o'clock?"),
      // asking what the business has open ("Do you have anything open next week?"), and a slot offered
      // for a visit ("How about a trial Wednesday the fourth at 4:15?").
      exclude:
        /\b(is this(?! (?:the|a|an|your|for) )|is this a (?:good|bad|convenient) time|are you still there|can you (?:come|stop|swing|drop) (?:in|by|over)|(?:can|could|would) you (?:start|begin|meet)(?: on| this| next)? (?:\w+days?|tomorrow|today|tonight|the \d)|(?:can|could) you bring (?:her|him|it|them|(?:the|your) [a-z]+) (?:in|by|over)|when (?:would|will|can|could|do) you (?:like to |want to )?(?:drop (?:(?:her|him|it|them|(?:the|your) [a-z]+) )?off|come (?:in|by|over)|bring (?:her|him|it|them|(?:the|your) [a-z]+) (?:in|by|over)|pick (?:(?:her|him|it|them|(?:the|your) [a-z]+) )?up)|do you have a (minute|moment|second|few minutes)|how are you|can you hear me|does that work|is that (ok|okay|alright|all right)|sounds? good|(what'?s|what is) (the best |your )?(e-?mail|number|phone)|what e-?mail|could you spell|did i get that right|anything else|call me back|give me a call|reach (?:me|you)|(?:how|what) about (?:this |next )?(?:\w+days?|tomorrow|today|the \d|next|\d|morning|afternoon|evening|week)|(?:how|what) about (?:a|an|the|your|our) [a-z]+ (?:on |this |next )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|today)|how(?:'s| is| does) (?:\w+days?|tomorrow|today|the \d|next \w+|\d)|how (?:can|may) (?:i|we) (?:help|assist)|would (?:\w+day|tomorrow|today|the \d+\w*|\d)[^.?!]{0,25} work|(?:what'?s|what is) (?:a|the) (?:good|best) (?:number|e-?mail|time)|(?:what'?s|what is|(?:can|could|may) i (?:get|have)) (?:the |your )?(?:full |first |last )?name|(?:do|would) you (?:guys )?have (?:anything|something|any ?(?:times?|slots?|openings?|spots?|availability|room))(?: \w+)? (?:open|available|free|left)|do you have any (?:openings|availability))\b|(?:o'?clock|\d\s*[ap]\.?m\.?)\s*\?\s*$/i,
      patterns: [
        // A question; "Sure, how many nights." too (a recognizer may end it with a full stop), also after a
        // clause it ran into ("We can do that roughly how big is the yard."). "Would
        // you live in one of the units?" asks about the customer; "Would you like…" offers. "Any stains
        // we should know about?" asks too (also "any stains we should know about," with its mark lost), and "We'd love to have her, which dates." with its question mark lost.
        // An open request is a question without its mark: "Tell me about the house.", "Walk me through your
        // income." ("Tell me about it." only commiserates). "Are they honeybees, or wasps?" (and "Are their shots up to date?") asks about what the
        // customer has, "Will anyone be bringing a pet?" about who comes, and "I'm so sorry for your loss
        // when is the service." (its mark lost) about when; a short choice, "White or colored?", about what
        // they want (not a slot or a way to pay: "Morning or afternoon?", "Cash or card?"), also after "Sure," with its mark lost
        // ("Sure, inboard diesel or an outboard."; not "sooner or later"); "does the house have a
        // basement or a crawl space" asks with its mark lost. So is a question about how the customer lives, works
        // or pays that a recognizer ran on after a few words and closed with a full stop ("Often you can't how
        // do you earn your living."). A yes-no question about the customer's situation that a recognizer
        // ran on after a clause and closed with a full stop ("Sounds like the pump is shot do you lose power in
        // storms."), "Does it buzz on every fret, or just up high?", "And your job?" (also with its mark lost), "Have either of you baked bread before?" (also
        // "Lovely, have either of you bake bread before." with its mark lost, and "Lovely have you practiced before."), "Moving often knocks it out of beat, is it still keeping time." and "Fun has anyone played
        // tennis or badminton." (their marks lost), and "When is the interview?" written "One is the interview." ask too, as
        // does "Smart is the fireplace wood burning or gas." (a choice about what the customer has, its mark lost).
        /^\W*(?:(?:and|so|okay|ok|great|wonderful|perfect|sure|alright|all right|now|first),?\s+)?(?:please\s+)?(?:tell me (?:(?:a (?:little|bit) |(?:a (?:little|bit) )?more |some more |all )?about )|walk me through |talk me through |fill me in on |give me a sense of |describe )(?!it\W*$)\w[^.?!]{2,}|^\W*(?:and |so |okay,? )?any (?!thing else\b)[a-z]+\b[^.!]*\?|^\W*any [a-z]+ (?:we|i) (?:should|need to|ought to) know about\b|\b(how|what|which|when|where|why|who|tell me|can you|could you|do you|are you|(?:has|does|did|is|was) (?:she|he|your|the)|(?:does|did|has) it|(?:are|were) (?:they|these|those|there)|(?:are|is|were|was) (?:their|his|her|its) [a-z]+|would you (?!(?:like|mind|please|hold|call|text|e-?mail|send)\b)|have you|did you|any idea|will (this|you|anyone|anybody|someone|somebody|there|they|he|she)|(?:has|have|does|did|is|was) (?:any ?one|anybody|some ?one|somebody|every ?one|everybody)|(?:have|has|did|do|does|are|is|were|was|will|would|can) (?:either|any|both|all|each|one|neither) of you|now often (?:do|does|did|would|will|should|can|could) you|is (this|it|that|your))\b[^.!]*\?|^\W*(?:[a-z]+,?\s+)?(?:how (?:many|much|long|old|big|often|soon)|what (?:kind|type|sort|size|year|make|model)|what do you do)\b[^.?!]{3,}|(?:^|,\s*)which [a-z]+(?: [a-z]+)?\s*\.?\s*$|^\W*(?!.*\b(?:sooner or later|more or less|give or take|one way or (?:another|the other)|rain or shine|or so)\b)(?:(?:sure|okay|ok|great|fun|alright|all right|got it|of course|perfect|wonderful),?\s+(?=.*\.\s*$))?(?!(?:morning|afternoon|evening|today|tomorrow|cash|card|check|email|text|call|am|pm)\b)(?:[a-z-]+,?\s+){0,2}[a-z-]+,?\s+or\s+(?!(?:morning|afternoon|evening|today|tomorrow|cash|card|check|email|text|call|am|pm|not|no)\b)(?:[a-z-]+\s+){0,2}[a-z-]+\s*(?:\?|(?<=^\W*(?:sure|okay|ok|great|fun|alright|all right|got it|of course|perfect|wonderful)\b.*)\.)\s*$|^\W*(?:[a-z']+,?\s+){0,8}(?:when|where|what time) (?:is|are|was|were|will|does|did) (?:the|your)\b[^.?!]{2,}|\b(?:does|did|do) (?:the|your) [a-z]+(?: [a-z]+)? (?:have|need|use|get|run|take)\b[^.?!]{2,}|^\W*(?:[a-z']+,?\s+){0,3}(?:how|what|where|why) (?:do|did|does) you (?:earn|make|work|live|need|want|use|plan|have|own|pay|drive|heat|run|handle|spend)\b[^.?!]{3,}|^\W*(?:[a-z']+,?\s+){0,3}what(?:'s| is) your (?:own |current |monthly |yearly |annual |total )?(?:income|salary|pay|budget|credit score|timeline|goal|situation|price range)\b|^\W*(?:and|so|okay|now),?\s+(?:your|the|you're an?) (?:job|work|income|salary|employer|occupation|budget|timeline)\s*[?.]?\s*$|(?:^\W*|,\s*)(?:what|where) (?!you\b)[^.?!]{0,40}\b(?:you|you're|you are) (?:want|plan|hope|need|'d like|would like|looking|are looking|'re looking) to\b[^.?!]*[.?]?\s*$|\bhow (?:many|much|long|old|big|often|far)\b[^.?!,]{0,25}?\b(?:is|are|was|were|do|does|did|will|would)\s+(?:the|your|it|you|they|he|she|this|that)\b|(?:^\W*|(?<!\b(?:you|whatever|what|if|as|than|so|how) )(?<=[a-z] ))(?:do|does|did) you (?:lose|get|have|see|notice|hear|smell|use|own|rent|need|live|work|drive|heat|keep|store|park|travel|run|cook|take|feel|sleep|go|water)\b[^.?!]{3,}[.?]?\s*$|^\W*one (?:is|was|are|'s) (?:the|your) [a-z]+(?: [a-z]+)?\s*[.?]?\s*$|\b(?:has|have) (?:any ?one|anybody|every ?one|everybody|some ?one|somebody) (?:(?:in|of|from|at) (?:the|your|this|our) [a-z]+ )?(?:ever |already )?[a-z]+(?:ed|en|wn|ne|ung|ot)\b|(?:^\W*|,\s+)(?:is|are|was|were) (?:it|they|he|she) (?:still |ever |usually |always |currently )?[a-z]+ing\b[^.?!]*[.?]?\s*$|\b(?:have|has|did|do|does|are|were|will|would|can|could) (?:either|any|both|each|neither) of you [a-z]+|^\W*(?:[a-z]+,?\s+)?have you (?:ever |already )?[a-z]+(?:ed|en|ne|ung|ot)\b|^\W*(?:[a-z]+,?\s+)?(?:is|are) (?:the|your) [a-z]+(?: [a-z-]+){0,4},? or (?:an? |the )?[a-z-]+(?: [a-z-]+)?\s*[.?]?\s*$/i,
      ],
    },
    {
      id: 'next_steps_agreed',
      label: 'Next steps agreed',
      description: 'A concrete next step (a follow-up, a document, a meeting) is agreed before the call ends.',
      weight: 1,
      type: 'pass_fail',
      speaker: 'any',
      bothPartiesHeard: true,
      // A conditional or a refusal agrees to nothing: "If we decide to move forward, I'll call you."
      // Asked not to be called, the customer agreed to nothing offered before.
      undoneBy:
        /\b(take (?:me|us|my number|our number) off (?:your|the) (?:\w+ )?list|(?:stop|quit) calling|(?:don't|do not) (?:ever )?call (?:me|us|here) (?:again|anymore)|(?:i'm|we're|i am|we are) not interested|(?:we'll|i'll) pass\b(?! (?:it|this|that|them|those|these|along|on)\b))\b/i,
      // A request left alone ("Please call me back tomorrow after five", a voicemail's) agrees to nothing;
      // nor does a bare "I'll call back." with no day, a caller's way of leaving ("Not yet… I'll call back.").
      exclude:
        /^\s*(if|unless|maybe|when(ever)? (we|i) decide)\b|^\W*(?:(?:ok(?:ay)?|well|so|alright|all right),?\s+)?(?:i|we)(?:'ll| will) (?:call|get back to)(?: you)?(?: back)?(?: later| sometime| some time)?\W*$|\bif (we|i) (decide|want|change)\b|\b(don't|do not|no need to) (call|email|send)\b|\b(please|can you|could you|would you) (call|ring|text|email|e-mail) (me|us)\b|^\W*(call|give) me (a call )?back\b/i,
      // "Sure, you'll have them Monday" agrees, and so does the day and hour asked said back as the whole
      // reply ("A week from Monday at 1, U.S.", the recognizer's "yes"; "Yes, Saturday at eleven."; "Wednesday at 730, OK.", the
      // hour's colon lost), not asked back ("Tuesday at ten?").
      // "I'll drop it off Tuesday." commits as "I'll drop off the guitar" does, and "I can be there in about
      // thirty minutes" as "I'll be there"; "I'll get you a pre-approval letter by Tuesday" as "I'll send you one".
      patterns: [
        new RegExp(
          `\\b((?:i|we)(?:'ll| will) (send|email|e-mail|text|mail|call|follow up|get back|book|schedule|set up|have|sit down|meet|talk|order|process|submit|cancel|apply|credit|refund|waive|update|adjust|upload|sign|fill out|scan|fax|drop(?: (?:it|them|her|him|that|those|these|the [a-z]+))? off|bring|get you)|(?:i|we)(?:'ll| will) (?:[a-z-]+ ){1,8}?and (?:then )?(?:send|email|e-mail|text|mail|call)|(?:i|we)(?:'ll| will| can) get (?:those|them|it|that|these|everything|the [a-z]+) (?:to|over to|back to) you|(?:i|we)(?:'ll| will) (?:pull|gather|dig up|grab|round up|get together|put together|print|copy) (?:those|them|it|that|these|everything|the [a-z]+)\\b|let (?:me|us) (?:[a-z-]+ ){1,5}?and (?:then )?(?:send|email|e-mail|text|mail|call|get back)|(?:you're|you are|we're|we are) (?:all )?set (?:for|on)|^\\W*(?:(?:ok(?:ay)?|great|perfect|alright|all right|wonderful),?\\s+)?(?:you're|you are|we're|we are) all set(?=\\W*$)|(we|i) can (talk|meet|schedule)|can we (talk|meet)|let'?s (talk|meet|schedule|do|sit down|go over)|schedule|appointment|follow[- ]up|next step|(talk|speak|meet) (again )?(on|next|tomorrow)|tomorrow|next (week|${WEEKDAYS})|on ${WEEKDAYS}|(${WEEKDAYS}|tomorrow|tonight|the \\d+(?:st|nd|rd|th)|the (?:(?:twenty|thirty)[- ])?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\\w+teenth|twentieth|thirtieth)|(?:january|february|march|april|may|june|july|august|september|october|november|december) \\d{1,2}(?:st|nd|rd|th)?)[^.?!]{0,40}\\b(works|(?:is|that's|that is) (fine|perfect|good|great)|sounds good|sure|okay|ok|great|perfect|yes|yeah|yep)|(sounds good|works for me|perfect)[, ]+(${WEEKDAYS}|tomorrow)|\\b\\d{1,2}(?::?\\d\\d)?\\s*(?:[ap]\\.?m\\.?\\s*)?(?:works|is (?:fine|perfect|good|great))|(i|we)(?:'ll| will| all)(?: both| all)? be (?:there|home|here)|(?:i|we) can be (?:there|over|out) (?:in|by|around|within|at|tomorrow|today|tonight|first thing)|see you (then|there)|(come|stop|swing) (by|in) (the|our)|can we (sit down|go over|set up)|(i|we) can have (someone|somebody|a|an) \\w+ (out|over|come)|(${WEEKDAYS}|tomorrow|[ap]\\.?m\\.?|o'?clock|noon|^\\W*(?:\\d{1,2}(?:[:.]?\\d\\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\b)[^.?!]{0,20}\\bit is\\b|that (?:one |time |day |date )?works|^\\W*(?:that's|that is|that'd be|that would be) perfect\\b|\\b(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|oh|o'clock)[- ]?){1,3}\\s*(?:works|is (?:fine|perfect|good|great))|book (?:it|me|us|that|them)\\b(?! (?:for|through|with)\\b)|^\\W*(?:(?:ok(?:ay)?|sure|yes|yeah|great|perfect),? |(?!if\\b|unless\\b)[^.?!,]{3,40},\\s*)?(?:i|we)(?:'ll| will) take (?:it|that|that one|that slot|that time|them)(?=\\W*$)|sign (?:me|us|this|them) up|pencil (?:me|us|it|that) in|put (?:me|us|him|her|them) down for (?:that|it|then|the|this|next|${WEEKDAYS}|\\d)|^\\W*(?:(?:yes|yeah|ok(?:ay)?|sure),? )?(?:i|we) (?:will|sure will|definitely will|absolutely will),?\\s*(?:thank you|thanks)(?: so much| very much)?(?=\\W*$)|^\\W*(?:(?:ok(?:ay)?|sure|yes|yeah|absolutely|of course),? )?(?:will do|we'll do|consider it done|(?:i|we) can do that|(?:i|we)(?:'ll| will) do (?:that|it)(?: (?:today|tonight|tomorrow|this (?:morning|afternoon|evening|week)|right away|first thing))?)(?=\\W*$)|you'?ll have (?:it|them|those|that|these|everything|the [a-z]+) (?:by |on |first thing )?(?:${WEEKDAYS}|tomorrow|today|tonight|this (?:morning|afternoon|evening|week)|the end of)|^\\W*(?:(?:yes|yeah|yep|sure|ok(?:ay)?|perfect|great),?\\s+)?(?:(?:a|one|two) weeks? from |next |this )?(?:${WEEKDAYS}|tomorrow)(?: the \\d{1,2}(?:st|nd|rd|th)?)?,? at \\d{1,2}(?:[:.]?\\d\\d)?(?:\\s*[ap]\\.?m\\.?)?(?=[^?\\d]{0,10}$))\\b`,
          'i',
        ),
      ],
    },
  ],
};

/**
 * An organization's template for the embedded engine. Phrases are plain words (the API refuses
 * regular expressions), matched case-insensitively on word boundaries with any spacing. A
 * `pass_fail` criterion passes when any of its phrases is said; a `scale` one scores a point per
 * phrase said, up to its `max_score`.
 */
export function templateFromDefinition(template: {
  id: string;
  name: string;
  criteria: ScorecardCriterionDefinition[];
}): ScorecardTemplate {
  const phrasePattern = (phrase: string) =>
    new RegExp(`(?:^|\\b|\\s)${phrase.trim().split(/\s+/).map(escapeRegex).join('\\s+')}(?:\\b|\\s|$)`, 'i');
  return {
    id: template.id,
    name: template.name,
    criteria: template.criteria.map((criterion) => ({
      id: criterion.id,
      label: criterion.label,
      description: criterion.description,
      weight: criterion.weight,
      type: criterion.type,
      maxScore: criterion.max_score,
      speaker: criterion.speaker,
      withinSeconds: criterion.within_seconds,
      patterns:
        criterion.type === 'scale'
          ? criterion.phrases.map(phrasePattern)
          : [new RegExp(criterion.phrases.map((phrase) => phrasePattern(phrase).source).join('|'), 'i')],
    })),
  };
}
