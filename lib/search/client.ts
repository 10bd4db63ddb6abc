import type { Speaker } from '../documents';

/*
 * The search engine's JSON API (scripts/search/server.py: tantivy). One client for the worker, which
 * keeps the index in step with the calls, and the REST API, which asks it. The engine runs on the
 * operator's own network (SEARCH_URL), so this is plain fetch, not the customer-address guard.
 */

/** What the index holds of one call: already-redacted text, as stored (redaction runs before storage). */
export interface SearchDocument {
  org_id: string;
  call_id: string;
  recorded_at_ms: number;
  segments: { speaker: Speaker; start: number; end: number; text: string }[];
  summary: string;
  extracted: { field: string; value: string }[];
  tags: string[];
  agent_email: string;
  batch_id: string | null;
  /** `true`/`false` from the extraction; `unknown` before it ran. */
  lending: 'true' | 'false' | 'unknown';
  criteria_passed: string[];
  criteria_failed: string[];
  /** When this version was written: a rebuild removes what it did not rewrite after it started. */
  indexed_at_ms: number;
}

export interface SearchRequest {
  org_id: string;
  q: string;
  from_ms?: number;
  to_ms?: number;
  agent_email?: string;
  speaker?: 'agent' | 'customer';
  tags?: string[];
  batch_id?: string;
  lending?: 'true' | 'false';
  criteria_passed?: string[];
  criteria_failed?: string[];
  offset: number;
  limit: number;
}

export interface SearchSnippet {
  source: 'transcript' | 'summary' | 'extracted';
  text: string;
  /** [start, end) character offsets of the matched words in `text`. */
  highlights: [number, number][];
  speaker?: Speaker;
  start?: number;
  end?: number;
  /** For `extracted`: `dataset.field`. */
  field?: string;
}

export interface SearchAnswer {
  total: number;
  hits: { call_id: string; score: number; snippets: SearchSnippet[] }[];
}

export class SearchEngineError extends Error {
  constructor(
    message: string,
    /** The engine refused the request itself (HTTP 400): retrying the same request will not help. */
    readonly badRequest = false,
  ) {
    super(message);
    this.name = 'SearchEngineError';
  }
}

export interface SearchClient {
  upsert(documents: SearchDocument[]): Promise<void>;
  remove(orgId: string, callIds: string[]): Promise<void>;
  /** Removes the organization's documents written before `indexedBeforeMs` (the end of a rebuild). */
  removeOlder(orgId: string, indexedBeforeMs: number): Promise<number>;
  search(request: SearchRequest): Promise<SearchAnswer>;
  health(): Promise<{ documents: number; engine: string }>;
}

export function createSearchClient(baseUrl: string, timeoutMs: number): SearchClient {
  const base = baseUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SearchEngineError(`the search engine at ${base} did not answer: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? message;
      } catch {
        // not JSON: keep the text
      }
      throw new SearchEngineError(`the search engine answered ${response.status}: ${message}`, response.status === 400);
    }
    return JSON.parse(text) as T;
  }
  return {
    async upsert(documents) {
      if (documents.length > 0) await call('POST', '/documents', { documents });
    },
    async remove(orgId, callIds) {
      if (callIds.length > 0) await call('POST', '/delete', { org_id: orgId, call_ids: callIds });
    },
    async removeOlder(orgId, indexedBeforeMs) {
      const answer = await call<{ deleted: number }>('POST', '/delete-older', {
        org_id: orgId,
        indexed_before_ms: indexedBeforeMs,
      });
      return answer.deleted;
    },
    search: (request) => call<SearchAnswer>('POST', '/search', request),
    health: () => call<{ documents: number; engine: string }>('GET', '/healthz'),
  };
}
