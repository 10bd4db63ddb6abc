import { z } from 'zod';
import { E164Phone, Email, HttpUrl, IsoDateTime, Metadata } from '../../../lib/schemas/common';
import { CALL_STATUS_VALUES, DIRECTIONS, Tags } from './calls';

/**
 * POST /integrations/dialer/webhook. Required: what no call can be processed or deduplicated
 * without (recording, direction, agent, the dialer's id). Unknown fields are ignored, since
 * dialers add fields of their own.
 */
export const DialerPayload = z.object({
  recording_url: HttpUrl,
  direction: z.enum(DIRECTIONS),
  agent_email: Email,
  external_id: z.string().trim().min(1).max(200),
  from_number: E164Phone.optional(),
  to_number: E164Phone.optional(),
  duration_seconds: z.number().int().nonnegative().max(86_400).optional(),
  recorded_at: IsoDateTime.optional().describe('when the call happened; default: when the webhook arrived'),
  agent_name: z.string().trim().min(1).max(200).optional(),
  contact_name: z.string().trim().min(1).max(200).optional(),
  tags: Tags.optional(),
  metadata: Metadata.optional(),
});
export type DialerPayload = z.infer<typeof DialerPayload>;

/** Multipart form fields come as strings: tags as repeated fields or one comma-separated value. */
const formTags = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((tag) => tag.trim()).filter(Boolean))
  .pipe(Tags);

const formMetadata = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(Metadata);

/** The text fields of POST /calls/upload (the recording itself is the `file` part). */
export const UploadFields = z
  .object({
    agent_name: z.string().trim().min(1).max(200),
    agent_email: Email,
    recorded_at: IsoDateTime,
    contact_name: z.string().trim().min(1).max(200).optional(),
    contact_phone: E164Phone.optional(),
    direction: z.enum(DIRECTIONS).optional(),
    duration: z.coerce.number().int().nonnegative().max(86_400).optional(),
    external_id: z.string().trim().min(1).max(200).optional(),
    tags: formTags.optional(),
    metadata: formMetadata.optional(),
  })
  .strict();
export type UploadFields = z.infer<typeof UploadFields>;

export const CallAccepted = z.object({
  call_id: z.string(),
  external_id: z.string().nullable(),
  status: z.enum(CALL_STATUS_VALUES),
  duplicate: z.boolean().describe('true when the external_id was already known: the existing call is reported'),
  status_url: z.string(),
});
