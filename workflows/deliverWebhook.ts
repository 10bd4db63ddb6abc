import { proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities } from '../activities/webhooks';
import { callStorePolicy, webhookAttemptPolicy } from './policies';
import { describeFailure } from './failures';
import type { DeliverWebhookInput, DeliverWebhookResult } from '../lib/temporal';

const store = proxyActivities<WebhookActivities>(callStorePolicy);

/**
 * Workflow id `delivery-<deliveryId>` on the `webhooks` queue: one event to one endpoint. Each
 * attempt is one activity execution (logged by the activity); Temporal's retry policy spaces them.
 * A success is recorded by the successful attempt; a final failure by `finishDelivery`.
 */
export async function deliverWebhook(input: DeliverWebhookInput): Promise<DeliverWebhookResult> {
  const { attemptDelivery } = proxyActivities<WebhookActivities>(webhookAttemptPolicy(input.retry));
  try {
    // The successful attempt records the delivery as succeeded itself (one write, one activity less).
    await attemptDelivery({ orgId: input.orgId, deliveryId: input.deliveryId });
    return { deliveryId: input.deliveryId, status: 'succeeded' };
  } catch (error) {
    const reason = describeFailure(error);
    await store.finishDelivery({ orgId: input.orgId, deliveryId: input.deliveryId, status: 'failed', reason });
    return { deliveryId: input.deliveryId, status: 'failed', reason };
  }
}
