import { z } from 'zod';
import { EmailFilter, IsoDateTime } from '../../../lib/schemas/common';
import { CallSummary } from './calls';

export const MAX_SEARCH_QUERY_CHARS = 500;

export const CallSearchQuery = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, 'q is required: words, and "exact phrases" in double quotes')
      .max(MAX_SEARCH_QUERY_CHARS)
      .describe('Words (every one must occur, in any form: "cancel" finds "cancelled") and "exact phrases"'),
    from: IsoDateTime.optional().describe('recorded_at ≥ from'),
    to: IsoDateTime.optional().describe('recorded_at < to'),
    agent_email: EmailFilter.optional(),
    speaker: z.enum(['agent', 'customer']).optional().describe('Only what this side of the call said'),
    tag: z.string().min(1).max(64).optional(),
    batch_id: z.string().min(1).max(64).optional(),
    lending: z.enum(['true', 'false']).optional().describe('Calls the extraction found to be about lending, or not'),
    criterion_passed: z.string().min(1).max(64).optional().describe('A scorecard criterion id the call passed'),
    criterion_failed: z.string().min(1).max(64).optional().describe('A scorecard criterion id the call failed'),
    limit: z.coerce.number().int().min(1).max(50).default(10),
    cursor: z.string().min(1).max(512).optional(),
  })
  .strict();
export type CallSearchQuery = z.infer<typeof CallSearchQuery>;

export const SearchSnippet = z.object({
  source: z.enum(['transcript', 'summary', 'extracted']),
  text: z.string(),
  highlights: z
    // Pairs as two-item arrays: a tuple's JSON Schema form is not valid in OpenAPI 3.1 tools.
    .array(z.array(z.number().int()).length(2))
    .describe('[start, end) character offsets of the matched words in `text`'),
  speaker: z.enum(['agent', 'customer', 'unknown']).optional(),
  start: z.number().optional().describe('seconds from the start of the recording (transcript snippets)'),
  end: z.number().optional(),
  field: z.string().optional().describe('`dataset.field` (extracted snippets)'),
});

export const CallSearchHit = z.object({
  call: CallSummary,
  score: z.number().describe('BM25 relevance; hits come best first'),
  snippets: z.array(SearchSnippet),
});

export const CallSearchPage = z.object({
  success: z.literal(true),
  data: z.array(CallSearchHit),
  pagination: z.object({
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
    total: z.number().int().describe('Calls that match, in all pages'),
  }),
});
