import { calendarEvent, calendarUid, crmCallLog, crmTask } from '../../lib/syncPayloads';

const BASE = 'https://calls.example.com/api/v1';
const quote = (text: string, start: number) => ({ quote: text, start, end: start + 2, speaker: 'agent' as const });

describe('what the CRM and the calendar are sent', () => {
  test('a call log is titled with the customer, and carries the summary and the link', () => {
    const call = {
      _id: 'call_1',
      summary: { text: 'Rate quote discussed.', key_points: [], outcome: null, next_steps: [] },
      recorded_at: new Date('2026-04-07T15:00:00Z'),
      direction: 'outbound' as const,
      duration_seconds: 312,
    };
    expect(crmCallLog(call, { name: 'Dana Okafor', phone: '+14155550123' }, BASE)).toEqual({
      title: 'Call with Dana Okafor',
      body: `Rate quote discussed.\n\n${BASE}/calls/call_1`,
      at: call.recorded_at,
      direction: 'outbound',
      durationSeconds: 312,
    });
    // No name: the phone; no summary: the link alone.
    const bare = crmCallLog({ ...call, summary: null }, { name: '', phone: '+14155550123' }, BASE);
    expect(bare.title).toBe('Call with +14155550123');
    expect(bare.body).toBe(`${BASE}/calls/call_1`);
    expect(crmCallLog(call, { name: '', phone: null }, BASE).title).toBe('Call with customer');
  });

  test('a task is due at 17:00 UTC of its date, else at the call; its evidence is quoted with seconds', () => {
    const call = { recorded_at: new Date('2026-04-07T15:00:00Z') };
    const task = { text: 'Send the rate sheet', due_date: '2026-04-09', evidence: [quote('I will send it', 41.6)] };
    expect(crmTask(task, call)).toEqual({
      subject: 'Send the rate sheet',
      body: '“I will send it” (42 s)',
      dueAt: new Date('2026-04-09T17:00:00Z'),
    });
    expect(crmTask({ ...task, due_date: null }, call).dueAt).toEqual(call.recorded_at);
  });

  test('an appointment: a stable UID, the agent organizes, others attend, the description quotes and links', () => {
    const appointment = {
      _id: 'appt_call_1_1',
      title: 'Follow-up call',
      start: '2026-04-09T14:00:00-04:00',
      end: '2026-04-09T14:30:00-04:00',
      attendees: [
        { name: 'Sam Agent', email: 'sam@lender.example', phone: null },
        { name: null, email: null, phone: '+14155550123' },
      ],
      evidence: [quote('Thursday at 2 works', 80)],
    };
    const event = calendarEvent(appointment, 'call_1', BASE);
    expect(event.uid).toBe(calendarUid('appt_call_1_1'));
    expect(calendarEvent(appointment, 'call_1', BASE).uid).toBe(event.uid);
    expect(event).toMatchObject({
      title: 'Follow-up call',
      start: new Date('2026-04-09T18:00:00Z'),
      end: new Date('2026-04-09T18:30:00Z'),
      organizer: appointment.attendees[0],
      attendees: [appointment.attendees[1]],
    });
    expect(event.description.split('\n')).toEqual([
      `Agreed on a call: ${BASE}/calls/call_1`,
      '“Thursday at 2 works”',
      'Attendees: Sam Agent, +14155550123',
    ]);
    expect(calendarEvent({ ...appointment, attendees: [] }, 'call_1', BASE).organizer).toBeNull();
  });
});
