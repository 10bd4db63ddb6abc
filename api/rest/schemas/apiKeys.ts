import { z } from 'zod';

export const ApiKeyCreateRequest = z.object({ name: z.string().trim().min(1, 'must not be empty').max(100) }).strict();

export const ApiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to tell keys apart'),
  created_by: z.string().describe('Id of the user whose permissions the key has'),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('Updated at most once a minute'),
  revoked_at: z.string().nullable(),
});

export const ApiKeyCreated = ApiKeyView.extend({
  key: z.string().describe('The full key. Shown only in this response; store it now.'),
});
