import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { z } from 'zod';
import { conflict } from '../../../lib/errors';
import {
  ConnectionCreateRequest,
  ConnectionTestResult,
  ConnectionView,
  DialerSecretCreated,
  DialerSettings,
  ResyncStarted,
} from '../schemas/connections';
import { findOrganization, rotateDialerSecret } from '../../../lib/tenancy';
import { envelope } from '../schemas/responses';
import { runCheckConnection, startSyncCall } from '../../../lib/workflowStarts';
import type { RestDeps } from '../deps';
import { ownOrganization } from '../middleware/auth';
import { defineRoute, type RouteDefinition } from '../routing';
import { findVisibleCall } from '../services/calls';
import { createConnection, deleteConnection, findConnection, listConnections } from '../services/connections';
import { assertDeliverableUrl } from '../services/webhooks';
import { connectionView } from '../views/connections';

const OrgParams = z.object({ orgId: z.string().min(1).max(64) });
const ConnectionParams = OrgParams.extend({ connectionId: z.string().min(1).max(64) });
const BASE = '/organizations/{orgId}/connections';

/** CRM and calendar connections (permission `connections:manage`). */
export function connectionRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'post',
      path: BASE,
      operationId: 'createConnection',
      summary: 'Connect a CRM (`hubspot`) or a calendar (`caldav`); one of each type per organization',
      description:
        '`hubspot`: `{ access_token, base_url? }`. `caldav`: `{ url, username, password, calendar }` (`calendar` is the collection path on the server). Credentials are encrypted at rest and never returned. The service URL must not point into our network (checked now and on every request).',
      tag: 'Connections',
      permission: 'connections:manage',
      params: OrgParams,
      body: ConnectionCreateRequest,
      success: { status: 201, description: 'The connection, without credentials', schema: envelope(ConnectionView) },
      errors: [400, 403, 404, 409, 413, 415],
      async handler(ctx, { auth, params, body }) {
        const orgId = ownOrganization(auth, params.orgId);
        const serviceUrl = body.type === 'hubspot' ? body.config.base_url : body.config.url;
        if (serviceUrl) await assertDeliverableUrl(deps, serviceUrl);
        const connection = await createConnection({ collections, config: deps.config }, orgId, body);
        ctx.status = 201;
        ctx.body = { success: true, data: connectionView(connection) };
      },
    }),
    defineRoute({
      method: 'get',
      path: BASE,
      operationId: 'listConnections',
      summary: "The organization's connections (never credentials)",
      tag: 'Connections',
      permission: 'connections:manage',
      params: OrgParams,
      success: { status: 200, description: 'Connections', schema: envelope(z.array(ConnectionView)) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const connections = await listConnections(collections, orgId);
        ctx.body = { success: true, data: connections.map(connectionView) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: `${BASE}/{connectionId}`,
      operationId: 'deleteConnection',
      summary: 'Disconnect (stored CRM ids and calendar URLs stay on the records)',
      tag: 'Connections',
      permission: 'connections:manage',
      params: ConnectionParams,
      success: { status: 200, description: 'The deleted connection', schema: envelope(ConnectionView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const connection = await deleteConnection(collections, orgId, params.connectionId);
        ctx.body = { success: true, data: connectionView(connection) };
      },
    }),
    defineRoute({
      method: 'post',
      path: `${BASE}/{connectionId}/test`,
      operationId: 'testConnection',
      summary: 'Check the credentials now (HubSpot: one contacts read; CalDAV: PROPFIND of the calendar)',
      tag: 'Connections',
      permission: 'connections:manage',
      params: ConnectionParams,
      success: {
        status: 200,
        description: 'Whether the service accepted the credentials',
        schema: envelope(ConnectionTestResult),
      },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const connection = await findConnection(collections, orgId, params.connectionId);
        // The check runs on a worker (the adapters live there): a short workflow, awaited.
        const result = await runCheckConnection(deps.temporal.client, { orgId, connectionId: connection._id });
        ctx.body = {
          success: true,
          data: {
            id: connection._id,
            ok: result.error === null,
            error: result.error,
            tested_at: new Date().toISOString(),
          },
        };
      },
    }),
  ];
}

/** The dialer webhook's address and its signing secret (permission `connections:manage`). */
export function dialerRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  const webhookUrl = `${deps.baseUrl}/integrations/dialer/webhook`;
  return [
    defineRoute({
      method: 'get',
      path: '/organizations/{orgId}/dialer',
      operationId: 'getDialerSettings',
      summary: 'The dialer webhook URL, and whether its calls must be signed',
      tag: 'Connections',
      permission: 'connections:manage',
      params: OrgParams,
      success: { status: 200, description: 'The dialer settings', schema: envelope(DialerSettings) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const organization = await findOrganization(collections, ownOrganization(auth, params.orgId));
        ctx.body = {
          success: true,
          data: { webhook_url: webhookUrl, signatures_required: Boolean(organization.dialer_secret_encrypted) },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/organizations/{orgId}/dialer/secret',
      operationId: 'rotateDialerSecret',
      summary: 'Set a new dialer signing secret (shown once); signatures are required from now on',
      tag: 'Connections',
      permission: 'connections:manage',
      returnsSecret: true,
      params: OrgParams,
      success: { status: 201, description: 'The new secret', schema: envelope(DialerSecretCreated) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const secret = await rotateDialerSecret(collections, deps.config.SECRETS_ENCRYPTION_KEY, orgId);
        ctx.status = 201;
        ctx.body = { success: true, data: { webhook_url: webhookUrl, signatures_required: true, secret } };
      },
    }),
  ];
}

/** `POST /calls/{callId}/resync`. */
export function resyncRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'post',
      path: '/calls/{callId}/resync',
      operationId: 'resyncCall',
      summary: "Run the call's CRM and calendar sync again (workflow sync-<callId>)",
      description:
        'Stored CRM ids and calendar UIDs are reused, so nothing is created twice. 409 while a resync of the call is running; the stages `crm` and `calendar` of the call show the progress.',
      tag: 'Calls',
      permission: 'calls:write',
      params: z.object({ callId: z.string().min(1).max(64) }),
      success: { status: 202, description: 'The resync started', schema: envelope(ResyncStarted) },
      errors: [403, 404, 409],
      async handler(ctx, { auth, params }) {
        // Another organization's call, or another agent's for an agent, is "not found".
        const call = await findVisibleCall(collections, auth, params.callId);
        if (call.status !== 'completed') throw conflict(`The call is ${call.status}; resync runs on completed calls`);
        let workflowId: string;
        try {
          workflowId = await startSyncCall(deps.temporal.client, { orgId: auth.orgId, callId: call._id });
        } catch (error) {
          if (error instanceof WorkflowExecutionAlreadyStartedError) throw conflict('A resync of this call is running');
          throw error;
        }
        ctx.status = 202;
        ctx.body = { success: true, data: { call_id: call._id, workflow_id: workflowId, status: 'started' } };
      },
    }),
  ];
}
