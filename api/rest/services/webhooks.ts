import type { Filter } from 'mongodb';
import type { z } from 'zod';
import type { WebhookDeliveryDoc, WebhookEndpointDoc } from '../../../lib/documents';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { newDelivery, startDelivery, storeEvent, type EventLogDeps } from '../../../lib/eventLog';
import { newId, randomToken } from '../../../lib/ids';
import { onOrAfter } from '../../../lib/mongo';
import { afterCursorFilter, decodeCursor } from '../../../lib/pagination';
import { assertPublicDestination, OutboundBlockedError } from '../../../lib/outbound';
import type { DeliveryDetail } from '../schemas/webhooks';
import { encryptSecret } from '../../../lib/secrets';
import { generateWebhookSecret } from '../../../lib/webhookSignature';
import type { RestDeps } from '../deps';
import { deliveryView } from '../views/webhooks';

export function eventLogDepsOf(deps: RestDeps): EventLogDeps {
  return { collections: deps.database.collections, temporal: deps.temporal.client, config: deps.config };
}

/** 400 naming `url` when it points into our network (checked again on every delivery). */
export async function assertDeliverableUrl(deps: RestDeps, url: string): Promise<void> {
  try {
    await assertPublicDestination({ allowedHosts: deps.config.OUTBOUND_ALLOWED_HOSTS }, url);
  } catch (error) {
    if (error instanceof OutboundBlockedError) {
      throw badRequest(`url is not deliverable: ${error.message}`, [{ path: 'url', message: error.message }]);
    }
    throw error;
  }
}

