import { contactIdFor, customerIdentityFromExtractions, mergedLeadCreatedAt } from '../lib/customerIdentity';
import type { ContactDoc } from '../lib/documents';
import { refreshLeadResponse } from '../lib/leadResponse';
import { isDuplicateKeyError, type Collections } from '../lib/mongo';
import { callNotFound } from './calls';

/**
 * The contact a call belongs to, found or created from the call's customer phone (E.164), else
 * the customer e-mail in its metadata (lib/customerIdentity.ts says how).
 */
export function createContactActivities(collections: Collections) {
  return {
    async upsertContactForCall(input: { orgId: string; callId: string }): Promise<{ contactId: string | null }> {
      const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw callNotFound(input.callId);
      // The call record's identity first; what the customer said in the call (extractions) fills gaps.
      const extractions = await collections.extractions.findOne({ _id: call._id, org_id: input.orgId });
      const said = customerIdentityFromExtractions(extractions?.results ?? []);
      const email =
        (typeof call.metadata.contact_email === 'string' ? call.metadata.contact_email.toLowerCase() : null) ??
        said.email;
      const phone = call.contact_phone ?? said.phone;
      const name = call.contact_name ?? said.name;
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
          name,
          names: name ? [name] : [],
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
      await collections.contacts.updateOne(
        { _id: contactId, org_id: input.orgId },
        {
          $set: {
            name: contact.name ?? name,
            names: unique([...contact.names, ...(name ? [name] : [])]),
            phones: unique([...contact.phones, ...(phone ? [phone] : [])]),
            emails: unique([...contact.emails, ...(email ? [email] : [])]),
            lead_created_at: mergedLeadCreatedAt(contact.lead_created_at, call.metadata.lead_created_at),
            updated_at: now,
          },
        },
      );
      await collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        { $set: { contact_id: contactId } },
      );
      // Its lead time or its first response may be this call.
      await refreshLeadResponse(collections, input.orgId, contactId);
      // The call's tasks and appointments belong to the same contact.
      await collections.tasks.updateMany(
        { org_id: input.orgId, call_id: input.callId },
        { $set: { contact_id: contactId } },
      );
      await collections.appointments.updateMany(
        { org_id: input.orgId, call_id: input.callId },
        { $set: { contact_id: contactId } },
      );
      return { contactId };
    },
  };
}

const unique = (values: string[]) => [...new Set(values)];
