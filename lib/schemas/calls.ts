import { z } from 'zod';
import { E164Phone, Email, HttpUrl, IsoDateTime, Metadata } from './common';

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
