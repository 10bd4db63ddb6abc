import { searchUrl } from '../../../lib/config';
import { createSearchClient } from '../../../lib/search/client';
import type { RestDeps } from '../deps';
import { defineRoute, type RouteDefinition } from '../routing';
import { CallSearchPage, CallSearchQuery } from '../schemas/search';
import { searchCalls } from '../services/search';
import { callSummaryView } from '../views/calls';

/** Full-text search over the organization's calls (docs/search.md). */
export function searchRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  const search = createSearchClient(searchUrl(deps.config), deps.config.SEARCH_TIMEOUT_SECONDS * 1000);
  return [
    defineRoute({
      method: 'get',
      path: '/search/calls',
      operationId: 'searchCalls',
      summary: 'Search what was said in calls: transcripts, summaries, extracted values and tags, best match first',
      description:
        'Every word must occur (in any form: `cancel` finds "cancelled"); `"exact phrases"` in double quotes must occur as written. Ranked by BM25. Each hit has the call and its matching snippets: transcript segments with the speaker and start/end seconds (seek the player there), the summary, extracted values; `highlights` are character offsets of the matched words. Redacted values stay redacted (`[SSN]`). Completed calls only; the index follows a completed, re-processed or erased call within seconds (docs/search.md). An agent\'s key finds only the agent\'s own calls. 503 while the search engine is unreachable.',
      tag: 'Search',
      permission: 'calls:read',
      query: CallSearchQuery,
      success: { status: 200, description: 'A page of hits, best first', schema: CallSearchPage },
      errors: [400, 403, 503],
      async handler(ctx, { auth, query }) {
        const result = await searchCalls(collections, search, auth, query);
        ctx.body = {
          success: true,
          data: result.hits.map((hit) => ({
            call: callSummaryView(hit.call),
            score: hit.score,
            snippets: hit.snippets,
          })),
          pagination: { next_cursor: result.nextCursor, has_more: result.nextCursor !== null, total: result.total },
        };
      },
    }),
  ];
}
