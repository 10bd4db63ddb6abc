import { z } from 'zod';
import { EVENT_TYPES, type EventType } from '../events';
import { Evidence, Summary } from './insights';

/**
 * The `data` of every outbound event, one schema per type (docs/webhooks.md shows an example of
 * each). Events are parsed with these before they are stored, so a delivery never carries a shape
 * the documentation does not.
 */

const Attendee = z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() });

/** An erasure's receipt: what was removed, with no identifier of the person (only a digest). */
export const ErasureReceipt = z.object({
  erasure_id: z.string(),
  subject_type: z.enum(['contact', 'phone', 'email', 'call']),
  subject_sha256: z
    .string()
    .describe('SHA-256 (hex) of the erased contact id, phone (E.164), e-mail (lower case) or call id'),
  removed: z.record(z.string(), z.number().int()).describe('documents and files deleted, by collection'),
  removed_call_ids: z.array(z.string()),
  external_copies: z.array(
    z.object({
      system: z.string(),
      kind: z.string(),
      id: z.string(),
      action: z.enum(['deleted', 'listed']),
      error: z.string().nullable(),
    }),
  ),
});

export const EVENT_DATA_SCHEMAS = {
  'call.completed': z.object({
    call_id: z.string(),
    external_id: z.string().nullable(),
    batch_id: z.string().nullable(),
    status: z.literal('completed'),
    recorded_at: z.string(),
    agent_email: z.string(),
    contact_id: z.string().nullable(),
    duration_seconds: z.number().nullable(),
    transcript_segments: z.number().int(),
    summary: Summary.nullable(),
    stages: z.record(z.string(), z.enum(['pending', 'running', 'completed', 'failed', 'skipped'])),
  }),
  'call.data.extracted': z.object({
    call_id: z.string(),
    external_id: z.string().nullable(),
    is_lending_call: z.boolean(),
    extractions: z.array(
      z.object({ dataset: z.string(), data: z.record(z.string(), z.unknown()), missing_required: z.array(z.string()) }),
    ),
  }),
  'task.created': z.object({
    task_id: z.string(),
    call_id: z.string(),
    text: z.string(),
    owner: z.enum(['agent', 'customer']),
    due_date: z.string().nullable(),
    evidence: z.array(Evidence),
  }),
  'task.synced': z.object({
    task_id: z.string(),
    call_id: z.string(),
    crm: z.string(),
    crm_task_id: z.string(),
    crm_contact_id: z.string().nullable(),
  }),
  'appointment.created': z.object({
    appointment_id: z.string(),
    call_id: z.string(),
    title: z.string(),
    start: z.string(),
    end: z.string(),
    attendees: z.array(Attendee),
    evidence: z.array(Evidence),
  }),
  'appointment.synced': z.object({
    appointment_id: z.string(),
    call_id: z.string(),
    calendar_uid: z.string(),
    calendar_url: z.string(),
  }),
  'mismo.ready': z.object({
    call_id: z.string(),
    external_id: z.string().nullable(),
    file_id: z.string(),
    bytes: z.number().int(),
    /** The file's digest apart from its creation time: the same loan data give the same digest. */
    content_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    mismo_version: z.literal('3.4'),
    path: z.string(),
  }),
  'contact.erased': ErasureReceipt,
  'call.erased': ErasureReceipt,
  'test.ping': z.object({ endpoint_id: z.string(), message: z.string() }),
} as const satisfies Record<EventType, z.ZodType>;

export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

/** The body of every delivery; its raw bytes are what the signatures cover. */
export const EventEnvelope = z.object({
  id: z.string().describe('evt_…: stable for the event, the same on every retry'),
  type: z.enum(EVENT_TYPES),
  created_at: z.string(),
  organization_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
