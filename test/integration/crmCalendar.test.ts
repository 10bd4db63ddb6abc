import { HUBSPOT_ASSOCIATIONS } from '../../activities/providers/crm/hubspot';
import { eventIdFor } from '../../lib/events';
import { describeNeeding, testConfig } from '../support/env';
import { startFakeHubSpot, type FakeHubSpot } from '../support/hubspotServer';
import { radicaleMissing, startRadicale, type RadicaleServer } from '../support/radicale';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { api, callActivitiesOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const missing =
  process.env.CIS_STACK_UNAVAILABLE ?? (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ?? radicaleMissing();

describeNeeding(
  'the Temporal and MongoDB servers and Radicale',
  missing,
  'CRM (HubSpot-compatible) and CalDAV sync',
  () => {
    let stack: TestStack;
    let hubspot: FakeHubSpot;
    let radicale: RadicaleServer;

    beforeAll(async () => {
      hubspot = await startFakeHubSpot();
      radicale = await startRadicale();
      stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }), { workers: true });
    });
    afterAll(async () => {
      await stack?.close();
      await hubspot?.close();
      await radicale?.stop();
    });

    /** The organization's CalDAV connection to the test's Radicale calendar. */
    async function connectCalendar(key: string, orgId: string) {
      const connected = await api(stack, key, 'POST', `/organizations/${orgId}/connections`, {
        type: 'caldav',
        config: {
          url: radicale.url,
          username: radicale.username,
          password: radicale.password,
          calendar: radicale.calendar,
        },
      });
      if (connected.status !== 201) throw new Error(`CalDAV connection refused: ${JSON.stringify(connected.body)}`);
    }

    /** A completed call with a transcript, its tasks, appointments and contact, as processCall leaves it. */
    async function processedCall(orgId: string) {
      const call = makeCall(orgId, {
        status: 'completed',
        recorded_at: new Date('2026-03-10T20:04:00Z'),
        recorded_utc_offset_minutes: -300,
        agent_name: 'Sarah Miller',
        agent_email: 'sarah@acme.example',
        contact_name: 'John Smith',
        contact_phone: '+14155550123',
        direction: 'outbound',
        duration_seconds: 65,
      });
      await insertCalls(stack.database, [call]);
      await insertScriptTranscript(stack.database, call, [
        { speaker: 'agent', text: 'Hi, this is Sarah Miller from Acme Lending. Am I speaking with John Smith?' },
        { speaker: 'customer', text: 'Yes. My email is john dot smith at example dot com.' },
        { speaker: 'agent', text: 'I will email you the pre-approval checklist today.' },
        { speaker: 'agent', text: 'Can we talk again next Tuesday at three pm to review your documents?' },
        { speaker: 'customer', text: 'Tuesday at three works for me.' },
      ]);
      const activities = callActivitiesOf(stack);
      const input = { orgId, callId: call._id };
      await activities.summarizeCall(input);
      await activities.extractCallData(input);
      await activities.detectCallActions(input);
      await activities.upsertContactForCall(input);
      return { call, activities, input };
    }

    test('connections: credentials encrypted and never returned; one per type; tested now; other orgs see 404', async () => {
      const tenant = await seedTenant(stack.database);
      const other = await seedTenant(stack.database, 'owner', 'Other');
      const base = `/organizations/${tenant.organization._id}/connections`;
      const created = await api(stack, tenant.key, 'POST', base, {
        type: 'hubspot',
        config: { access_token: hubspot.token, base_url: hubspot.url },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ type: 'hubspot', config: { base_url: hubspot.url } });
      expect(JSON.stringify(created.body)).not.toContain(hubspot.token);
      const stored = await stack.database.collections.connections.findOne({ _id: created.body.data.id });
      expect(JSON.stringify(stored)).not.toContain(hubspot.token);
      expect(
        (await api(stack, tenant.key, 'POST', base, { type: 'hubspot', config: { access_token: 'x' } })).status,
      ).toBe(409);
      const invalid = await api(stack, tenant.key, 'POST', base, { type: 'caldav', config: { url: radicale.url } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(
        expect.arrayContaining(['config.username', 'config.password', 'config.calendar']),
      );
      const internal = await api(stack, tenant.key, 'POST', base, {
        type: 'caldav',
        config: { url: 'http://169.254.169.254/', username: 'a', password: 'b', calendar: '/a/' },
      });
      expect(internal.status).toBe(400);

      const tested = await api(stack, tenant.key, 'POST', `${base}/${created.body.data.id}/test`);
      expect(tested.body.data).toMatchObject({ ok: true, error: null });
      const caldav = await api(stack, tenant.key, 'POST', base, {
        type: 'caldav',
        config: { url: radicale.url, username: radicale.username, password: 'wrong', calendar: radicale.calendar },
      });
      const refused = await api(stack, tenant.key, 'POST', `${base}/${caldav.body.data.id}/test`);
      expect(refused.body.data.ok).toBe(false);
      expect(refused.body.data.error).toMatch(/HTTP 401/);

      const list = await api(stack, tenant.key, 'GET', base);
      expect(list.body.data.map((item: { type: string }) => item.type)).toEqual(['hubspot', 'caldav']);
      expect(JSON.stringify(list.body)).not.toContain('wrong');
      expect((await api(stack, other.key, 'GET', `/organizations/${tenant.organization._id}/connections`)).status).toBe(
        404,
      );
      expect((await api(stack, tenant.key, 'DELETE', `${base}/${caldav.body.data.id}`)).status).toBe(200);
    });

    test('without connections both stages are skipped; with them, CRM and calendar sync once however often they run', async () => {
      const tenant = await seedTenant(stack.database);
      const orgId = tenant.organization._id;
      const { call, activities, input } = await processedCall(orgId);
      expect(await activities.syncCallToCrm(input)).toEqual({
        status: 'skipped',
        reason: 'no CRM connection is configured',
        synced: 0,
      });
      expect(await activities.syncCallToCalendar(input)).toEqual({
        status: 'skipped',
        reason: 'no calendar connection is configured',
        synced: 0,
      });

      const base = `/organizations/${orgId}/connections`;
      await api(stack, tenant.key, 'POST', base, {
        type: 'hubspot',
        config: { access_token: hubspot.token, base_url: hubspot.url },
      });
      await connectCalendar(tenant.key, orgId);
      const contactsBefore = hubspot.contacts.length;
      for (let run = 0; run < 2; run++) {
        expect(await activities.syncCallToCrm(input)).toEqual({ status: 'completed', synced: 1 });
        expect(await activities.syncCallToCalendar(input)).toEqual({ status: 'completed', synced: 1 });
      }
      // HubSpot: one contact, one call, one task, each created once and associated with the contact.
      expect(hubspot.contacts.length - contactsBefore).toBe(1);
      const contact = hubspot.contacts.at(-1)!;
      expect(contact.properties).toEqual({
        firstname: 'John',
        lastname: 'Smith',
        phone: '+14155550123',
        email: 'john.smith@example.com',
      });
      const task = hubspot.tasks.find(
        (candidate) => candidate.properties.hs_task_subject === 'Email the pre-approval checklist to John Smith',
      )!;
      expect(task.associations).toEqual([
        {
          to: { id: contact.id },
          types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: HUBSPOT_ASSOCIATIONS.taskToContact }],
        },
      ]);
      expect(hubspot.tasks.filter((candidate) => candidate === task)).toHaveLength(1);
      const loggedCalls = hubspot.calls.filter((logged) => (logged.properties.hs_call_body ?? '').includes(call._id));
      expect(loggedCalls).toHaveLength(1);
      expect(loggedCalls[0]!.properties).toMatchObject({ hs_call_direction: 'OUTBOUND', hs_call_duration: '65000' });
      const searches = hubspot.requests.filter((request) => request.path === '/crm/v3/objects/contacts/search');
      expect(searches[0]!.body.filterGroups[0].filters[0]).toEqual({
        propertyName: 'phone',
        operator: 'EQ',
        value: '+14155550123',
      });

      // The CRM ids show on the contact and the task.
      const detail = (await api(stack, tenant.key, 'GET', `/calls/${call._id}`)).body.data;
      expect(detail.tasks[0].crm_id).toBe(task.id);
      const contactView = (await api(stack, tenant.key, 'GET', `/contacts/${detail.contact.id}`)).body.data;
      expect(contactView.crm_ids).toEqual({ hubspot: contact.id });

      // CalDAV: the event is on the real server under its stable UID, once, with the call's time.
      const appointment = detail.appointments[0];
      expect(appointment.calendar.uid).toBe(`${appointment.appointment_id}@call-intelligence`);
      const ics = await (await radicale.request('GET', new URL(appointment.calendar.url).pathname)).text();
      expect(ics).toContain(`UID:${appointment.appointment_id}@call-intelligence`);
      expect(ics).toContain('DTSTART:20260317T200000Z');
      expect(ics).toContain('DTEND:20260317T203000Z');
      expect(ics).toContain('SUMMARY:Review with John Smith');
      expect(ics.replace(/\r\n /g, '')).toContain(`/calls/${call._id}`);
      expect(ics.replace(/\r\n /g, '')).toMatch(
        /ATTENDEE;[^:\r\n]*CN=John Smith[^:\r\n]*:mailto:john\.smith@example\.com/,
      );
      const listing = await radicale.request('PROPFIND', radicale.calendar, { headers: { Depth: '1' } });
      expect(((await listing.text()).match(/\.ics<\/href>/g) ?? []).length).toBe(1);

      // Events: task.synced and appointment.synced, once each, with the CRM and calendar ids.
      const synced = await stack.database.collections.events
        .find({ org_id: orgId, type: { $in: ['task.synced', 'appointment.synced'] } })
        .toArray();
      expect(synced.map((event) => event.type).sort()).toEqual(['appointment.synced', 'task.synced']);
      expect(synced.find((event) => event.type === 'task.synced')).toMatchObject({
        _id: eventIdFor(orgId, 'task.synced', detail.tasks[0].task_id),
        data: { crm: 'hubspot', crm_task_id: task.id, crm_contact_id: contact.id },
      });
    });

    test('refused credentials fail at once with the reason; a rate limit retries after Retry-After', async () => {
      const tenant = await seedTenant(stack.database);
      const orgId = tenant.organization._id;
      const { activities, input } = await processedCall(orgId);
      await api(stack, tenant.key, 'POST', `/organizations/${orgId}/connections`, {
        type: 'hubspot',
        config: { access_token: 'revoked-token', base_url: hubspot.url },
      });
      await expect(activities.syncCallToCrm(input)).rejects.toMatchObject({
        type: 'SyncAuthFailed',
        nonRetryable: true,
        message: expect.stringMatching(/^CRM refused the credentials: .*HTTP 401/),
      });

      await stack.database.collections.connections.deleteMany({ org_id: orgId });
      await api(stack, tenant.key, 'POST', `/organizations/${orgId}/connections`, {
        type: 'hubspot',
        config: { access_token: hubspot.token, base_url: hubspot.url },
      });
      hubspot.failNext.push({ status: 429, headers: { 'Retry-After': '7' } });
      const failure = await activities.syncCallToCrm(input).catch((error) => error);
      expect(failure).toMatchObject({ type: 'SyncUnavailable', nonRetryable: false });
      expect(failure.nextRetryDelay).toBe('7 seconds');
    });

    test('POST /calls/{id}/resync runs both stages on the worker; the call shows them', async () => {
      const tenant = await seedTenant(stack.database);
      const orgId = tenant.organization._id;
      const { call } = await processedCall(orgId);
      await connectCalendar(tenant.key, orgId);
      const started = await api(stack, tenant.key, 'POST', `/calls/${call._id}/resync`);
      expect(started.status).toBe(202);
      expect(started.body.data).toEqual({ call_id: call._id, workflow_id: `sync-${call._id}`, status: 'started' });
      expect(await stack.temporal.client.workflow.getHandle(`sync-${call._id}`).result()).toEqual({
        crm: 'skipped',
        calendar: 'completed',
      });
      const stages = (await api(stack, tenant.key, 'GET', `/calls/${call._id}`)).body.data.stages;
      expect(stages.calendar.status).toBe('completed');
      expect(stages.crm).toMatchObject({ status: 'skipped', reason: 'no CRM connection is configured' });
      const other = await seedTenant(stack.database, 'owner', 'Other');
      expect((await api(stack, other.key, 'POST', `/calls/${call._id}/resync`)).status).toBe(404);
    });
  },
);
