import type { DatasetField, Evidence, ExtractionResult } from '../../../lib/documents';
import {
  byAgent,
  byCustomer,
  evidenceOfSentences,
  precedingTurn,
  splitName,
  type CallText,
  type Sentence,
} from './callText';
import { MORTGAGE_LEAD_DATASET, type DatasetDefinition } from '../../../lib/datasets';
import { addressIn, countsIn, datesIn, emailsIn, isAffirmation, isNegated, moneyIn, phonesIn } from './values';
import type { PostalAddress } from '../../../lib/address';

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
      : Object.fromEntries(dataset.fields.map((field) => [field.name, extractField(field, text)]));
  const data: Record<string, unknown> = {};
  const evidence: Record<string, Evidence[]> = {};
  for (const field of dataset.fields) {
    const result = found[field.name];
    if (!result || result.value === null || result.value === undefined) continue;
    data[field.name] = result.value;
    evidence[field.name] = result.fromRecord ? [] : evidenceOfSentences(result.sentences);
  }
  return {
    dataset: dataset.key,
    data,
    evidence,
    missing_required: dataset.fields.filter((field) => field.required && !(field.name in data)).map((f) => f.name),
  };
}

const LENDING_TERMS =
  /\b(mortgage|loan|lender|lending|refinanc\w*|refi|pre-?approv\w*|down payment|interest rate|escrow|closing costs|appraisal|underwrit\w*|heloc|home equity)\b/gi;

/** A lending call talks about loans and mortgages more than in passing (two mentions or more). */
export function isLendingCall(text: CallText): boolean {
  const mentions = text.sentences.reduce(
    (count, sentence) => count + (sentence.text.match(LENDING_TERMS)?.length ?? 0),
    0,
  );
  return mentions >= 2;
}

// ---------------------------------------------------------------------------------------------
// mortgage_lead

type MoneyRole = 'purchase_price' | 'property_value' | 'loan_amount' | 'monthly_income' | 'annual_income';

/** What a clause around an amount says the amount is; the first matching role wins. */
const MONEY_ROLES: [MoneyRole, RegExp][] = [
  ['monthly_income', /\b(a|per|each|every) month\b|\bmonthly\b/i],
  ['annual_income', /\b(a|per|each) year\b|\bannual(ly)?\b|\bsalary\b/i],
  [
    'purchase_price',
    /\b(purchase price|price|asking|offer(ed)?|under contract|buy(ing)? (it|the house|the home)? ?for|costs?)\b/i,
  ],
  ['property_value', /\b(worth|valued?|apprais\w*|market value)\b/i],
  ['loan_amount', /\b(loan|borrow\w*|mortgage of|financ\w*|cash[- ]?out of)\b/i],
];
const INCOME_CUE = /\b(make|earn|income|salary|paid|bring home|gross)\b/i;

function classifyMoney(clause: string, sentence: Sentence, text: CallText): MoneyRole | null {
  const roleOf = (words: string): MoneyRole | null => {
    for (const [role, cue] of MONEY_ROLES) {
      if (!cue.test(words)) continue;
      if ((role === 'monthly_income' || role === 'annual_income') && !INCOME_CUE.test(words)) continue;
      return role;
    }
    return null;
  };
  return (
    roleOf(clause) ??
    roleOf(sentence.text) ??
    // A bare answer ("About 520000 dollars.") takes its meaning from the question before it.
    roleOf(
      precedingTurn(text, sentence)
        .map((question) => question.text)
        .join(' '),
    )
  );
}

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
};

