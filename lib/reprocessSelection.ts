import type { Filter } from 'mongodb';
import type { CallDoc, ReprocessJobDoc } from './documents';

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
