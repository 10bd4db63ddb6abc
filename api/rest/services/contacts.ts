import type { Collection, Filter } from 'mongodb';
import type { z } from 'zod';
import type { CallDoc, ContactDoc } from '../../../lib/documents';
import { notFound } from '../../../lib/errors';
import { COLLECTIONS, type Collections } from '../../../lib/mongo';
import { newestFirstPage } from '../../../lib/newestFirstPage';
import { afterCursorFilter, decodeCursor } from '../../../lib/pagination';
import { escapeRegex } from '../../../lib/regex';
import type { ContactMetrics } from '../schemas/contacts';

export interface ContactListQuery {
  q?: string;
  phone?: string;
  email?: string;
  cursor?: string;
}

/** The conditions of GET /contacts other than the cursor. */
export function contactListConditions(orgId: string, query: ContactListQuery): Filter<ContactDoc> {
  const filter: Record<string, unknown> = { org_id: orgId };
  if (query.phone) filter.phones = query.phone;
  if (query.email) filter.emails = query.email.toLowerCase();
  if (query.q) {
    const pattern = { $regex: escapeRegex(query.q), $options: 'i' };
    filter.$or = [{ names: pattern }, { phones: pattern }, { emails: pattern }];
  }
  return filter as Filter<ContactDoc>;
}

/** GET /contacts as one filter, the cursor included. */
export function contactListFilter(orgId: string, query: ContactListQuery): Filter<ContactDoc> {
  const filter = contactListConditions(orgId, query);
  if (query.cursor)
    return { $and: [filter, afterCursorFilter('created_at', decodeCursor(query.cursor))] } as Filter<ContactDoc>;
  return filter as Filter<ContactDoc>;
}

export const CONTACT_LIST_SORT = { created_at: -1, _id: -1 } as const;

const CONTACT_INDEX_KEYS = COLLECTIONS.contacts.indexes.map((index) => index.key);

/**
 * One page of GET /contacts, newest first (lib/newestFirstPage.ts): the whole list in time windows;
 * a phone, an e-mail or a text search (`q`) as one query, which matches few contacts or must look
 * at every one whatever the window.
 */
export function listContactsPage(
  contacts: Collection<ContactDoc>,
  orgId: string,
  query: ContactListQuery,
  limit: number,
) {
  return newestFirstPage(contacts, {
    filter: contactListConditions(orgId, query),
    field: 'created_at',
    indexes: CONTACT_INDEX_KEYS,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  });
}

type Metrics = z.infer<typeof ContactMetrics>;
type CallFacts = Pick<CallDoc, 'contact_id' | 'recorded_at' | 'duration_seconds' | 'agent_email'>;

/** Call metrics per contact, computed from the calls themselves so they are never stale. */
export async function contactMetrics(collections: Collections, orgId: string, contactIds: string[]) {
  const metrics = new Map<string, Metrics>();
  if (contactIds.length === 0) return metrics;
  const calls = await collections.calls
    .find(
      { org_id: orgId, contact_id: { $in: contactIds } },
      { projection: { contact_id: 1, recorded_at: 1, duration_seconds: 1, agent_email: 1 } },
    )
    .toArray();
  const byContact = new Map<string, CallFacts[]>();
  for (const call of calls) byContact.set(call.contact_id!, [...(byContact.get(call.contact_id!) ?? []), call]);
  for (const contactId of contactIds) metrics.set(contactId, summarize(byContact.get(contactId) ?? []));
  return metrics;
}

function summarize(calls: CallFacts[]): Metrics {
  const durations = calls
    .map((call) => call.duration_seconds)
    .filter((value): value is number => typeof value === 'number');
  const total = durations.reduce((sum, value) => sum + value, 0);
  const times = calls.map((call) => call.recorded_at.getTime()).sort((a, b) => a - b);
  const perAgent = new Map<string, number>();
  for (const call of calls) perAgent.set(call.agent_email, (perAgent.get(call.agent_email) ?? 0) + 1);
  return {
    call_count: calls.length,
    total_duration_seconds: total,
    average_duration_seconds: durations.length ? Math.round((total / durations.length) * 10) / 10 : null,
    first_call_at: times.length ? new Date(times[0]!).toISOString() : null,
    last_call_at: times.length ? new Date(times[times.length - 1]!).toISOString() : null,
    agents: [...perAgent.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([email]) => email),
  };
}

/** Another organization's contact is "not found". */
export async function findContact(collections: Collections, orgId: string, contactId: string): Promise<ContactDoc> {
  const contact = await collections.contacts.findOne({ _id: contactId, org_id: orgId });
  if (!contact) throw notFound('Contact');
  return contact;
}

/** The contact's latest `historyLimit` calls (newest first) and its open tasks. */
export async function contactHistory(collections: Collections, contact: ContactDoc, historyLimit: number) {
  const scope = { org_id: contact.org_id, contact_id: contact._id };
  const [calls, openTasks] = await Promise.all([
    collections.calls.find(scope).sort({ recorded_at: -1, _id: -1 }).limit(historyLimit).toArray(),
    collections.tasks
      .find({ ...scope, status: 'open' })
      .sort({ created_at: 1, _id: 1 })
      .toArray(),
  ]);
  return { calls, openTasks };
}
