import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { detectActions } from '../activities/language/embedded/actions';
import { uniqueSegments } from '../activities/language/engine';
import type { CallText } from '../activities/language/core/callText';
import { customerEmailOf, extractDataset, isLendingCall } from '../activities/language/embedded/extraction';
import { scoreTranscript } from '../activities/language/embedded/summaryAndScorecard';
import { MORTGAGE_LEAD_DATASET, type DatasetDefinition } from '../lib/datasets';
import type { DatasetField } from '../lib/documents';
import { buildMismoXml, checkMismoXml, type MortgageLead } from '../lib/mismo';
import { DEFAULT_SCORECARD_TEMPLATE } from '../lib/scorecardTemplates';

/**
 * Scoring of the embedded engines against the development corpus (../shared/fixtures/calls), the
 * way the acceptance scores unseen calls: lending classification, mortgage_lead fields, the facts of
 * other calls through an organization dataset made as a customer would, exact appointment starts,
 * scorecard agreement and MISMO validity. Used by `bench/quality` (scripts and recognized audio) and
 * by the corpus floor in the unit tests.
 */
export const CORPUS_DIR = path.resolve(__dirname, '../../shared/fixtures/calls');

export interface CorpusCall {
  id: string;
  recorded_at: string;
  direction: 'inbound' | 'outbound';
  agent: { name: string; email: string; channel: number };
  customer: { name: string; phone?: string; email?: string; channel: number };
  metadata: Record<string, string>;
  turns: { speaker: 'agent' | 'customer'; text: string }[];
  expected: {
    is_lending_call: boolean;
    dataset: Record<string, unknown>;
    tasks: { text: string; owner: 'agent' | 'customer'; due?: string }[];
    appointments: { start: string; attendees: string[] }[];
    scorecard: Record<string, boolean>;
  };
}

export function loadCorpus(directory = CORPUS_DIR): CorpusCall[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CorpusCall);
}

/**
 * Two halves for honest development: change a rule while looking at one half, check it on the
 * other. Alternating by position keeps lending and other calls in both.
 */
export function corpusHalf(calls: CorpusCall[], half: 'a' | 'b'): CorpusCall[] {
  return calls.filter((_, index) => index % 2 === (half === 'a' ? 0 : 1));
}

/** One-line descriptions as an organization would write them for the facts of non-lending calls. */
const DESCRIPTIONS: Record<string, string> = {
  contact_email: "The prospect's e-mail address",
  contact_name: "The prospect's full name",
  company: "The prospect's company name",
  team_size: 'How many people are on the team',
  budget: 'Monthly budget in dollars',
  product: 'The product or service the caller is interested in',
  decision_maker: 'Who makes the buying decision',
  vehicle_count: 'Number of vehicles to insure',
  driver_count: 'Number of drivers on the policy',
  current_monthly_premium: 'What the customer pays per month now, in dollars',
  homeowner: 'Whether the caller owns the home',
  monthly_electric_bill: 'Average monthly electric bill in dollars',
  roof_age_years: 'Age of the roof in years',
  address: 'The street address of the home',
  practice: 'The name of the dental practice',
  provider: 'The dentist or hygienist the visit is with',
  visit_type: 'The kind of appointment, such as a cleaning',
  callback_phone: 'The number to call back',
  wrong_number: 'Whether the caller reached a wrong number',
  do_not_call: 'Whether the person asked not to be called again',
  renewal_date: 'When the current contract renews',
  fleet_size: 'Number of vehicles in the fleet',
  quote_amount: 'The price quoted, in dollars',
  home_square_feet: 'Size of the home in square feet',
  unit_age_years: 'Age of the heating unit in years',
};

// Whole words of the field's name: what is paid ("weekly_tuition") is money; "home_square_feet" is no fee.
const MONEY_NAME =
  /(?:^|_)(?:premium|bill|budget|price|amount|cost|fees?|rate|income|salary|payment|revenue|tuition|rent|deposit|limit)(?:_|$)/;

function fieldFor(name: string, value: unknown): DatasetField {
  const type: DatasetField['type'] =
    typeof value === 'boolean'
      ? 'boolean'
      : typeof value === 'number'
        ? MONEY_NAME.test(name)
          ? 'money'
          : 'number'
        : typeof value === 'object' && value !== null
          ? 'address'
          : typeof value === 'string' && /^\+\d{6,}$/.test(value)
            ? 'phone'
            : typeof value === 'string' && value.includes('@')
              ? 'email'
              : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
                ? 'date'
                : 'string';
  return {
    name,
    type,
    description: DESCRIPTIONS[name] ?? name.replace(/_/g, ' '),
    required: false,
  };
}

