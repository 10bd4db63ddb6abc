import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Db, Filter } from 'mongodb';
import { recordAuditEvent, SYSTEM_ACTOR } from '../lib/auditLog';
import { callDaysChanged } from '../lib/callDayTotals';
import type { Config } from '../lib/config';
import { openConnectionConfig } from '../lib/connections';
import type { CallDoc, ContactDoc, ErasureDoc, ErasureSubject } from '../lib/documents';
import { recordEvent } from '../lib/eventLog';
import { refreshLeadResponse } from '../lib/leadResponse';
import { mismoBucket, recordingsBucket, type Collections } from '../lib/mongo';
import type { SearchClient } from '../lib/search/client';
import { NON_RETRYABLE } from '../lib/temporal';
import { CalDavClient, type CalDavConfig } from './providers/calendar/caldav';

/** Calls erased per activity: each call is a dozen deletes, so a batch stays well inside its timeout. */
export const ERASURE_CALLS_PER_BATCH = 25;

type ExternalCopy = ErasureDoc['external_copies'][number];

export interface CallErasureDeps {
  db: Db;
  collections: Collections;
  config: Config;
  search: SearchClient;
}

/**
 * Deletes one call and everything stored for it: transcript, extractions, scorecard, tasks,
 * appointments, the recording and MISMO files (GridFS files and chunks), its events and their
 * webhook deliveries, and its search index entry. The call document goes last, so a retry after a crash finds the call and
 * finishes. Returns what was removed, by collection, and the copies that live in connected systems.
 */
export async function eraseCallRecords(
  deps: CallErasureDeps,
  call: CallDoc,
): Promise<{ removed: Record<string, number>; externalCopies: ExternalCopy[] }> {
  const { collections, db } = deps;
  const scope = { org_id: call.org_id, call_id: call._id };
  const removed: Record<string, number> = {};
  const count = (name: string, deleted: number) => {
    if (deleted > 0) removed[name] = (removed[name] ?? 0) + deleted;
  };
  const [tasks, appointments] = await Promise.all([
    collections.tasks.find(scope).toArray(),
    collections.appointments.find(scope).toArray(),
  ]);
  const externalCopies: ExternalCopy[] = [
    ...Object.entries(call.crm_call_ids ?? {}).map(([system, id]) => listed(system, 'call', id)),
    ...tasks.filter((task) => task.crm_id).map((task) => listed('hubspot', 'task', task.crm_id!)),
    ...(await deleteCalendarEvents(
      deps,
      call.org_id,
      appointments.flatMap((appointment) => (appointment.calendar_url ? [appointment.calendar_url] : [])),
    )),
  ];
  const events = await collections.events
    .find(
      { org_id: call.org_id, $or: [{ subject_id: call._id }, { 'data.call_id': call._id }] },
      { projection: { _id: 1 } },
    )
    .toArray();
  const eventIds = events.map((event) => event._id);
  if (eventIds.length > 0) {
    count(
      'webhook_deliveries',
      (await collections.webhookDeliveries.deleteMany({ org_id: call.org_id, event_id: { $in: eventIds } }))
        .deletedCount,
    );
    count(
      'events',
      (await collections.events.deleteMany({ org_id: call.org_id, _id: { $in: eventIds } })).deletedCount,
    );
  }
  const byCallId = { _id: call._id, org_id: call.org_id };
  count('transcripts', (await collections.transcripts.deleteOne(byCallId)).deletedCount);
  count('extractions', (await collections.extractions.deleteOne(byCallId)).deletedCount);
  count('scorecards', (await collections.scorecards.deleteOne(byCallId)).deletedCount);
  count('tasks', (await collections.tasks.deleteMany(scope)).deletedCount);
  count('appointments', (await collections.appointments.deleteMany(scope)).deletedCount);
  count('recordings', await deleteGridFsFile(recordingsBucket(db), call.recording_file_id, call.org_id));
  count(
    'recordings',
    await deleteGridFsFile(recordingsBucket(db), call.original_recording_file_id ?? null, call.org_id),
  );
  count(
    'recordings',
    await deleteGridFsFile(recordingsBucket(db), call.recording_unredacted_file_id ?? null, call.org_id),
  );
  count('mismo_files', await deleteGridFsFile(mismoBucket(db), call.mismo_file_id, call.org_id));
  // Before the call document: a retry after a failure here still finds the call and removes it again.
  await deps.search.remove(call.org_id, [call._id]);
  count('calls', (await collections.calls.deleteOne(byCallId)).deletedCount);
  await callDaysChanged(collections, call.org_id, [call.recorded_day]);
  return { removed, externalCopies };
}

const listed = (system: string, kind: string, id: string): ExternalCopy => ({
  system,
  kind,
  id,
  action: 'listed',
  error: null,
});

/** A GridFS file of the organization with its chunks; 1 when it existed. */
async function deleteGridFsFile(
  bucket: ReturnType<typeof recordingsBucket>,
  fileId: string | null,
  orgId: string,
): Promise<number> {
  if (!fileId) return 0;
  const file = await bucket.find({ _id: fileId as never, 'metadata.org_id': orgId }).next();
  if (!file) return 0;
  await bucket.delete(file._id);
  return 1;
}

