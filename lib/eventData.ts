import type { AppointmentDoc, CallDoc, ExtractionResult, TaskDoc } from './documents';
import type { EventData } from './schemas/events';

/**
 * The data of each event built from stored records: plain functions, unit-tested against the
 * documented schemas (lib/schemas/events.ts), so activities only read records and record events.
 */

/** `call.completed`: the call, its stages' outcomes and the number of transcript segments. */
export function callCompletedData(
  call: Pick<
    CallDoc,
    '_id' | 'external_id' | 'batch_id' | 'recorded_at' | 'agent_email' | 'contact_id' | 'duration_seconds' | 'summary'
  > & { stages: Record<string, { status: EventData<'call.completed'>['stages'][string] }> },
  transcriptSegments: number,
): EventData<'call.completed'> {
  return {
    call_id: call._id,
    external_id: call.external_id,
    batch_id: call.batch_id,
    status: 'completed',
    recorded_at: call.recorded_at.toISOString(),
    agent_email: call.agent_email,
    contact_id: call.contact_id,
    duration_seconds: call.duration_seconds,
    transcript_segments: transcriptSegments,
    summary: call.summary,
    stages: Object.fromEntries(Object.entries(call.stages).map(([name, stage]) => [name, stage.status])),
  };
}

/** `call.data.extracted`: each dataset's values and the required fields the call did not give. */
export function dataExtractedData(
  call: Pick<CallDoc, '_id' | 'external_id'>,
  isLendingCall: boolean,
  extractions: ExtractionResult[],
): EventData<'call.data.extracted'> {
  return {
    call_id: call._id,
    external_id: call.external_id,
    is_lending_call: isLendingCall,
    extractions: extractions.map(({ dataset, data, missing_required }) => ({ dataset, data, missing_required })),
  };
}

export function taskCreatedData(task: TaskDoc): EventData<'task.created'> {
  return {
    task_id: task._id,
    call_id: task.call_id,
    text: task.text,
    owner: task.owner,
    due_date: task.due_date,
    evidence: task.evidence,
  };
}

export function appointmentCreatedData(appointment: AppointmentDoc): EventData<'appointment.created'> {
  return {
    appointment_id: appointment._id,
    call_id: appointment.call_id,
    title: appointment.title,
    start: appointment.start,
    end: appointment.end,
    attendees: appointment.attendees,
    evidence: appointment.evidence,
  };
}
