import { z } from 'zod';
import { EVENT_TYPES } from '../../../lib/events';
import { IsoDateTime, outboundUrl } from '../../../lib/schemas/common';
import { PaginationQuery } from './responses';

const HttpsUrl = outboundUrl(/^https$/, 'must be an HTTPS URL');

const EventName = z.enum(EVENT_TYPES, { message: `must be one of: ${EVENT_TYPES.join(', ')}` });
const EventList = z
  .array(EventName)
  .min(1, `must name at least one event: ${EVENT_TYPES.join(', ')}`)
  .max(EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

export const WebhookCreateRequest = z
  .object({
    url: HttpsUrl,
    events: EventList,
    description: z.string().trim().max(500).optional(),
  })
  .strict();

export const WebhookUpdateRequest = z
  .object({
    url: HttpsUrl,
    events: EventList,
    enabled: z.boolean(),
    description: z.string().trim().max(500).nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one field to change');

export const WebhookEndpointView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_TYPES)),
  description: z.string().nullable(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().describe('Set when the product disabled it (the endpoint answered 410 Gone)'),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe('After a rotation: until when deliveries also carry a signature with the previous secret'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const WebhookEndpointCreated = WebhookEndpointView.extend({
  secret: z.string().describe('The signing secret (whsec_…). Shown only in this response; store it now.'),
});

export const WebhookSecretRotated = z.object({
  id: z.string(),
  secret: z.string().describe('The new signing secret, shown only here'),
  previous_secret_expires_at: z.string(),
});

export const DeliveryAttemptView = z.object({
  attempt: z.number().int(),
  at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  response_excerpt: z.string().nullable().describe('The first 1 KB of the response body'),
  error: z.string().nullable(),
});

export const DeliveryView = z.object({
  id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(EVENT_TYPES),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  failure_reason: z.string().nullable(),
  retry_of: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const DeliveryDetail = DeliveryView.extend({
  attempts: z.array(DeliveryAttemptView),
  event: z.object({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    created_at: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
});

export const DeliveryListQuery = z
  .object({
    status: z.enum(['pending', 'succeeded', 'failed']).optional(),
    event: EventName.optional(),
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
    ...PaginationQuery,
  })
  .strict();
