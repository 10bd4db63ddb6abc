import type { z } from 'zod';
import type { ContactDoc } from '../../../lib/documents';
import type { ContactMetrics, ContactSummary } from '../schemas/contacts';

type Metrics = z.infer<typeof ContactMetrics>;

export function contactSummaryView(contact: ContactDoc, metrics: Metrics): z.infer<typeof ContactSummary> {
  return {
    contact_id: contact._id,
    name: contact.name,
    names: contact.names,
    phones: contact.phones,
    emails: contact.emails,
    crm_ids: contact.crm_ids,
    lead_created_at: contact.lead_created_at?.toISOString() ?? null,
    metrics,
    created_at: contact.created_at.toISOString(),
    updated_at: contact.updated_at.toISOString(),
  };
}
