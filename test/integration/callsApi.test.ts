import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CALL_LIST_SORT, callListFilter } from '../../api/rest/services/calls';
import { COLLECTIONS, recordingsBucket } from '../../lib/mongo';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, makeCall, ownerAuth } from '../support/seed';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

describeWithStack('GET /calls, /calls/{id} and /calls/{id}/recording', () => {
  let stack: TestStack;
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  const base = Date.UTC(2026, 2, 10, 12);
  const at = (minutes: number) => new Date(base + minutes * 60_000);

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
    tenant = await seedTenant(stack.database, 'owner');
    const org = tenant.organization._id;
    await insertCalls(stack.database, [
      makeCall(org, {
        _id: 'call_a',
        recorded_at: at(0),
        agent_email: 'sarah@acme.example',
        direction: 'outbound',
        tags: ['purchase'],
      }),
      makeCall(org, {
        _id: 'call_b',
        recorded_at: at(10),
        agent_email: 'tom@acme.example',
        direction: 'inbound',
        status: 'failed',
      }),
      makeCall(org, {
        _id: 'call_c',
        recorded_at: at(20),
        agent_email: 'sarah@acme.example',
        external_id: 'dlr-9',
        contact_id: 'ct_1',
      }),
      makeCall(org, {
        _id: 'call_d',
        recorded_at: at(20),
        agent_email: 'tom@acme.example',
        batch_id: 'batch_7',
        tags: ['refi', 'purchase'],
      }),
      makeCall(org, { _id: 'call_e', recorded_at: at(30), agent_email: 'sarah@acme.example', status: 'processing' }),
    ]);
  });
  afterAll(() => stack?.close());

  const ids = (response: { body: { data: { call_id: string }[] } }) => response.body.data.map((call) => call.call_id);

  test('lists newest first with a stable order for equal times', async () => {
    const response = await api(stack, tenant.key, 'GET', '/calls');
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual(['call_e', 'call_d', 'call_c', 'call_b', 'call_a']);
    expect(response.body.pagination).toEqual({ next_cursor: null, has_more: false });
  });

  test('cursor pagination walks every call exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof api>> = await api(
        stack,
        tenant.key,
        'GET',
        `/calls?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(['call_e', 'call_d', 'call_c', 'call_b', 'call_a']);
  });

  test.each([
    ['from=2026-03-10T12:10:00Z&to=2026-03-10T12:30:00Z', ['call_d', 'call_c', 'call_b']],
    ['agent_email=TOM@acme.example', ['call_d', 'call_b']],
    ['contact_id=ct_1', ['call_c']],
    ['status=failed', ['call_b']],
    ['direction=inbound', ['call_b']],
    ['external_id=dlr-9', ['call_c']],
    ['tag=purchase', ['call_d', 'call_a']],
    ['batch_id=batch_7', ['call_d']],
    ['agent_email=sarah@acme.example&status=completed', ['call_c', 'call_a']],
  ])('filter %s', async (query, expected) => {
    expect(ids(await api(stack, tenant.key, 'GET', `/calls?${query}`))).toEqual(expected);
  });

  test.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['from=yesterday', 'from'],
    ['status=done', 'status'],
    ['cursor=garbage', 'cursor'],
    ['agentEmail=x', '(body)'],
  ])('a bad query (%s) is 400 naming %s', async (query, field) => {
    const response = await api(stack, tenant.key, 'GET', `/calls?${query}`);
    expect(response.status).toBe(400);
    const paths = response.body.error.details.map((detail: { path: string }) => detail.path);
    expect(paths).toContain(field);
  });

  test("an agent sees only their own calls; another agent's call is 404", async () => {
    const org = tenant.organization._id;
    const agent = await seedTenant(stack.database, 'agent');
    await stack.database.collections.users.updateOne(
      { _id: agent.user._id },
      { $set: { org_id: org, email: 'tom@acme.example' } },
    );
    await stack.database.collections.apiKeys.updateOne({ _id: agent.keyRecord._id }, { $set: { org_id: org } });
    expect(ids(await api(stack, agent.key, 'GET', '/calls'))).toEqual(['call_d', 'call_b']);
    expect(ids(await api(stack, agent.key, 'GET', '/calls?agent_email=sarah@acme.example'))).toEqual([]);
    expect((await api(stack, agent.key, 'GET', '/calls/call_a')).status).toBe(404);
    expect((await api(stack, agent.key, 'GET', '/calls/call_b')).status).toBe(200);
  });

  test('GET /calls/{id} shows metadata, overall and per-stage status', async () => {
    const response = await api(stack, tenant.key, 'GET', '/calls/call_b');
    expect(response.body.data).toMatchObject({
      call_id: 'call_b',
      status: 'failed',
      agent: { email: 'tom@acme.example' },
      stages: { fetch: { status: 'completed' }, mismo: { status: 'completed' } },
      links: { self: `${stack.baseUrl}/calls/call_b`, recording: null },
    });
  });

  test('the recording streams with its sniffed type; absent is 404', async () => {
    const org = tenant.organization._id;
    const wav = makeWav(0.5);
    const bucket = recordingsBucket(stack.database.db);
    await pipeline(
      Readable.from([wav]),
      bucket.openUploadStreamWithId('rec_call_rec' as never, 'call_rec', {
        metadata: { org_id: org, call_id: 'call_rec', content_type: 'audio/wav' },
      }),
    );
    await insertCalls(stack.database, [makeCall(org, { _id: 'call_rec', recording_file_id: 'rec_call_rec' })]);
    const response = await fetch(`${stack.baseUrl}/calls/call_rec/recording`, {
      headers: { Authorization: `Bearer ${tenant.key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await response.arrayBuffer()).equals(wav)).toBe(true);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    // One byte range, as a player seeking asks for it: 206 with exactly those bytes.
    const ranged = async (range: string) =>
      fetch(`${stack.baseUrl}/calls/call_rec/recording`, {
        headers: { Authorization: `Bearer ${tenant.key}`, Range: range },
      });
    const middle = await ranged('bytes=100-199');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-199/${wav.length}`);
    expect(Buffer.from(await middle.arrayBuffer()).equals(wav.subarray(100, 200))).toBe(true);
    const tail = await ranged('bytes=-10');
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 10))).toBe(true);
    const open = await ranged(`bytes=${wav.length - 5}-`);
    expect(open.headers.get('content-range')).toBe(`bytes ${wav.length - 5}-${wav.length - 1}/${wav.length}`);
    const past = await ranged(`bytes=${wav.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${wav.length}`);
    expect((await ranged('bytes=0-1,5-9')).status).toBe(200); // several ranges: the whole file
    expect((await api(stack, tenant.key, 'GET', '/calls/call_a/recording')).status).toBe(404);
  });

  test('explain shows every GET /calls filter served by an index', async () => {
    const auth = ownerAuth(tenant.organization._id);
    for (const query of [
      {},
      { agent_email: 'a@b.c' },
      { contact_id: 'c' },
      { status: 'failed' as const },
      { direction: 'inbound' as const },
      { external_id: 'e' },
      { tag: 't' },
      { batch_id: 'b' },
    ]) {
      const plan = JSON.stringify(
        await stack.database.collections.calls
          .find(callListFilter(auth, query))
          .sort(CALL_LIST_SORT)
          .limit(26)
          .explain(),
      );
      expect(plan).toContain('IXSCAN');
      expect(plan).not.toContain('COLLSCAN');
    }
  });

  test('every GET /calls filter leads an index after org_id, then the page order', () => {
    const indexes = COLLECTIONS.calls.indexes.map((index) => Object.keys(index.key));
    for (const field of ['agent_email', 'contact_id', 'status', 'direction', 'tags', 'batch_id']) {
      expect(indexes).toContainEqual(['org_id', field, 'recorded_at', '_id']);
    }
    expect(indexes).toContainEqual(['org_id', 'recorded_at', '_id']);
    expect(indexes).toContainEqual(['org_id', 'external_id']);
  });
});
