import { badRequest } from './errors';

/*
 * Opaque cursors for lists ordered by (a date field desc, _id desc): the last item's sort key,
 * base64url-encoded. Stable under inserts: a page never repeats or skips a record.
 */
export interface CursorPosition {
  at: Date;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ t: position.at.toISOString(), i: position.id })).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const { t, i } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { t: unknown; i: unknown };
    const at = new Date(String(t));
    if (typeof i !== 'string' || typeof t !== 'string' || Number.isNaN(at.getTime())) throw new Error('bad cursor');
    return { at, id: i };
  } catch {
    throw badRequest('cursor is invalid', [{ path: 'cursor', message: 'not a cursor this API returned' }]);
  }
}

/** The filter for "after this cursor" in (field desc, _id desc) order. */
export function afterCursorFilter(field: string, position: CursorPosition): Record<string, unknown> {
  return {
    $or: [{ [field]: { $lt: position.at } }, { [field]: position.at, _id: { $lt: position.id } }],
  };
}

/** Fetches limit + 1 to learn whether there is a next page without counting. */
export function pageOf<T extends { _id: string }>(
  rows: T[],
  limit: number,
  sortKey: (row: T) => Date,
): { items: T[]; next_cursor: string | null; has_more: boolean } {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return {
    items,
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor({ at: sortKey(last), id: last._id }) : null,
  };
}
