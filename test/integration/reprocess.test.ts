import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { api, callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';
import { createUser, createApiKey } from '../../lib/tenancy';

const TEMPLATE = {
  name: 'Inbound support v2',
  is_default: true,
  criteria: [{ id: 'thanks', label: 'Thanks the caller', phrases: ['thanks for calling', 'thank you for calling'] }],
};

describeWithStack('POST /reprocess: stages run again over past calls as a workflow', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('a changed scorecard template re-scores exactly the selected calls; the job shows its progress', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const calls = ['a', 'b', 'c'].map((suffix) =>
      makeCall(orgId, {
        _id: `call_reprocess_${suffix}_${orgId}`,
        status: 'completed',
        tags: suffix === 'c' ? [] : ['q3-review'],
      }),
    );
    await insertCalls(stack.database, calls);
    for (const call of calls) {
      await insertScriptTranscript(stack.database, call, [
        { speaker: 'agent', text: 'Thanks for calling Harbor Home Loans, how can I help?' },
        { speaker: 'customer', text: 'I want to ask about my escrow.' },
      ]);
      await callActivitiesOf(stack).scoreCall({ orgId, callId: call._id });
    }
    const templateOf = async (callId: string) =>
      (await stack.database.collections.scorecards.findOne({ _id: callId, org_id: orgId }))!.template_id;
    expect(await templateOf(calls[0]!._id)).toBe('default_sales_lending');

    const created = await api(stack, key, 'POST', '/scorecard-templates', TEMPLATE);
    expect(created.status).toBe(201);
    const bad = await api(stack, key, 'POST', '/reprocess', { stages: ['scorecard', 'teleport'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('stages');

    const started = await api(stack, key, 'POST', '/reprocess', {
      stages: ['scorecard'],
      selection: { tags: ['q3-review'] },
    });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ status: 'running', total: 2, stages: ['scorecard'] });
    const id = started.body.data.reprocess_id as string;
    expect(started.body.data.workflow_id).toBe(`reprocess-${id}`);

    const done = await waitFor('the job to complete', async () => {
      const job = (await api(stack, key, 'GET', `/reprocess/${id}`)).body.data;
      return job.status === 'completed' ? job : undefined;
    });
    expect(done).toMatchObject({ processed: 2, failed: 0, progress: 1, failures: [] });
    expect(await templateOf(calls[0]!._id)).toBe(created.body.data.id);
    expect(await templateOf(calls[1]!._id)).toBe(created.body.data.id);
    expect(await templateOf(calls[2]!._id)).toBe('default_sales_lending');
    // Each result says what produced it: the engine, the template's version, when.
    const rescored = (await api(stack, key, 'GET', `/calls/${calls[0]!._id}/scorecard`)).body.data;
    expect(rescored.produced_by).toMatchObject({
      engine: expect.any(String),
      versions: { [created.body.data.id]: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
    const untouched = (await api(stack, key, 'GET', `/calls/${calls[2]!._id}/scorecard`)).body.data;
    expect(untouched.produced_by.versions).toEqual({ default_sales_lending: 'built-in' });
    expect(Date.parse(rescored.produced_by.at)).toBeGreaterThan(Date.parse(untouched.produced_by.at));
    expect((await api(stack, key, 'POST', `/reprocess/${id}/pause`)).status).toBe(409);

    // The calls still scored with the old template: selected by the template their scorecard used.
    const stale = await api(stack, key, 'POST', '/reprocess', {
      stages: ['scorecard'],
      selection: { scorecard_template_id: 'default_sales_lending' },
    });
    expect(stale.body.data).toMatchObject({ total: 1 });
    await waitFor('the second job to complete', async () =>
      (await api(stack, key, 'GET', `/reprocess/${stale.body.data.reprocess_id}`)).body.data.status === 'completed'
        ? true
        : undefined,
    );
    expect(await templateOf(calls[2]!._id)).toBe(created.body.data.id);

    // By version: once the template changes, `outdated` takes the calls scored with an earlier one.
    const templateId = created.body.data.id as string;
    const firstVersion = rescored.produced_by.versions[templateId] as string;
    const untilDone = async (jobId: string) =>
      waitFor(`job ${jobId} to complete`, async () =>
        (await api(stack, key, 'GET', `/reprocess/${jobId}`)).body.data.status === 'completed' ? true : undefined,
      );
    expect(
      (await api(stack, key, 'PATCH', `/scorecard-templates/${templateId}`, { name: 'Inbound support v3' })).status,
    ).toBe(200);
    const outdated = await api(stack, key, 'POST', '/reprocess', {
      stages: ['scorecard'],
      selection: { scorecard_template_id: templateId, outdated: true, tags: ['q3-review'] },
    });
    expect(outdated.body.data).toMatchObject({ total: 2 });
    await untilDone(outdated.body.data.reprocess_id);
    const secondVersion = (await api(stack, key, 'GET', `/calls/${calls[0]!._id}/scorecard`)).body.data.produced_by
      .versions[templateId];
    expect(secondVersion).not.toBe(firstVersion);
    // Exactly one call is still at the first version: by the version's name, and as `outdated`.
    const byVersion = await api(stack, key, 'POST', '/reprocess', {
      stages: ['scorecard'],
      selection: { scorecard_template_id: templateId, scorecard_template_version: firstVersion },
    });
    expect(byVersion.body.data).toMatchObject({ total: 1 });
    await untilDone(byVersion.body.data.reprocess_id);
    const none = await api(stack, key, 'POST', '/reprocess', {
      stages: ['scorecard'],
      selection: { scorecard_template_id: templateId, outdated: true },
    });
    expect(none.body.data).toMatchObject({ total: 0 });
    await untilDone(none.body.data.reprocess_id);
    for (const [selection, path] of [
      [{ outdated: true }, 'selection.outdated'],
      [{ dataset_version: '2026-01-01T00:00:00.000Z' }, 'selection.dataset_version'],
      [{ scorecard_template_id: 'tpl_missing', outdated: true }, 'selection.scorecard_template_id'],
    ] as const) {
      const refused = await api(stack, key, 'POST', '/reprocess', { stages: ['scorecard'], selection });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.map((detail: { path: string }) => detail.path)).toContain(path);
    }

    // Permission and tenancy: settings:manage only (owner, admin, manager); another organization's job is a 404.
    const user = await createUser(stack.database.collections, {
      orgId,
      email: `agent-${orgId}@example.com`,
      name: 'Agent',
      role: 'agent',
    });
    const agent = (await createApiKey(stack.database.collections, { orgId, userId: user._id, name: 'a' })).key;
    expect((await api(stack, agent, 'POST', '/reprocess', { stages: ['summary'] })).status).toBe(403);
    expect((await api(stack, agent, 'GET', `/reprocess/${id}`)).status).toBe(403);
    const other = await seedTenant(stack.database, 'owner', 'Other');
    expect((await api(stack, other.key, 'GET', `/reprocess/${id}`)).status).toBe(404);
    expect((await api(stack, other.key, 'POST', `/reprocess/${id}/cancel`)).status).toBe(404);

    // One job at a time per organization: while one runs (or is paused), another is 409.
    await stack.database.collections.reprocessJobs.insertOne({
      ...(await stack.database.collections.reprocessJobs.findOne({ _id: id }))!,
      _id: `rep_running_${other.organization._id}`,
      org_id: other.organization._id,
      status: 'paused',
    });
    const refused = await api(stack, other.key, 'POST', '/reprocess', { stages: ['summary'] });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('paused');
  });

  test('call.data.extracted is sent again only when a re-run changes a value', async () => {
    const { organization, key } = await seedTenant(stack.database);
    const orgId = organization._id;
    const dataset = await api(stack, key, 'POST', '/datasets', {
      key: 'fleet',
      name: 'Fleet',
      applies_to: 'all_calls',
      fields: [{ name: 'fleet_size', type: 'number', description: 'How many vehicles are in the fleet' }],
    });
    expect(dataset.status).toBe(201);
    const call = makeCall(orgId, { _id: `call_events_${orgId}`, status: 'completed' });
    await insertCalls(stack.database, [call]);
    await insertScriptTranscript(stack.database, call, [
      { speaker: 'agent', text: 'How many vehicles do you run today?' },
      { speaker: 'customer', text: 'We have about forty trucks, and our renewal is in March.' },
    ]);
    const extract = () => callActivitiesOf(stack).extractCallData({ orgId, callId: call._id });
    const sent = () =>
      stack.database.collections.events
        .find({ org_id: orgId, type: 'call.data.extracted' })
        .sort({ created_at: 1 })
        .toArray();
    await extract();
    await extract(); // a retry, or a re-run that finds the same
    expect(await sent()).toHaveLength(1);

    // The dataset changes: the re-run's data differ, so one new event, once however often it runs.
    const changed = await api(stack, key, 'PATCH', `/datasets/${dataset.body.data.id}`, {
      fields: [
        { name: 'fleet_size', type: 'number', description: 'How many vehicles are in the fleet' },
        { name: 'renewal_month', type: 'string', description: 'The month their policy renews' },
      ],
    });
    expect(changed.status).toBe(200);
    await extract();
    await extract();
    const events = await sent();
    expect(events).toHaveLength(2);
    expect(events[1]!._id).not.toBe(events[0]!._id);
    expect(events[1]!.data).not.toEqual(events[0]!.data);

    // Selected by a dataset its stored extractions include; another dataset selects nothing.
    const byDataset = await api(stack, key, 'POST', '/reprocess', {
      stages: ['extraction'],
      selection: { dataset_key: 'fleet' },
    });
    expect(byDataset.body.data.total).toBe(1);
    await waitFor('the dataset job to complete', async () =>
      (await api(stack, key, 'GET', `/reprocess/${byDataset.body.data.reprocess_id}`)).body.data.status === 'completed'
        ? true
        : undefined,
    );
    expect(await sent()).toHaveLength(2); // nothing changed, nothing sent
    const none = await api(stack, key, 'POST', '/reprocess', {
      stages: ['extraction'],
      selection: { dataset_key: 'saas_lead' },
    });
    expect(none.body.data).toMatchObject({ total: 0 });
  });
});
