import { z } from 'zod';
import { actorOf } from '../middleware/auth';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { envelope } from '../schemas/responses';
import { ReprocessRequest, ReprocessView } from '../schemas/reprocess';
import { controlReprocessJob, findReprocessJob, startReprocessJob } from '../services/reprocess';
import { reprocessView } from '../views/reprocess';

const ReprocessParams = z.object({ reprocessId: z.string().min(1).max(64) });
const TAG = 'Re-processing';

/** Running pipeline stages again over past calls, as one durable job. */
export function reprocessRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  const temporal = deps.temporal.client;

  const control = (action: 'pause' | 'resume' | 'cancel', summary: string) =>
    defineRoute({
      method: 'post',
      path: `/reprocess/{reprocessId}/${action}`,
      operationId: `${action}Reprocess`,
      summary,
      description:
        'Takes effect between calls: the calls in flight finish. 409 once the job has completed or was cancelled.',
      tag: TAG,
      permission: 'settings:manage',
      params: ReprocessParams,
      success: { status: 202, description: 'The job now', schema: envelope(ReprocessView) },
      errors: [403, 404, 409],
      async handler(ctx, { auth, params }) {
        const job = await controlReprocessJob(collections, temporal, auth.orgId, params.reprocessId, action);
        ctx.state.auditTarget = { type: 'reprocess', id: job._id };
        ctx.status = 202;
        ctx.body = { success: true, data: reprocessView(job) };
      },
    });

  return [
    defineRoute({
      method: 'post',
      path: '/reprocess',
      operationId: 'startReprocess',
      summary: 'Run stages again over past calls (a changed scorecard template, a new dataset, a CRM connected)',
      description:
        'Answers 202 with the job; the `reprocessCalls` workflow (`reprocess-<id>` in the Temporal UI) goes through the completed calls the selection matches, in id order, four at a time, on the `reprocessing` task queue (its own workers, so live calls keep theirs). Each stage replaces its stored result only when the new one is stored; CRM and calendar writes are idempotent. One job per organization at a time: 409 while one is running or paused.',
      tag: TAG,
      permission: 'settings:manage',
      body: ReprocessRequest,
      success: { status: 202, description: 'The job, running', schema: envelope(ReprocessView) },
      errors: [400, 403, 409, 413, 415],
      async handler(ctx, { auth, body }) {
        const job = await startReprocessJob(collections, temporal, auth.orgId, body, actorOf(auth));
        ctx.state.auditTarget = { type: 'reprocess', id: job._id };
        ctx.status = 202;
        ctx.set('Location', `${deps.baseUrl}/reprocess/${job._id}`);
        ctx.body = { success: true, data: reprocessView(job) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reprocess/{reprocessId}',
      operationId: 'getReprocess',
      summary: "A re-processing job's state and progress",
      tag: TAG,
      permission: 'settings:manage',
      params: ReprocessParams,
      success: { status: 200, description: 'The job', schema: envelope(ReprocessView) },
      errors: [403, 404],
      async handler(ctx, { auth, params }) {
        ctx.body = {
          success: true,
          data: reprocessView(await findReprocessJob(collections, auth.orgId, params.reprocessId)),
        };
      },
    }),
    control('pause', 'Pause a re-processing job'),
    control('resume', 'Resume a paused re-processing job'),
    control('cancel', 'Cancel a re-processing job (what was re-run stays)'),
  ];
}