function extractMoneyRoles(text: CallText): Partial<Record<MoneyRole, Found>> {
  const roles: Partial<Record<MoneyRole, Found>> = {};
  for (const sentence of text.sentences) {
    // Clauses: "the price is X and we need a loan of Y" holds two amounts with two meanings.
    for (const clause of sentence.text.split(/,(?!\d{3})|;|\band\b|\bbut\b/)) {
      for (const amount of moneyIn(clause)) {
        const role = classifyMoney(clause, sentence, text);
        if (!role) continue;
        const [lowest, highest] = PLAUSIBLE_AMOUNTS[role];
        if (amount < lowest || amount > highest) continue;
        // The customer's own figure wins over the agent's repetition; otherwise the first one heard.
        const existing = roles[role];
        if (!existing || (byCustomer(sentence) && !existing.sentences.some(byCustomer))) {
          roles[role] = { value: amount, sentences: [sentence] };
        }
      }
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
  ['Investment', /\b(rental|investment|rent (it )?out|tenants?|income property|renting it)\b/i],
  ['SecondHome', /\b(second home|vacation (home|house|property)|holiday home|weekend home)\b/i],
  [
    'PrimaryResidence',
    /\b(primary (residence|home)|(we|i)('ll| will| would)? live (there|in it|in the (house|home))|move in|where (we|i) live|our (new )?home|owner[- ]occupied)\b/i,
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

function extractOccupancy(text: CallText): Found | null {
  for (const [occupancy, cue] of OCCUPANCY_CUES) {
    const said = text.sentences.find((sentence) => byCustomer(sentence) && saidWithoutNegation(sentence, cue));
    if (said) return { value: occupancy, sentences: [said] };
    // "Will this be your primary residence?" — "Yes."
    const confirmed = text.sentences.find(
      (sentence) =>
        byCustomer(sentence) &&
        isAffirmation(sentence) &&
        precedingTurn(text, sentence).some((question) => byAgent(question) && cue.test(question.text)),
    );
    if (confirmed) return { value: occupancy, sentences: [...precedingTurn(text, confirmed), confirmed] };
  }
  return null;
}

const EMPLOYER =
  /\b(?:I|[Ww]e|[Hh]e|[Ss]he) (?:work|am employed|'m employed|have been working|am working) (?:at|for|with|by) ((?:[A-Z][\w&'.-]*)(?:\s+(?:[A-Z][\w&'.-]*|of|and|&))*)|\bmy employer is ((?:[A-Z][\w&'.-]*)(?:\s+[A-Z][\w&'.-]*)*)/;

function extractEmployer(text: CallText): Found | null {
  for (const sentence of text.sentences.filter(byCustomer)) {
    const match = EMPLOYER.exec(sentence.text);
    // "Northwind Traders and I make…": the name ends before a pronoun and a dangling connector.
    const name = (match?.[1] ?? match?.[2])
      ?.replace(/\s+(?:and|&|of)\s+(?:I|We|He|She|My|Our)\b.*$/, '')
      .replace(/\s+(?:I|and|of|&)$/, '');
    if (name) return { value: name, sentences: [sentence] };
  }
  return null;
}

function extractAddress(text: CallText): Found | null {
  let best: { address: PostalAddress; sentence: Sentence } | null = null;
  for (const sentence of text.sentences) {
    const address = addressIn(sentence.text);
    if (address && (!best || (!best.address.postal_code && address.postal_code))) best = { address, sentence };
  }
  return best ? { value: best.address, sentences: [best.sentence] } : null;
}

/** The customer's e-mail address as said in the call (not the agent's own), or null. */
export function customerEmailOf(text: CallText): string | null {
  return (extractCustomerEmail(text)?.value as string | undefined) ?? null;
}

function extractCustomerEmail(text: CallText): Found | null {
  const agentEmail = text.facts.agentEmail?.toLowerCase();
  for (const sentence of [...text.sentences.filter(byCustomer), ...text.sentences.filter(byAgent)]) {
    const email = emailsIn(sentence.text).find((candidate) => candidate !== agentEmail);
    if (email) return { value: email, sentences: [sentence] };
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

function extractMortgageLead(text: CallText): Record<string, Found | null> {
  const found: Record<string, Found | null> = {};
  const name = text.customerName;
  if (name) {
    const { first, last } = splitName(name.value);
    const fromRecord = name.evidence.length === 0;
    const sentences = text.sentences.filter((sentence) =>
      name.evidence.some(
        (evidence) => evidence.start === sentence.segment.start && evidence.quote === sentence.segment.text,
      ),
    );
    found.borrower_first_name = { value: first, sentences, fromRecord };
    found.borrower_last_name = last ? { value: last, sentences, fromRecord } : null;
  }
  found.borrower_phone = extractCustomerPhone(text);
  found.borrower_email = extractCustomerEmail(text);
  found.property_address = extractAddress(text);

  const refinance = firstSaid(text, /\b(refinanc\w*|refi)\b/i);
  const purchase = firstSaid(text, /\b(buy|buying|purchas\w*|bought)\b/i);
  const purposeSentence =
    refinance && purchase
      ? [refinance, purchase].sort(
          (a, b) => Number(byAgent(a)) - Number(byAgent(b)) || a.segment.start - b.segment.start,
        )[0]!
      : (refinance ?? purchase);
  if (purposeSentence) {
    const isRefinance = purposeSentence === refinance;
    found.loan_purpose = { value: isRefinance ? 'Refinance' : 'Purchase', sentences: [purposeSentence] };
    if (isRefinance) {
      const cashOut = firstSaid(
        text,
        /\b(cash[- ]?out|(take|taking|pull|get) (some |a little )?(cash|equity|money) out|take out (some )?(cash|equity))\b/i,
      );
      found.cash_out =
        cashOut && !isNegated(cashOut)
          ? { value: true, sentences: [cashOut] }
          : { value: false, sentences: cashOut ? [cashOut] : [] };
    }
  }

  const mortgageType = firstSaid(text, /\b(FHA|VA loan|VA mortgage|USDA|conventional)\b/i);
  if (mortgageType) {
    const said = mortgageType.text;
    const value = /FHA/.test(said)
      ? 'FHA'
      : /\bVA\b/.test(said)
        ? 'VA'
        : /USDA/i.test(said)
          ? 'USDARuralDevelopment'
          : 'Conventional';
    found.mortgage_type = { value, sentences: [mortgageType] };
  }

  const money = extractMoneyRoles(text);
  found.loan_amount = money.loan_amount ?? null;
  found.purchase_price = money.purchase_price ?? null;
  found.property_value = money.property_value ?? null;
  found.monthly_income =
    money.monthly_income ??
    (money.annual_income
      ? {
          value: Math.round(((money.annual_income.value as number) / 12) * 100) / 100,
          sentences: money.annual_income.sentences,
        }
      : null);
  found.occupancy = extractOccupancy(text);
  found.employer_name = extractEmployer(text);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Any dataset, by field type

const STOP_WORDS = new Set(
  'the a an of to in on for and or is are was be by with what which how who when where does do did customer customers caller call calls their his her its this that it as at from number value name type field amount they them we you your our would like want need use used uses using today there here time any some'.split(
    ' ',
  ),
);

function keywordsOf(field: DatasetField): string[] {
  return [...new Set(`${field.name.replace(/_/g, ' ')} ${field.description}`.toLowerCase().match(/[a-z]+/g) ?? [])]
    .filter((word) => !STOP_WORDS.has(word) && word.length > 2)
    .map(stem);
}

const stem = (word: string) => word.toLowerCase().replace(/(ies|es|s)$/, '');

function relevance(sentence: Sentence, keywords: string[], text: CallText): number {
  const words = (candidate: Sentence[]) =>
    new Set(candidate.flatMap((s) => (s.text.toLowerCase().match(/[a-z]+/g) ?? []).map(stem)));
  const own = words([sentence]);
  const asked = words(precedingTurn(text, sentence));
  return keywords.reduce((score, keyword) => score + (own.has(keyword) ? 2 : asked.has(keyword) ? 1 : 0), 0);
}

/** Candidate values of a field in one sentence. */
function valuesOfType(field: DatasetField, sentence: Sentence, text: CallText): unknown[] {
  switch (field.type) {
    case 'money':
      return moneyIn(sentence.text);
    case 'number':
      return countsIn(sentence.text);
    case 'email':
      return emailsIn(sentence.text);
    case 'phone':
      return phonesIn(sentence.text);
    case 'date':
      return datesIn(sentence.text, text.facts);
    case 'address':
      return [addressIn(sentence.text)].filter(Boolean);
    case 'enum':
      return (field.options ?? []).filter((option) =>
        new RegExp(`\\b${option.replace(/[_-]/g, '[ _-]?').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(
          sentence.text,
        ),
      );
    case 'boolean':
      return [!isNegated(sentence)];
    case 'string':
      return [sentence.text];
  }
}

function extractField(field: DatasetField, text: CallText): Found | null {
  // Values anyone can recognise by their form need no topic words; the rest need the topic.
  const selfEvident = field.type === 'email' || field.type === 'phone' || field.type === 'address';
  const keywords = keywordsOf(field);
  const ranked = text.sentences
    .map((sentence) => ({ sentence, score: relevance(sentence, keywords, text) }))
    // Free text needs the customer saying the topic words themselves, not only being asked about them.
    .filter(({ sentence, score }) =>
      field.type === 'string' ? byCustomer(sentence) && score >= 2 : selfEvident || score > 0,
    )
    // Most relevant first; the customer's words before the agent's; then in call order.
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(byAgent(a.sentence)) - Number(byAgent(b.sentence)) ||
        a.sentence.segment.start - b.sentence.segment.start,
    );
  for (const { sentence } of ranked) {
    if (field.type === 'email' && text.facts.agentEmail) {
      const [email] = emailsIn(sentence.text).filter((candidate) => candidate !== text.facts.agentEmail?.toLowerCase());
      if (email) return { value: email, sentences: [sentence] };
      continue;
    }
    const [value] = valuesOfType(field, sentence, text);
    if (value !== undefined) return { value, sentences: [sentence] };
  }
  if (field.type === 'phone' && text.facts.contactPhone)
    return { value: text.facts.contactPhone, sentences: [], fromRecord: true };
  return null;
}
