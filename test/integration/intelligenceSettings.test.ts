import { eventIdFor } from '../../lib/events';
import { mismoBucket } from '../../lib/mongo';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { api, callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const SAAS_DATASET = {
  key: 'saas_lead',
  name: 'SaaS lead',
  fields: [
    { name: 'seats', type: 'number', description: 'How many users or seats they need', required: true },
    { name: 'plan', type: 'enum', description: 'The plan they want', options: ['Starter', 'Growth'] },
    { name: 'competitor', type: 'string', description: 'Which vendor they use today', required: true },
  ],
};

const TEMPLATE = {
  name: 'Inbound support',
  is_default: true,
  criteria: [
    { id: 'thanks', label: 'Thanks the caller', phrases: ['thanks for calling', 'thank you for calling'] },
    {
      id: 'empathy',
      label: 'Empathy',
      type: 'scale',
      max_score: 2,
      phrases: ['I understand', 'sorry to hear', 'happy to help'],
    },
  ],
};

describeWithStack('datasets, scorecard templates, and the engines that use them', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => stack?.close());

  test('datasets: create, list after the built-in one, update, delete; clear 400s; 409 on a taken key; other orgs see 404', async () => {
    const tenant = await seedTenant(stack.database);
    const other = await seedTenant(stack.database, 'owner', 'Other Org');

    const invalid = await api(stack, tenant.key, 'POST', '/datasets', {
      key: 'Bad Key',
      name: 'x',
      fields: [{ name: 'plan', type: 'enum', description: 'The plan' }],
    });
    expect(invalid.status).toBe(400);
    const fields = invalid.body.error.details.map((detail: { path: string }) => detail.path);
    expect(fields).toEqual(expect.arrayContaining(['key', 'fields.0.options']));
    expect((await api(stack, tenant.key, 'POST', '/datasets', { ...SAAS_DATASET, key: 'mortgage_lead' })).status).toBe(
      400,
    );

    const created = await api(stack, tenant.key, 'POST', '/datasets', SAAS_DATASET);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      key: 'saas_lead',
      enabled: true,
      applies_to: 'all_calls',
      built_in: false,
    });
    expect((await api(stack, tenant.key, 'POST', '/datasets', SAAS_DATASET)).status).toBe(409);

    const list = await api(stack, tenant.key, 'GET', '/datasets');
    expect(list.body.data.map((dataset: { key: string }) => dataset.key)).toEqual(['mortgage_lead', 'saas_lead']);
    expect(list.body.data[0].fields.map((field: { name: string }) => field.name)).toContain('monthly_income');

    const id = created.body.data.id;
    expect((await api(stack, other.key, 'GET', `/datasets/${id}`)).status).toBe(404);
    expect((await api(stack, other.key, 'PATCH', `/datasets/${id}`, { enabled: false })).status).toBe(404);
    const updated = await api(stack, tenant.key, 'PATCH', `/datasets/${id}`, { name: 'SaaS lead v2' });
    expect(updated.body.data.name).toBe('SaaS lead v2');
    expect((await api(stack, tenant.key, 'PATCH', `/datasets/${id}`, {})).status).toBe(400);

    const agent = await seedTenant(stack.database, 'agent');
    expect((await api(stack, agent.key, 'POST', '/datasets', SAAS_DATASET)).status).toBe(403);
    expect((await api(stack, agent.key, 'GET', '/datasets')).status).toBe(200);

    expect((await api(stack, tenant.key, 'DELETE', `/datasets/${id}`)).status).toBe(200);
    expect((await api(stack, tenant.key, 'GET', `/datasets/${id}`)).status).toBe(404);
  });

  test('scorecard templates: one default at a time; the built-in one is default until an own one is', async () => {
    const tenant = await seedTenant(stack.database);
    const regex = await api(stack, tenant.key, 'POST', '/scorecard-templates', {
      ...TEMPLATE,
      criteria: [{ id: 'x', label: 'x', phrases: ['(a+)+$'] }],
    });
    expect(regex.status).toBe(400);
    expect(regex.body.error.details[0].path).toBe('criteria.0.phrases.0');

    const before = await api(stack, tenant.key, 'GET', '/scorecard-templates');
    expect(before.body.data).toEqual([expect.objectContaining({ id: 'default_sales_lending', is_default: true })]);
    const first = (await api(stack, tenant.key, 'POST', '/scorecard-templates', TEMPLATE)).body.data;
    const second = (await api(stack, tenant.key, 'POST', '/scorecard-templates', { ...TEMPLATE, name: 'Second' })).body
      .data;
    const after = await api(stack, tenant.key, 'GET', '/scorecard-templates');
    expect(
      after.body.data.map((template: { id: string; is_default: boolean }) => [template.id, template.is_default]),
    ).toEqual([
      ['default_sales_lending', false],
      [first.id, false],
      [second.id, true],
    ]);
    const patched = await api(stack, tenant.key, 'PATCH', `/scorecard-templates/${first.id}`, { is_default: true });
    expect(patched.body.data.is_default).toBe(true);
    expect((await api(stack, tenant.key, 'GET', `/scorecard-templates/${second.id}`)).body.data.is_default).toBe(false);
  });

  test('a call runs the custom dataset and template; results, tasks, events and MISMO are written once however often the activities run', async () => {
    const tenant = await seedTenant(stack.database);
    const orgId = tenant.organization._id;
    await api(stack, tenant.key, 'POST', '/datasets', SAAS_DATASET);
    await api(stack, tenant.key, 'POST', '/scorecard-templates', TEMPLATE);
    const call = makeCall(orgId, {
      recorded_at: new Date('2026-06-01T16:00:00Z'),
      recorded_utc_offset_minutes: -420,
      agent_name: 'Lee Wong',
      contact_name: 'Dana Brooks',
      contact_phone: '+15035550199',
    });
    await insertCalls(stack.database, [call]);
    await insertScriptTranscript(stack.database, call, [
      { speaker: 'agent', text: 'Thanks for calling Harbor Home Loans, this is Lee Wong.' },
      {
        speaker: 'customer',
        text: "Hi, I'm Dana Brooks. We want to refinance our mortgage and need about sixty seats for our loan team.",
      },
      { speaker: 'agent', text: 'I understand. I am happy to help with the loan.' },
      { speaker: 'customer', text: 'The house is worth $410,000 and we want a loan of $250,000.' },
      { speaker: 'agent', text: 'I will email you the application today. Can we talk on Thursday at 10 am?' },
      { speaker: 'customer', text: 'Thursday at 10 works.' },
    ]);
    const activities = callActivitiesOf(stack);
    const input = { orgId, callId: call._id };
    for (let run = 0; run < 2; run++) {
      expect(await activities.extractCallData(input)).toEqual({
        datasets: ['mortgage_lead', 'saas_lead'],
        isLendingCall: true,
      });
      expect(await activities.detectCallActions(input)).toEqual({ tasks: 1, appointments: 1 });
      expect(await activities.scoreCall(input)).toEqual({ percentage: 100 });
      expect(await activities.generateMismo(input)).toEqual({ generated: true });
    }

    const stored = (await stack.database.collections.extractions.findOne({ _id: call._id, org_id: orgId }))!;
    expect(stored.results.find((extraction) => extraction.dataset === 'saas_lead')).toMatchObject({
      data: { seats: 60 },
      missing_required: ['competitor'],
    });
    const detail = (await api(stack, tenant.key, 'GET', `/calls/${call._id}`)).body.data;
    expect(detail.tasks).toEqual([
      expect.objectContaining({ text: 'Email the application to Dana Brooks', owner: 'agent', due_date: '2026-06-01' }),
    ]);
    expect(detail.appointments[0]).toMatchObject({
      start: '2026-06-04T10:00:00-07:00',
      end: '2026-06-04T10:30:00-07:00',
    });
    const scorecard = (await api(stack, tenant.key, 'GET', `/calls/${call._id}/scorecard`)).body.data;
    expect(scorecard.template.name).toBe('Inbound support');
    expect(
      scorecard.criteria.map((criterion: { id: string; score: number }) => [criterion.id, criterion.score]),
    ).toEqual([
      ['thanks', 1],
      ['empathy', 2],
    ]);

    const events = await stack.database.collections.events.find({ org_id: orgId }).sort({ type: 1 }).toArray();
    expect(events.map((event) => event.type)).toEqual([
      'appointment.created',
      'call.data.extracted',
      'mismo.ready',
      'task.created',
    ]);
    expect(events.find((event) => event.type === 'task.created')!._id).toBe(
      eventIdFor(orgId, 'task.created', `task_${call._id}_1`),
    );
    const files = await mismoBucket(stack.database.db).find({ 'metadata.call_id': call._id }).toArray();
    expect(files).toHaveLength(1);
    const mismo = await fetch(detail.links.mismo, { headers: { Authorization: `Bearer ${tenant.key}` } });
    expect(mismo.status).toBe(200);
    expect(await mismo.text()).toContain('<LoanPurposeType>Refinance</LoanPurposeType>');
  });
});
