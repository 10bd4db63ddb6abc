import type { TranscriptSegment } from '../../lib/documents';
import { scoreTranscript, summarizeTranscript } from '../../activities/language/embedded/summaryAndScorecard';
import { DEFAULT_SCORECARD_TEMPLATE } from '../../lib/scorecardTemplates';

const segment = (speaker: TranscriptSegment['speaker'], start: number, text: string): TranscriptSegment => ({
  speaker,
  start,
  end: start + 4,
  text,
  confidence: 0.9,
});

describe('the embedded scorecard engine', () => {
  test('passes each criterion on its meaning, with evidence quotes and times', () => {
    const result = scoreTranscript(DEFAULT_SCORECARD_TEMPLATE, [
      segment('agent', 0, 'Good morning, my name is Priya and I am calling from Harbor Home Loans.'),
      segment('customer', 5, 'Oh hi.'),
      segment('agent', 9, 'Just so you know, this conversation may be recorded for training.'),
      segment('agent', 15, 'What made you start looking at refinancing?'),
      segment('customer', 20, 'Rates dropped.'),
      segment('agent', 25, 'And how much is left on the current loan?'),
      segment('agent', 40, "I'll send you the application link this afternoon."),
    ]);
    expect(result.criteria.map((criterion) => [criterion.id, criterion.passed])).toEqual([
      ['greeting_and_identification', true],
      ['recording_disclosure', true],
      ['needs_discovery', true],
      ['next_steps_agreed', true],
    ]);
    expect(result.criteria[1]!.evidence).toEqual([
      {
        quote: 'Just so you know, this conversation may be recorded for training.',
        start: 9,
        end: 13,
        speaker: 'agent',
      },
    ]);
    expect(result.total).toEqual({ score: 4, max_score: 4, percentage: 100 });
  });

  test('fails what was not said, by the right speaker, at the right time; no evidence for a failure', () => {
    const result = scoreTranscript(DEFAULT_SCORECARD_TEMPLATE, [
      segment('customer', 0, 'Hello, this is Dana. Is this call recorded?'),
      segment('agent', 90, 'Hi there, this is Sam.'),
      segment('agent', 95, 'Do you have a minute?'),
    ]);
    expect(Object.fromEntries(result.criteria.map((criterion) => [criterion.id, criterion.passed]))).toEqual({
      greeting_and_identification: false,
      recording_disclosure: false,
      needs_discovery: false,
      next_steps_agreed: false,
    });
    expect(result.criteria.every((criterion) => criterion.evidence.length === 0)).toBe(true);
    expect(result.total.percentage).toBe(0);
  });
});

describe('the embedded extractive summary', () => {
  test("keeps the customer's need, the figures and the agreed next step", () => {
    const summary = summarizeTranscript([
      segment('agent', 0, 'Hi, this is Sam from Harbor Home Loans. How can I help?'),
      segment('customer', 5, 'We want to refinance our house. We still owe about 210,000 dollars.'),
      segment('agent', 12, 'Great. I will email you the checklist today. Can we talk again on Friday?'),
    ]);
    expect(summary.text).toContain('We want to refinance our house.');
    expect(summary.key_points).toContain('We still owe about 210,000 dollars.');
    expect(summary.next_steps).toEqual(['I will email you the checklist today.', 'Can we talk again on Friday?']);
    expect(summary.outcome).toBe('Next steps agreed');
  });

  test('says so when nothing was recognized', () => {
    expect(summarizeTranscript([])).toEqual({
      text: 'No speech was recognized in this call.',
      key_points: [],
      outcome: null,
      next_steps: [],
    });
  });
});