/** Calendar events are deleted in the connected calendar (CalDAV DELETE); a failure is listed with its reason. */
async function deleteCalendarEvents(deps: CallErasureDeps, orgId: string, urls: string[]): Promise<ExternalCopy[]> {
  if (urls.length === 0) return [];
  const connection = await deps.collections.connections.findOne({ org_id: orgId, type: 'caldav' });
  const client = connection
    ? new CalDavClient(openConnectionConfig<CalDavConfig>(deps.config.SECRETS_ENCRYPTION_KEY, connection), deps.config)
    : null;
  const copies: ExternalCopy[] = [];
  for (const url of urls) {
    if (!client) {
      copies.push({ ...listed('caldav', 'event', url), error: 'the calendar connection was removed' });
      continue;
    }
    try {
      await client.deleteEvent(url);
      copies.push({ system: 'caldav', kind: 'event', id: url, action: 'deleted', error: null });
    } catch (error) {
      copies.push({ ...listed('caldav', 'event', url), error: (error as Error).message });
    }
  }
  return copies;
}

/** The calls an erasure removes. */
async function subjectCallFilter(
  collections: Collections,
  orgId: string,
  subject: ErasureSubject,
): Promise<Filter<CallDoc>> {
  if (subject.type === 'call') return { org_id: orgId, _id: subject.call_id };
  const contactIds = (await subjectContacts(collections, orgId, subject)).map((contact) => contact._id);
  if (subject.type === 'phone')
    return { org_id: orgId, $or: [{ contact_phone: subject.phone }, { contact_id: { $in: contactIds } }] };
  return { org_id: orgId, contact_id: { $in: contactIds } };
}

/** The contacts an erasure removes (none for a single call). */
export function subjectContacts(
  collections: Collections,
  orgId: string,
  subject: ErasureSubject,
): Promise<ContactDoc[]> {
  switch (subject.type) {
    case 'contact':
      return collections.contacts.find({ org_id: orgId, _id: subject.contact_id }).toArray();
    case 'phone':
      return collections.contacts.find({ org_id: orgId, phones: subject.phone }).toArray();
    case 'email':
      return collections.contacts.find({ org_id: orgId, emails: subject.email.toLowerCase() }).toArray();
    case 'call':
      return Promise.resolve([]);
  }
}

/** The identifiers of a subject that must appear nowhere once it is erased. */
function identifiersOf(subject: ErasureSubject, contacts: ContactDoc[]): string[] {
  const values = contacts.flatMap((contact) => [contact._id, ...contact.phones, ...contact.emails]);
  if (subject.type === 'phone') values.push(subject.phone);
  if (subject.type === 'email') values.push(subject.email.toLowerCase());
  return [...new Set(values)];
}

