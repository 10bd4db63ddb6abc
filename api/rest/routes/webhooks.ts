import { z } from 'zod';
import { pageOf } from '../../../lib/pagination';
import { envelope, paginated } from '../schemas/responses';
import {
  DeliveryDetail,
  DeliveryListQuery,
  DeliveryView,
  WebhookCreateRequest,
  WebhookEndpointCreated,
  WebhookEndpointView,
  WebhookSecretRotated,
  WebhookUpdateRequest,
} from '../schemas/webhooks';
import type { RestDeps } from '../deps';
import { ownOrganization } from '../middleware/auth';
import { defineRoute, type RouteDefinition } from '../routing';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryDetail,
  findDelivery,
  findEndpoint,
  listDeliveriesPage,
  listEndpoints,
  retryDelivery,
  rotateSecret,
  sendTestPing,
  updateEndpoint,
} from '../services/webhooks';
import { deliveryView, endpointView } from '../views/webhooks';

const OrgParams = z.object({ orgId: z.string().min(1).max(64) });
const EndpointParams = OrgParams.extend({ endpointId: z.string().min(1).max(64) });
const DeliveryParams = EndpointParams.extend({ deliveryId: z.string().min(1).max(64) });
const BASE = '/organizations/{orgId}/webhooks';
const TAG = 'Webhooks';

