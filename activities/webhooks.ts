import { recordWebhookAttempt } from './metrics';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Config } from '../lib/config';
import type {
  DeliveryAttempt,
  DeliveryStatus,
  EventDoc,
  WebhookDeliveryDoc,
  WebhookEndpointDoc,
} from '../lib/documents';
import { eventBody } from '../lib/eventLog';
import { COLLECTIONS, type Collections } from '../lib/mongo';
import { OutboundBlockedError, outboundRequest, readBodyText } from '../lib/outbound';
import { decryptSecret } from '../lib/secrets';
import { deliveryHeaders } from '../lib/webhookSignature';
import { NON_RETRYABLE, WEBHOOK_HTTP_TIMEOUT_MS } from '../lib/temporal';
import { outboundCa } from './providers/outboundService';

/** The first bytes of a receiver's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** The secrets a delivery is signed with now: the current one, and the previous while it is honoured. */
export function signingSecrets(config: Config, endpoint: WebhookEndpointDoc, now: Date): string[] {
  const secrets = [decryptSecret(config.SECRETS_ENCRYPTION_KEY, endpoint.secret_encrypted)];
  if (
    endpoint.previous_secret_encrypted &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > now
  ) {
    secrets.push(decryptSecret(config.SECRETS_ENCRYPTION_KEY, endpoint.previous_secret_encrypted));
  }
  return secrets;
}

/**
 * A delivery with its endpoint and its event, in one query ($lookup on `_id`, served by that
 * index): every attempt reads all three, and on the embedded database each command costs a round
 * trip that other deliveries wait behind. Only records of the delivery's organization count.
 */
async function loadDelivery(
  collections: Collections,
  input: { orgId: string; deliveryId: string },
): Promise<{ delivery: WebhookDeliveryDoc | null; endpoint: WebhookEndpointDoc | null; event: EventDoc | null }> {
  const [found] = await collections.webhookDeliveries
    .aggregate<WebhookDeliveryDoc & { with_endpoint: WebhookEndpointDoc[]; with_event: EventDoc[] }>([
      { $match: { _id: input.deliveryId, org_id: input.orgId } },
      { $limit: 1 },
      {
        $lookup: {
          from: COLLECTIONS.webhookEndpoints.name,
          localField: 'endpoint_id',
          foreignField: '_id',
          as: 'with_endpoint',
        },
      },
      { $lookup: { from: COLLECTIONS.events.name, localField: 'event_id', foreignField: '_id', as: 'with_event' } },
    ])
    .toArray();
  if (!found) return { delivery: null, endpoint: null, event: null };
  const { with_endpoint: endpoints, with_event: events, ...delivery } = found;
  const own = <T extends { org_id: string }>(records: T[]) =>
    records.find((record) => record.org_id === input.orgId) ?? null;
  return { delivery, endpoint: own(endpoints), event: own(events) };
}

