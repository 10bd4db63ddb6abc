import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ContactDoc } from '../../lib/documents';
import { backfillLeadResponses, refreshLeadResponse } from '../../lib/leadResponse';
import { mismoBucket } from '../../lib/mongo';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, makeCall } from '../support/seed';
import { api, callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const T0 = Date.UTC(2026, 2, 10, 14);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function makeContact(orgId: string, overrides: Partial<ContactDoc>): ContactDoc {
  return {
    _id: 'ct_x',
    org_id: orgId,
    name: null,
    names: [],
    phones: [],
    emails: [],
    crm_ids: {},
    lead_created_at: null,
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

describeWithStack('contacts, analytics, and the call detail with what the engines produced', () => {
  let stack: TestStack;
  let tenant: Awaited<ReturnType<typeof seedTenant>>;

  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
    tenant = await seedTenant(stack.database, 'owner');
    const org = tenant.organization._id;
    const { contacts, tasks, transcripts, scorecards, appointments } = stack.database.collections;
    await contacts.insertMany([
      makeContact(org, {
        _id: 'ct_john',
        name: 'John Smith',
        names: ['John Smith', 'John'],
        phones: ['+14155550123'],
        emails: ['john.smith@example.com'],
        crm_ids: { hubspot: '901' },
        lead_created_at: at(0),
        created_at: at(1),
      }),
      makeContact(org, {
        _id: 'ct_mary',
        name: 'Mary Jones',
        names: ['Mary Jones'],
        phones: ['+13125550199'],
        created_at: at(2),
      }),
      makeContact(org, { _id: 'ct_none', name: 'Nobody', names: ['Nobody'], created_at: at(3) }),
    ]);
    await insertCalls(stack.database, [
      // John: lead at 14:00, first outbound at 14:05 by sarah (300 s), then more calls.
      makeCall(org, {
        _id: 'c1',
        contact_id: 'ct_john',
        direction: 'outbound',
        recorded_at: at(5),
        agent_email: 'sarah@acme.example',
        duration_seconds: 100,
      }),
      makeCall(org, {
        _id: 'c2',
        contact_id: 'ct_john',
        direction: 'inbound',
        recorded_at: at(60),
        agent_email: 'tom@acme.example',
        duration_seconds: 50,
      }),
      makeCall(org, {
        _id: 'c3',
        contact_id: 'ct_john',
        direction: 'outbound',
        recorded_at: at(24 * 60),
        agent_email: 'sarah@acme.example',
        duration_seconds: null,
      }),
      // Mary: no lead time; first inbound at 14:10, first outbound after it at 14:40 by tom (1800 s).
      makeCall(org, {
        _id: 'c4',
        contact_id: 'ct_mary',
        direction: 'inbound',
        recorded_at: at(10),
        agent_email: 'tom@acme.example',
        duration_seconds: 30,
      }),
      makeCall(org, {
        _id: 'c5',
        contact_id: 'ct_mary',
        direction: 'outbound',
        recorded_at: at(40),
        agent_email: 'tom@acme.example',
        duration_seconds: 70,
      }),
      // A call with no contact.
      makeCall(org, {
        _id: 'c6',
        contact_id: null,
        direction: 'inbound',
        recorded_at: at(90),
        agent_email: 'tom@acme.example',
        duration_seconds: 10,
      }),
    ]);
    // The pipeline links each call to its contact and then refreshes the contact's speed-to-lead.
    for (const contactId of ['ct_john', 'ct_mary', 'ct_none'])
      await refreshLeadResponse(stack.database.collections, org, contactId);
    const evidence = [
      { quote: 'this call is recorded for quality purposes', start: 9.2, end: 12.4, speaker: 'agent' as const },
    ];
    await tasks.insertMany([
      {
        _id: 'tk_open',
        org_id: org,
        call_id: 'c1',
        contact_id: 'ct_john',
        text: 'Send the pre-approval letter',
        owner: 'agent',
        due_date: '2026-03-12',
        status: 'open',
        evidence,
        crm_id: 'hs_task_1',
        created_at: at(6),
      },
      {
        _id: 'tk_done',
        org_id: org,
        call_id: 'c1',
        contact_id: 'ct_john',
        text: 'Upload pay stubs',
        owner: 'customer',
        due_date: null,
        status: 'done',
        evidence,
        crm_id: null,
        created_at: at(7),
      },
    ]);
    await transcripts.insertOne({
      _id: 'c1',
      org_id: org,
      call_id: 'c1',
      language: 'en',
      segments: [
        { speaker: 'agent', start: 0, end: 3.1, text: 'Hi, this is Sarah from Acme Lending.', confidence: 0.93 },
      ],
      created_at: at(6),
    });
    await appointments.insertOne({
      _id: 'ap_1',
      org_id: org,
      call_id: 'c1',
      contact_id: 'ct_john',
      title: 'Loan review',
      start: '2026-03-17T15:00:00-05:00',
      end: '2026-03-17T15:30:00-05:00',
      attendees: [{ name: 'John Smith', email: null, phone: '+14155550123' }],
      evidence,
      calendar_uid: null,
      calendar_url: null,
      created_at: at(6),
    });
    await scorecards.insertOne({
      _id: 'c1',
      org_id: org,
      call_id: 'c1',
      template_id: 'default',
      template_name: 'Sales and lending calls',
      criteria: [
        {
          id: 'recording_disclosure',
          label: 'Recording disclosure',
          type: 'pass_fail',
          weight: 1,
          score: 1,
          max_score: 1,
          passed: true,
          evidence,
        },
      ],
      total: { score: 1, max_score: 1, percentage: 100 },
      created_at: at(6),
    });
    await pipeline(
      Readable.from([Buffer.from('<MESSAGE xmlns="http://www.mismo.org/residential/2009/schemas"/>')]),
      mismoBucket(stack.database.db).openUploadStreamWithId('mismo_c1' as never, 'c1.xml', {
        metadata: { org_id: org, call_id: 'c1' },
      }),
    );
    await stack.database.collections.calls.updateOne(
      { _id: 'c1' },
      {
        $set: {
          mismo_file_id: 'mismo_c1',
          summary: {
            text: 'Purchase lead.',
            key_points: ['$360k loan'],
            outcome: 'appointment set',
            next_steps: ['send letter'],
          },
        },
      },
    );
  });
  afterAll(() => stack?.close());

  test('GET /contacts lists profiles with metrics computed from their calls', async () => {
    const response = await api(stack, tenant.key, 'GET', '/contacts');
    expect(response.status).toBe(200);
    expect(response.body.data.map((contact: { contact_id: string }) => contact.contact_id)).toEqual([
      'ct_none',
      'ct_mary',
      'ct_john',
    ]);
    const john = response.body.data[2];
    expect(john).toMatchObject({
      name: 'John Smith',
      phones: ['+14155550123'],
      crm_ids: { hubspot: '901' },
      metrics: {
        call_count: 3,
        total_duration_seconds: 150,
        average_duration_seconds: 75,
        first_call_at: at(5).toISOString(),
        last_call_at: at(24 * 60).toISOString(),
        agents: ['sarah@acme.example', 'tom@acme.example'],
      },
    });
    expect(response.body.data[0].metrics).toEqual({
      call_count: 0,
      total_duration_seconds: 0,
      average_duration_seconds: null,
      first_call_at: null,
      last_call_at: null,
      agents: [],
    });
  });

  test.each([
    ['q=smith', ['ct_john']],
    ['q=JOHN.SMITH@', ['ct_john']],
    ['q=5550199', ['ct_mary']],
    ['q=a.b*c', []],
    ['phone=%2B13125550199', ['ct_mary']],
    ['email=John.Smith@example.com', ['ct_john']],
    ['limit=1', ['ct_none']],
  ])('GET /contacts?%s', async (query, expected) => {
    const response = await api(stack, tenant.key, 'GET', `/contacts?${query}`);
    expect(response.body.data.map((contact: { contact_id: string }) => contact.contact_id)).toEqual(expected);
  });

  test('GET /contacts pages with a cursor and rejects a bad phone', async () => {
    const first = await api(stack, tenant.key, 'GET', '/contacts?limit=2');
    expect(first.body.pagination.has_more).toBe(true);
    const second = await api(stack, tenant.key, 'GET', `/contacts?limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data.map((contact: { contact_id: string }) => contact.contact_id)).toEqual(['ct_john']);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
    expect((await api(stack, tenant.key, 'GET', '/contacts?phone=555-0199')).status).toBe(400);
  });

  test('GET /contacts/{id}: profile, metrics, history newest first, open tasks only, CRM ids', async () => {
    const response = await api(stack, tenant.key, 'GET', '/contacts/ct_john');
    expect(response.status).toBe(200);
    expect(response.body.data.history.map((call: { call_id: string }) => call.call_id)).toEqual(['c3', 'c2', 'c1']);
    expect(response.body.data.open_tasks).toEqual([
      expect.objectContaining({
        task_id: 'tk_open',
        text: 'Send the pre-approval letter',
        crm_id: 'hs_task_1',
        status: 'open',
      }),
    ]);
    expect(response.body.data.crm_ids).toEqual({ hubspot: '901' });
    expect((await api(stack, tenant.key, 'GET', '/contacts/ct_unknown')).status).toBe(404);
  });

  test('contacts and analytics need their permissions: an agent gets 403', async () => {
    const agent = await seedTenant(stack.database, 'agent');
    expect((await api(stack, agent.key, 'GET', '/contacts')).status).toBe(403);
    expect((await api(stack, agent.key, 'GET', '/analytics/team-metrics')).status).toBe(403);
  });

  const period = `from=${at(0).toISOString()}&to=${at(2 * 24 * 60).toISOString()}`;

  test('team metrics per agent: volume, direction, duration and speed-to-lead', async () => {
    const response = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${period}&group_by=agent`);
    expect(response.status).toBe(200);
    const { team, groups } = response.body.data;
    expect(team).toEqual({
      calls: 6,
      inbound: 3,
      outbound: 3,
      total_duration_seconds: 260,
      average_duration_seconds: 52,
      speed_to_lead: { leads: 2, median_seconds: 300, p90_seconds: 1800 },
    });
    expect(groups).toEqual([
      {
        key: 'sarah@acme.example',
        calls: 2,
        inbound: 0,
        outbound: 2,
        total_duration_seconds: 100,
        average_duration_seconds: 100,
        speed_to_lead: { leads: 1, median_seconds: 300, p90_seconds: 300 },
      },
      {
        key: 'tom@acme.example',
        calls: 4,
        inbound: 3,
        outbound: 1,
        total_duration_seconds: 160,
        average_duration_seconds: 40,
        speed_to_lead: { leads: 1, median_seconds: 1800, p90_seconds: 1800 },
      },
    ]);
  });

  test('team metrics per day, and for one agent', async () => {
    const byDay = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${period}&group_by=day`);
    expect(byDay.body.data.groups.map((group: { key: string; calls: number }) => [group.key, group.calls])).toEqual([
      ['2026-03-10', 5],
      ['2026-03-11', 1],
    ]);
    const tom = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${period}&agent_email=tom@acme.example`);
    expect(tom.body.data.team).toMatchObject({ calls: 4, speed_to_lead: { leads: 1, median_seconds: 1800 } });
  });

  test('each contact keeps its speed-to-lead: the first outbound call at or after its lead time', async () => {
    const { contacts } = stack.database.collections;
    const org = tenant.organization._id;
    const john = await contacts.findOne({ _id: 'ct_john', org_id: org });
    expect(john?.lead_response).toEqual({
      lead_at: at(0),
      responded_at: at(5),
      seconds: 300,
      call_id: 'c1',
      agent_email: 'sarah@acme.example',
      recorded_day: '2026-03-10',
    });
    expect((await contacts.findOne({ _id: 'ct_mary', org_id: org }))?.lead_response).toMatchObject({
      lead_at: at(10),
      call_id: 'c5',
      seconds: 1800,
    });
    expect((await contacts.findOne({ _id: 'ct_none', org_id: org }))?.lead_response).toBeNull();
  });

  test('linking calls to their contact (the pipeline activity) keeps its speed-to-lead, calls linked at once included', async () => {
    const other = await seedTenant(stack.database, 'owner', 'Linking');
    const org = other.organization._id;
    const phone = '+16175550142';
    const calls = [
      makeCall(org, { direction: 'inbound', contact_phone: phone, recorded_at: at(0), agent_email: 'ana@x.example' }),
      makeCall(org, { direction: 'outbound', contact_phone: phone, recorded_at: at(7), agent_email: 'bo@x.example' }),
      makeCall(org, { direction: 'outbound', contact_phone: phone, recorded_at: at(90), agent_email: 'ana@x.example' }),
    ];
    await insertCalls(stack.database, calls);
    const activities = callActivitiesOf(stack);
    // The later calls first, two at once: the kept value must still end up the full history's.
    await Promise.all(calls.slice(1).map((call) => activities.upsertContactForCall({ orgId: org, callId: call._id })));
    const { contactId } = await activities.upsertContactForCall({ orgId: org, callId: calls[0]!._id });
    const contact = await stack.database.collections.contacts.findOne({ _id: contactId!, org_id: org });
    expect(contact?.lead_response).toMatchObject({
      lead_at: at(0),
      responded_at: at(7),
      seconds: 420,
      agent_email: 'bo@x.example',
    });
    const metrics = await api(stack, other.key, 'GET', `/analytics/team-metrics?${period}&group_by=agent`);
    expect(metrics.body.data.team.speed_to_lead).toEqual({ leads: 1, median_seconds: 420, p90_seconds: 420 });
  });

  test('data from before kept speed-to-lead: the same metrics from the histories, then the backfill keeps them', async () => {
    const { contacts, organizations } = stack.database.collections;
    const org = tenant.organization._id;
    const kept = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${period}&group_by=day`);
    await contacts.updateMany({ org_id: org }, { $unset: { lead_response: '' } });
    await organizations.updateOne({ _id: org }, { $unset: { lead_responses_complete: '' } });
    const fromHistories = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${period}&group_by=day`);
    expect(fromHistories.body.data).toEqual(kept.body.data);
    expect(kept.body.data.team.speed_to_lead).toEqual({ leads: 2, median_seconds: 300, p90_seconds: 1800 });

    const progress: string[] = [];
    const result = await backfillLeadResponses(stack.database.collections, (message) => progress.push(message));
    expect(result.organizations).toBeGreaterThanOrEqual(1);
    expect(progress).toContain(`speed-to-lead of ${org}: 3/3 contacts`);
    expect((await organizations.findOne({ _id: org }))?.lead_responses_complete).toBe(true);
    expect((await contacts.findOne({ _id: 'ct_john', org_id: org }))?.lead_response?.seconds).toBe(300);
    const afterBackfill = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${period}&group_by=day`);
    expect(afterBackfill.body.data).toEqual(kept.body.data);
    expect((await backfillLeadResponses(stack.database.collections)).organizations).toBe(0);
  });

  test('whole days come from kept per-day totals, added up again after any change to the day', async () => {
    const other = await seedTenant(stack.database, 'owner', 'Totals');
    const org = other.organization._id;
    const { callDayTotals } = stack.database.collections;
    const day = (offsetDays: number, hour: number) => new Date(Date.UTC(2026, 4, 10 + offsetDays, hour));
    await insertCalls(stack.database, [
      makeCall(org, {
        recorded_at: day(0, 23),
        agent_email: 'ana@x.example',
        direction: 'inbound',
        duration_seconds: 10,
      }),
      makeCall(org, {
        recorded_at: day(1, 9),
        agent_email: 'ana@x.example',
        direction: 'outbound',
        duration_seconds: 20,
      }),
      makeCall(org, {
        recorded_at: day(1, 10),
        agent_email: 'bo@x.example',
        direction: 'inbound',
        duration_seconds: null,
      }),
      makeCall(org, {
        recorded_at: day(2, 1),
        agent_email: 'bo@x.example',
        direction: 'outbound',
        duration_seconds: 40,
      }),
    ]);
    // From 12:00 on day 0 to 12:00 on day 2: day 1 is whole, the ends are partial.
    const period = `from=${day(0, 12).toISOString()}&to=${day(2, 12).toISOString()}`;
    const metrics = async () =>
      (await api(stack, other.key, 'GET', `/analytics/team-metrics?${period}&group_by=day`)).body.data;
    const first = await metrics();
    expect(first.team).toMatchObject({ calls: 4, inbound: 2, outbound: 2, total_duration_seconds: 70 });
    expect(first.groups.map((group: { key: string; calls: number }) => [group.key, group.calls])).toEqual([
      ['2026-05-10', 1],
      ['2026-05-11', 2],
      ['2026-05-12', 1],
    ]);
    const kept = await callDayTotals.findOne({ _id: `${org}:2026-05-11`, org_id: org });
    expect(kept).toMatchObject({ computed_generation: kept!.generation });
    expect(kept!.agents).toHaveLength(2);
    // Only the whole day is kept; the partial ends are added up from the calls each time.
    expect(await callDayTotals.countDocuments({ org_id: org, computed_generation: { $exists: true } })).toBe(1);

    // The kept totals are what is read while the day is unchanged...
    await callDayTotals.updateOne({ _id: kept!._id, org_id: org }, { $set: { 'agents.0.calls': 50 } });
    expect((await metrics()).team.calls).toBe(53); // 4 calls, one of them now counted as 50
    // ...and a change to the day (a new call stored) makes the next read add it up again.
    await insertCalls(stack.database, [
      makeCall(org, {
        recorded_at: day(1, 15),
        agent_email: 'cy@x.example',
        direction: 'outbound',
        duration_seconds: 5,
      }),
    ]);
    const after = await metrics();
    expect(after.team).toMatchObject({ calls: 5, outbound: 3, total_duration_seconds: 75 });
    const byAgent = await api(stack, other.key, 'GET', `/analytics/team-metrics?${period}&agent_email=bo@x.example`);
    expect(byAgent.body.data.team).toMatchObject({ calls: 2, inbound: 1, outbound: 1, total_duration_seconds: 40 });
  });

  test('team metrics within one day, and across one midnight with no whole day', async () => {
    const within = `from=${at(0).toISOString()}&to=${at(120).toISOString()}`;
    const oneDay = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${within}&group_by=day`);
    expect(oneDay.body.data.team).toMatchObject({ calls: 5, inbound: 3, outbound: 2 });
    const acrossMidnight = `from=${at(60).toISOString()}&to=${at(24 * 60 + 1).toISOString()}`;
    const across = await api(stack, tenant.key, 'GET', `/analytics/team-metrics?${acrossMidnight}&group_by=day`);
    expect(across.body.data.groups.map((group: { key: string; calls: number }) => [group.key, group.calls])).toEqual([
      ['2026-03-10', 2],
      ['2026-03-11', 1],
    ]);
  });

  test('team metrics reject a reversed or too long period', async () => {
    const reversed = await api(
      stack,
      tenant.key,
      'GET',
      `/analytics/team-metrics?from=${at(10).toISOString()}&to=${at(0).toISOString()}`,
    );
    expect(reversed.status).toBe(400);
    const tooLong = await api(
      stack,
      tenant.key,
      'GET',
      '/analytics/team-metrics?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    );
    expect(tooLong.status).toBe(400);
  });

  test('GET /calls/{id} includes transcript, summary, tasks, appointments and links', async () => {
    const response = await api(stack, tenant.key, 'GET', '/calls/c1');
    expect(response.body.data).toMatchObject({
      transcript: {
        language: 'en',
        segments: [{ speaker: 'agent', start: 0, end: 3.1, text: 'Hi, this is Sarah from Acme Lending.' }],
      },
      summary: { outcome: 'appointment set' },
      tasks: [{ task_id: 'tk_open' }, { task_id: 'tk_done' }],
      appointments: [{ appointment_id: 'ap_1', start: '2026-03-17T15:00:00-05:00' }],
      links: { scorecard: `${stack.baseUrl}/calls/c1/scorecard`, mismo: `${stack.baseUrl}/calls/c1/mismo` },
    });
  });

  test('GET /calls/{id}/scorecard shows criteria with evidence and the total; absent is 404', async () => {
    const response = await api(stack, tenant.key, 'GET', '/calls/c1/scorecard');
    expect(response.body.data).toMatchObject({
      template: { id: 'default' },
      criteria: [{ id: 'recording_disclosure', passed: true, evidence: [{ start: 9.2, end: 12.4 }] }],
      total: { percentage: 100 },
    });
    expect((await api(stack, tenant.key, 'GET', '/calls/c2/scorecard')).status).toBe(404);
  });

  test('GET /calls/{id}/mismo serves the XML; a call without one is 404', async () => {
    const response = await fetch(`${stack.baseUrl}/calls/c1/mismo`, {
      headers: { Authorization: `Bearer ${tenant.key}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/xml/);
    expect(await response.text()).toContain('<MESSAGE');
    expect((await api(stack, tenant.key, 'GET', '/calls/c2/mismo')).status).toBe(404);
  });
});
