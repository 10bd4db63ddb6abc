import { z } from 'zod';
import { DATASET_FIELD_TYPES } from '../../../lib/documents';

/** Organization settings the engines read: extraction datasets and scorecard templates. */

const snakeKey = (what: string) =>
  z
    .string()
    .regex(
      /^[a-z][a-z0-9_]{0,62}$/,
      `${what} must be snake_case: a-z, 0-9 and _, starting with a letter, at most 63 characters`,
    );

export const DatasetFieldSchema = z
  .object({
    name: snakeKey('name'),
    type: z.enum(DATASET_FIELD_TYPES),
    description: z.string().trim().min(1, 'must describe the field').max(500),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).min(1).max(50).optional(),
  })
  .strict()
  .superRefine((field, ctx) => {
    if (field.type === 'enum' && !field.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'an enum field needs its options' });
    }
    if (field.type !== 'enum' && field.options) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'only enum fields take options' });
    }
  });

const uniqueNames = <T extends { name?: string; id?: string }>(
  items: T[],
  ctx: z.RefinementCtx,
  key: 'name' | 'id',
) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const value = item[key]!;
    if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [index, key], message: `duplicate ${key} "${value}"` });
    seen.add(value);
  });
};

const DatasetFields = z
  .array(DatasetFieldSchema)
  .min(1, 'must have at least one field')
  .max(50)
  .superRefine((fields, ctx) => uniqueNames(fields, ctx, 'name'));

export const DatasetCreateRequest = z
  .object({
    key: snakeKey('key').refine((key) => key !== 'mortgage_lead', 'mortgage_lead is the built-in dataset'),
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000).default(''),
    applies_to: z.enum(['all_calls', 'lending_calls']).default('all_calls'),
    enabled: z.boolean().default(true),
    fields: DatasetFields,
  })
  .strict();

export const DatasetUpdateRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000),
    applies_to: z.enum(['all_calls', 'lending_calls']),
    enabled: z.boolean(),
    fields: DatasetFields,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one field to change');

export const DatasetView = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  applies_to: z.enum(['all_calls', 'lending_calls']),
  enabled: z.boolean(),
  built_in: z.boolean(),
  fields: z.array(
    z.object({
      name: z.string(),
      type: z.enum(DATASET_FIELD_TYPES),
      description: z.string(),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
    }),
  ),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});

/**
 * A phrase the embedded engine looks for: plain words, matched case-insensitively on word
 * boundaries with any spacing. Regular expressions are not accepted from clients (a crafted one
 * could stall the worker: ReDoS).
 */
const Phrase = z
  .string()
  .trim()
  .min(2)
  .max(200)
  .regex(/^[\p{L}\p{N}\s'’,.?!-]+$/u, 'must be plain words (letters, digits, spaces and simple punctuation)');

export const ScorecardCriterionSchema = z
  .object({
    id: snakeKey('id'),
    label: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500).default(''),
    weight: z.number().positive().max(100).default(1),
    type: z.enum(['pass_fail', 'scale']).default('pass_fail'),
    max_score: z.number().int().min(1).max(10).default(1),
    speaker: z.enum(['agent', 'customer', 'any']).default('agent'),
    phrases: z.array(Phrase).min(1).max(50),
    within_seconds: z.number().int().positive().max(86_400).optional(),
  })
  .strict()
  .superRefine((criterion, ctx) => {
    if (criterion.type === 'pass_fail' && criterion.max_score !== 1) {
      ctx.addIssue({ code: 'custom', path: ['max_score'], message: 'a pass_fail criterion has max_score 1' });
    }
  });

const Criteria = z
  .array(ScorecardCriterionSchema)
  .min(1, 'must have at least one criterion')
  .max(50)
  .superRefine((criteria, ctx) => uniqueNames(criteria, ctx, 'id'));

export const ScorecardTemplateCreateRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    is_default: z.boolean().default(false),
    criteria: Criteria,
  })
  .strict();

export const ScorecardTemplateUpdateRequest = z
  .object({ name: z.string().trim().min(1).max(100), is_default: z.boolean(), criteria: Criteria })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'name at least one field to change');

export const ScorecardTemplateView = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
  built_in: z.boolean(),
  criteria: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      description: z.string(),
      weight: z.number(),
      type: z.enum(['pass_fail', 'scale']),
      max_score: z.number(),
      speaker: z.enum(['agent', 'customer', 'any']),
      phrases: z.array(z.string()).describe('Empty for the built-in template, whose rules are patterns in code'),
      within_seconds: z.number().optional(),
    }),
  ),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
