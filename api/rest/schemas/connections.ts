import { z } from 'zod';
import { outboundUrl } from '../../../lib/schemas/common';

const ServiceUrl = outboundUrl(/^https?$/, 'must be an http(s) URL');

export const HubSpotConnectionConfig = z
  .object({
    access_token: z.string().trim().min(1, 'must not be empty').max(500),
    base_url: ServiceUrl.optional().describe(
      'Default https://api.hubapi.com; another HubSpot-compatible API or a proxy',
    ),
  })
  .strict();

export const CalDavConnectionConfig = z
  .object({
    url: ServiceUrl.describe("The CalDAV server's base URL"),
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(500),
    calendar: z
      .string()
      .min(1)
      .max(500)
      .regex(/^\/[^?#]*$/, 'must be the calendar collection path on the server, starting with /')
      .describe('The calendar collection path, e.g. /alice/sales/'),
  })
  .strict();

export const ConnectionCreateRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hubspot'), config: HubSpotConnectionConfig }).strict(),
  z.object({ type: z.literal('caldav'), config: CalDavConnectionConfig }).strict(),
]);

export const ConnectionView = z.object({
  id: z.string(),
  type: z.enum(['hubspot', 'caldav']),
  config: z.record(z.string(), z.string()).describe('The settings without credentials (no access_token, no password)'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ConnectionTestResult = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  tested_at: z.string(),
});

export const ResyncStarted = z.object({
  call_id: z.string(),
  workflow_id: z.string(),
  status: z.literal('started'),
});

export const DialerSettings = z.object({
  webhook_url: z.string().describe('Where a dialer posts calls (POST, JSON; docs/api.md)'),
  signatures_required: z
    .boolean()
    .describe('true once a secret is set: every dialer webhook must then carry a valid signature'),
});

export const DialerSecretCreated = DialerSettings.extend({
  secret: z.string().describe('The new signing secret, shown only here; the previous one stops working now'),
});
