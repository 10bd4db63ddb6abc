import { z } from 'zod';
import { REPROCESS_STAGES } from '../../../lib/documents';
import { EmailFilter, IsoDateTime } from '../../../lib/schemas/common';

export const ReprocessSelectionSchema = z
  .object({
    from: IsoDateTime.optional().describe('calls recorded at or after'),
    to: IsoDateTime.optional().describe('calls recorded before'),
    agent_email: EmailFilter.optional(),
    batch_id: z.string().min(1).max(64).optional(),
    tags: z.array(z.string().min(1).max(100)).min(1).max(20).optional().describe('calls carrying every one of them'),
    call_ids: z.array(z.string().min(1).max(64)).min(1).max(1000).optional(),
    scorecard_template_id: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe(
        'calls whose stored scorecard was made with this template (`default_sales_lending` for the built-in one)',
      ),
    dataset_key: z.string().min(1).max(64).optional().describe('calls whose stored extractions include this dataset'),
    scorecard_template_version: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe(
        "with `scorecard_template_id`: only scorecards made with this version of it (a result's `produced_by.versions`: the template's last change, ISO 8601, or `built-in`)",
      ),
    dataset_version: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('with `dataset_key`: only extractions made with this version of the dataset'),
    outdated: z
      .boolean()
      .optional()
      .describe(
        'with `scorecard_template_id` and/or `dataset_key`: only results made with an older version than the current one (the calls a changed template or dataset has not been applied to yet)',
      ),
  })
  .strict()
  .superRefine((selection, context) => {
    const needs = (field: string, present: unknown, other: string) => {
      if (present && !(selection as Record<string, unknown>)[other])
        context.addIssue({ code: 'custom', path: [field], message: `needs ${other}` });
    };
    needs('scorecard_template_version', selection.scorecard_template_version, 'scorecard_template_id');
    needs('dataset_version', selection.dataset_version, 'dataset_key');
    if (selection.outdated && !selection.scorecard_template_id && !selection.dataset_key)
      context.addIssue({ code: 'custom', path: ['outdated'], message: 'needs scorecard_template_id or dataset_key' });
  })
  .describe('which completed calls: every condition given holds; none given takes all of them');

export const ReprocessRequest = z
  .object({
    stages: z
      .array(z.enum(REPROCESS_STAGES))
      .min(1)
      .describe(
        'run in pipeline order whatever order they are given in; after summary, scorecard or extraction (or `search` alone) the call is indexed for search again',
      ),
    selection: ReprocessSelectionSchema.default({}),
  })
  .strict();

export const ReprocessView = z.object({
  reprocess_id: z.string(),
  status: z.enum(['running', 'paused', 'cancelled', 'completed']),
  stages: z.array(z.enum(REPROCESS_STAGES)),
  selection: z.record(z.string(), z.unknown()),
  total: z.number().int().describe('calls the selection matched when the job was created'),
  processed: z.number().int(),
  failed: z.number().int(),
  progress: z.number().describe('processed ÷ total, 0–1 (1 when the selection is empty)'),
  last_call_id: z.string().nullable(),
  failures: z.array(z.object({ call_id: z.string(), reason: z.string() })),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  workflow_id: z.string(),
});
