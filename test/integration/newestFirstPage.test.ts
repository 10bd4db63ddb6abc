import { randomBytes } from 'node:crypto';
import type { Collection } from 'mongodb';
import { connectDatabase, onOrAfter, type Database } from '../../lib/mongo';
import { newestFirstPage } from '../../lib/newestFirstPage';
import { describeWithStack, testConfig } from '../support/env';

interface Row {
  _id: string;
  org_id: string;
  kind: string;
  at: Date;
}

/**
 * Reading a page in growing time windows returns exactly what one sorted, limited query returns,
 * for every page of a cursor walk: ties on the date, dates in the future and before 1990, sparse
 * and dense stretches, date bounds, and a caller's own `_id` condition.
 */
describeWithStack('newest-first pages read in time windows', () => {
  let database: Database;
  let rows: Collection<Row>;
  const now = new Date('2026-11-23T12:00:00Z');
  const INDEXES: Record<string, 1 | -1>[] = [
    { org_id: 1, at: -1, _id: -1 },
    { org_id: 1, kind: 1, at: -1, _id: -1 },
  ];
  const hour = 3_600_000;

  beforeAll(async () => {
    database = await connectDatabase(testConfig());
    rows = database.db.collection<Row>('windowed');
    for (const key of INDEXES) await rows.createIndex(key);
    const dates = [
      ...Array.from({ length: 40 }, (_, index) => new Date(now.getTime() - index * 7 * 60_000)), // dense: every 7 min
      ...Array.from({ length: 6 }, () => new Date(now.getTime() - 5 * hour)), // six at the same instant
      new Date(now.getTime() + 30 * 86_400_000), // recorded "in the future"
      new Date(now.getTime() - 400 * 86_400_000), // sparse: a year and more ago
      new Date('1985-06-01T00:00:00Z'), // before the windows' floor
      ...Array.from({ length: 10 }, (_, index) => new Date(now.getTime() - (index + 1) * 3 * 86_400_000)),
    ];
    await rows.insertMany(
      dates.flatMap((at, index) => [
        {
          _id: `r${String(index).padStart(3, '0')}${randomBytes(2).toString('hex')}`,
          org_id: 'o',
          kind: index % 3 ? 'a' : 'b',
          at,
        },
        { _id: `x${index}`, org_id: 'other', kind: 'a', at },
      ]),
    );
  });
  afterAll(async () => {
    await database?.db.dropDatabase().catch(() => undefined);
    await database?.close();
  });

  const oneQuery = (filter: Record<string, unknown>, from?: Date, to?: Date) =>
    rows
      .find({
        ...filter,
        ...(from || to ? { at: { ...(from ? onOrAfter(from) : {}), ...(to ? { $lt: to } : {}) } } : {}),
      })
      .sort({ at: -1, _id: -1 })
      .toArray();

  async function walk(
    filter: Record<string, unknown>,
    pageSize: number,
    from?: Date,
    to?: Date,
    indexes: Record<string, 1 | -1>[] = INDEXES,
  ) {
    const seen: Row[] = [];
    let after: { at: Date; id: string } | undefined;
    for (let page = 0; page < 100; page++) {
      const got = await newestFirstPage(
        rows,
        { filter, field: 'at', indexes, from, to, after, limit: pageSize + 1 },
        now,
      );
      const items = got.slice(0, pageSize);
      seen.push(...items);
      if (got.length <= pageSize) break;
      const last = items.at(-1)!;
      after = { at: last.at, id: last._id };
    }
    return seen.map((row) => row._id);
  }

  test.each([1, 4, 25])('a cursor walk with pages of %i equals the single query', async (pageSize) => {
    const expected = (await oneQuery({ org_id: 'o' })).map((row) => row._id);
    expect(expected).toHaveLength(59);
    expect(await walk({ org_id: 'o' }, pageSize)).toEqual(expected);
  });

  test('with an equality condition and date bounds (inclusive from, exclusive to)', async () => {
    const from = new Date(now.getTime() - 5 * hour);
    const to = new Date(now.getTime() - 7 * 60_000);
    const expected = (await oneQuery({ org_id: 'o', kind: 'a' }, from, to)).map((row) => row._id);
    expect(expected.length).toBeGreaterThan(5);
    expect(await walk({ org_id: 'o', kind: 'a' }, 3, from, to)).toEqual(expected);
  });

  test('a filter no index serves in windows is read as one query, with the same pages', async () => {
    const from = new Date(now.getTime() - 10 * 86_400_000);
    const expected = (await oneQuery({ org_id: 'o', kind: 'b' }, from)).map((row) => row._id);
    expect(expected.length).toBeGreaterThan(5);
    expect(await walk({ org_id: 'o', kind: 'b' }, 2, from, undefined, [{ org_id: 1, kind: 1 }])).toEqual(expected);
    const all = (await oneQuery({ org_id: 'o' })).map((row) => row._id);
    expect(await walk({ org_id: 'o' }, 7, undefined, undefined, [])).toEqual(all);
  });

  test("a caller's own _id condition is kept beside the cursor's", async () => {
    expect(await walk({ org_id: 'o', _id: { $in: [] } }, 2)).toEqual([]);
    const some = (await oneQuery({ org_id: 'o' })).slice(0, 9).map((row) => row._id);
    expect(await walk({ org_id: 'o', _id: { $in: some } }, 2)).toEqual(some);
  });
});