/** The dataset a customer would create for a non-lending call's facts: its field names, a type, a description. */
export function organizationDatasetFor(call: CorpusCall): DatasetDefinition {
  return {
    key: 'organization_facts',
    name: 'Call facts',
    description: 'What our team wants to know from every call',
    applies_to: 'all_calls',
    fields: Object.entries(call.expected.dataset).map(([name, value]) => fieldFor(name, value)),
  };
}

export interface Tally {
  right: number;
  all: number;
}
export interface CorpusScores {
  lendingClassification: Tally;
  lendingFields: Tally;
  otherFields: Tally;
  appointments: Tally;
  /** Tasks found with the expected owner (and due day, when one was said), in order. */
  tasks: Tally;
  scorecard: Tally;
  /** Lending calls with a valid MISMO file, and non-lending calls with none. */
  mismo: Tally;
  misses: string[];
}

const tally = (): Tally => ({ right: 0, all: 0 });
export const emptyCorpusScores = (): CorpusScores => ({
  lendingClassification: tally(),
  lendingFields: tally(),
  otherFields: tally(),
  appointments: tally(),
  tasks: tally(),
  scorecard: tally(),
  mismo: tally(),
  misses: [],
});

function count(into: Tally, right: boolean): boolean {
  into.all++;
  if (right) into.right++;
  return right;
}

/** Scores one call's engines on `text` (the script, or a recognized transcript) into `scores`. */
export function scoreCall(
  call: CorpusCall,
  text: CallText,
  scores: CorpusScores,
  options: { validateMismo?: (xml: string) => boolean } = {},
): void {
  const miss = (what: string) => scores.misses.push(`${call.id}: ${what}`);
  const lending = isLendingCall(text);
  if (!count(scores.lendingClassification, lending === call.expected.is_lending_call)) {
    miss(`lending=${lending}`);
  }
  const dataset = call.expected.is_lending_call ? MORTGAGE_LEAD_DATASET : organizationDatasetFor(call);
  const extracted = extractDataset(dataset, text).data;
  const fields = call.expected.is_lending_call ? scores.lendingFields : scores.otherFields;
  for (const [field, expected] of Object.entries(call.expected.dataset)) {
    if (!count(fields, JSON.stringify(extracted[field]) === JSON.stringify(expected))) {
      miss(`${field}=${JSON.stringify(extracted[field] ?? null)} (want ${JSON.stringify(expected)})`);
    }
  }
  const actions = detectActions(text, customerEmailOf(text));
  const starts = actions.appointments.map((appointment) => appointment.start);
  const found = [...actions.tasks];
  for (const task of call.expected.tasks) {
    const index = found.findIndex(
      (candidate) => candidate.owner === task.owner && (!task.due || candidate.due === task.due),
    );
    if (count(scores.tasks, index >= 0)) found.splice(index, 1);
    else miss(`task (${task.owner}${task.due ? `, due ${task.due}` : ''}) "${task.text}"`);
  }
  for (const appointment of call.expected.appointments) {
    if (!count(scores.appointments, starts.includes(appointment.start))) {
      miss(`appointment ${appointment.start} (got ${starts.join(', ') || 'none'})`);
    }
  }
  const extra = starts.filter((start) => !call.expected.appointments.some((a) => a.start === start));
  for (const start of extra) {
    count(scores.appointments, false);
    miss(`unexpected appointment ${start}`);
  }
  const scorecard = scoreTranscript(DEFAULT_SCORECARD_TEMPLATE, uniqueSegments(text));
  for (const [criterion, expected] of Object.entries(call.expected.scorecard)) {
    const passed = scorecard.criteria.find((result) => result.id === criterion)?.passed;
    if (!count(scores.scorecard, passed === expected)) miss(`scorecard ${criterion}=${passed}`);
  }
  if (call.expected.is_lending_call) {
    const xml = buildMismoXml(extracted as MortgageLead, { createdAt: new Date(), loanIdentifier: call.id });
    const valid = lending && checkMismoXml(xml).length === 0 && (options.validateMismo?.(xml) ?? true);
    if (!count(scores.mismo, valid)) miss('no valid MISMO file');
  } else if (!count(scores.mismo, !lending)) {
    miss('a MISMO file for a call that is not about a loan');
  }
}

export const share = ({ right, all }: Tally): number => (all ? right / all : 1);
