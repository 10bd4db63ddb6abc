import {
  CORPUS_DIR,
  emptyCorpusScores,
  loadCorpus,
  organizationDatasetFor,
  scoreCall,
  share,
  type CorpusCall,
  type CorpusScores,
} from '../../bench/corpus';
import { callTextOf } from '../support/callFixtures';
import { describeNeeding } from '../support/env';

/**
 * The development corpus (../shared/fixtures/calls) as a regression floor: the embedded engines on
 * its scripts must stay at or above these figures. It is not the measure of the product: the
 * engines are judged on calls they have never seen (bench/quality prints the figures for recognized
 * audio, per half of the corpus, and every miss). Raise a floor when a general rule lifts it; never
 * lower one to pass.
 */
const FLOORS: Record<Exclude<keyof CorpusScores, 'misses'>, number> = {
  lendingClassification: 1,
  mismo: 1,
  lendingFields: 0.95,
  otherFields: 0.85,
  appointments: 0.95,
  tasks: 0.85,
  scorecard: 0.97,
};

const corpus = loadCorpus();

describeNeeding(
  'the call corpus',
  corpus.length > 0 ? null : `${CORPUS_DIR} is absent`,
  'the embedded engines on the development corpus (scripts)',
  () => {
    const scores = emptyCorpusScores();
    beforeAll(() => {
      for (const call of corpus) {
        const text = callTextOf(call.turns, {
          recorded_at: call.recorded_at,
          agentName: call.agent.name,
          agentEmail: call.agent.email,
          contactPhone: call.customer.phone ?? null,
        });
        scoreCall(call, text, scores);
      }
      process.stdout.write(
        `corpus of ${corpus.length} calls: ${Object.entries(FLOORS)
          .map(([name]) => `${name} ${(share(scores[name as keyof typeof FLOORS]) * 100).toFixed(1)} %`)
          .join(', ')}\nmisses:\n${scores.misses.map((miss) => `  ${miss}`).join('\n')}\n`,
      );
    });

    test.each(Object.entries(FLOORS))('%s stays at or above its floor', (name, floor) => {
      const tally = scores[name as keyof typeof FLOORS];
      expect(tally.all).toBeGreaterThan(0);
      expect(share(tally)).toBeGreaterThanOrEqual(floor);
    });
  },
);

describe('the organization dataset a benchmark creates for a non-lending call', () => {
  test('types what is paid as money (a tuition, a rent, a deposit, a limit, a fee), and a size or a count as a number', () => {
    const expected = { weekly_tuition: 320, monthly_rent: 1850, credit_limit: 5000, fee: 325, home_square_feet: 2100 };
    const fields = organizationDatasetFor({ expected: { dataset: expected } } as unknown as CorpusCall).fields;
    expect(Object.fromEntries(fields.map((field) => [field.name, field.type]))).toEqual({
      weekly_tuition: 'money',
      monthly_rent: 'money',
      credit_limit: 'money',
      fee: 'money',
      home_square_feet: 'number',
    });
  });
});
