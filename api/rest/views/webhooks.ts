import type { z } from 'zod';
import type { WebhookDeliveryDoc, WebhookEndpointDoc } from '../../../lib/documents';
import type { DeliveryView, WebhookEndpointView } from '../schemas/webhooks';

export function endpointView(endpoint: WebhookEndpointDoc): z.infer<typeof WebhookEndpointView> {
  return {
    id: endpoint._id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabled_reason,
    previous_secret_expires_at:
      endpoint.previous_secret_expires_at && endpoint.previous_secret_expires_at > new Date()
        ? endpoint.previous_secret_expires_at.toISOString()
        : null,
    created_at: endpoint.created_at.toISOString(),
    updated_at: endpoint.updated_at.toISOString(),
  };
}

export function deliveryView(delivery: WebhookDeliveryDoc): z.infer<typeof DeliveryView> {
  return {
    id: delivery._id,
    endpoint_id: delivery.endpoint_id,
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    status: delivery.status,
    attempt_count: delivery.attempts.length,
    last_status_code: delivery.attempts[delivery.attempts.length - 1]?.status_code ?? null,
    failure_reason: delivery.failure_reason,
    retry_of: delivery.retry_of,
    created_at: delivery.created_at.toISOString(),
    completed_at: delivery.completed_at?.toISOString() ?? null,
  };
}
