import type { Collection, Filter } from 'mongodb';

/**
 * An organization's documents by id, for lists of ids the product itself produced (a search page,
 * an indexing batch). The ids are looked up alone and every returned document is checked against
 * the organization before anything uses it, because SecantusDB 0.7 plans `{ org_id, _id: { $in } }`
 * as a collection scan. It does the same even with an `_id` hint. Measured with 100 ids among 10,000
 * calls: 2.5 s with the organization in the query, 31 ms without it. Another organization's id
 * yields nothing, as a query scoped by organization would.
 */
export async function findByIdsInOrganization<T extends { _id: string; org_id: string }>(
  collection: Collection<T>,
  orgId: string,
  ids: readonly string[],
): Promise<T[]> {
  if (ids.length === 0) return [];
  const found = await collection.find({ _id: { $in: [...ids] } } as Filter<T>).toArray();
  return (found as T[]).filter((doc) => doc.org_id === orgId);
}
