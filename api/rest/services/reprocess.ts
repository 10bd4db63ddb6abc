import type { Client } from '@temporalio/client';
import type { z } from 'zod';
import type { AuditActor } from '../../../lib/auditLog';
import { REPROCESS_STAGES, type ReprocessJobDoc, type ReprocessSelection } from '../../../lib/documents';
import { MORTGAGE_LEAD_DATASET } from '../../../lib/datasets';
import { DEFAULT_SCORECARD_TEMPLATE } from '../../../lib/scorecardTemplates';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { Collections } from '../../../lib/mongo';
import { countSelectedCalls } from '../../../lib/reprocessSelection';
import { signalReprocessCalls, startReprocessCalls } from '../../../lib/workflowStarts';
import type { ReprocessRequest } from '../schemas/reprocess';

/**
 * Stores a re-processing job and starts its workflow. One job runs per organization at a time
 * (with the `reprocessing` queue's own workers, this is what keeps re-runs from crowding out live
 * calls): a second is 409 until the first completes or is cancelled.
 */
export async function startReprocessJob(
  collections: Collections,
  temporal: Client,
  orgId: string,
  request: z.infer<typeof ReprocessRequest>,
  actor: AuditActor,
): Promise<ReprocessJobDoc> {
  const running = await collections.reprocessJobs.findOne({ org_id: orgId, status: { $in: ['running', 'paused'] } });
  if (running) throw conflict(`Re-processing job ${running._id} is still ${running.status}; cancel it or wait`);
  const { from, to, ...rest } = request.selection;
  const currentVersions = rest.outdated ? await currentDefinitionVersions(collections, orgId, rest) : undefined;
  const job: ReprocessJobDoc = {
    _id: newId('rep'),
    org_id: orgId,
    stages: REPROCESS_STAGES.filter((stage) => request.stages.includes(stage)),
    selection: {
      ...rest,
      ...(from ? { from: new Date(from) } : {}),
      ...(to ? { to: new Date(to) } : {}),
      ...(currentVersions ? { current_versions: currentVersions } : {}),
    },
    status: 'running',
    total: 0,
    processed: 0,
    failed: 0,
    last_call_id: null,
    failures: [],
    requested_by: actor,
    created_at: new Date(),
    updated_at: new Date(),
    finished_at: null,
  };
  job.total = await countSelectedCalls(collections, job);
  await collections.reprocessJobs.insertOne(job);
  await startReprocessCalls(temporal, { orgId, jobId: job._id });
  return job;
}

/**
 * The version a result records for the named template and dataset as they are now (what
 * `produced_by.versions` holds for a fresh result): its last change, or `built-in`. An unknown
 * name is a 400 naming the field, since "outdated" needs something to be outdated against.
 */
async function currentDefinitionVersions(
  collections: Collections,
  orgId: string,
  selection: { scorecard_template_id?: string; dataset_key?: string },
): Promise<NonNullable<ReprocessSelection['current_versions']>> {
  const versions: NonNullable<ReprocessSelection['current_versions']> = {};
  if (selection.scorecard_template_id) {
    if (selection.scorecard_template_id === DEFAULT_SCORECARD_TEMPLATE.id) versions.scorecard_template = 'built-in';
    else {
      const template = await collections.scorecardTemplates.findOne({
        _id: selection.scorecard_template_id,
        org_id: orgId,
      });
      if (!template)
        throw badRequest('selection.scorecard_template_id names no scorecard template', [
          { path: 'selection.scorecard_template_id', message: 'no such template in this organization' },
        ]);
      versions.scorecard_template = template.updated_at.toISOString();
    }
  }
  if (selection.dataset_key) {
    if (selection.dataset_key === MORTGAGE_LEAD_DATASET.key) versions.dataset = 'built-in';
    else {
      const dataset = await collections.datasets.findOne({ org_id: orgId, key: selection.dataset_key });
      if (!dataset)
        throw badRequest('selection.dataset_key names no dataset', [
          { path: 'selection.dataset_key', message: 'no such dataset in this organization' },
        ]);
      versions.dataset = dataset.updated_at.toISOString();
    }
  }
  return versions;
}

export async function findReprocessJob(collections: Collections, orgId: string, jobId: string) {
  const job = await collections.reprocessJobs.findOne({ _id: jobId, org_id: orgId });
  if (!job) throw notFound('Re-processing job');
  return job;
}

/** Pause, resume or cancel: the workflow obeys the signal; the job shows the new state at once. */
export async function controlReprocessJob(
  collections: Collections,
  temporal: Client,
  orgId: string,
  jobId: string,
  action: 'pause' | 'resume' | 'cancel',
): Promise<ReprocessJobDoc> {
  const job = await findReprocessJob(collections, orgId, jobId);
  if (job.status === 'completed' || job.status === 'cancelled') {
    throw conflict(`Re-processing job ${jobId} is ${job.status}`);
  }
  await signalReprocessCalls(temporal, jobId, action);
  if (action !== 'cancel') {
    const status = action === 'pause' ? 'paused' : 'running';
    await collections.reprocessJobs.updateOne(
      { _id: jobId, org_id: orgId, status: { $in: ['running', 'paused'] } },
      { $set: { status, updated_at: new Date() } },
    );
  }
  return findReprocessJob(collections, orgId, jobId);
}
