import type { Collection, Filter, UpdateFilter } from 'mongodb';
import type { AppointmentDoc, TaskDoc } from '../lib/documents';
import { appointmentCreatedData, taskCreatedData } from '../lib/eventData';
import { recordEvent, type EventLogDeps } from '../lib/eventLog';
import { loadCallText } from './callTranscript';
import { runLanguage } from './languageCall';
import type { LanguageEngine } from './language/engine';

/**
 * A call's records of one kind become exactly `records`: each upserted under its derived id
 * (keeping its first `created_at`) in one bulk write, and earlier ones beyond them removed.
 * (The driver's filter types cannot follow a generic document, hence the casts.)
 */
async function replaceCallRecords<T extends { _id: string; org_id: string; call_id: string; created_at: Date }>(
  collection: Collection<T>,
  orgId: string,
  callId: string,
  records: T[],
): Promise<void> {
  if (records.length > 0) {
    await collection.bulkWrite(
      records.map(({ created_at, ...fields }) => ({
        updateOne: {
          filter: { _id: fields._id, org_id: orgId } as unknown as Filter<T>,
          update: { $set: fields, $setOnInsert: { created_at } } as unknown as UpdateFilter<T>,
          upsert: true,
        },
      })),
    );
  }
  await collection.deleteMany({
    org_id: orgId,
    call_id: callId,
    _id: { $nin: records.map((r) => r._id) },
  } as unknown as Filter<T>);
}

/**
 * Action detection: the call's tasks and appointments, stored under ids derived from the call and
 * their position (a retry rewrites the same records), each announced by its event once, and again
 * only when a re-run changes it.
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
      await replaceCallRecords(collections.tasks, input.orgId, call._id, tasks);
      await replaceCallRecords(collections.appointments, input.orgId, call._id, appointments);
      for (const task of tasks) {
        await recordEvent(deps, {
          orgId: input.orgId,
          type: 'task.created',
          subjectId: task._id,
          data: taskCreatedData(task),
          againWhenChanged: true,
        });
      }
      for (const appointment of appointments) {
        await recordEvent(deps, {
          orgId: input.orgId,
          type: 'appointment.created',
          subjectId: appointment._id,
          data: appointmentCreatedData(appointment),
          againWhenChanged: true,
        });
      }
      return { tasks: tasks.length, appointments: appointments.length };
    },
  };
}
