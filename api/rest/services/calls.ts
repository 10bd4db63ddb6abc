import type { Collection, Filter } from 'mongodb';
import type { CallDoc, ScorecardDoc } from '../../../lib/documents';
import { COLLECTIONS, onOrAfter, type Collections } from '../../../lib/mongo';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { roleHas } from '../../../lib/permissions';
import { newestFirstPage } from '../../../lib/newestFirstPage';
import { afterCursorFilter, decodeCursor } from '../../../lib/pagination';
import type { AuthContext } from '../middleware/auth';

export interface CallListQuery {
  from?: string;
  to?: string;
  agent_email?: string;
  contact_id?: string;
  status?: CallDoc['status'];
  direction?: 'inbound' | 'outbound';
  external_id?: string;
  tag?: string;
  batch_id?: string;
  cursor?: string;
}

/** The agent e-mail a key is confined to (an agent's own), or null for a role that sees every call. */
export function ownCallsOnly(auth: AuthContext): string | null {
  return roleHas(auth.role, 'calls:read_all') ? null : auth.userEmail.toLowerCase();
}

/** Calls an API key may see: its organization's, and for an agent only the agent's own. */
export function visibleCallsFilter(auth: AuthContext): Filter<CallDoc> {
  const own = ownCallsOnly(auth);
  return own === null ? { org_id: auth.orgId } : { org_id: auth.orgId, agent_email: own };
}

/** An agent files calls only as themselves: another agent_email is a 403 naming the field. */
export function assertMayFileAs(auth: AuthContext, agentEmail: string, path: string): void {
  const own = ownCallsOnly(auth);
  if (own !== null && agentEmail.toLowerCase() !== own) {
    throw forbidden(`An agent's key files calls only as that agent (${path} must be ${own})`, [
      { path, message: `must be the key's own e-mail (${own})` },
    ]);
  }
}

/**
 * A known external_id reports the stored call, but only to a key that may see it: for an agent,
 * another agent's call is a 409 that names neither the call nor its status.
 */
export function assertMaySeeExisting(auth: AuthContext, call: Pick<CallDoc, 'agent_email'>, path: string): void {
  const own = ownCallsOnly(auth);
  if (own !== null && call.agent_email !== own) {
    throw new AppError(409, 'external_id_conflict', `${path} is already used by a call this key cannot see`, [
      { path, message: "already used by another agent's call" },
    ]);
  }
}

/**
 * The conditions of GET /calls other than the date range and the cursor. Each filter field leads
 * an index after org_id (lib/mongo.ts), followed by the page order; test/unit/listQueryIndexes
 * and the explain test in test/integration/callsApi check that.
 */
export function callListConditions(auth: AuthContext, query: CallListQuery): Filter<CallDoc> {
  const filter: Record<string, unknown> = { ...visibleCallsFilter(auth) };
  if (query.agent_email) {
    const wanted = query.agent_email.toLowerCase();
    // An agent filtering by another agent's e-mail gets an empty page, never that agent's calls.
    if ('agent_email' in filter && filter.agent_email !== wanted) filter._id = { $in: [] };
    else filter.agent_email = wanted;
  }
  if (query.contact_id) filter.contact_id = query.contact_id;
  if (query.status) filter.status = query.status;
  if (query.direction) filter.direction = query.direction;
  if (query.external_id) filter.external_id = query.external_id;
  if (query.tag) filter.tags = query.tag;
  if (query.batch_id) filter.batch_id = query.batch_id;
  return filter as Filter<CallDoc>;
}

/** GET /calls as one filter: the conditions, the date range and the cursor (for explain and benchmarks). */
export function callListFilter(auth: AuthContext, query: CallListQuery): Filter<CallDoc> {
  const filter: Record<string, unknown> = { ...callListConditions(auth, query) };
  if (query.from || query.to) {
    filter.recorded_at = {
      ...(query.from ? onOrAfter(new Date(query.from)) : {}),
      ...(query.to ? { $lt: new Date(query.to) } : {}),
    };
  }
  if (query.cursor)
    return { $and: [filter, afterCursorFilter('recorded_at', decodeCursor(query.cursor))] } as Filter<CallDoc>;
  return filter as Filter<CallDoc>;
}

export const CALL_LIST_SORT = { recorded_at: -1, _id: -1 } as const;

const CALL_INDEX_KEYS = COLLECTIONS.calls.indexes.map((index) => index.key);

/** One page of GET /calls, newest first (`limit` + 1 rows tell whether another page follows). */
export function listCallsPage(calls: Collection<CallDoc>, auth: AuthContext, query: CallListQuery, limit: number) {
  return newestFirstPage(calls, {
    filter: callListConditions(auth, query),
    field: 'recorded_at',
    indexes: CALL_INDEX_KEYS,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: limit + 1,
  });
}

/** Another organization's call, or another agent's for an agent, is "not found". */
export async function findVisibleCall(collections: Collections, auth: AuthContext, callId: string): Promise<CallDoc> {
  const call = await collections.calls.findOne({ ...visibleCallsFilter(auth), _id: callId });
  if (!call) throw notFound('Call');
  return call;
}

/** What the call detail shows beside the call: its transcript, extractions, tasks and appointments. */
export async function callDetailParts(collections: Collections, call: CallDoc) {
  const scope = { org_id: call.org_id, call_id: call._id };
  const [transcript, extractions, tasks, appointments] = await Promise.all([
    collections.transcripts.findOne({ _id: call._id, org_id: call.org_id }),
    collections.extractions.findOne({ _id: call._id, org_id: call.org_id }),
    collections.tasks.find(scope).sort({ created_at: 1, _id: 1 }).toArray(),
    collections.appointments.find(scope).sort({ created_at: 1, _id: 1 }).toArray(),
  ]);
  return { transcript, extractions, tasks, appointments };
}

/** The call's QA scorecard; "not found" until the scorecard stage has written one. */
export async function findCallScorecard(collections: Collections, call: CallDoc): Promise<ScorecardDoc> {
  const scorecard = await collections.scorecards.findOne({ _id: call._id, org_id: call.org_id });
  if (!scorecard) throw notFound('Scorecard');
  return scorecard;
}
