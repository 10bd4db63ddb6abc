import { findByIdsInOrganization } from '../lib/findByIds';
import type { Collections } from '../lib/mongo';
import type { SearchClient } from '../lib/search/client';
import { searchDocumentOf } from '../lib/search/document';

/** Calls one activity indexes or one sweep page reads: bounded, so each write to the engine stays small. */
export const SEARCH_INDEX_BATCH = 100;

export interface SearchDeps {
  collections: Collections;
  search: SearchClient;
}

/*
 * The search index follows the calls. A change to what a call shows (completed, re-processed,
 * redacted again, its transcript removed by retention) sets `search_stale` on the call in the same
 * write and bumps `search_version`; indexing clears the flag only if the version it read is still the
 * current one. So a crash anywhere leaves the flag, and the `syncSearchIndex` sweep (a Temporal
 * Schedule) finds it: the index is never silently behind. Deleted calls leave the index inside
 * eraseCallRecords, before their documents go.
 */

/**
 * Indexes the given calls as stored now (calls gone or not completed leave the index) and clears
 * their flags where nothing changed since they were read; returns how many were indexed.
 */
export async function indexCalls(
  deps: SearchDeps,
  orgId: string,
  callIds: string[],
  indexedAt = new Date(),
): Promise<number> {
  const { collections, search } = deps;
  if (callIds.length === 0) return 0;
  const calls = await findByIdsInOrganization(collections.calls, orgId, callIds);
  const completed = calls.filter((call) => call.status === 'completed');
  const ids = completed.map((call) => call._id);
  const [transcripts, extractions, scorecards] = await Promise.all([
    findByIdsInOrganization(collections.transcripts, orgId, ids),
    findByIdsInOrganization(collections.extractions, orgId, ids),
    findByIdsInOrganization(collections.scorecards, orgId, ids),
  ]);
  const transcriptOf = new Map(transcripts.map((doc) => [doc._id, doc]));
  const extractionsOf = new Map(extractions.map((doc) => [doc._id, doc]));
  const scorecardOf = new Map(scorecards.map((doc) => [doc._id, doc]));
  await search.upsert(
    completed.map((call) =>
      searchDocumentOf(
        call,
        transcriptOf.get(call._id) ?? null,
        extractionsOf.get(call._id) ?? null,
        scorecardOf.get(call._id) ?? null,
        indexedAt,
      ),
    ),
  );
  const indexed = new Set(ids);
  await search.remove(
    orgId,
    callIds.filter((id) => !indexed.has(id)),
  );
  // Clear the flag only where nothing changed since the call was read.
  for (const call of calls) {
    if (!call.search_stale) continue;
    await collections.calls.updateOne(
      {
        _id: call._id,
        org_id: orgId,
        ...(call.search_version === undefined ? {} : { search_version: call.search_version }),
      },
      { $unset: { search_stale: '' } },
    );
  }
  return completed.length;
}

export function createSearchActivities(deps: SearchDeps) {
  const { collections, search } = deps;

  return {
    async indexCallsForSearch(input: { orgId: string; callIds: string[] }): Promise<{ indexed: number }> {
      return { indexed: await indexCalls(deps, input.orgId, input.callIds) };
    },

    /** Organizations with calls the index has not caught up with. */
    async organizationsWithStaleSearch(): Promise<string[]> {
      const organizations = await collections.organizations.find({}, { projection: { _id: 1 } }).toArray();
      const stale: string[] = [];
      for (const organization of organizations) {
        const call = await collections.calls.findOne(
          { org_id: organization._id, search_stale: true },
          { projection: { _id: 1 } },
        );
        if (call) stale.push(organization._id);
      }
      return stale;
    },

    /** Indexes up to SEARCH_INDEX_BATCH of an organization's stale calls; 0 when none are left. */
    async indexStaleCalls(input: { orgId: string }): Promise<{ indexed: number; found: number }> {
      const calls = await collections.calls
        .find({ org_id: input.orgId, search_stale: true }, { projection: { _id: 1 } })
        .limit(SEARCH_INDEX_BATCH)
        .toArray();
      const indexed = await indexCalls(
        deps,
        input.orgId,
        calls.map((call) => call._id),
      );
      return { indexed, found: calls.length };
    },

    /**
     * One page of a rebuild: the organization's completed calls after `afterCallId`, in id order,
     * written with the rebuild's start time; returns the last id (null: done).
     */
    async rebuildSearchPage(input: {
      orgId: string;
      afterCallId: string | null;
      startedAtMs: number;
    }): Promise<{ indexed: number; lastCallId: string | null }> {
      const calls = await collections.calls
        .find(
          {
            org_id: input.orgId,
            status: 'completed',
            ...(input.afterCallId ? { _id: { $gt: input.afterCallId } } : {}),
          },
          { projection: { _id: 1 }, sort: { _id: 1 }, limit: SEARCH_INDEX_BATCH },
        )
        .toArray();
      // Written at the rebuild's start or later: what a page wrote survives the final sweep of older documents.
      const indexed = await indexCalls(
        deps,
        input.orgId,
        calls.map((call) => call._id),
        new Date(Math.max(Date.now(), input.startedAtMs)),
      );
      return { indexed, lastCallId: calls.length === SEARCH_INDEX_BATCH ? calls.at(-1)!._id : null };
    },

    /** The end of a rebuild: what it did not rewrite (calls gone since) leaves the index. */
    async finishSearchRebuild(input: { orgId: string; startedAtMs: number }): Promise<{ removed: number }> {
      return { removed: await search.removeOlder(input.orgId, input.startedAtMs) };
    },
  };
}
