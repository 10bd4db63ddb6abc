import { Router, type RouterMiddleware } from '@koa/router';
import { computeBatchProgress } from '../../../activities/batches';
import { notFound } from '../../../lib/errors';
import { BatchRequest } from '../../../lib/schemas/calls';
import { parseOrThrow } from '../../../lib/validation';
import { requirePermission } from '../middleware/auth';
import { createBatch } from '../services/batches';
import type { RestDeps } from '../deps';

export function batchRoutes(deps: RestDeps): Router {
  const router = new Router();

  const upload: RouterMiddleware = async (ctx) => {
    const auth = requirePermission(ctx, 'calls:write');
    const request = parseOrThrow(BatchRequest, ctx.request.body);
    const data = await createBatch(
      {
        collections: deps.database.collections,
        temporal: deps.temporal.client,
        baseUrl: deps.baseUrl,
        concurrency: deps.config.BATCH_CONCURRENCY,
      },
      auth.orgId,
      request,
    );
    ctx.status = 202;
    ctx.set('Location', data.status_url);
    ctx.body = { success: true, data };
  };
  // The spec's reference path, and the overview's alias for it.
  router.post('/calls/upload/batch', upload);
  router.post('/calls/batch-upload', upload);

  router.get('/batches/:batchId', async (ctx) => {
    const auth = requirePermission(ctx, 'calls:read');
    const batch = await deps.database.collections.batches.findOne({ _id: ctx.params.batchId, org_id: auth.orgId });
    if (!batch) throw notFound('Batch');
    ctx.body = { success: true, data: await computeBatchProgress(deps.database.collections, batch) };
  });

  return router;
}
