import type { AppointmentDoc, TaskDoc } from '../lib/documents';
import { recordEvent, type EventLogDeps } from '../lib/eventLog';
import { loadCallText } from './callTranscript';
import { runLanguage } from './languageCall';
import type { LanguageEngine } from './providers/language';

/**
 * Action detection: the call's tasks and appointments, stored under ids derived from the call and
 * their position (a retry rewrites the same records), each announced once by its event.
 */
export function createActionActivities(deps: EventLogDeps & { language: LanguageEngine }) {
  const { collections } = deps;
  return {
    async detectCallActions(input: {
      orgId: string;
      callId: string;
    }): Promise<{ tasks: number; appointments: number }> {
      const { call, text } = await loadCallText(collections, input);
      const detected = await runLanguage(() => deps.language.detectActions(text));
      const now = new Date();
      const tasks: TaskDoc[] = detected.tasks.map((task, index) => ({
        _id: `task_${call._id}_${index + 1}`,
        org_id: input.orgId,
        call_id: call._id,
        contact_id: call.contact_id,
        text: task.text,
        owner: task.owner,
        due_date: task.due,
        status: 'open',
        evidence: task.evidence,
        crm_id: null,
        created_at: now,
      }));
      const appointments: AppointmentDoc[] = detected.appointments.map((appointment, index) => ({
        _id: `appt_${call._id}_${index + 1}`,
        org_id: input.orgId,
        call_id: call._id,
        contact_id: call.contact_id,
        title: appointment.title,
        start: appointment.start,
        end: appointment.end,
        attendees: appointment.attendees,
        evidence: appointment.evidence,
        calendar_uid: null,
        calendar_url: null,
        created_at: now,
      }));
      // One write at a time per document (FerretDB); earlier results of this call beyond the new ones go.
      for (const task of tasks) {
        const { created_at, ...fields } = task;
        await collections.tasks.updateOne(
          { _id: task._id, org_id: input.orgId },
          { $set: fields, $setOnInsert: { created_at } },
          { upsert: true },
        );
      }
      for (const appointment of appointments) {
        const { created_at, ...fields } = appointment;
        await collections.appointments.updateOne(
          { _id: appointment._id, org_id: input.orgId },
          { $set: fields, $setOnInsert: { created_at } },
          { upsert: true },
        );
      }
      await collections.tasks.deleteMany({
        org_id: input.orgId,
        call_id: call._id,
        _id: { $nin: tasks.map((t) => t._id) },
      });
      await collections.appointments.deleteMany({
        org_id: input.orgId,
        call_id: call._id,
        _id: { $nin: appointments.map((a) => a._id) },
      });
      for (const task of tasks) {
        await recordEvent(deps, {
          orgId: input.orgId,
          type: 'task.created',
          subjectId: task._id,
          data: {
            task_id: task._id,
            call_id: call._id,
            text: task.text,
            owner: task.owner,
            due_date: task.due_date,
            evidence: task.evidence,
          },
        });
      }
      for (const appointment of appointments) {
        await recordEvent(deps, {
          orgId: input.orgId,
          type: 'appointment.created',
          subjectId: appointment._id,
          data: {
            appointment_id: appointment._id,
            call_id: call._id,
            title: appointment.title,
            start: appointment.start,
            end: appointment.end,
            attendees: appointment.attendees,
            evidence: appointment.evidence,
          },
        });
      }
      return { tasks: tasks.length, appointments: appointments.length };
    },
  };
}
