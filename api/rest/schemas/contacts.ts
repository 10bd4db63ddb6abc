import { z } from 'zod';

export const ContactMetrics = z.object({
  call_count: z.number().int(),
  total_duration_seconds: z.number(),
  average_duration_seconds: z.number().nullable().describe('over calls whose duration is known'),
  first_call_at: z.string().nullable(),
  last_call_at: z.string().nullable(),
  agents: z.array(z.string()).describe('agent e-mails, most calls first'),
});

export const ContactSummary = z.object({
  contact_id: z.string(),
  name: z.string().nullable(),
  names: z.array(z.string()),
  phones: z.array(z.string()).describe('E.164'),
  emails: z.array(z.string()),
  crm_ids: z.record(z.string(), z.string()),
  lead_created_at: z.string().nullable(),
  metrics: ContactMetrics,
  created_at: z.string(),
  updated_at: z.string(),
});
