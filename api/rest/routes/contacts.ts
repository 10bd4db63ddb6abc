import { z } from 'zod';
import { pageOf } from '../../../lib/pagination';
import { CallSummary } from '../schemas/calls';
import { E164Phone, EmailFilter } from '../../../lib/schemas/common';
import { ContactSummary } from '../schemas/contacts';
import { Task } from '../../../lib/schemas/insights';
import { envelope, paginated, PaginationQuery } from '../schemas/responses';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { contactHistory, contactMetrics, findContact, listContactsPage } from '../services/contacts';
import { callSummaryView, taskView } from '../views/calls';
import { contactSummaryView } from '../views/contacts';

/** How many calls the contact detail's history shows; GET /calls?contact_id= pages through all. */
export const CONTACT_HISTORY_LIMIT = 100;

const ContactListQuery = z
  .object({
    q: z.string().trim().min(1).max(100).optional().describe('matches names, phones and e-mails (case-insensitive)'),
    phone: E164Phone.optional(),
    email: EmailFilter.optional(),
    ...PaginationQuery,
  })
  .strict();

const ContactDetail = ContactSummary.extend({
  history: z.array(CallSummary).describe(`the latest ${CONTACT_HISTORY_LIMIT} calls, newest first`),
  open_tasks: z.array(Task),
});

export function contactRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'get',
      path: '/contacts',
      operationId: 'listContacts',
      summary: 'Contact profiles with aggregated call metrics, newest first',
      tag: 'Contacts',
      permission: 'contacts:read',
      query: ContactListQuery,
      success: { status: 200, description: 'A page of contacts', schema: paginated(ContactSummary) },
      errors: [400, 403],
      async handler(ctx, { auth, query }) {
        const rows = await listContactsPage(collections.contacts, auth.orgId, query, query.limit);
        const page = pageOf(rows, query.limit, (contact) => contact.created_at);
        const metrics = await contactMetrics(
          collections,
          auth.orgId,
          page.items.map((contact) => contact._id),
        );
        ctx.body = {
          success: true,
          data: page.items.map((contact) => contactSummaryView(contact, metrics.get(contact._id)!)),
          pagination: { next_cursor: page.next_cursor, has_more: page.has_more },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/contacts/{contactId}',
      operationId: 'getContact',
      summary: 'A contact: profile, call metrics, conversation history, open tasks and CRM ids',
      tag: 'Contacts',
      permission: 'contacts:read',
      params: z.object({ contactId: z.string().min(1).max(64) }),
      success: { status: 200, description: 'The contact', schema: envelope(ContactDetail) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const contact = await findContact(collections, auth.orgId, params.contactId);
        const [metrics, { calls: history, openTasks }] = await Promise.all([
          contactMetrics(collections, auth.orgId, [contact._id]),
          contactHistory(collections, contact, CONTACT_HISTORY_LIMIT),
        ]);
        ctx.body = {
          success: true,
          data: {
            ...contactSummaryView(contact, metrics.get(contact._id)!),
            history: history.map(callSummaryView),
            open_tasks: openTasks.map(taskView),
          },
        };
      },
    }),
  ];
}
