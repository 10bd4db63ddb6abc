import { createHash } from 'node:crypto';
import type { ExtractionResult } from './documents';

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
