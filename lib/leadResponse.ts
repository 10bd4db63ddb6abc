import type { CallDoc, LeadResponse } from './documents';
import type { Collections } from './mongo';

/*
 * Speed-to-lead, kept on each contact (`lead_response`) instead of worked out from every lead's
 * history at read time: team metrics then read the contacts that were answered in the period
 * through one index. Reading the histories took minutes at 100,000 calls on the embedded server
 * (docs/performance.md#reads).
 *
 * The rule: the lead time is the contact's `lead_created_at`, else the earliest
 * `metadata.lead_created_at` of its calls, else its first inbound call; the response is the first
 * outbound call at or after it.
 */
export type LeadHistoryCall = Pick<CallDoc, '_id' | 'direction' | 'recorded_at' | 'recorded_day' | 'agent_email'> & {
  metadata?: { lead_created_at?: unknown };
};

export const LEAD_HISTORY_PROJECTION = {
  direction: 1,
  recorded_at: 1,
  recorded_day: 1,
  agent_email: 1,
  'metadata.lead_created_at': 1,
} as const;

/** `history` is the contact's calls, oldest first. */
export function leadTimeOf(fromContact: Date | null, history: LeadHistoryCall[]): Date | null {
  if (fromContact) return fromContact;
  const fromMetadata = history
    .map((call) => call.metadata?.lead_created_at)
    .filter((value): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    .map((value) => new Date(value))
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (fromMetadata) return fromMetadata;
  return history.find((call) => call.direction === 'inbound')?.recorded_at ?? null;
}

/** `history` is the contact's calls, oldest first. */
export function leadResponseOf(fromContact: Date | null, history: LeadHistoryCall[]): LeadResponse | null {
  const leadAt = leadTimeOf(fromContact, history);
  if (!leadAt) return null;
  const response = history.find((call) => call.direction === 'outbound' && call.recorded_at >= leadAt);
  if (!response) return null;
  return {
    lead_at: leadAt,
    responded_at: response.recorded_at,
    seconds: Math.round((response.recorded_at.getTime() - leadAt.getTime()) / 1000),
    call_id: response._id,
    agent_email: response.agent_email,
    recorded_day: response.recorded_day,
  };
}

/**
 * Works the contact's `lead_response` out again from its calls. Two calls of one contact linked at
 * once may each recompute: each bumps the generation, then reads it and the history, and writes
 * only if the generation is still the one it read. Every bump up to that number happened before
 * the history was read (and each link before its bump), so a written value saw every link; a
 * later bump makes its own refresh the one that writes.
 *
 * An update and a read rather than one `findOneAndUpdate`: SecantusDB 0.7 serves findAndModify by
 * reading the whole collection (about 0.1 s per 10,000 contacts, measured), an update by `_id` not.
 */
export async function refreshLeadResponse(collections: Collections, orgId: string, contactId: string): Promise<void> {
  const owned = { _id: contactId, org_id: orgId };
  await collections.contacts.updateOne(owned, { $inc: { lead_response_generation: 1 } });
  const contact = await collections.contacts.findOne(owned, {
    projection: { lead_created_at: 1, lead_response_generation: 1 },
  });
  if (!contact) return;
  const history = await collections.calls
    .find<LeadHistoryCall>({ org_id: orgId, contact_id: contactId }, { projection: LEAD_HISTORY_PROJECTION })
    .sort({ recorded_at: 1, _id: 1 })
    .toArray();
  await collections.contacts.updateOne(
    { ...owned, lead_response_generation: contact.lead_response_generation },
    { $set: { lead_response: leadResponseOf(contact.lead_created_at, history) } },
  );
}

const BACKFILL_CONCURRENCY = 4;

/**
 * Gives every contact written before `lead_response` existed its value, organization by
 * organization, and marks each organization complete (team metrics read the kept values from then
 * on, and work speed-to-lead out from the histories before). Idempotent; the worker runs it at start.
 */
export async function backfillLeadResponses(
  collections: Collections,
  progress: (message: string) => void = () => undefined,
): Promise<{ organizations: number; contacts: number }> {
  const pending = await collections.organizations
    .find({ lead_responses_complete: { $ne: true } }, { projection: { _id: 1 } })
    .toArray();
  let contactsDone = 0;
  for (const { _id: orgId } of pending) {
    const contacts = await collections.contacts
      .find({ org_id: orgId, lead_response: { $exists: false } }, { projection: { _id: 1 } })
      .toArray();
    for (let next = 0; next < contacts.length; next += BACKFILL_CONCURRENCY) {
      await Promise.all(
        contacts
          .slice(next, next + BACKFILL_CONCURRENCY)
          .map((contact) => refreshLeadResponse(collections, orgId, contact._id)),
      );
      const done = Math.min(contacts.length, next + BACKFILL_CONCURRENCY);
      if (done % 1000 < BACKFILL_CONCURRENCY || done === contacts.length)
        progress(`speed-to-lead of ${orgId}: ${done}/${contacts.length} contacts`);
    }
    contactsDone += contacts.length;
    await collections.organizations.updateOne({ _id: orgId }, { $set: { lead_responses_complete: true } });
  }
  return { organizations: pending.length, contacts: contactsDone };
}
