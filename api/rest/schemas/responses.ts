import { z } from 'zod';

/** `{ success: true, data }`: the envelope of every successful JSON response. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

/** `{ success: true, data: [...], pagination }` for cursor-paginated lists. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    pagination: z.object({ next_cursor: z.string().nullable(), has_more: z.boolean() }),
  });
}

export const ErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    request_id: z.string(),
  }),
});

/** Cursor pagination parameters shared by every list route. */
export const PaginationQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().min(1).max(512).optional(),
};
