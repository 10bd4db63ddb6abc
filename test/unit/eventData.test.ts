import type { AppointmentDoc, TaskDoc } from '../../lib/documents';
import { appointmentCreatedData, callCompletedData, dataExtractedData, taskCreatedData } from '../../lib/eventData';
import { EVENT_DATA_SCHEMAS } from '../../lib/schemas/events';

/** Each builder's output is what docs/webhooks.md documents: the event log parses it with these schemas. */
describe('event data built from stored records', () => {
  const evidence = [{ quote: 'I will send it today', start: 12, end: 14.5, speaker: 'agent' as const }];

  test('call.completed: ISO time, stage outcomes only, the transcript counted', () => {
    const data = callCompletedData(
      {
        _id: 'call_1',
        external_id: 'dialer-77',
        batch_id: null,
        recorded_at: new Date('2026-04-07T15:00:00Z'),
        agent_email: 'sam@lender.example',
        contact_id: 'ct_1',
        duration_seconds: 312,
        summary: { text: 'Quote.', key_points: ['rate'], outcome: null, next_steps: [] },
        stages: {
          transcription: { status: 'completed' },
          mismo: { status: 'skipped' },
        },
      },
      48,
    );
    expect(EVENT_DATA_SCHEMAS['call.completed'].parse(data)).toEqual(data);
    expect(data).toMatchObject({
      status: 'completed',
      recorded_at: '2026-04-07T15:00:00.000Z',
      transcript_segments: 48,
      stages: { transcription: 'completed', mismo: 'skipped' },
    });
  });

  test('call.data.extracted: values and missing fields per dataset, never the evidence', () => {
    const data = dataExtractedData({ _id: 'call_1', external_id: null }, true, [
      {
        dataset: 'mortgage_lead',
        data: { loan_amount: 420000 },
        evidence: { loan_amount: evidence },
        missing_required: ['borrower_email'],
      },
    ]);
    expect(EVENT_DATA_SCHEMAS['call.data.extracted'].parse(data)).toEqual(data);
    expect(data.extractions).toEqual([
      { dataset: 'mortgage_lead', data: { loan_amount: 420000 }, missing_required: ['borrower_email'] },
    ]);
  });

  test('task.created and appointment.created carry the record, not its storage fields', () => {
    const task: TaskDoc = {
      _id: 'task_call_1_1',
      org_id: 'org_a',
      call_id: 'call_1',
      contact_id: null,
      text: 'Send the rate sheet',
      owner: 'agent',
      due_date: '2026-04-08',
      status: 'open',
      evidence,
      crm_id: null,
      created_at: new Date(),
    };
    const taskData = taskCreatedData(task);
    expect(EVENT_DATA_SCHEMAS['task.created'].parse(taskData)).toEqual(taskData);
    expect(taskData).not.toHaveProperty('org_id');

    const appointment: AppointmentDoc = {
      _id: 'appt_call_1_1',
      org_id: 'org_a',
      call_id: 'call_1',
      contact_id: null,
      title: 'Follow-up call',
      start: '2026-04-09T14:00:00-04:00',
      end: '2026-04-09T14:30:00-04:00',
      attendees: [{ name: 'Sam', email: 'sam@lender.example', phone: null }],
      evidence,
      calendar_uid: null,
      calendar_url: null,
      created_at: new Date(),
    };
    const appointmentData = appointmentCreatedData(appointment);
    expect(EVENT_DATA_SCHEMAS['appointment.created'].parse(appointmentData)).toEqual(appointmentData);
    expect(appointmentData).toMatchObject({ appointment_id: 'appt_call_1_1', call_id: 'call_1' });
  });
});
