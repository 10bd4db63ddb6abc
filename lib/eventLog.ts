import type { Client } from '@temporalio/client';
import { createHash } from 'node:crypto';
import type { Config } from './config';
import type { EventDoc, WebhookDeliveryDoc } from './documents';
import { eventIdFor, type EventType } from './events';
import { isDuplicateKeyError, type Collections } from './mongo';
import { escapeRegex } from './regex';
import { EVENT_DATA_SCHEMAS } from './schemas/events';
import type { DeliverWebhookInput, WebhookRetrySettings } from './temporal';
import { startDeliverWebhook } from './workflowStarts';

/*
 * The event log and its fan-out: every event is stored once under its stable id, then delivered
 * to each enabled endpoint of its organization subscribed to its type, by one `deliverWebhook`
 * workflow per (event, endpoint). Everything here is idempotent, so the activity that emits an
 * event may be retried at any point: the event, its deliveries and their workflows stay single.
 */

export interface EventLogDeps {
  collections: Collections;
  temporal: Client;
  config: Config;
}

export interface EmitEventInput<T extends EventType = EventType> {
  orgId: string;
  type: T;
  /** What the event is about (a call, a task…): with the type it makes the stable event id. */
  subjectId: string;
  data: Record<string, unknown>;
  /**
   * For a result a stage can produce again (re-processing): a new event only when the data differ
   * from the subject's latest event; the same data keep that event's id (see storeEvent).
   */
  againWhenChanged?: boolean;
}

export function webhookRetrySettings(config: Config): WebhookRetrySettings {
  return {
    maximumAttempts: config.WEBHOOK_MAX_RETRIES + 1,
    initialIntervalSeconds: config.WEBHOOK_RETRY_INITIAL_SECONDS,
    backoffCoefficient: config.WEBHOOK_RETRY_BACKOFF,
  };
}

/** One delivery per (event, endpoint): the id is derived, so a second fan-out finds the first. */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  return `dlv_${createHash('sha256').update(`${eventId}\n${endpointId}`).digest('hex').slice(0, 24)}`;
}

/** The delivery body: its raw bytes are what is signed. Built from the stored event, so every attempt sends the same bytes. */
export function eventBody(event: EventDoc): string {
  return JSON.stringify({
    id: event._id,
    type: event.type,
    created_at: event.created_at.toISOString(),
    organization_id: event.org_id,
    data: event.data,
  });
}

/**
 * Stores the event (once) and starts its deliveries. `test.ping` is never fanned out: it goes only
 * to the endpoint being tested (see the webhooks API).
 */
export async function recordEvent(deps: EventLogDeps, input: EmitEventInput): Promise<string> {
  const stored = await storeEvent(deps, input);
  if (stored.type !== 'test.ping') await dispatchEvent(deps, stored);
  return stored._id;
}

export async function storeEvent(deps: Pick<EventLogDeps, 'collections'>, input: EmitEventInput): Promise<EventDoc> {
  // The documented shape or nothing: a mismatch is a bug to see here, not at a customer's receiver.
  const data = EVENT_DATA_SCHEMAS[input.type].parse(input.data) as Record<string, unknown>;
  const subjectId = input.againWhenChanged ? await subjectOfChange(deps, input, data) : input.subjectId;
  const id = eventIdFor(input.orgId, input.type, subjectId);
  const event: Omit<EventDoc, '_id'> = {
    org_id: input.orgId,
    type: input.type,
    subject_id: subjectId,
    data,
    created_at: new Date(),
  };
  // $setOnInsert: a retried emit neither duplicates the event nor changes its first payload.
  const written = await deps.collections.events.updateOne(
    { _id: id, org_id: input.orgId },
    { $setOnInsert: event },
    { upsert: true },
  );
  if (written.upsertedCount === 1) return { _id: id, ...event };
  return (await deps.collections.events.findOne({ _id: id, org_id: input.orgId }))!;
}

/**
 * The subject id of a result's event: the plain subject for its first version and whenever the
 * data equal the subject's latest event (so a retry or an unchanged re-run stores nothing new);
 * `<subject>@<hash of the data>` for a changed value (so the same change, retried, is one event).
 */
async function subjectOfChange(
  deps: Pick<EventLogDeps, 'collections'>,
  input: EmitEventInput,
  data: Record<string, unknown>,
): Promise<string> {
  const [latest] = await deps.collections.events
    .find({
      org_id: input.orgId,
      type: input.type,
      $or: [{ subject_id: input.subjectId }, { subject_id: { $regex: `^${escapeRegex(input.subjectId)}@` } }],
    })
    .sort({ created_at: -1, _id: -1 })
    .limit(1)
    .toArray();
  if (!latest) return input.subjectId;
  if (JSON.stringify(latest.data) === JSON.stringify(data)) return latest.subject_id;
  return `${input.subjectId}@${createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16)}`;
}

/** Starts a delivery for every enabled endpoint subscribed to the event (or only `endpointId`). */
export async function dispatchEvent(deps: EventLogDeps, event: EventDoc, endpointId?: string): Promise<string[]> {
  const endpoints = await deps.collections.webhookEndpoints
    .find({ org_id: event.org_id, enabled: true, events: event.type, ...(endpointId ? { _id: endpointId } : {}) })
    .toArray();
  const deliveryIds: string[] = [];
  for (const endpoint of endpoints) {
    const delivery = newDelivery(event, endpoint._id, deliveryIdFor(event._id, endpoint._id), null);
    await deps.collections.webhookDeliveries.insertOne(delivery).catch((error) => {
      if (!isDuplicateKeyError(error)) throw error;
    });
    await startDelivery(deps, delivery);
    deliveryIds.push(delivery._id);
  }
  return deliveryIds;
}

export function newDelivery(
  event: EventDoc,
  endpointId: string,
  deliveryId: string,
  retryOf: string | null,
): WebhookDeliveryDoc {
  const now = new Date();
  return {
    _id: deliveryId,
    org_id: event.org_id,
    endpoint_id: endpointId,
    event_id: event._id,
    event_type: event.type,
    status: 'pending',
    attempts: [],
    retry_of: retryOf,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
}

/** Workflow `delivery-<id>` on the `webhooks` queue; a delivery is never started twice. */
export async function startDelivery(deps: EventLogDeps, delivery: WebhookDeliveryDoc): Promise<void> {
  const input: DeliverWebhookInput = {
    orgId: delivery.org_id,
    deliveryId: delivery._id,
    retry: webhookRetrySettings(deps.config),
  };
  await startDeliverWebhook(deps.temporal, input);
}
