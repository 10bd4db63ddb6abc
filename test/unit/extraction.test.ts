import { detectActions } from '../../activities/language/embedded/actions';
import { extractDataset, isLendingCall } from '../../activities/language/embedded/extraction';
import { readCall } from '../../activities/language/core/callText';
import { MORTGAGE_LEAD_DATASET } from '../../lib/datasets';
import type { DatasetDefinition } from '../../lib/datasets';
import { callTextOf } from '../support/callFixtures';

describe('the embedded extraction engine on other wordings', () => {
  const call = (turns: [speaker: 'agent' | 'customer', text: string][]) =>
    callTextOf(
      turns.map(([speaker, text]) => ({ speaker, text })),
      { recorded_at: '2026-06-01T09:00:00-07:00', agentName: 'Lee Wong', agentEmail: 'lee@harbor.example' },
    );

  test('a refinance said differently: figures with $ signs, a VA loan, a second home, a yearly salary', () => {
    const text = call([
      ['agent', 'Harbor Home Loans, Lee Wong speaking.'],
      ['customer', "Hi Lee, my name's Dana Brooks. I'd like to refinance the lake house."],
      ['agent', 'Sure thing. What do you think the place is worth?'],
      ['customer', 'Around $410,000. It is our vacation home, we go there in the summer.'],
      ['agent', 'And how much would you like to borrow?'],
      ['customer', 'About $250,000 with a VA loan, no cash out.'],
      ['customer', 'I am employed by Fabrikam Logistics and my salary is 96000 dollars a year.'],
      ['customer', 'You can reach me at 5 0 3, 5 5 5, 0 1 9 9 or dana dot brooks at outlook dot com.'],
      ['customer', 'The place is at 8 Lakeview Drive, Bend, Oregon 97701.'],
    ]);
    expect(isLendingCall(text)).toBe(true);
    expect(extractDataset(MORTGAGE_LEAD_DATASET, text).data).toEqual({
      borrower_first_name: 'Dana',
      borrower_last_name: 'Brooks',
      borrower_phone: '+15035550199',
      borrower_email: 'dana.brooks@outlook.com',
      property_address: { line: '8 Lakeview Drive', city: 'Bend', state: 'OR', postal_code: '97701' },
      loan_purpose: 'Refinance',
      cash_out: false,
      mortgage_type: 'VA',
      loan_amount: 250000,
      property_value: 410000,
      occupancy: 'SecondHome',
      employer_name: 'Fabrikam Logistics',
      monthly_income: 8000,
    });
  });

  test('a custom dataset is filled by field type and topic, with missing required fields named', () => {
    const dataset: DatasetDefinition = {
      key: 'saas_lead',
      name: 'SaaS lead',
      description: '',
      applies_to: 'all_calls',
      fields: [
        { name: 'seats', type: 'number', description: 'How many users or seats they need', required: true },
        { name: 'budget', type: 'money', description: 'Their yearly budget', required: false },
        {
          name: 'plan',
          type: 'enum',
          description: 'The plan they want',
          required: false,
          options: ['Starter', 'Growth', 'Enterprise'],
        },
        { name: 'go_live', type: 'date', description: 'When they want to go live', required: false },
        { name: 'contact_email', type: 'email', description: 'Where to send the quote', required: false },
        { name: 'competitor', type: 'string', description: 'Which vendor they use today', required: true },
      ],
    };
    const text = call([
      ['agent', 'How many users would need access?'],
      ['customer', 'Roughly sixty users, maybe more later.'],
      ['customer', 'Our budget for the year is $30,000 and the growth plan looks right.'],
      ['agent', 'When would you like to go live?'],
      ['customer', 'We would like to go live on July 15.'],
      ['customer', 'Send the quote to ops at tailspin dot com.'],
    ]);
    const result = extractDataset(dataset, text);
    expect(result.data).toEqual({
      seats: 60,
      budget: 30000,
      plan: 'Growth',
      go_live: '2026-07-15',
      contact_email: 'ops@tailspin.com',
    });
    expect(result.missing_required).toEqual(['competitor']);
    expect(result.evidence.seats![0]!.quote).toBe('Roughly sixty users, maybe more later.');
  });

  test('a sales call is not a lending call, and a declined time makes no appointment', () => {
    const text = call([
      ['agent', 'Good morning, this is Lee Wong from BrightDesk. Am I speaking with Omar Haddad?'],
      ['customer', 'Yes, speaking.'],
      ['agent', 'Could we meet on Wednesday at 2 pm for a walkthrough?'],
      ['customer', "Wednesday doesn't work for me."],
      ['agent', 'How about Thursday at 10 am instead?'],
      ['customer', 'Thursday at 10 is perfect.'],
      ['customer', 'I will send you our current contract by Friday.'],
    ]);
    expect(isLendingCall(text)).toBe(false);
    const actions = detectActions(text, null);
    expect(actions.appointments.map((appointment) => [appointment.start, appointment.end])).toEqual([
      ['2026-06-04T10:00:00-07:00', '2026-06-04T10:30:00-07:00'],
    ]);
    expect(actions.appointments[0]!.evidence.map((evidence) => evidence.quote)).toEqual([
      'How about Thursday at 10 am instead?',
      'Thursday at 10 is perfect.',
    ]);
    expect(actions.tasks).toEqual([
      expect.objectContaining({ text: 'Omar Haddad sends the current contract', owner: 'customer', due: '2026-06-05' }),
    ]);
  });

  test('recognized speech: a bare time joins the day said around it, a phone number is no date, a first name is completed', () => {
    const text = callTextOf(
      [
        { speaker: 'customer', text: 'Yes, this is Omar.' },
        { speaker: 'customer', text: 'Thursday at 4 works for me.' },
        { speaker: 'agent', text: 'I will mail you the form today, can we talk again at 4pm to go over it?' },
        { speaker: 'customer', text: 'My number is 3-12-55-0-18.' },
      ],
      { recorded_at: '2026-06-01T09:00:00-07:00', agentName: 'Lee Wong', agentEmail: 'lee@harbor.example' },
    );
    const withRecord = readCall(
      text.sentences.map((sentence) => sentence.segment),
      { ...text.facts, contactName: 'Omar Haddad' },
    );
    const actions = detectActions(withRecord, null);
    expect(actions.appointments.map((appointment) => [appointment.start, appointment.title])).toEqual([
      ['2026-06-04T16:00:00-07:00', 'Review with Omar Haddad'],
    ]);
    expect(actions.appointments[0]!.evidence).toHaveLength(2);
    expect(actions.tasks.map((task) => task.text)).toEqual(['Mail the form to Omar Haddad']);
  });
});

describe('implausible amounts are dropped, not stored', () => {
  test('a home "worth $500" (a recognition error) gives no property value', () => {
    const text = callTextOf(
      [
        { speaker: 'agent', text: 'What is the home worth today?' },
        {
          speaker: 'customer',
          text: 'It is worth about $500 when $1,000. We want to refinance with a loan of $300,000.',
        },
      ],
      { recorded_at: '2026-04-02T10:15:00-04:00', agentName: 'David Chen' },
    );
    const data = extractDataset(MORTGAGE_LEAD_DATASET, text).data;
    expect(data.property_value).toBeUndefined();
    expect(data.loan_amount).toBe(300000);
  });
});
