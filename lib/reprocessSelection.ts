import type { Filter } from 'mongodb';
import type { CallDoc, ReprocessJobDoc, ReprocessSelection } from './documents';
import type { Collections } from './mongo';

/** The completed calls a job's selection takes, in id order from `afterCallId`. */
export function reprocessCallFilter(
  job: Pick<ReprocessJobDoc, 'org_id' | 'selection'>,
  afterCallId: string | null = null,
): Filter<CallDoc> {
  const { selection } = job;
  const filter: Filter<CallDoc> = { org_id: job.org_id, status: 'completed' };
  const recorded: Record<string, Date> = {};
  if (selection.from) recorded.$gte = selection.from;
  if (selection.to) recorded.$lt = selection.to;
  if (Object.keys(recorded).length > 0) filter.recorded_at = recorded;
  if (selection.agent_email) filter.agent_email = selection.agent_email;
  if (selection.batch_id) filter.batch_id = selection.batch_id;
  if (selection.tags?.length) filter.tags = { $all: selection.tags };
  const ids: Record<string, unknown> = {};
  if (selection.call_ids?.length) ids.$in = selection.call_ids;
  if (afterCallId) ids.$gt = afterCallId;
  if (Object.keys(ids).length > 0) filter._id = ids;
  return filter;
}

/** Stored results read per round when a selection names a template or dataset. */
const RESULTS_PER_ROUND = 500;

/**
 * The next `limit` selected calls after `afterCallId`, in id order. A selection that names a
 * scorecard template or a dataset takes the calls whose stored scorecard or extraction used it:
 * those results are read in id order (their ids are the calls') and the calls' own conditions
 * applied to each round of them.
 */
export async function selectedCallIds(
  collections: Pick<Collections, 'calls' | 'scorecards' | 'extractions'>,
  job: Pick<ReprocessJobDoc, 'org_id' | 'selection'>,
  afterCallId: string | null,
  limit: number,
): Promise<string[]> {
  const { scorecard_template_id: templateId, dataset_key: datasetKey } = job.selection;
  const callFilter = reprocessCallFilter(job, afterCallId);
  if (!templateId && !datasetKey) {
    const calls = await collections.calls
      .find(callFilter, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    return calls.map((call) => call._id);
  }
  const picked: string[] = [];
  let after = afterCallId;
  const templateConditions = templateId
    ? { template_id: templateId, ...versionCondition(job.selection, templateId, 'scorecard_template') }
    : null;
  const datasetConditions = datasetKey
    ? { 'results.dataset': datasetKey, ...versionCondition(job.selection, datasetKey, 'dataset') }
    : null;
  for (;;) {
    const since = after ? { _id: { $gt: after } } : {};
    const results = templateConditions
      ? await collections.scorecards
          .find({ org_id: job.org_id, ...templateConditions, ...since }, { projection: { _id: 1 } })
          .sort({ _id: 1 })
          .limit(RESULTS_PER_ROUND)
          .toArray()
      : await collections.extractions
          .find({ org_id: job.org_id, ...datasetConditions, ...since }, { projection: { _id: 1 } })
          .sort({ _id: 1 })
          .limit(RESULTS_PER_ROUND)
          .toArray();
    if (results.length === 0) return picked;
    let ids = results.map((result) => result._id);
    if (templateConditions && datasetConditions) {
      const withDataset = await collections.extractions
        .find({ org_id: job.org_id, _id: { $in: ids }, ...datasetConditions }, { projection: { _id: 1 } })
        .toArray();
      ids = withDataset.map((result) => result._id);
    }
    const calls = await collections.calls
      .find({ $and: [callFilter, { _id: { $in: ids } }] }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    for (const call of calls) {
      picked.push(call._id);
      if (picked.length === limit) return picked;
    }
    after = results[results.length - 1]!._id;
  }
}

/**
 * The condition on a result's `produced_by.versions` for the named template or dataset: the version
 * asked for, or (`outdated`) any other than the current one when the job was created.
 */
function versionCondition(
  selection: ReprocessSelection,
  id: string,
  kind: 'scorecard_template' | 'dataset',
): Record<string, unknown> {
  const path = `produced_by.versions.${id}`;
  const asked = kind === 'dataset' ? selection.dataset_version : selection.scorecard_template_version;
  if (asked) return { [path]: asked };
  const current = selection.current_versions?.[kind];
  if (selection.outdated && current) return { [path]: { $ne: current } };
  return {};
}

/** How many calls a job's selection takes now. */
export async function countSelectedCalls(
  collections: Pick<Collections, 'calls' | 'scorecards' | 'extractions'>,
  job: Pick<ReprocessJobDoc, 'org_id' | 'selection'>,
): Promise<number> {
  if (!job.selection.scorecard_template_id && !job.selection.dataset_key) {
    return collections.calls.countDocuments(reprocessCallFilter(job));
  }
  let total = 0;
  let after: string | null = null;
  for (;;) {
    const ids = await selectedCallIds(collections, job, after, 1000);
    total += ids.length;
    if (ids.length < 1000) return total;
    after = ids[ids.length - 1]!;
  }
}