export function createErasureActivities(deps: CallErasureDeps & { temporal: Client }) {
  const { collections } = deps;

  const load = async (input: { orgId: string; erasureId: string }): Promise<ErasureDoc> => {
    const erasure = await collections.erasures.findOne({ _id: input.erasureId, org_id: input.orgId });
    if (!erasure)
      throw ApplicationFailure.nonRetryable(`Erasure ${input.erasureId} does not exist`, NON_RETRYABLE.erasureNotFound);
    return erasure;
  };

  return {
    /**
     * Erases the next few of the subject's calls; `remaining: 0` when none is left. Each call is
     * named on the receipt as it goes, so a retried or resumed erasure never counts one twice (the
     * receipt's `calls` is the number named). Other counts are what each attempt deleted: a call
     * interrupted by a lost worker may show fewer of its records than it had, never more.
     */
    async eraseNextCalls(input: { orgId: string; erasureId: string }): Promise<{ erased: number; remaining: number }> {
      const erasure = await load(input);
      if (erasure.status === 'completed' || !erasure.subject) return { erased: 0, remaining: 0 };
      const filter = await subjectCallFilter(collections, input.orgId, erasure.subject);
      const calls = await collections.calls.find(filter).limit(ERASURE_CALLS_PER_BATCH).toArray();
      const contactIds = new Set<string>();
      for (const call of calls) {
        Context.current().heartbeat(call._id);
        const receipt = { _id: erasure._id, org_id: input.orgId };
        // Named on the receipt before it goes: a worker lost mid-call leaves it named and findable.
        await collections.erasures.updateOne(receipt, { $addToSet: { removed_call_ids: call._id } });
        const { removed, externalCopies } = await eraseCallRecords(deps, call);
        if (call.contact_id) contactIds.add(call.contact_id);
        delete removed.calls;
        await collections.erasures.updateOne(receipt, {
          $inc: Object.fromEntries(Object.entries(removed).map(([name, n]) => [`removed.${name}`, n])),
          $push: { external_copies: { $each: externalCopies } },
        });
      }
      // A single call's erasure leaves its contact: the contact's speed-to-lead is recomputed without it.
      if (erasure.subject.type === 'call') {
        for (const contactId of contactIds) await refreshLeadResponse(collections, input.orgId, contactId);
      }
      const remaining = calls.length === 0 ? 0 : await collections.calls.countDocuments(filter);
      return { erased: calls.length, remaining };
    },

    /**
     * Removes the contacts themselves, then every other trace of the subject's identifiers (events
     * naming the contact, stored Idempotency-Key answers, audit-log targets), lists the CRM copies,
     * completes the receipt (the subject replaced by its digest) and emits `contact.erased` or
     * `call.erased`. Idempotent.
     */
    async finishErasure(input: { orgId: string; erasureId: string }): Promise<{ status: 'completed' }> {
      const erasure = await load(input);
      // Completed by an attempt that died before its event: the event and log entry are still due.
      if (erasure.status !== 'completed' && erasure.subject) await completeErasure(erasure, erasure.subject);
      const completed = await load(input);
      await recordEvent(deps, {
        orgId: input.orgId,
        type: completed.subject_type === 'call' ? 'call.erased' : 'contact.erased',
        subjectId: completed._id,
        data: {
          erasure_id: completed._id,
          subject_type: completed.subject_type,
          subject_sha256: completed.subject_sha256,
          removed: completed.removed,
          removed_call_ids: completed.removed_call_ids,
          external_copies: completed.external_copies,
        },
      });
      await recordAuditEvent(collections, {
        id: `aud_${completed._id}_completed`,
        orgId: input.orgId,
        actor: SYSTEM_ACTOR,
        action: 'erasureCompleted',
        target: { type: 'erasure', id: completed._id },
        details: { removed: completed.removed },
      });
      return { status: 'completed' };
    },
  };

  /** Removes the contacts and the rest of the subject's traces, and completes the receipt. */
  async function completeErasure(erasure: ErasureDoc, subject: ErasureSubject): Promise<void> {
    const orgId = erasure.org_id;
    const contacts = await subjectContacts(collections, orgId, subject);
    const identifiers = identifiersOf(subject, contacts);
    const removed: Record<string, number> = {};
    const externalCopies: ExternalCopy[] = contacts.flatMap((contact) =>
      Object.entries(contact.crm_ids ?? {}).map(([system, id]) => listed(system, 'contact', id)),
    );
    const contactIds = contacts.map((contact) => contact._id);
    if (contactIds.length > 0) {
      const events = await collections.events
        .find({ org_id: orgId, 'data.contact_id': { $in: contactIds } }, { projection: { _id: 1 } })
        .toArray();
      const eventIds = events.map((event) => event._id);
      removed.webhook_deliveries = (
        await collections.webhookDeliveries.deleteMany({ org_id: orgId, event_id: { $in: eventIds } })
      ).deletedCount;
      removed.events = (await collections.events.deleteMany({ org_id: orgId, _id: { $in: eventIds } })).deletedCount;
      // The log keeps what was done; the erased contact is named by the erasure from now on.
      await collections.auditEvents.updateMany(
        { org_id: orgId, 'target.id': { $in: contactIds } },
        { $set: { 'target.id': erasure._id, 'target.type': 'erased_contact' } },
      );
      removed.contacts = (
        await collections.contacts.deleteMany({ org_id: orgId, _id: { $in: contactIds } })
      ).deletedCount;
    }
    removed.idempotency_keys = await deleteStoredAnswersNaming(collections, orgId, [
      ...identifiers,
      ...erasure.removed_call_ids,
    ]);
    const receipt = {
      ...Object.fromEntries(Object.entries(erasure.removed).map(([name, n]) => [name, n + (removed[name] ?? 0)])),
      ...Object.fromEntries(Object.entries(removed).filter(([name]) => !(name in erasure.removed))),
      calls: erasure.removed_call_ids.length,
    };
    await collections.erasures.updateOne(
      { _id: erasure._id, org_id: orgId },
      {
        $set: { status: 'completed', subject: null, completed_at: new Date(), removed: receipt },
        $push: { external_copies: { $each: externalCopies } },
      },
    );
  }
}

/**
 * Stored Idempotency-Key answers (kept 24 hours) that name any of the identifiers: they hold the
 * response bodies of earlier requests. Read per organization and checked here, since the server
 * cannot search inside arbitrary answer bodies.
 */
async function deleteStoredAnswersNaming(
  collections: Collections,
  orgId: string,
  identifiers: string[],
): Promise<number> {
  if (identifiers.length === 0) return 0;
  const naming: string[] = [];
  for await (const record of collections.idempotencyKeys.find(
    { org_id: orgId },
    { projection: { body: 1, location: 1 } },
  )) {
    const text = JSON.stringify([record.body, record.location]);
    if (identifiers.some((identifier) => text.includes(identifier))) naming.push(record._id);
  }
  if (naming.length === 0) return 0;
  return (await collections.idempotencyKeys.deleteMany({ org_id: orgId, _id: { $in: naming } })).deletedCount;
}