export async function findEndpoint(deps: RestDeps, orgId: string, endpointId: string): Promise<WebhookEndpointDoc> {
  const endpoint = await deps.database.collections.webhookEndpoints.findOne({ _id: endpointId, org_id: orgId });
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

export function listEndpoints(deps: RestDeps, orgId: string): Promise<WebhookEndpointDoc[]> {
  return deps.database.collections.webhookEndpoints.find({ org_id: orgId }).sort({ created_at: 1, _id: 1 }).toArray();
}

/** Applies the changes (re-enabling clears the reason the product disabled it) and returns the endpoint. */
export async function updateEndpoint(
  deps: RestDeps,
  orgId: string,
  endpointId: string,
  changes: Partial<Pick<WebhookEndpointDoc, 'url' | 'events' | 'description' | 'enabled'>>,
): Promise<WebhookEndpointDoc> {
  await findEndpoint(deps, orgId, endpointId);
  if (changes.url) await assertDeliverableUrl(deps, changes.url);
  await deps.database.collections.webhookEndpoints.updateOne(
    { _id: endpointId, org_id: orgId },
    { $set: { ...changes, ...(changes.enabled ? { disabled_reason: null } : {}), updated_at: new Date() } },
  );
  return findEndpoint(deps, orgId, endpointId);
}

/** Returns the deleted endpoint (its delivery log stays). */
export async function deleteEndpoint(deps: RestDeps, orgId: string, endpointId: string): Promise<WebhookEndpointDoc> {
  const endpoint = await findEndpoint(deps, orgId, endpointId);
  await deps.database.collections.webhookEndpoints.deleteOne({ _id: endpoint._id, org_id: orgId });
  return endpoint;
}

export async function findDelivery(
  deps: RestDeps,
  orgId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDoc> {
  const delivery = await deps.database.collections.webhookDeliveries.findOne({
    _id: deliveryId,
    org_id: orgId,
    endpoint_id: endpointId,
  });
  if (!delivery) throw notFound('Delivery');
  return delivery;
}

export interface DeliveryLogQuery {
  status?: WebhookDeliveryDoc['status'];
  event?: WebhookDeliveryDoc['event_type'];
  from?: string;
  to?: string;
  cursor?: string;
}

/** One page of an endpoint's delivery log, newest first (`limit` + 1 rows tell whether more follow). */
export async function listDeliveriesPage(
  deps: RestDeps,
  orgId: string,
  endpointId: string,
  query: DeliveryLogQuery,
  limit: number,
): Promise<WebhookDeliveryDoc[]> {
  await findEndpoint(deps, orgId, endpointId);
  const filters: Filter<WebhookDeliveryDoc>[] = [{ org_id: orgId, endpoint_id: endpointId }];
  if (query.status) filters.push({ status: query.status });
  if (query.event) filters.push({ event_type: query.event });
  if (query.from || query.to) {
    filters.push({
      created_at: {
        ...(query.from ? onOrAfter(new Date(query.from)) : {}),
        ...(query.to ? { $lt: new Date(query.to) } : {}),
      },
    });
  }
  if (query.cursor)
    filters.push(afterCursorFilter('created_at', decodeCursor(query.cursor)) as Filter<WebhookDeliveryDoc>);
  return deps.database.collections.webhookDeliveries
    .find({ $and: filters })
    .sort({ created_at: -1, _id: -1 })
    .limit(limit + 1)
    .toArray();
}

export async function createEndpoint(
  deps: RestDeps,
  orgId: string,
  body: { url: string; events: WebhookEndpointDoc['events']; description?: string },
): Promise<{ endpoint: WebhookEndpointDoc; secret: string }> {
  await assertDeliverableUrl(deps, body.url);
  const secret = generateWebhookSecret();
  const now = new Date();
  const endpoint: WebhookEndpointDoc = {
    _id: newId('whe'),
    org_id: orgId,
    url: body.url,
    events: body.events,
    description: body.description ?? null,
    enabled: true,
    disabled_reason: null,
    secret_encrypted: encryptSecret(deps.config.SECRETS_ENCRYPTION_KEY, secret),
    previous_secret_encrypted: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
  };
  await deps.database.collections.webhookEndpoints.insertOne(endpoint);
  return { endpoint, secret };
}

/** A new secret; the old one keeps signing (as a second signature) for WEBHOOK_SECRET_OVERLAP_HOURS. */
export async function rotateSecret(
  deps: RestDeps,
  endpoint: WebhookEndpointDoc,
): Promise<{ secret: string; previousExpiresAt: Date }> {
  const secret = generateWebhookSecret();
  const previousExpiresAt = new Date(Date.now() + deps.config.WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000);
  await deps.database.collections.webhookEndpoints.updateOne(
    { _id: endpoint._id, org_id: endpoint.org_id },
    {
      $set: {
        secret_encrypted: encryptSecret(deps.config.SECRETS_ENCRYPTION_KEY, secret),
        previous_secret_encrypted: endpoint.secret_encrypted,
        previous_secret_expires_at: previousExpiresAt,
        updated_at: new Date(),
      },
    },
  );
  return { secret, previousExpiresAt };
}

/** How long `POST …/test` waits for the first attempt before answering with the delivery as it is. */
export const TEST_PING_WAIT_MS = 12_000;

/** Sends `test.ping` to one endpoint now (subscribed to it or not) and waits for the first attempt. */
export async function sendTestPing(deps: RestDeps, endpoint: WebhookEndpointDoc): Promise<WebhookDeliveryDoc> {
  const pingId = `ping_${randomToken(16)}`;
  const event = await storeEvent(eventLogDepsOf(deps), {
    orgId: endpoint.org_id,
    type: 'test.ping',
    subjectId: pingId,
    data: { endpoint_id: endpoint._id, message: 'Test delivery from the call-intelligence API' },
  });
  const delivery = newDelivery(event, endpoint._id, newId('dlv'), null);
  await deps.database.collections.webhookDeliveries.insertOne(delivery);
  await startDelivery(eventLogDepsOf(deps), delivery);
  return waitForFirstAttempt(deps, delivery);
}

async function waitForFirstAttempt(deps: RestDeps, delivery: WebhookDeliveryDoc): Promise<WebhookDeliveryDoc> {
  const deadline = Date.now() + TEST_PING_WAIT_MS;
  for (;;) {
    const current = await deps.database.collections.webhookDeliveries.findOne({
      _id: delivery._id,
      org_id: delivery.org_id,
    });
    if (current && (current.attempts.length > 0 || current.status !== 'pending')) return current;
    if (Date.now() > deadline) return current ?? delivery;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A new delivery of the same event to the same endpoint (same event id and `webhook-id`). */
export async function retryDelivery(deps: RestDeps, original: WebhookDeliveryDoc): Promise<WebhookDeliveryDoc> {
  if (original.status === 'pending') {
    throw conflict('The delivery is still in progress; retry it once it has succeeded or failed');
  }
  const event = await deps.database.collections.events.findOne({ _id: original.event_id, org_id: original.org_id });
  if (!event) throw notFound('Event');
  const delivery = newDelivery(event, original.endpoint_id, newId('dlv'), original._id);
  await deps.database.collections.webhookDeliveries.insertOne(delivery);
  await startDelivery(eventLogDepsOf(deps), delivery);
  return delivery;
}

export async function deliveryDetail(
  deps: RestDeps,
  delivery: WebhookDeliveryDoc,
): Promise<z.infer<typeof DeliveryDetail>> {
  const event = await deps.database.collections.events.findOne({ _id: delivery.event_id, org_id: delivery.org_id });
  return {
    ...deliveryView(delivery),
    attempts: delivery.attempts.map((attempt) => ({ ...attempt, at: attempt.at.toISOString() })),
    event: {
      id: delivery.event_id,
      type: delivery.event_type,
      created_at: (event?.created_at ?? delivery.created_at).toISOString(),
      data: event?.data ?? {},
    },
  };
}
