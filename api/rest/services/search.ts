import { createHash } from 'node:crypto';
import type { CallDoc } from '../../../lib/documents';
import { badRequest, serviceUnavailable } from '../../../lib/errors';
import { findByIdsInOrganization } from '../../../lib/findByIds';
import type { Collections } from '../../../lib/mongo';
import {
  SearchEngineError,
  type SearchAnswer,
  type SearchClient,
  type SearchRequest,
} from '../../../lib/search/client';
import type { AuthContext } from '../middleware/auth';
import type { CallSearchQuery } from '../schemas/search';
import { ownCallsOnly } from './calls';

/** Pages deeper than this are refused: relevance past a thousand calls is noise, and deep offsets cost. */
export const MAX_SEARCH_OFFSET = 1000;

export interface CallSearchResult {
  hits: { call: CallDoc; score: number; snippets: SearchAnswer['hits'][number]['snippets'] }[];
  total: number;
  nextCursor: string | null;
}

/**
 * GET /search/calls: the engine ranks the organization's calls (an agent's key: the agent's own);
 * the page's calls are then read from MongoDB with the same visibility as GET /calls, so a call
 * erased a moment ago never shows even if the index has not heard of it yet.
 */
export async function searchCalls(
  collections: Collections,
  search: SearchClient,
  auth: AuthContext,
  query: CallSearchQuery,
): Promise<CallSearchResult> {
  const request = engineRequest(auth, query);
  if (!request) return { hits: [], total: 0, nextCursor: null };
  const fingerprint = queryFingerprint(auth, query);
  request.offset = query.cursor ? decodeSearchCursor(query.cursor, fingerprint) : 0;
  let answer: SearchAnswer;
  try {
    answer = await search.search(request);
  } catch (error) {
    if (error instanceof SearchEngineError && error.badRequest) {
      throw badRequest(error.message.replace(/^the search engine answered 400: /, ''), [
        { path: 'q', message: 'no words to search for' },
      ]);
    }
    throw serviceUnavailable(`Search is unavailable right now: ${(error as Error).message}`);
  }
  const ids = answer.hits.map((hit) => hit.call_id);
  // Read under GET /calls's visibility: the organization's calls, an agent's own only.
  const own = ownCallsOnly(auth);
  const calls = (await findByIdsInOrganization(collections.calls, auth.orgId, ids)).filter(
    (call) => own === null || call.agent_email === own,
  );
  const byId = new Map(calls.map((call) => [call._id, call]));
  const hits = answer.hits.flatMap((hit) => {
    const call = byId.get(hit.call_id);
    return call ? [{ call, score: hit.score, snippets: hit.snippets }] : [];
  });
  const nextOffset = request.offset + request.limit;
  const hasMore = nextOffset < answer.total && nextOffset < MAX_SEARCH_OFFSET;
  return {
    hits,
    total: answer.total,
    nextCursor: hasMore ? encodeSearchCursor(nextOffset, fingerprint) : null,
  };
}

/** The engine's request, or null when the filters can match nothing (an agent asking for another's calls). */
function engineRequest(auth: AuthContext, query: CallSearchQuery): SearchRequest | null {
  const own = ownCallsOnly(auth);
  const wanted = query.agent_email?.toLowerCase();
  if (own !== null && wanted !== undefined && wanted !== own) return null;
  const agentEmail = own ?? wanted;
  return {
    org_id: auth.orgId,
    q: query.q,
    ...(query.from ? { from_ms: Date.parse(query.from) } : {}),
    ...(query.to ? { to_ms: Date.parse(query.to) } : {}),
    ...(agentEmail ? { agent_email: agentEmail } : {}),
    ...(query.speaker ? { speaker: query.speaker } : {}),
    ...(query.tag ? { tags: [query.tag] } : {}),
    ...(query.batch_id ? { batch_id: query.batch_id } : {}),
    ...(query.lending ? { lending: query.lending } : {}),
    ...(query.criterion_passed ? { criteria_passed: [query.criterion_passed] } : {}),
    ...(query.criterion_failed ? { criteria_failed: [query.criterion_failed] } : {}),
    offset: 0,
    limit: query.limit,
  };
}

/** A cursor is an offset into one search: it names the search it belongs to, so it is not used with another. */
function queryFingerprint(auth: AuthContext, query: CallSearchQuery): string {
  const { cursor: _cursor, limit: _limit, ...asked } = query;
  return createHash('sha256')
    .update(JSON.stringify([auth.orgId, auth.userEmail, asked]))
    .digest('base64url')
    .slice(0, 12);
}

function encodeSearchCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

function decodeSearchCursor(cursor: string, fingerprint: string): number {
  let parsed: { o?: unknown; f?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; f?: unknown };
  } catch {
    parsed = {};
  }
  const offset = parsed.o;
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset >= MAX_SEARCH_OFFSET) {
    throw badRequest('cursor is invalid', [{ path: 'cursor', message: 'not a cursor this API returned' }]);
  }
  if (parsed.f !== fingerprint) {
    throw badRequest('cursor belongs to another search', [
      { path: 'cursor', message: 'use it with the same q and filters it came with' },
    ]);
  }
  return offset;
}
