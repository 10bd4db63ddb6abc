import type { Collection, Document, Filter } from 'mongodb';
import { onOrAfter } from './mongo';
import type { CursorPosition } from './pagination';

/*
 * One page of a list ordered by (a date field desc, _id desc), read in time windows that grow
 * backwards from the newest end: the last hour, then two hours before it, then four, and so on,
 * until the page is full or the range is exhausted; the last window is open-ended.
 *
 * Why not one `find().sort().limit()`: the embedded SecantusDB 0.7 reads every document its index
 * range matches before it sorts and cuts to the limit (read in its source: `find_matching` in
 * storage.py), so one query for "the newest 25 calls" of an organization with 100,000 reads
 * 100,000 documents (tens of seconds). Each window here is an index range the server bounds, so a
 * page reads about as many documents as it returns. On MongoDB, which stops at the limit, the
 * windows cost a few extra index probes. The result is exactly the single query's: the windows
 * partition the range, each is read in order, and they are joined newest first.
 *
 * Windows pay only when an index leads with the filter's equality fields and then the date field:
 * otherwise the server reads the same wider index range (the organization's, on SecantusDB) once
 * per window, some twenty times in all. Such a filter (several GET /calls filters at once, an
 * external_id, a contact's phone) is read as one window spanning the whole range.
 */
export interface NewestFirstQuery<T extends Document> {
  /** Every condition but the date range and the cursor. */
  filter: Filter<T>;
  field: string;
  /** The key patterns of the collection's indexes (COLLECTIONS in lib/mongo.ts). */
  indexes: readonly Record<string, number>[];
  /** Inclusive lower and exclusive upper bound of the date field, when the caller asks for them. */
  from?: Date;
  to?: Date;
  after?: CursorPosition;
  /** How many documents to return at most (a page asks for its size + 1). */
  limit: number;
}

const FIRST_WINDOW_MS = 60 * 60 * 1000;
/** Below this, one open-ended window takes the rest (a date before it is not a recorded call). */
const OLDEST_WINDOWED = Date.UTC(1990, 0, 1);

/**
 * The caller's conditions and the window's. Spread into one object when no key collides (the form a
 * server matches against one index best); joined with `$and` when one does (an `_id` condition of
 * the caller must not be replaced by the cursor's). An empty range is no condition at all
 * (`{ field: {} }` would ask for an empty document).
 */
function windowFilter<T extends Document>(filter: Filter<T>, window: Record<string, unknown>): Filter<T> {
  const collides = Object.keys(window).some((key) => key in filter);
  return (collides ? { $and: [filter, window] } : { ...filter, ...window }) as Filter<T>;
}

/**
 * Whether an index serves each window as one bounded range: its leading fields are the filter's
 * fields (in any order, each compared by plain equality) and the next one is the date field.
 */
export function windowsFitAnIndex(
  filter: Record<string, unknown>,
  field: string,
  indexes: readonly Record<string, number>[],
): boolean {
  const fields = Object.keys(filter);
  const plainEquality = (value: unknown) =>
    value === null ||
    typeof value !== 'object' ||
    value instanceof Date ||
    !Object.keys(value as object).some((key) => key.startsWith('$'));
  if (fields.some((name) => name.startsWith('$') || !plainEquality(filter[name]))) return false;
  return indexes.some((key) => {
    const order = Object.keys(key);
    return order[fields.length] === field && fields.every((name) => order.slice(0, fields.length).includes(name));
  });
}

export async function newestFirstPage<T extends Document>(
  collection: Collection<T>,
  query: NewestFirstQuery<T>,
  now = new Date(),
): Promise<T[]> {
  const { field, limit } = query;
  const sort = { [field]: -1, _id: -1 } as const;
  // A filter no index serves in windows is read as one window: the whole range.
  const windowed = windowsFitAnIndex(query.filter as Record<string, unknown>, field, query.indexes);
  const read = async (window: Record<string, unknown>, count: number) =>
    (await collection.find(windowFilter(query.filter, window)).sort(sort).limit(count).toArray()) as T[];

  const rows: T[] = [];
  // The rest of the cursor's own instant first: same date, smaller _id. The date as a plain value,
  // not `{ $eq }`: SecantusDB bounds an index range by equality fields and one operator field only
  // (`_id` here); with two operators it read the whole organization (0.5 s per 20,000 calls).
  if (query.after) rows.push(...(await read({ [field]: query.after.at, _id: { $lt: query.after.id } }, limit)));
  let upper = query.after?.at ?? query.to ?? null; // exclusive; null: no upper bound
  const lower = query.from ?? null; // inclusive
  let span = FIRST_WINDOW_MS;
  while (rows.length < limit) {
    const windowEnd = upper ?? new Date(now.getTime() + 1); // the first window of an open range ends now
    const edge = new Date(windowEnd.getTime() - span);
    const finalWindow = !windowed || (lower !== null && edge <= lower) || edge.getTime() <= OLDEST_WINDOWED;
    const range: Record<string, unknown> = {
      ...(upper ? { $lt: upper } : {}),
      ...(finalWindow ? (lower ? onOrAfter(lower) : {}) : onOrAfter(edge)),
    };
    rows.push(...(await read(Object.keys(range).length ? { [field]: range } : {}, limit - rows.length)));
    if (finalWindow) break;
    upper = edge;
    span *= 2;
  }
  return rows;
}
