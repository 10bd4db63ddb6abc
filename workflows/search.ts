import { continueAsNew, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { CallProcessingActivities } from '../activities';
import type { RebuildSearchIndexInput } from '../lib/temporal';
import { searchIndexPolicy } from './policies';

const search = proxyActivities<CallProcessingActivities>(searchIndexPolicy);

/** Pages one sweep indexes per organization before it moves on, so one organization cannot hold it. */
const SWEEP_PAGES_PER_ORGANIZATION = 50;
/** Pages a rebuild run takes before it continues as new: 100,000 calls keep a short history. */
const REBUILD_PAGES_PER_RUN = 100;

/**
 * Started by the `search-index-sync` Temporal Schedule: indexes every call flagged `search_stale`
 * (a change the index has not caught up with, whatever left it so: a crash, the engine down), one
 * page at a time per organization. Returns how many calls it indexed.
 */
export async function syncSearchIndex(): Promise<{ indexed: number }> {
  let indexed = 0;
  for (const orgId of await search.organizationsWithStaleSearch()) {
    for (let page = 0; page < SWEEP_PAGES_PER_ORGANIZATION; page++) {
      const result = await search.indexStaleCalls({ orgId });
      indexed += result.indexed;
      if (result.found === 0) break;
    }
  }
  return { indexed };
}

/**
 * Workflow id `search-rebuild-<orgId>` (`npm run admin -- search-rebuild`): re-indexes every
 * completed call of the organization, then removes what it did not rewrite. Search keeps answering
 * throughout (documents are replaced in place, not dropped first).
 */
export async function rebuildSearchIndex(
  input: RebuildSearchIndexInput,
): Promise<{ indexed: number; removed: number }> {
  // Workflow time: the same on replay, and earlier than any document this rebuild writes.
  const startedAtMs = input.startedAtMs ?? workflowInfo().startTime.getTime();
  let afterCallId = input.afterCallId ?? null;
  let indexed = input.indexed ?? 0;
  for (let page = 0; page < REBUILD_PAGES_PER_RUN; page++) {
    const result = await search.rebuildSearchPage({ orgId: input.orgId, afterCallId, startedAtMs });
    indexed += result.indexed;
    afterCallId = result.lastCallId;
    if (!afterCallId) {
      const { removed } = await search.finishSearchRebuild({ orgId: input.orgId, startedAtMs });
      return { indexed, removed };
    }
  }
  return continueAsNew<typeof rebuildSearchIndex>({ ...input, startedAtMs, afterCallId, indexed });
}
