import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { ContactDoc } from '../lib/documents';
import { isDuplicateKeyError, type Collections } from '../lib/mongo';
import { NON_RETRYABLE } from './policies';

/**
 * The contact a call belongs to, found or created from the call's customer phone (E.164), else
 * the customer e-mail in its metadata. The contact's id is derived from that identity, so two
 * calls of a new customer processed at once create one contact, and a retry changes nothing.
 */
export function contactIdFor(orgId: string, identity: string): string {
  return `ct_${createHash('sha256').update(`${orgId}\n${identity}`).digest('hex').slice(0, 24)}`;
}

export function createContactActivities(collections: Collections) {
  return {
    async upsertContactForCall(input: { orgId: string; callId: string }): Promise<{ contactId: string | null }> {
      const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call)
        throw ApplicationFailure.nonRetryable(`Call ${input.callId} does not exist`, NON_RETRYABLE.callNotFound);
      const email = typeof call.metadata.contact_email === 'string' ? call.metadata.contact_email.toLowerCase() : null;
      const phone = call.contact_phone;
      if (!phone && !email) return { contactId: null };

      // An existing contact that already has this phone or e-mail (it may have been merged or edited).
      const existing =
        (phone ? await collections.contacts.findOne({ org_id: input.orgId, phones: phone }) : null) ??
        (email ? await collections.contacts.findOne({ org_id: input.orgId, emails: email }) : null);
      const contactId = existing?._id ?? contactIdFor(input.orgId, phone ? `phone:${phone}` : `email:${email}`);
      const now = new Date();
      if (!existing) {
        const contact: ContactDoc = {
          _id: contactId,
          org_id: input.orgId,
          name: call.contact_name,
          names: call.contact_name ? [call.contact_name] : [],
          phones: phone ? [phone] : [],
          emails: email ? [email] : [],
          crm_ids: {},
          lead_created_at: null,
          created_at: now,
          updated_at: now,
        };
        await collections.contacts.insertOne(contact).catch((error) => {
          if (!isDuplicateKeyError(error)) throw error; // created by a concurrent call: fine
        });
      }
      const contact = (await collections.contacts.findOne({ _id: contactId, org_id: input.orgId }))!;
      const leadCreatedAt = Date.parse(String(call.metadata.lead_created_at ?? ''));
      await collections.contacts.updateOne(
        { _id: contactId, org_id: input.orgId },
        {
          $set: {
            name: contact.name ?? call.contact_name,
            names: unique([...contact.names, ...(call.contact_name ? [call.contact_name] : [])]),
            phones: unique([...contact.phones, ...(phone ? [phone] : [])]),
            emails: unique([...contact.emails, ...(email ? [email] : [])]),
            lead_created_at:
              !Number.isNaN(leadCreatedAt) &&
              (!contact.lead_created_at || leadCreatedAt < contact.lead_created_at.getTime())
                ? new Date(leadCreatedAt)
                : contact.lead_created_at,
            updated_at: now,
          },
        },
      );
      await collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        { $set: { contact_id: contactId } },
      );
      return { contactId };
    },
  };
}

const unique = (values: string[]) => [...new Set(values)];
