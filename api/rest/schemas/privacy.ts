import { z } from 'zod';
import { PII_TYPES } from '../../../lib/pii/detection';
import { E164Phone, Email, IsoDateTime } from '../../../lib/schemas/common';
import { ErasureReceipt } from '../../../lib/schemas/events';
import { PaginationQuery } from './responses';

/** The privacy policy, erasures, legal holds, PII reveals and the audit log. */

const RetentionDays = z
  .number()
  .int()
  .min(1, 'must be at least 1 day')
  .max(36_500, 'must be at most 36500 days')
  .nullable()
  .describe('days after the call was recorded; null keeps it');

export const PrivacyPolicyView = z.object({
  redact_types: z.array(z.enum(PII_TYPES)),
  keep_originals: z
    .boolean()
    .describe('redacted values kept encrypted, shown only with pii:read (each reveal audited)'),
  redact_audio: z.boolean().describe('the stored recording silenced where a redacted value was said'),
  retention: z.object({
    recordings_days: RetentionDays,
    transcripts_days: RetentionDays,
    calls_days: RetentionDays,
  }),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});

export const PrivacyPolicyUpdated = PrivacyPolicyView.extend({
  reapply_workflow_id: z
    .string()
    .nullable()
    .describe(
      'when the change redacts a type it did not before: the applyPrivacyPolicy workflow applying it to past calls',
    ),
});

export const PrivacyPolicyUpdateRequest = z
  .object({
    redact_types: z
      .array(z.enum(PII_TYPES))
      .max(PII_TYPES.length)
      .refine((types) => new Set(types).size === types.length, 'lists a type twice')
      .optional(),
    keep_originals: z.boolean().optional(),
    redact_audio: z.boolean().optional(),
    retention: z
      .object({
        recordings_days: RetentionDays.optional(),
        transcripts_days: RetentionDays.optional(),
        calls_days: RetentionDays.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one field to change');

export const PiiRevealRequest = z
  .object({ reason: z.string().trim().min(3, 'say why (at least 3 characters)').max(500) })
  .strict();

export const PiiRevealView = z.object({
  call_id: z.string(),
  segments: z
    .array(z.object({ segment: z.number().int(), text: z.string() }))
    .describe('the original text of each redacted segment, by its index in the transcript'),
});

export const ErasureRequest = z
  .object({ phone: E164Phone.optional(), email: Email.optional() })
  .strict()
  .refine((body) => (body.phone ? 1 : 0) + (body.email ? 1 : 0) === 1, 'give exactly one of phone or email');

export const ErasureView = ErasureReceipt.omit({ erasure_id: true }).extend({
  erasure_id: z.string(),
  status: z.enum(['running', 'completed']),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  workflow_id: z.string(),
});

export const LegalHoldRequest = z.object({ reason: z.string().trim().min(3).max(500) }).strict();

export const LegalHoldView = z.object({
  target: z.object({ type: z.enum(['call', 'contact']), id: z.string() }),
  legal_hold: z.object({ reason: z.string(), set_at: z.string(), set_by: z.string() }).nullable(),
});

export const AuditEventView = z.object({
  audit_event_id: z.string(),
  created_at: z.string(),
  actor: z.object({
    type: z.enum(['api_key', 'user', 'system']),
    id: z.string(),
    user_id: z.string().nullable(),
    email: z.string().nullable(),
  }),
  action: z.string().describe('the operation (an operationId of this API, or a system action such as retention.calls)'),
  target: z.object({ type: z.string(), id: z.string().nullable() }),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});

export const AuditEventListQuery = z
  .object({
    action: z.string().min(1).max(100).optional(),
    actor_id: z.string().min(1).max(64).optional().describe('an API key id, a user id, or `system`'),
    target_id: z.string().min(1).max(200).optional(),
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
    ...PaginationQuery,
  })
  .strict();
