import type { CallDoc, CallExtractionsDoc, ScorecardDoc, TranscriptDoc } from '../documents';
import type { SearchDocument } from './client';

/**
 * A call as the search index holds it: the stored (so already redacted) transcript segments, summary,
 * extracted values and tags, and the fields the search filters on. A call whose transcript was
 * removed by retention is still found by its summary and data.
 */
export function searchDocumentOf(
  call: CallDoc,
  transcript: TranscriptDoc | null,
  extractions: CallExtractionsDoc | null,
  scorecard: ScorecardDoc | null,
  indexedAt: Date,
): SearchDocument {
  const criteria = scorecard?.criteria ?? [];
  return {
    org_id: call.org_id,
    call_id: call._id,
    recorded_at_ms: call.recorded_at.getTime(),
    segments: (transcript?.segments ?? []).map(({ speaker, start, end, text }) => ({ speaker, start, end, text })),
    summary: call.summary ? [call.summary.text, ...call.summary.key_points, ...call.summary.next_steps].join('\n') : '',
    extracted: (extractions?.results ?? []).flatMap((result) =>
      Object.entries(result.data).flatMap(([field, value]) =>
        searchableValues(value).map((text) => ({ field: `${result.dataset}.${field}`, value: text })),
      ),
    ),
    tags: call.tags,
    agent_email: call.agent_email,
    batch_id: call.batch_id,
    lending: extractions ? (extractions.is_lending_call ? 'true' : 'false') : 'unknown',
    criteria_passed: criteria.filter((criterion) => criterion.passed === true).map((criterion) => criterion.id),
    criteria_failed: criteria.filter((criterion) => criterion.passed === false).map((criterion) => criterion.id),
    indexed_at_ms: indexedAt.getTime(),
  };
}

/** Strings, numbers and lists of them are searchable; nested objects are flattened one level. */
function searchableValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(searchableValues);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).flatMap(searchableValues);
  return [];
}

/**
 * The update that tells the index a call changed, merged into the write that changes it: the
 * `syncSearchIndex` sweep re-indexes flagged calls, and indexing clears the flag only if
 * `search_version` is still the one it read (activities/search.ts).
 */
export const SEARCH_STALE = { $set: { search_stale: true }, $inc: { search_version: 1 } } as const;
