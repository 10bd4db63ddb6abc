import { createHash } from 'node:crypto';
import type { CallDoc, ContactDoc, ExtractionResult } from './documents';

/**
 * Who the customer of a call is, from what the call record and the extractions say: the rules the
 * contact and CRM activities apply, kept here as plain functions with unit tests.
 */

/**
 * A contact's id, derived from its identity (`phone:<E.164>` or `email:<address>`), so two calls of
 * a new customer processed at once create one contact, and a retry changes nothing.
 */
export function contactIdFor(orgId: string, identity: string): string {
  return `ct_${createHash('sha256').update(`${orgId}\n${identity}`).digest('hex').slice(0, 24)}`;
}

/** The customer's phone, e-mail and name as extracted from the call (the first dataset that has each). */
export function customerIdentityFromExtractions(extractions: ExtractionResult[]): {
  phone: string | null;
  email: string | null;
  name: string | null;
} {
  const first = (names: string[]) => {
    for (const extraction of extractions) {
      for (const name of names) {
        const value = extraction.data[name];
        if (typeof value === 'string' && value) return value;
      }
    }
    return null;
  };
  const firstName = first(['borrower_first_name', 'first_name', 'contact_first_name']);
  const lastName = first(['borrower_last_name', 'last_name', 'contact_last_name']);
  return {
    phone: first(['borrower_phone', 'phone', 'contact_phone']),
    email: first(['borrower_email', 'email', 'contact_email'])?.toLowerCase() ?? null,
    name: first(['contact_name', 'name']) ?? (firstName ? [firstName, lastName].filter(Boolean).join(' ') : null),
  };
}

/** The earliest lead time known: the contact's, or the call's `metadata.lead_created_at` if earlier. */
export function mergedLeadCreatedAt(current: Date | null, fromMetadata: unknown): Date | null {
  const candidate = Date.parse(String(fromMetadata ?? ''));
  if (Number.isNaN(candidate)) return current;
  return !current || candidate < current.getTime() ? new Date(candidate) : current;
}

/** A person as a CRM stores one: the name split at its first space, the first phone and e-mail. */
export function crmPerson(input: { name: string | null; phone: string | null; email: string | null }): {
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
} {
  const parts = (input.name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: parts[0] ?? null,
    lastName: parts.length > 1 ? parts.slice(1).join(' ') : null,
    phone: input.phone,
    email: input.email,
  };
}

export interface CustomerIdentity {
  name: string | null;
  phone: string | null;
  email: string | null;
}

/**
 * The customer a call is linked to a contact by: the call record's phone, name and
 * `metadata.contact_email` first; what the customer said in the call (extractions) fills gaps.
 */
export function callCustomerIdentity(
  call: Pick<CallDoc, 'contact_name' | 'contact_phone' | 'metadata'>,
  said: CustomerIdentity,
): CustomerIdentity {
  const metadataEmail = call.metadata.contact_email;
  return {
    name: call.contact_name ?? said.name,
    phone: call.contact_phone ?? said.phone,
    email: (typeof metadataEmail === 'string' ? metadataEmail.toLowerCase() : null) ?? said.email,
  };
}

/** The id a new contact gets: from its phone if it has one, else its e-mail; null when it has neither. */
export function newContactIdFor(orgId: string, identity: CustomerIdentity): string | null {
  if (identity.phone) return contactIdFor(orgId, `phone:${identity.phone}`);
  if (identity.email) return contactIdFor(orgId, `email:${identity.email}`);
  return null;
}

/**
 * A contact after one more call of it: names, phones and e-mails gain what the call adds (the
 * contact's own display name is kept), and the lead time is the earliest known.
 */
export function contactWithCall(
  contact: Pick<ContactDoc, 'name' | 'names' | 'phones' | 'emails' | 'lead_created_at'>,
  identity: CustomerIdentity,
  leadCreatedAtFromMetadata: unknown,
): Pick<ContactDoc, 'name' | 'names' | 'phones' | 'emails' | 'lead_created_at'> {
  const unique = (values: string[], added: string | null) => [...new Set([...values, ...(added ? [added] : [])])];
  return {
    name: contact.name ?? identity.name,
    names: unique(contact.names, identity.name),
    phones: unique(contact.phones, identity.phone),
    emails: unique(contact.emails, identity.email),
    lead_created_at: mergedLeadCreatedAt(contact.lead_created_at, leadCreatedAtFromMetadata),
  };
}

/**
 * The person a CRM gets for a call: the linked contact's name, phone and e-mail first (it gathers
 * every call), then the call record, then what was said in the call.
 */
export function crmPersonForCall(
  contact: Pick<ContactDoc, 'name' | 'phones' | 'emails'> | null,
  call: Pick<CallDoc, 'contact_name' | 'contact_phone'>,
  said: CustomerIdentity,
): ReturnType<typeof crmPerson> & { name: string } {
  const name = (contact?.name ?? said.name ?? call.contact_name ?? '').trim();
  return {
    name,
    ...crmPerson({
      name,
      phone: contact?.phones[0] ?? call.contact_phone ?? said.phone,
      email: contact?.emails[0] ?? said.email,
    }),
  };
}