/** Outbound webhook endpoints, their delivery log and manual retries (permission `webhooks:manage`). */
export function webhookRoutes(deps: RestDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: BASE,
      operationId: 'createWebhookEndpoint',
      summary: 'Register an HTTPS endpoint for events (the signing secret is shown once)',
      description:
        'The URL must be HTTPS and must not resolve to a private, loopback, link-local or metadata address (checked now and on the connected address of every delivery). `events` names event types of the catalog; a 400 lists the valid names.',
      tag: TAG,
      permission: 'webhooks:manage',
      returnsSecret: true,
      params: OrgParams,
      body: WebhookCreateRequest,
      success: { status: 201, description: 'The endpoint, with its secret', schema: envelope(WebhookEndpointCreated) },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const orgId = ownOrganization(auth, params.orgId);
        const { endpoint, secret } = await createEndpoint(deps, orgId, body);
        ctx.status = 201;
        ctx.body = { success: true, data: { ...endpointView(endpoint), secret } };
      },
    }),
    defineRoute({
      method: 'get',
      path: BASE,
      operationId: 'listWebhookEndpoints',
      summary: "List the organization's endpoints (never their secrets)",
      tag: TAG,
      permission: 'webhooks:manage',
      params: OrgParams,
      success: { status: 200, description: 'Endpoints, oldest first', schema: envelope(z.array(WebhookEndpointView)) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const endpoints = await listEndpoints(deps, orgId);
        ctx.body = { success: true, data: endpoints.map(endpointView) };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${BASE}/{endpointId}`,
      operationId: 'getWebhookEndpoint',
      summary: 'One endpoint (never its secret)',
      tag: TAG,
      permission: 'webhooks:manage',
      params: EndpointParams,
      success: { status: 200, description: 'The endpoint', schema: envelope(WebhookEndpointView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        ctx.body = { success: true, data: endpointView(await findEndpoint(deps, orgId, params.endpointId)) };
      },
    }),
    defineRoute({
      method: 'patch',
      path: `${BASE}/{endpointId}`,
      operationId: 'updateWebhookEndpoint',
      summary: 'Change the URL, events, description, or enable/disable an endpoint',
      description: 'Enabling an endpoint the product disabled (410 Gone) clears `disabled_reason`.',
      tag: TAG,
      permission: 'webhooks:manage',
      params: EndpointParams,
      body: WebhookUpdateRequest,
      success: { status: 200, description: 'The endpoint', schema: envelope(WebhookEndpointView) },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const orgId = ownOrganization(auth, params.orgId);
        const endpoint = await updateEndpoint(deps, orgId, params.endpointId, body);
        ctx.body = { success: true, data: endpointView(endpoint) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: `${BASE}/{endpointId}`,
      operationId: 'deleteWebhookEndpoint',
      summary: 'Delete an endpoint (pending deliveries to it fail; the delivery log stays)',
      tag: TAG,
      permission: 'webhooks:manage',
      params: EndpointParams,
      success: { status: 200, description: 'The deleted endpoint', schema: envelope(WebhookEndpointView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const endpoint = await deleteEndpoint(deps, orgId, params.endpointId);
        ctx.body = { success: true, data: endpointView(endpoint) };
      },
    }),
    defineRoute({
      method: 'post',
      path: `${BASE}/{endpointId}/rotate-secret`,
      operationId: 'rotateWebhookSecret',
      summary: 'A new signing secret (shown once); the old one also signs deliveries for 24 hours',
      tag: TAG,
      permission: 'webhooks:manage',
      returnsSecret: true,
      params: EndpointParams,
      success: { status: 200, description: 'The new secret', schema: envelope(WebhookSecretRotated) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const endpoint = await findEndpoint(deps, orgId, params.endpointId);
        const { secret, previousExpiresAt } = await rotateSecret(deps, endpoint);
        ctx.body = {
          success: true,
          data: { id: endpoint._id, secret, previous_secret_expires_at: previousExpiresAt.toISOString() },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: `${BASE}/{endpointId}/test`,
      operationId: 'testWebhookEndpoint',
      summary: 'Send test.ping now; answers with the delivery after its first attempt (up to 12 s)',
      description:
        'The ping goes to this endpoint whatever its subscriptions, signed like every delivery, and retried like every delivery when it fails.',
      tag: TAG,
      permission: 'webhooks:manage',
      params: EndpointParams,
      success: { status: 200, description: 'The delivery and its first attempt', schema: envelope(DeliveryDetail) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const endpoint = await findEndpoint(deps, orgId, params.endpointId);
        ctx.body = { success: true, data: await deliveryDetail(deps, await sendTestPing(deps, endpoint)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${BASE}/{endpointId}/deliveries`,
      operationId: 'listWebhookDeliveries',
      summary: 'The delivery log of an endpoint, newest first',
      description:
        'Filters: `status` (pending, succeeded, failed), `event` (an event type), `from`/`to` (ISO 8601 on the creation time; `to` exclusive).',
      tag: TAG,
      permission: 'webhooks:manage',
      params: EndpointParams,
      query: DeliveryListQuery,
      success: { status: 200, description: 'Deliveries', schema: paginated(DeliveryView) },
      errors: [400, 403, 404],
      async handler(ctx, { auth, params, query }) {
        const orgId = ownOrganization(auth, params.orgId);
        const rows = await listDeliveriesPage(deps, orgId, params.endpointId, query, query.limit);
        const page = pageOf(rows, query.limit, (row) => row.created_at);
        ctx.body = {
          success: true,
          data: page.items.map(deliveryView),
          pagination: { next_cursor: page.next_cursor, has_more: page.has_more },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: `${BASE}/{endpointId}/deliveries/{deliveryId}`,
      operationId: 'getWebhookDelivery',
      summary: 'One delivery with every attempt (time, status code, latency, first 1 KB of the response, error)',
      tag: TAG,
      permission: 'webhooks:manage',
      params: DeliveryParams,
      success: { status: 200, description: 'The delivery', schema: envelope(DeliveryDetail) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const delivery = await findDelivery(deps, orgId, params.endpointId, params.deliveryId);
        ctx.body = { success: true, data: await deliveryDetail(deps, delivery) };
      },
    }),
    defineRoute({
      method: 'post',
      path: `${BASE}/{endpointId}/deliveries/{deliveryId}/retry`,
      operationId: 'retryWebhookDelivery',
      summary: 'Deliver the same event again (same event id and webhook-id) as a new delivery',
      description: 'Allowed once the delivery has succeeded or failed (409 while it is pending).',
      tag: TAG,
      permission: 'webhooks:manage',
      params: DeliveryParams,
      success: { status: 202, description: 'The new delivery, started', schema: envelope(DeliveryView) },
      errors: [403, 404, 409],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        await findEndpoint(deps, orgId, params.endpointId);
        const original = await findDelivery(deps, orgId, params.endpointId, params.deliveryId);
        ctx.status = 202;
        ctx.body = { success: true, data: deliveryView(await retryDelivery(deps, original)) };
      },
    }),
  ];
}
