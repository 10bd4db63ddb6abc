import type { z } from 'zod';
import type {
  CallExtractionsDoc,
  ProducedBy,
  AppointmentDoc,
  CallDoc,
  ScorecardDoc,
  TaskDoc,
  TranscriptDoc,
} from '../../../lib/documents';
import type { CallDetail, CallSummary } from '../schemas/calls';
import type { Appointment, Scorecard, Task } from '../../../lib/schemas/insights';

/** The API's views of stored records: dates become ISO strings; internal keys stay inside. */
export function callSummaryView(call: CallDoc): z.infer<typeof CallSummary> {
  return {
    call_id: call._id,
    external_id: call.external_id,
    batch_id: call.batch_id,
    source: call.source,
    status: call.status,
    failure_reason: call.failure_reason,
    recorded_at: call.recorded_at.toISOString(),
    recorded_utc_offset_minutes: call.recorded_utc_offset_minutes ?? 0,
    direction: call.direction,
    duration_seconds: call.duration_seconds,
    agent: { name: call.agent_name, email: call.agent_email },
    contact: { id: call.contact_id, name: call.contact_name, phone: call.contact_phone },
    tags: call.tags,
    created_at: call.created_at.toISOString(),
    updated_at: call.updated_at.toISOString(),
  };
}

export function taskView(task: TaskDoc): z.infer<typeof Task> {
  return {
    task_id: task._id,
    call_id: task.call_id,
    contact_id: task.contact_id,
    text: task.text,
    owner: task.owner,
    due_date: task.due_date,
    status: task.status,
    evidence: task.evidence,
    crm_id: task.crm_id,
    created_at: task.created_at.toISOString(),
  };
}

export function appointmentView(appointment: AppointmentDoc): z.infer<typeof Appointment> {
  return {
    appointment_id: appointment._id,
    call_id: appointment.call_id,
    contact_id: appointment.contact_id,
    title: appointment.title,
    start: appointment.start,
    end: appointment.end,
    attendees: appointment.attendees,
    evidence: appointment.evidence,
    calendar: { uid: appointment.calendar_uid, url: appointment.calendar_url },
    created_at: appointment.created_at.toISOString(),
  };
}

function producedByView(producedBy: ProducedBy | null | undefined) {
  return producedBy ? { ...producedBy, at: producedBy.at.toISOString() } : null;
}

export function scorecardView(scorecard: ScorecardDoc): z.infer<typeof Scorecard> {
  return {
    call_id: scorecard.call_id,
    template: { id: scorecard.template_id, name: scorecard.template_name },
    criteria: scorecard.criteria,
    total: scorecard.total,
    produced_by: producedByView(scorecard.produced_by),
    created_at: scorecard.created_at.toISOString(),
  };
}

export function callDetailView(
  call: CallDoc,
  related: {
    transcript: TranscriptDoc | null;
    extractions: CallExtractionsDoc | null;
    tasks: TaskDoc[];
    appointments: AppointmentDoc[];
  },
  baseUrl: string,
  workflowUrl: string | null,
): z.infer<typeof CallDetail> {
  const self = `${baseUrl}/calls/${call._id}`;
  return {
    ...callSummaryView(call),
    stages: Object.fromEntries(
      Object.entries(call.stages).map(([name, stage]) => [
        name,
        {
          status: stage.status,
          updated_at: stage.updated_at.toISOString(),
          ...(stage.reason ? { reason: stage.reason } : {}),
        },
      ]),
    ),
    metadata: call.metadata,
    transcript:
      related.transcript && related.transcript.redaction_state !== 'pending'
        ? {
            language: related.transcript.language,
            segments: related.transcript.segments,
            redactions: related.transcript.redactions ?? [],
          }
        : null,
    summary: call.summary,
    is_lending_call: related.extractions?.is_lending_call ?? null,
    lending_reasons: related.extractions?.lending_reasons ?? [],
    extractions: related.extractions?.results ?? [],
    produced_by: {
      summary: producedByView(call.summary_produced_by),
      extraction: producedByView(related.extractions?.produced_by),
    },
    tasks: related.tasks.map(taskView),
    appointments: related.appointments.map(appointmentView),
    links: {
      self,
      recording: call.recording_file_id ? `${self}/recording` : null,
      scorecard: `${self}/scorecard`,
      mismo: call.mismo_file_id ? `${self}/mismo` : null,
      workflow: workflowUrl,
    },
  };
}
