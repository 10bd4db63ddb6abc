import {
  callCustomerIdentity,
  contactWithCall,
  customerIdentityFromExtractions,
  newContactIdFor,
} from '../lib/customerIdentity';
import type { ContactDoc } from '../lib/documents';
import { refreshLeadResponse } from '../lib/leadResponse';
import { isDuplicateKeyError, type Collections } from '../lib/mongo';
import { callNotFound } from './calls';

/**
 * The contact a call belongs to, found or created from the call's customer phone (E.164), else
 * the customer e-mail in its metadata (lib/customerIdentity.ts says how).
 */
export function createContactActivities({ collections }: { collections: Collections }) {
  return {
    async upsertContactForCall(input: { orgId: string; callId: string }): Promise<{ contactId: string | null }> {
      const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw callNotFound(input.callId);
      const extractions = await collections.extractions.findOne({ _id: call._id, org_id: input.orgId });
      const identity = callCustomerIdentity(call, customerIdentityFromExtractions(extractions?.results ?? []));
      const newContactId = newContactIdFor(input.orgId, identity);
      if (!newContactId) return { contactId: null };

      // An existing contact that already has this phone or e-mail (it may have been merged or edited).
      const existing =
        (identity.phone ? await collections.contacts.findOne({ org_id: input.orgId, phones: identity.phone }) : null) ??
        (identity.email ? await collections.contacts.findOne({ org_id: input.orgId, emails: identity.email }) : null);
      const contactId = existing?._id ?? newContactId;
      const now = new Date();
      if (!existing) {
        const contact: ContactDoc = {
          _id: contactId,
          org_id: input.orgId,
          ...contactWithCall(
            { name: null, names: [], phones: [], emails: [], lead_created_at: null },
            identity,
            call.metadata.lead_created_at,
          ),
          crm_ids: {},
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
        { $set: { ...contactWithCall(contact, identity, call.metadata.lead_created_at), updated_at: now } },
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
