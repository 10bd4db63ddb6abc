import type { AppointmentDoc, CallDoc, TaskDoc } from './documents';

/**
 * What the CRM and the calendar are sent for a call: plain data built from the stored records, so
 * the sync activities only read, send and record ids. (Shapes match the provider clients' inputs.)
 */

/** Where a call is read in the API, linked from every record synced out of it. */
export function callLink(restBaseUrl: string, callId: string): string {
  return `${restBaseUrl}/calls/${callId}`;
}

/** The call as a CRM call log: titled with the customer, the summary and the link as its body. */
export function crmCallLog(
  call: Pick<CallDoc, '_id' | 'summary' | 'recorded_at' | 'direction' | 'duration_seconds'>,
  customer: { name: string; phone: string | null },
  restBaseUrl: string,
): {
  title: string;
  body: string;
  at: Date;
  direction: CallDoc['direction'];
  durationSeconds: number | null;
} {
  return {
    title: `Call with ${customer.name || customer.phone || 'customer'}`,
    body: [call.summary?.text ?? '', callLink(restBaseUrl, call._id)].filter(Boolean).join('\n\n'),
    at: call.recorded_at,
    direction: call.direction,
    durationSeconds: call.duration_seconds,
  };
}

/**
 * A task as a CRM task: its text as the subject, each evidence quote with its second as the body,
 * due at 17:00 UTC of its due date (a date alone has no hour), else at the call's time.
 */
export function crmTask(
  task: Pick<TaskDoc, 'text' | 'evidence' | 'due_date'>,
  call: Pick<CallDoc, 'recorded_at'>,
): { subject: string; body: string; dueAt: Date } {
  return {
    subject: task.text,
    body: task.evidence.map((evidence) => `“${evidence.quote}” (${evidence.start.toFixed(0)} s)`).join('\n'),
    dueAt: task.due_date ? new Date(`${task.due_date}T17:00:00Z`) : call.recorded_at,
  };
}

/** The calendar UID of an appointment: stable, so a rerun updates the same event. */
export function calendarUid(appointmentId: string): string {
  return `${appointmentId}@call-intelligence`;
}

/**
 * An appointment as a calendar event: the first attendee (the agent) organizes, the others attend;
 * the description links the call and quotes what was agreed.
 */
export function calendarEvent(
  appointment: Pick<AppointmentDoc, '_id' | 'title' | 'start' | 'end' | 'attendees' | 'evidence'>,
  callId: string,
  restBaseUrl: string,
): {
  uid: string;
  title: string;
  start: Date;
  end: Date;
  description: string;
  organizer: { name: string | null; email: string | null } | null;
  attendees: { name: string | null; email: string | null }[];
} {
  const [agent, ...others] = appointment.attendees;
  return {
    uid: calendarUid(appointment._id),
    title: appointment.title,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    description: [
      `Agreed on a call: ${callLink(restBaseUrl, callId)}`,
      ...appointment.evidence.map((evidence) => `“${evidence.quote}”`),
      `Attendees: ${appointment.attendees
        .map((attendee) => attendee.name ?? attendee.email ?? attendee.phone)
        .filter(Boolean)
        .join(', ')}`,
    ].join('\n'),
    organizer: agent ?? null,
    attendees: others,
  };
}
