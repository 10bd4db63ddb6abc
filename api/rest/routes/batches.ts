import { z } from 'zod';
import { computeBatchProgress } from '../../../lib/batchProgress';
import { BatchCreated, BatchProgress, BatchRequest } from '../schemas/calls';
import { envelope } from '../schemas/responses';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { createBatch, findVisibleBatch } from '../services/batches';
import { assertMayFileAs, ownCallsOnly } from '../services/calls';

const BatchParams = z.object({ batchId: z.string().min(1).max(64) });

export function batchRoutes(deps: RestDeps): RouteDefinition[] {
  const upload = (path: string, operationId: string, summary: string) =>
    defineRoute({
      method: 'post',
      path,
      operationId,
      audit: false,
      summary,
      description:
        'Accepts 1 to 100 recordings by URL. Every item is validated before anything is written; a known external_id reports the existing call.',
      tag: 'Batches',
      permission: 'calls:write',
      body: BatchRequest,
      success: { status: 202, description: 'Accepted; poll status_url', schema: envelope(BatchCreated) },
      errors: [400, 403, 409, 413, 415, 503],
      authorize(_ctx, { auth, body }) {
        body.calls.forEach((item, index) => assertMayFileAs(auth, item.agent_email, `calls.${index}.agent_email`));
      },
      async handler(ctx, { auth, body }) {
        const data = await createBatch(
          {
            collections: deps.database.collections,
            temporal: deps.temporal.client,
            baseUrl: deps.baseUrl,
            concurrency: deps.config.BATCH_CONCURRENCY,
          },
          auth.orgId,
          body,
          { userId: auth.userId, ownCallsOnly: ownCallsOnly(auth), redactTypes: auth.redactTypes },
        );
        ctx.status = 202;
        ctx.set('Location', data.status_url);
        ctx.body = { success: true, data };
      },
    });

  return [
    upload('/calls/upload/batch', 'createBatch', 'Batch ingest of 1–100 recordings'),
    upload('/calls/batch-upload', 'createBatchAlias', 'Batch ingest (alias of POST /calls/upload/batch)'),
    defineRoute({
      method: 'get',
      path: '/batches/{batchId}',
      operationId: 'getBatch',
      summary: 'Batch progress, counted from its calls',
      tag: 'Batches',
      permission: 'calls:read',
      params: BatchParams,
      success: { status: 200, description: 'Batch progress', schema: envelope(BatchProgress) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        const batch = await findVisibleBatch(deps.database.collections, auth, params.batchId);
        ctx.body = { success: true, data: await computeBatchProgress(deps.database.collections, batch) };
      },
    }),
  ];
}