export function createWebhookActivities(deps: { collections: Collections; config: Config }) {
  const { collections, config } = deps;
  const ca = outboundCa(config);

  const logAttempt = async (
    orgId: string,
    deliveryId: string,
    attempt: DeliveryAttempt,
    outcome: Partial<Pick<WebhookDeliveryDoc, 'status' | 'failure_reason' | 'completed_at'>> = {},
  ) => {
    await collections.webhookDeliveries.updateOne(
      { _id: deliveryId, org_id: orgId },
      { $push: { attempts: attempt }, $set: { ...outcome, updated_at: new Date() } },
    );
  };

  return {
    /** One POST of the event to the endpoint. Logs the attempt; throws so Temporal retries a failure. */
    async attemptDelivery(input: { orgId: string; deliveryId: string }): Promise<{ statusCode: number }> {
      const { delivery, endpoint, event } = await loadDelivery(collections, input);
      if (!delivery) {
        throw ApplicationFailure.nonRetryable(
          `Delivery ${input.deliveryId} does not exist`,
          NON_RETRYABLE.deliveryNotFound,
        );
      }
      if (!endpoint || !endpoint.enabled) {
        throw ApplicationFailure.nonRetryable(
          endpoint
            ? `The endpoint is disabled${endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ''}`
            : 'The endpoint was deleted',
          NON_RETRYABLE.endpointDisabled,
        );
      }
      if (!event)
        throw ApplicationFailure.nonRetryable(
          `Event ${delivery.event_id} does not exist`,
          NON_RETRYABLE.deliveryNotFound,
        );

      const attemptNumber = Context.current().info.attempt;
      const body = eventBody(event);
      const now = new Date();
      const headers = deliveryHeaders({
        secrets: signingSecrets(config, endpoint, now),
        eventId: event._id,
        eventType: event.type,
        deliveryId: delivery._id,
        body,
        timestamp: Math.floor(now.getTime() / 1000),
      });
      const started = performance.now();
      let statusCode: number | null = null;
      let excerpt: string | null = null;
      try {
        const response = await outboundRequest(
          { allowedHosts: config.OUTBOUND_ALLOWED_HOSTS },
          {
            url: endpoint.url,
            method: 'POST',
            headers,
            body,
            timeoutMs: WEBHOOK_HTTP_TIMEOUT_MS,
            signal: AbortSignal.timeout(WEBHOOK_HTTP_TIMEOUT_MS),
            // Redirects are not followed: a 3xx is a failed attempt.
            maxRedirects: 0,
            ...(ca ? { ca } : {}),
          },
        );
        statusCode = response.status;
        excerpt = await readBodyText(response.body, RESPONSE_EXCERPT_BYTES).catch(() => null);
      } catch (error) {
        // The timeout's abort arrives as a DOMException, which is not an Error instance.
        const name = (error as { name?: unknown } | null)?.name;
        const message =
          name === 'TimeoutError' || name === 'AbortError'
            ? `Timed out after ${WEBHOOK_HTTP_TIMEOUT_MS} ms`
            : error instanceof Error
              ? error.message
              : String(error);
        recordWebhookAttempt('network_error', performance.now() - started);
        await logAttempt(input.orgId, delivery._id, {
          attempt: attemptNumber,
          at: now,
          status_code: null,
          latency_ms: Math.round(performance.now() - started),
          response_excerpt: null,
          error: message,
        });
        if (error instanceof OutboundBlockedError)
          throw ApplicationFailure.nonRetryable(message, NON_RETRYABLE.webhookBlocked);
        throw ApplicationFailure.retryable(message, 'DeliveryFailed');
      }
      const ok = statusCode >= 200 && statusCode < 300;
      recordWebhookAttempt(ok ? 'delivered' : 'http_error', performance.now() - started);
      // A success is final: the attempt and the outcome go in one write.
      await logAttempt(
        input.orgId,
        delivery._id,
        {
          attempt: attemptNumber,
          at: now,
          status_code: statusCode,
          latency_ms: Math.round(performance.now() - started),
          response_excerpt: excerpt,
          error: ok ? null : `HTTP ${statusCode}`,
        },
        ok ? { status: 'succeeded', failure_reason: null, completed_at: new Date() } : {},
      );
      if (ok) return { statusCode };
      if (statusCode === 410) {
        await collections.webhookEndpoints.updateOne(
          { _id: endpoint._id, org_id: input.orgId },
          { $set: { enabled: false, disabled_reason: 'the endpoint answered 410 Gone', updated_at: new Date() } },
        );
        throw ApplicationFailure.nonRetryable(
          'HTTP 410: the endpoint is gone and has been disabled',
          NON_RETRYABLE.endpointGone,
        );
      }
      throw ApplicationFailure.retryable(`HTTP ${statusCode}`, 'DeliveryFailed');
    },

    async finishDelivery(input: {
      orgId: string;
      deliveryId: string;
      status: DeliveryStatus;
      reason?: string;
    }): Promise<void> {
      const now = new Date();
      await collections.webhookDeliveries.updateOne(
        { _id: input.deliveryId, org_id: input.orgId },
        { $set: { status: input.status, failure_reason: input.reason ?? null, completed_at: now, updated_at: now } },
      );
    },
  };
}

export type WebhookActivities = ReturnType<typeof createWebhookActivities>;
