import { z } from 'zod';
import { ApiKeyCreated, ApiKeyCreateRequest, ApiKeyView } from '../schemas/apiKeys';
import { envelope } from '../schemas/responses';
import { apiKeyView, createApiKey, listApiKeys, revokeApiKey } from '../../../lib/tenancy';
import { ownOrganization } from '../middleware/auth';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';

const OrgParams = z.object({ orgId: z.string().min(1).max(64) });
const KeyParams = OrgParams.extend({ keyId: z.string().min(1).max(64) });

export function apiKeyRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'post',
      path: '/organizations/{orgId}/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key (the full key is shown once)',
      description:
        "The new key acts for the calling user: it has exactly the permissions of that user's role, as the role is at each request, so it can never have more power than its creator.",
      tag: 'API keys',
      permission: 'keys:manage',
      returnsSecret: true,
      params: OrgParams,
      body: ApiKeyCreateRequest,
      success: { status: 201, description: 'The key, with its full value', schema: envelope(ApiKeyCreated) },
      errors: [400, 403, 404, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const orgId = ownOrganization(auth, params.orgId);
        const { record, key } = await createApiKey(collections, { orgId, userId: auth.userId, name: body.name });
        ctx.status = 201;
        ctx.body = { success: true, data: { ...apiKeyView(record), key } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/organizations/{orgId}/api-keys',
      operationId: 'listApiKeys',
      summary: "List the organization's API keys (never the key or its hash)",
      tag: 'API keys',
      permission: 'keys:manage',
      params: OrgParams,
      success: { status: 200, description: 'Keys, newest first', schema: envelope(z.array(ApiKeyView)) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const keys = await listApiKeys(collections, orgId);
        ctx.body = { success: true, data: keys.map(apiKeyView) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/organizations/{orgId}/api-keys/{keyId}',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key; it gets 401 from its next request on',
      tag: 'API keys',
      permission: 'keys:manage',
      params: KeyParams,
      success: { status: 200, description: 'The revoked key', schema: envelope(ApiKeyView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        ctx.body = { success: true, data: apiKeyView(await revokeApiKey(collections, orgId, params.keyId)) };
      },
    }),
  ];
}
