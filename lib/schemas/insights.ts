import { z } from 'zod';

/** What the call-intelligence engines produce, as the API shows it. Every output carries evidence. */
export const Speaker = z.enum(['agent', 'customer', 'unknown']);

export const Evidence = z.object({
  quote: z.string(),
  start: z.number().describe('seconds from the start of the recording'),
  end: z.number(),
  speaker: Speaker,
});

export const TranscriptSegment = z.object({
  speaker: Speaker,
  start: z.number(),
  end: z.number(),
  text: z.string(),
  confidence: z.number().nullable(),
});

export const TranscriptRedaction = z.object({
  segment: z.number().int().describe('index of the segment the value was said in'),
  type: z.string().describe('the PII type; the text shows its marker, e.g. [SSN]'),
  start: z.number().describe('seconds from the start of the recording'),
  end: z.number(),
});

export const Summary = z.object({
  text: z.string(),
  key_points: z.array(z.string()),
  outcome: z.string().nullable(),
  next_steps: z.array(z.string()),
});

export const Extraction = z.object({
  dataset: z.string(),
  data: z.record(z.string(), z.unknown()),
  evidence: z.record(z.string(), z.array(Evidence)),
  missing_required: z.array(z.string()),
});

export const Task = z.object({
  task_id: z.string(),
  call_id: z.string(),
  contact_id: z.string().nullable(),
  text: z.string(),
  owner: z.enum(['agent', 'customer']),
  due_date: z.string().nullable().describe("YYYY-MM-DD, read in the call's UTC offset; null when no day was said"),
  status: z.enum(['open', 'done']),
  evidence: z.array(Evidence),
  crm_id: z.string().nullable(),
  created_at: z.string(),
});

export const Appointment = z.object({
  appointment_id: z.string(),
  call_id: z.string(),
  contact_id: z.string().nullable(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  attendees: z.array(
    z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
  ),
  evidence: z.array(Evidence),
  calendar: z.object({ uid: z.string().nullable(), url: z.string().nullable() }),
  created_at: z.string(),
});

export const ProducedBy = z
  .object({
    engine: z.string().describe('the language engine (`embedded`, `anthropic`, `openai-compatible` …)'),
    versions: z
      .record(z.string(), z.string())
      .describe("each template's or dataset's version applied: its last change (ISO 8601) or `built-in`"),
    at: z.string(),
  })
  .nullable()
  .describe('what produced the result; null on results stored before this was recorded');

export const Scorecard = z.object({
  call_id: z.string(),
  template: z.object({ id: z.string(), name: z.string() }),
  criteria: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      type: z.enum(['pass_fail', 'scale']),
      weight: z.number(),
      score: z.number(),
      max_score: z.number(),
      passed: z.boolean().nullable(),
      evidence: z.array(Evidence),
    }),
  ),
  total: z.object({ score: z.number(), max_score: z.number(), percentage: z.number() }),
  produced_by: ProducedBy,
  created_at: z.string(),
});
