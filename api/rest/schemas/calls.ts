import { z } from 'zod';
import { BATCH_STATUSES, CALL_STATUSES } from '../../../lib/documents';
import { E164Phone, Email, HttpUrl, IsoDateTime, Metadata } from '../../../lib/schemas/common';
import {
  Appointment,
  Extraction,
  ProducedBy,
  Summary,
  Task,
  TranscriptRedaction,
  TranscriptSegment,
} from '../../../lib/schemas/insights';

export const MAX_BATCH_CALLS = 100;
export const MAX_TAGS = 10;

export const Tags = z.array(z.string().trim().min(1).max(64)).max(MAX_TAGS, `at most ${MAX_TAGS} tags`);

/** One element of `calls[]` in POST /calls/upload/batch (spec section 2). */
export const BatchCallItem = z
  .object({
    audio_url: HttpUrl,
    recorded_at: IsoDateTime,
    agent_name: z.string().trim().min(1).max(200),
    agent_email: Email,
    contact_name: z.string().trim().min(1).max(200).optional(),
    contact_phone: E164Phone.optional(),
    duration: z.number().int().nonnegative().max(86_400).optional(),
    external_id: z.string().trim().min(1).max(200).optional(),
    tags: Tags.optional(),
    metadata: Metadata.optional(),
  })
  .strict();
export type BatchCallItem = z.infer<typeof BatchCallItem>;

export const BatchRequest = z
  .object({
    calls: z
      .array(BatchCallItem)
      .min(1, 'at least 1 call')
      .max(MAX_BATCH_CALLS, `at most ${MAX_BATCH_CALLS} calls per batch`),
  })
  .strict();
export type BatchRequest = z.infer<typeof BatchRequest>;

/** The statuses the API shows are the stored ones (lib/documents.ts). */
export const CALL_STATUS_VALUES = CALL_STATUSES;
export const STAGE_STATUS_VALUES = ['pending', 'running', 'completed', 'failed', 'skipped'] as const;
export const DIRECTIONS = ['inbound', 'outbound'] as const;

export const BatchCreated = z.object({
  batch_id: z.string(),
  total_calls: z.number().int(),
  status: z.literal('queued'),
  calls: z.array(
    z.object({ call_id: z.string(), external_id: z.string().nullable(), status: z.enum(CALL_STATUS_VALUES) }),
  ),
  status_url: z.url(),
});
export type BatchCreated = z.infer<typeof BatchCreated>;

export const BatchProgress = z.object({
  batch_id: z.string(),
  total_calls: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  in_progress: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  progress_percentage: z.number().int().min(0).max(100),
});

const StageView = z.object({
  status: z.enum(STAGE_STATUS_VALUES),
  updated_at: z.string(),
  reason: z.string().optional(),
});

export const CallSummary = z.object({
  call_id: z.string(),
  external_id: z.string().nullable(),
  batch_id: z.string().nullable(),
  source: z.enum(['batch', 'upload', 'dialer']),
  status: z.enum(CALL_STATUS_VALUES),
  failure_reason: z.string().nullable(),
  recorded_at: z.string(),
  recorded_utc_offset_minutes: z
    .number()
    .int()
    .describe('The UTC offset recorded_at was given with (minutes east of UTC): the time at the call'),
  direction: z.enum(DIRECTIONS).nullable(),
  duration_seconds: z.number().int().nullable(),
  agent: z.object({ name: z.string().nullable(), email: z.string() }),
  contact: z.object({ id: z.string().nullable(), name: z.string().nullable(), phone: z.string().nullable() }),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});

export const CallDetail = CallSummary.extend({
  stages: z.record(z.string(), StageView),
  metadata: z.record(z.string(), z.unknown()),
  transcript: z
    .object({
      language: z.string().nullable(),
      segments: z.array(TranscriptSegment),
      redactions: z
        .array(TranscriptRedaction)
        .describe('where personal data was redacted (types and times, no values)'),
    })
    .nullable()
    .describe('null until the transcript is recognized and redacted'),
  summary: Summary.nullable(),
  is_lending_call: z.boolean().nullable(),
  lending_reasons: z.array(z.string()).describe('the weighed cues behind is_lending_call'),
  extractions: z.array(Extraction),
  produced_by: z
    .object({ summary: ProducedBy, extraction: ProducedBy })
    .describe('what produced the summary and the extractions (re-processing replaces them)'),
  tasks: z.array(Task),
  appointments: z.array(Appointment),
  links: z.object({
    self: z.string(),
    recording: z.string().nullable(),
    scorecard: z.string(),
    mismo: z.string().nullable(),
    workflow: z
      .string()
      .nullable()
      .describe("The call's processCall workflow in the Temporal UI (null unless TEMPORAL_UI_URL is set)"),
  }),
});
