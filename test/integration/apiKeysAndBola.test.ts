import { setUserRole } from '../../lib/tenancy';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, makeCall } from '../support/seed';
import { api, openApiDocumentOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

describeWithStack('API keys over REST', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(() => stack?.close());

  test('create shows the key once; list never shows it or its hash; revoke gives 401 on the next request', async () => {
    const owner = await seedTenant(stack.database, 'owner');
    const path = `/organizations/${owner.organization._id}/api-keys`;
    const created = await api(stack, owner.key, 'POST', path, { name: 'Zapier' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Zapier', created_by: owner.user._id, revoked_at: null });
    const newKey: string = created.body.data.key;
    expect(newKey).toMatch(/^cis_live_[a-z2-7]{40}$/);
    expect((await api(stack, newKey, 'GET', '/calls')).status).toBe(200);

    const listed = await api(stack, owner.key, 'GET', path);
    expect(listed.body.data.map((key: { name: string }) => key.name)).toEqual(['Zapier', 'test key']);
    expect(JSON.stringify(listed.body)).not.toContain(newKey);
    expect(JSON.stringify(listed.body)).not.toMatch(/hash/);
    const stored = await stack.database.collections.apiKeys.findOne({ _id: created.body.data.id });
    expect(JSON.stringify(stored)).not.toContain(newKey);

    const revoked = await api(stack, owner.key, 'DELETE', `${path}/${created.body.data.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).toEqual(expect.any(String));
    expect((await api(stack, newKey, 'GET', '/calls')).status).toBe(401);
  });

  test("a key made over REST has its creator's power, and loses it with the creator's role", async () => {
    const admin = await seedTenant(stack.database, 'admin');
    const created = await api(stack, admin.key, 'POST', `/organizations/${admin.organization._id}/api-keys`, {
      name: 'ops',
    });
    const child: string = created.body.data.key;
    expect((await api(stack, child, 'GET', `/organizations/${admin.organization._id}/api-keys`)).status).toBe(200);
    await setUserRole(stack.database.collections, admin.organization._id, admin.user._id, 'viewer');
    expect((await api(stack, child, 'GET', `/organizations/${admin.organization._id}/api-keys`)).status).toBe(403);
    expect(
      (await api(stack, child, 'POST', `/organizations/${admin.organization._id}/api-keys`, { name: 'x' })).status,
    ).toBe(403);
  });

  test('last_used_at is written on use, at most once a minute', async () => {
    const owner = await seedTenant(stack.database, 'owner');
    const read = async () =>
      (await stack.database.collections.apiKeys.findOne({ _id: owner.keyRecord._id }))!.last_used_at;
    expect(await read()).toBeNull();
    await api(stack, owner.key, 'GET', '/calls');
    const first = await read();
    expect(first).toBeInstanceOf(Date);
    await api(stack, owner.key, 'GET', '/calls');
    expect((await read())!.getTime()).toBe(first!.getTime());
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await stack.database.collections.apiKeys.updateOne(
      { _id: owner.keyRecord._id },
      { $set: { last_used_at: twoMinutesAgo } },
    );
    // Another API process (this one keeps the key's last use as it wrote it) sees a use over a
    // minute old and writes it.
    const other = await startTestStack(stack.config, { workers: false, sharesDatabase: true });
    try {
      expect((await api(other, owner.key, 'GET', '/calls')).status).toBe(200);
    } finally {
      await other.close();
    }
    expect((await read())!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  test('managing keys needs keys:manage (403 for a manager); a bad body is 400', async () => {
    const manager = await seedTenant(stack.database, 'manager');
    const path = `/organizations/${manager.organization._id}/api-keys`;
    expect((await api(stack, manager.key, 'GET', path)).status).toBe(403);
    const owner = await seedTenant(stack.database, 'owner');
    const bad = await api(stack, owner.key, 'POST', `/organizations/${owner.organization._id}/api-keys`, { name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ path: 'name', message: 'must not be empty' }]);
  });
});

describeWithStack(
  "cross-organization access (BOLA): every route with an id answers 404 for another organization's",
  () => {
    let stack: TestStack;
    let mine: Awaited<ReturnType<typeof seedTenant>>;
    let theirs: Awaited<ReturnType<typeof seedTenant>>;

    beforeAll(async () => {
      stack = await startTestStack(testConfig(), { workers: false });
      mine = await seedTenant(stack.database, 'owner', 'Mine');
      theirs = await seedTenant(stack.database, 'owner', 'Theirs');
      await insertCalls(stack.database, [
        makeCall(theirs.organization._id, { _id: 'call_theirs', recording_file_id: 'rec_x' }),
      ]);
      await stack.database.collections.contacts.insertOne({
        _id: 'ct_theirs',
        org_id: theirs.organization._id,
        name: 'Theirs',
        names: ['Theirs'],
        phones: [],
        emails: [],
        crm_ids: {},
        lead_created_at: null,
        created_at: new Date(),
        updated_at: new Date(),
      });
      await stack.database.collections.batches.insertOne({
        _id: 'batch_theirs',
        org_id: theirs.organization._id,
        total_calls: 1,
        call_ids: ['call_theirs'],
        status: 'completed',
        created_at: new Date(),
        updated_at: new Date(),
      });
    });
    let theirDatasetId: string;
    let theirTemplateId: string;
    beforeAll(async () => {
      const dataset = await api(stack, theirs.key, 'POST', '/datasets', {
        key: 'theirs',
        name: 'Theirs',
        fields: [{ name: 'seats', type: 'number', description: 'Seats' }],
      });
      theirDatasetId = dataset.body.data.id;
      const template = await api(stack, theirs.key, 'POST', '/scorecard-templates', {
        name: 'Theirs',
        criteria: [{ id: 'hello', label: 'Hello', phrases: ['hello'] }],
      });
      theirTemplateId = template.body.data.id;
      await stack.database.collections.webhookEndpoints.insertOne({
        _id: 'whe_theirs',
        org_id: theirs.organization._id,
        url: 'https://example.com/theirs',
        events: ['call.completed'],
        description: null,
        enabled: true,
        disabled_reason: null,
        secret_encrypted: 'v1.x.y.z',
        previous_secret_encrypted: null,
        previous_secret_expires_at: null,
        created_at: new Date(),
        updated_at: new Date(),
      });
      await stack.database.collections.connections.insertOne({
        _id: 'conn_theirs',
        org_id: theirs.organization._id,
        type: 'hubspot',
        config_encrypted: 'v1.x.y.z',
        public_config: {},
        created_at: new Date(),
        updated_at: new Date(),
      });
      await stack.database.collections.reprocessJobs.insertOne({
        _id: 'rep_theirs',
        org_id: theirs.organization._id,
        stages: ['summary'],
        selection: {},
        status: 'paused',
        total: 1,
        processed: 0,
        failed: 0,
        last_call_id: null,
        failures: [],
        requested_by: { type: 'system', id: 'system', user_id: null, email: null },
        created_at: new Date(),
        updated_at: new Date(),
        finished_at: null,
      });
      await stack.database.collections.webhookDeliveries.insertOne({
        _id: 'dlv_theirs',
        org_id: theirs.organization._id,
        endpoint_id: 'whe_theirs',
        event_id: 'evt_theirs',
        event_type: 'call.completed',
        status: 'failed',
        attempts: [],
        retry_of: null,
        failure_reason: 'HTTP 500',
        created_at: new Date(),
        updated_at: new Date(),
        completed_at: new Date(),
      });
    });
    afterAll(() => stack?.close());

    const bodies: Record<string, unknown> = {
      createApiKey: { name: 'stolen' },
      updateDataset: { name: 'stolen' },
      updateScorecardTemplate: { name: 'stolen' },
      createWebhookEndpoint: { url: 'https://example.com/stolen', events: ['call.completed'] },
      updateWebhookEndpoint: { enabled: false },
      createConnection: { type: 'hubspot', config: { access_token: 'stolen' } },
      revealCallPii: { reason: 'curious' },
      revealCallRecording: { reason: 'curious' },
      holdCall: { reason: 'stolen hold' },
      holdContact: { reason: 'stolen hold' },
    };

    test("every documented operation with a path id, given the other organization's ids, is 404 and changes nothing", async () => {
      const document = openApiDocumentOf(stack);
      const substitutions: Record<string, string> = {
        orgId: theirs.organization._id,
        callId: 'call_theirs',
        batchId: 'batch_theirs',
        keyId: theirs.keyRecord._id,
        contactId: 'ct_theirs',
        datasetId: theirDatasetId,
        templateId: theirTemplateId,
        endpointId: 'whe_theirs',
        deliveryId: 'dlv_theirs',
        connectionId: 'conn_theirs',
        userId: theirs.user._id,
        erasureId: 'era_theirs',
        reprocessId: 'rep_theirs',
      };
      let checked = 0;
      for (const [path, operations] of Object.entries(document.paths)) {
        if (!path.includes('{')) continue;
        for (const [method, operation] of Object.entries(operations as Record<string, { operationId: string }>)) {
          const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) => {
            if (!substitutions[name]) throw new Error(`no foreign id for {${name}}: add one to this test`);
            return substitutions[name]!;
          });
          const response = await api(stack, mine.key, method.toUpperCase(), concrete, bodies[operation.operationId]);
          expect({ operation: operation.operationId, status: response.status }).toEqual({
            operation: operation.operationId,
            status: 404,
          });
          expect(response.body.error.code).toBe('not_found');
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(9);
      // Their user under my organization's path is not found either.
      const invite = await api(
        stack,
        mine.key,
        'POST',
        `/organizations/${mine.organization._id}/users/${theirs.user._id}/invitations`,
      );
      expect(invite.status).toBe(404);
      expect(await stack.database.collections.invitations.countDocuments({})).toBe(0);
      // Nothing of theirs was touched.
      expect((await stack.database.collections.apiKeys.findOne({ _id: theirs.keyRecord._id }))!.revoked_at).toBeNull();
      expect(await stack.database.collections.apiKeys.countDocuments({ org_id: theirs.organization._id })).toBe(1);
      expect((await api(stack, theirs.key, 'GET', '/calls/call_theirs')).status).toBe(200);
      // No erasure or hold of theirs was made from my organization.
      expect(await stack.database.collections.erasures.countDocuments({})).toBe(0);
      expect((await stack.database.collections.calls.findOne({ _id: 'call_theirs' }))!.legal_hold ?? null).toBeNull();
      const dataset = await api(stack, theirs.key, 'GET', `/datasets/${theirDatasetId}`);
      expect(dataset.body.data.name).toBe('Theirs');
      const template = await api(stack, theirs.key, 'GET', `/scorecard-templates/${theirTemplateId}`);
      expect(template.body.data.name).toBe('Theirs');
      expect(await stack.database.collections.webhookEndpoints.findOne({ _id: 'whe_theirs' })).toMatchObject({
        enabled: true,
        secret_encrypted: 'v1.x.y.z',
      });
      expect(await stack.database.collections.webhookDeliveries.countDocuments({ event_id: 'evt_theirs' })).toBe(1);
      expect(await stack.database.collections.webhookEndpoints.countDocuments({})).toBe(1);
      expect(await stack.database.collections.connections.countDocuments({})).toBe(1);
    });

    test("lists never include another organization's records", async () => {
      const calls = await api(stack, mine.key, 'GET', '/calls');
      expect(calls.body.data).toEqual([]);
      const contacts = await api(stack, mine.key, 'GET', '/contacts');
      expect(contacts.body.data).toEqual([]);
      const metrics = await api(stack, mine.key, 'GET', '/analytics/team-metrics');
      expect(metrics.body.data.team.calls).toBe(0);
      const keys = await api(stack, mine.key, 'GET', `/organizations/${mine.organization._id}/api-keys`);
      expect(keys.body.data.map((key: { id: string }) => key.id)).toEqual([mine.keyRecord._id]);
    });
  },
);

describeWithStack("the spec's REST error table (401, 403) on every route", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(() => stack?.close());

  function operations() {
    const document = openApiDocumentOf(stack);
    return Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod as Record<string, { operationId: string; security?: unknown[]; 'x-permission'?: string }>)
        .filter(([, operation]) => operation.security === undefined)
        .map(([method, operation]) => ({
          method: method.toUpperCase(),
          path: path.replace(/\{\w+\}/g, 'x_unknown'),
          operationId: operation.operationId,
          permission: operation['x-permission'],
        })),
    );
  }

  test('every authenticated route answers 401 without a key', async () => {
    const checked = [];
    for (const operation of operations()) {
      const response = await api(
        stack,
        null,
        operation.method,
        operation.path,
        operation.method === 'GET' ? undefined : {},
      );
      checked.push([operation.operationId, response.status]);
    }
    expect(checked.length).toBeGreaterThan(8);
    expect(checked.filter(([, status]) => status !== 401)).toEqual([]);
  });

  test('every route that needs a permission answers 403 to a role without it', async () => {
    const roles = ['viewer', 'agent', 'manager'] as const;
    const keys = Object.fromEntries(
      await Promise.all(roles.map(async (role) => [role, (await seedTenant(stack.database, role)).key] as const)),
    );
    const { ROLE_PERMISSIONS } = await import('../../lib/permissions');
    let checked = 0;
    for (const operation of operations()) {
      const lacking = roles.find((role) => !ROLE_PERMISSIONS[role].includes(operation.permission as never));
      if (!operation.permission || !lacking) continue; // every role holds calls:read
      const response = await api(
        stack,
        keys[lacking]!,
        operation.method,
        operation.path,
        operation.method === 'GET' ? undefined : {},
      );
      expect({ operation: operation.operationId, status: response.status }).toEqual({
        operation: operation.operationId,
        status: 403,
      });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });
});
