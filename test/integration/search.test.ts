import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { searchUrl } from '../../lib/config';
import type { CallDoc, Speaker } from '../../lib/documents';
import { createSearchClient } from '../../lib/search/client';
import { taskQueues } from '../../lib/temporal';
import { createApiKey, createUser } from '../../lib/tenancy';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { api, callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

type Turns = { speaker: Speaker; text: string }[];
const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');

describeWithStack('GET /search/calls: ranked full-text search kept in step with the calls', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** Stores completed calls with their transcripts, flagged for the index as completion flags them. */
  async function storeCalls(orgId: string, calls: { call: Partial<CallDoc>; turns: Turns }[]): Promise<CallDoc[]> {
    const docs = calls.map(({ call }) =>
      makeCall(orgId, { status: 'completed', search_stale: true, search_version: 1, ...call }),
    );
    await insertCalls(stack.database, docs);
    for (const [index, { turns }] of calls.entries()) await insertScriptTranscript(stack.database, docs[index]!, turns);
    return docs;
  }

  /** The `syncSearchIndex` workflow, as its Temporal Schedule starts it. */
  async function sweep(): Promise<{ indexed: number }> {
    return stack.temporal.client.workflow.execute('syncSearchIndex', {
      workflowId: `search-sync-test-${Date.now()}`,
      taskQueue: taskQueues.callProcessing,
      args: [],
    });
  }

  const search = async (key: string, query: string) => api(stack, key, 'GET', `/search/calls?${query}`);
  const idsOf = (response: { body: { data: { call: { call_id: string } }[] } }) =>
    response.body.data.map((hit) => hit.call.call_id);

  test('words and phrases are ranked, highlighted with speaker and times, filtered and paged; tenancy holds', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const other = await seedTenant(stack.database, 'owner', 'Other');
    const [often, once, phrase, unrelated] = await storeCalls(orgId, [
      {
        call: { _id: `call_often_${orgId}`, recorded_at: new Date('2026-03-02T15:00:00Z'), tags: ['churn'] },
        turns: [
          { speaker: 'agent', text: 'Thanks for calling Northwind, this is Priya.' },
          { speaker: 'customer', text: 'I want to cancel. Please cancel the policy today.' },
          { speaker: 'agent', text: 'I can help you cancel, but may I ask why?' },
        ],
      },
      {
        call: {
          _id: `call_once_${orgId}`,
          recorded_at: new Date('2026-03-20T15:00:00Z'),
          agent_email: 'sam@example.com',
          batch_id: 'batch_search_1',
        },
        turns: [
          { speaker: 'agent', text: 'Good afternoon, Sam speaking.' },
          {
            speaker: 'customer',
            text: 'We thought about it and cancelled the other quote; the rate is too high there.',
          },
        ],
      },
      {
        call: { _id: `call_phrase_${orgId}`, recorded_at: new Date('2026-04-05T15:00:00Z') },
        turns: [
          { speaker: 'customer', text: 'Honestly the rate is too high for us right now.' },
          { speaker: 'agent', text: 'Understood. Too high a rate is something we can look at.' },
        ],
      },
      {
        call: { _id: `call_unrelated_${orgId}`, recorded_at: new Date('2026-04-06T15:00:00Z') },
        turns: [{ speaker: 'customer', text: 'Just checking on the appraisal date.' }],
      },
    ]);
    await storeCalls(other.organization._id, [
      {
        call: { _id: `call_other_${orgId}` },
        turns: [{ speaker: 'customer', text: 'Cancel everything and the rate is too high.' }],
      },
    ]);
    await sweep();
    expect(await stack.database.collections.calls.countDocuments({ org_id: orgId, search_stale: true })).toBe(0);

    // A word in any form; the call that says it most comes first; another organization's never.
    const cancel = await search(key, 'q=cancel');
    expect(cancel.status).toBe(200);
    expect(idsOf(cancel)).toEqual([often!._id, once!._id]);
    expect(cancel.body.pagination).toEqual({ next_cursor: null, has_more: false, total: 2 });
    // Highlights point at the words, in a segment that names who said it and when.
    const snippet = cancel.body.data[0].snippets.find((s: { speaker?: string }) => s.speaker === 'customer');
    expect(snippet).toMatchObject({ source: 'transcript', start: 5, end: 9 });
    expect(snippet.highlights.map(([from, to]: [number, number]) => snippet.text.slice(from, to))).toEqual([
      'cancel',
      'cancel',
    ]);
    const past = cancel.body.data[1].snippets[0];
    expect(past.highlights.map(([from, to]: [number, number]) => past.text.slice(from, to))).toEqual(['cancelled']);
    expect(idsOf(await search(other.key, 'q=cancel'))).toEqual([`call_other_${orgId}`]);

    // An exact phrase must occur as written; the same words apart do not match.
    const exact = await search(key, `q=${encodeURIComponent('"rate is too high"')}`);
    expect(idsOf(exact).sort()).toEqual([once!._id, phrase!._id].sort());
    expect(idsOf(await search(key, `q=${encodeURIComponent('"too high a rate"')}`))).toEqual([phrase!._id]);
    expect(idsOf(await search(key, `q=${encodeURIComponent('"high too"')}`))).toEqual([]);
    // Query-language syntax in the text is only words.
    expect(idsOf(await search(key, `q=${encodeURIComponent(`org_id:${other.organization._id} OR cancel`)}`))).toEqual(
      [],
    );

    // Filters: dates, agent, speaker, tag, batch.
    expect(idsOf(await search(key, 'q=rate&from=2026-04-01T00:00:00Z'))).toEqual([phrase!._id]);
    expect(idsOf(await search(key, 'q=rate&to=2026-04-01T00:00:00Z'))).toEqual([once!._id]);
    expect(idsOf(await search(key, 'q=rate&agent_email=SAM@example.com'))).toEqual([once!._id]);
    expect(idsOf(await search(key, 'q=cancel&speaker=agent'))).toEqual([often!._id]);
    const customerOnly = await search(key, 'q=cancel&speaker=customer');
    expect(idsOf(customerOnly)).toEqual([often!._id, once!._id]);
    for (const hit of customerOnly.body.data)
      for (const s of hit.snippets) expect(s).toMatchObject({ source: 'transcript', speaker: 'customer' });
    expect(idsOf(await search(key, 'q=cancel&tag=churn'))).toEqual([often!._id]);
    expect(idsOf(await search(key, 'q=rate&batch_id=batch_search_1'))).toEqual([once!._id]);
    expect(idsOf(await search(key, 'q=appraisal'))).toEqual([unrelated!._id]);

    // Paging: an opaque cursor, valid only for the search it came from.
    const first = await search(key, 'q=rate&limit=1');
    expect(first.body.data).toHaveLength(1);
    expect(first.body.pagination).toMatchObject({ has_more: true, total: 2 });
    const second = await search(key, `q=rate&limit=1&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data).toHaveLength(1);
    expect(idsOf(second)).not.toEqual(idsOf(first));
    expect(second.body.pagination).toMatchObject({ has_more: false, next_cursor: null });
    const reused = await search(key, `q=cancel&limit=1&cursor=${first.body.pagination.next_cursor}`);
    expect(reused.status).toBe(400);
    expect(reused.body.error.details[0].path).toBe('cursor');

    // Bad input names the field.
    const empty = await search(key, 'q=');
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].path).toBe('q');
    const punctuation = await search(key, `q=${encodeURIComponent('"" ?!')}`);
    expect(punctuation.status).toBe(400);
    expect((await search(key, 'q=rate&speaker=robot')).status).toBe(400);

    // An agent's key finds only the agent's own calls.
    const agent = await createUser(stack.database.collections, {
      orgId,
      email: 'sam@example.com',
      name: 'Sam',
      role: 'agent',
    });
    const agentKey = (await createApiKey(stack.database.collections, { orgId, userId: agent._id, name: 'a' })).key;
    expect(idsOf(await search(agentKey, 'q=rate'))).toEqual([once!._id]);
    expect(idsOf(await search(agentKey, `q=rate&agent_email=${encodeURIComponent(`agent@${orgId}.example`)}`))).toEqual(
      [],
    );
  });

  test('summaries, extracted values, scorecard results and the lending decision are searched and filtered', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const [lending, sales] = await storeCalls(orgId, [
      {
        call: { _id: `call_lending_${orgId}` },
        turns: [
          { speaker: 'agent', text: 'Thanks for calling Harbor Home Loans. This call is recorded.' },
          {
            speaker: 'customer',
            text: 'I want to refinance my mortgage, the loan is about three hundred thousand, I work at Globex.',
          },
        ],
      },
      {
        call: { _id: `call_sales_${orgId}` },
        turns: [
          { speaker: 'agent', text: 'Hi there.' },
          { speaker: 'customer', text: 'We need fleet insurance for our trucks at Globex.' },
        ],
      },
    ]);
    const activities = callActivitiesOf(stack);
    for (const call of [lending!, sales!]) {
      await activities.summarizeCall({ orgId, callId: call._id });
      await activities.scoreCall({ orgId, callId: call._id });
      await activities.extractCallData({ orgId, callId: call._id });
    }
    await activities.indexCallsForSearch({ orgId, callIds: [lending!._id, sales!._id] });

    expect(idsOf(await search(key, 'q=globex&lending=true'))).toEqual([lending!._id]);
    expect(idsOf(await search(key, 'q=globex&lending=false'))).toEqual([sales!._id]);
    const scorecard = (await stack.database.collections.scorecards.findOne({ _id: lending!._id, org_id: orgId }))!;
    const passed = scorecard.criteria.find((criterion) => criterion.passed === true)!;
    const failed = (await stack.database.collections.scorecards.findOne({
      _id: sales!._id,
      org_id: orgId,
    }))!.criteria.find((criterion) => criterion.passed === false)!;
    expect(idsOf(await search(key, `q=globex&criterion_passed=${passed.id}`))).toContain(lending!._id);
    expect(idsOf(await search(key, `q=globex&criterion_failed=${failed.id}`))).toContain(sales!._id);
    // An extracted value is found with its field named.
    const employer = await search(key, 'q=globex');
    const extracted = employer.body.data
      .flatMap((hit: { snippets: { source: string }[] }) => hit.snippets)
      .filter((s: { source: string }) => s.source === 'extracted');
    expect(extracted.length).toBeGreaterThan(0);
    expect(extracted[0].field).toMatch(/\./);
    // The summary is searched and given as its own snippet.
    const summary = (await stack.database.collections.calls.findOne({ _id: lending!._id, org_id: orgId }))!.summary!;
    const summaryWord = summary.text.match(/[A-Za-z]{6,}/)![0];
    const bySummary = await search(key, `q=${summaryWord}`);
    expect(idsOf(bySummary)).toContain(lending!._id);
  });

  test('the index follows a re-processed call, a re-redacted call and an erased call; a rebuild drops what is gone', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const engine = createSearchClient(searchUrl(stack.config), 10_000);
    const [kept, erased] = await storeCalls(orgId, [
      {
        call: { _id: `call_kept_${orgId}` },
        turns: [{ speaker: 'customer', text: 'My old number is 512 555 0199, and I like the zebra plan.' }],
      },
      {
        call: { _id: `call_erased_${orgId}` },
        turns: [{ speaker: 'customer', text: 'The zebra plan please.' }],
      },
    ]);
    await sweep();
    expect(idsOf(await search(key, 'q=zebra')).sort()).toEqual([kept!._id, erased!._id].sort());

    // Re-processed: the stored transcript changed (a correction); the `search` stage re-indexes it.
    await stack.database.collections.transcripts.updateOne(
      { _id: kept!._id, org_id: orgId },
      { $set: { 'segments.0.text': 'My old number is 512 555 0199, and I like the giraffe plan.' } },
    );
    const job = await api(stack, key, 'POST', '/reprocess', {
      stages: ['search'],
      selection: { call_ids: [kept!._id] },
    });
    expect(job.status).toBe(202);
    await waitFor('the re-index job', async () =>
      (await api(stack, key, 'GET', `/reprocess/${job.body.data.reprocess_id}`)).body.data.status === 'completed'
        ? true
        : undefined,
    );
    expect(idsOf(await search(key, 'q=giraffe'))).toEqual([kept!._id]);
    expect(idsOf(await search(key, 'q=zebra'))).toEqual([erased!._id]);

    // Re-redacted: a policy that now redacts phone numbers; the sweep re-indexes the changed call.
    expect(idsOf(await search(key, `q=${encodeURIComponent('"555 0199"')}`))).toEqual([kept!._id]);
    const policy = await api(stack, key, 'PATCH', '/privacy/policy', { redact_types: ['ssn', 'phone'] });
    expect(policy.status).toBe(200);
    await stack.temporal.client.workflow.getHandle(policy.body.data.reapply_workflow_id).result();
    await sweep();
    expect(idsOf(await search(key, `q=${encodeURIComponent('"555 0199"')}`))).toEqual([]);
    expect(idsOf(await search(key, 'q=giraffe'))).toEqual([kept!._id]);

    // Erased: gone from the index itself, not only from the answer.
    const deleted = await api(stack, key, 'DELETE', `/calls/${erased!._id}`);
    expect(deleted.status).toBe(202);
    await waitFor('the call erasure', async () =>
      (await api(stack, key, 'GET', `/erasures/${deleted.body.data.erasure_id}`)).body.data.status === 'completed'
        ? true
        : undefined,
    );
    expect((await engine.search({ org_id: orgId, q: 'zebra', offset: 0, limit: 10 })).total).toBe(0);

    // A rebuild rewrites every completed call and removes what no longer exists.
    await engine.upsert([
      {
        org_id: orgId,
        call_id: `call_ghost_${orgId}`,
        recorded_at_ms: Date.now(),
        segments: [{ speaker: 'customer', start: 0, end: 1, text: 'giraffe ghost' }],
        summary: '',
        extracted: [],
        tags: [],
        agent_email: 'ghost@example.com',
        batch_id: null,
        lending: 'unknown',
        criteria_passed: [],
        criteria_failed: [],
        indexed_at_ms: Date.now() - 60_000,
      },
    ]);
    expect((await engine.search({ org_id: orgId, q: 'giraffe', offset: 0, limit: 10 })).total).toBe(2);
    const rebuilt = await stack.temporal.client.workflow.execute('rebuildSearchIndex', {
      workflowId: `search-rebuild-${orgId}`,
      taskQueue: taskQueues.callProcessing,
      args: [{ orgId }],
    });
    expect(rebuilt).toEqual({ indexed: 1, removed: 1 });
    const after = await engine.search({ org_id: orgId, q: 'giraffe', offset: 0, limit: 10 });
    expect(after.hits.map((hit) => hit.call_id)).toEqual([kept!._id]);
  });

  test('npm run admin -- search rebuild re-indexes an organization and prints its count', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    // Stored without the flag: only a rebuild (or a later change) puts them in the index.
    await insertCalls(stack.database, [makeCall(orgId, { _id: `call_cli_${orgId}`, status: 'completed' })]);
    await insertScriptTranscript(stack.database, { _id: `call_cli_${orgId}`, org_id: orgId }, [
      { speaker: 'customer', text: 'Quokka insurance, please.' },
    ]);
    expect(idsOf(await search(key, 'q=quokka'))).toEqual([]);
    const admin = (...args: string[]) =>
      run('npm', ['run', '--silent', 'admin', '--', ...args, '--json'], {
        cwd: REPO,
        env: {
          ...process.env,
          MONGODB_DB: stack.config.MONGODB_DB,
          SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY,
          LOG_LEVEL: 'silent',
        },
      });
    const { stdout, stderr } = await admin('search', 'rebuild', '--org', orgId);
    expect(JSON.parse(stdout)).toEqual({
      rebuilt: [{ organization_id: orgId, workflow_id: `search-rebuild-${orgId}`, indexed: 1, removed: 0 }],
    });
    expect(stderr).toContain(`[1/1] ${orgId}: 1 calls indexed, 0 removed`);
    expect(idsOf(await search(key, 'q=quokka'))).toEqual([`call_cli_${orgId}`]);
    const usage = await admin('search', 'rebuild').catch((error: { code: number; stdout: string }) => error);
    expect((usage as { code: number }).code).toBe(2);
    expect(JSON.parse((usage as { stdout: string }).stdout).error.message).toContain('--org');
  });

  test('indexing clears the flag only for the version it read; a call that changed meanwhile stays flagged', async () => {
    const { organization } = await seedTenant(stack.database);
    const orgId = organization._id;
    const [call] = await storeCalls(orgId, [
      { call: { _id: `call_race_${orgId}` }, turns: [{ speaker: 'agent', text: 'Hello.' }] },
    ]);
    const calls = stack.database.collections.calls;
    // The change lands after indexing read the call: simulated by bumping the version in between.
    const original = calls.find.bind(calls);
    const spy = jest.spyOn(calls, 'find').mockImplementationOnce((...args: Parameters<typeof calls.find>) => {
      const cursor = original(...args);
      const toArray = cursor.toArray.bind(cursor);
      cursor.toArray = async () => {
        const rows = await toArray();
        await calls.updateOne(
          { _id: call!._id, org_id: orgId },
          { $set: { search_stale: true }, $inc: { search_version: 1 } },
        );
        return rows;
      };
      return cursor;
    });
    try {
      await callActivitiesOf(stack).indexCallsForSearch({ orgId, callIds: [call!._id] });
    } finally {
      spy.mockRestore();
    }
    expect((await calls.findOne({ _id: call!._id, org_id: orgId }))!.search_stale).toBe(true);
    await callActivitiesOf(stack).indexCallsForSearch({ orgId, callIds: [call!._id] });
    expect((await calls.findOne({ _id: call!._id, org_id: orgId }))!.search_stale).toBeUndefined();
  });
});
