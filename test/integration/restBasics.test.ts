import { disableUser, revokeApiKey, setUserRole } from '../../lib/tenancy';
import { describeWithStack, testConfig } from '../support/env';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

const validItem = {
  audio_url: 'https://recordings.example.com/a.wav',
  recorded_at: '2026-03-10T15:04:00-05:00',
  agent_name: 'Sarah Miller',
  agent_email: 'sarah@acme.example',
};

describeWithStack('REST basics: health, authentication, permissions, errors', () => {
  let stack: TestStack;
  let owner: Awaited<ReturnType<typeof seedTenant>>;

  beforeAll(async () => {
    stack = await startTestStack(testConfig({ JSON_BODY_LIMIT_BYTES: '65536' }), { workers: false });
    owner = await seedTenant(stack.database, 'owner');
  });
  afterAll(() => stack?.close());

  const origin = () => stack.baseUrl.replace(/\/api\/v1$/, '');

  test('/healthz answers and /readyz reports mongo, temporal, the audio toolchain and speech-to-text ok', async () => {
    expect((await fetch(`${origin()}/healthz`)).status).toBe(200);
    const ready = await fetch(`${origin()}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { mongo: 'ok', temporal: 'ok', audio_toolchain: 'ok', speech_to_text: 'ok' },
    });
  });

  test('/readyz is 503 naming the audio toolchain when its Python cannot decode', async () => {
    const broken = await startTestStack(
      testConfig({ AUDIO_PYTHON: '/nonexistent/python3', STT_BASE_URL: 'http://127.0.0.1:9' }),
      { workers: false },
    );
    try {
      const ready = await fetch(`${broken.baseUrl.replace(/\/api\/v1$/, '')}/readyz`);
      expect(ready.status).toBe(503);
      const body = (await ready.json()) as { checks: Record<string, string> };
      expect(body.checks.audio_toolchain).toMatch(/^error: PyAV is not available to \/nonexistent\/python3/);
      expect(body.checks.speech_to_text).toMatch(/^error/);
      expect(body.checks.mongo).toBe('ok');
    } finally {
      await broken.close();
    }
  });

  test('every response carries a request id, echoed from a well-formed X-Request-Id', async () => {
    const response = await fetch(`${origin()}/healthz`, { headers: { 'X-Request-Id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    const generated = await fetch(`${origin()}/healthz`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^req_[a-z2-7]{24}$/);
  });

  test.each([
    ['missing', null],
    ['malformed', 'not-a-key'],
    ['unknown', 'cis_live_' + 'a'.repeat(40)],
  ])('a %s API key gets 401 with WWW-Authenticate: Bearer and the error body', async (_label, key) => {
    const response = await api(stack, key, 'GET', '/batches/batch_x');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(response.body).toEqual({
      success: false,
      error: { code: 'unauthorized', message: expect.any(String), request_id: expect.stringMatching(/^req_/) },
    });
  });

  // Each key is used twice first: the first request resolves it, the second reuses what this API
  // process kept, confirmed by the organization's credentials generation (lib/requestGate.ts).
  test('a revoked key gets 401 on the very next request', async () => {
    const tenant = await seedTenant(stack.database, 'owner');
    for (let use = 0; use < 2; use += 1) {
      expect((await api(stack, tenant.key, 'GET', '/batches/batch_x')).status).toBe(404);
    }
    await revokeApiKey(stack.database.collections, tenant.organization._id, tenant.keyRecord._id);
    expect((await api(stack, tenant.key, 'GET', '/batches/batch_x')).status).toBe(401);
  });

  test('a key whose creator is disabled gets 401; a role change applies on the next request', async () => {
    const tenant = await seedTenant(stack.database, 'manager');
    for (let use = 0; use < 2; use += 1) {
      expect((await api(stack, tenant.key, 'POST', '/calls/upload/batch', { calls: [] })).status).toBe(400);
    }
    // The admin CLI's functions (npm run admin -- set-role / disable-user).
    await setUserRole(stack.database.collections, tenant.organization._id, tenant.user._id, 'viewer');
    expect((await api(stack, tenant.key, 'POST', '/calls/upload/batch', { calls: [] })).status).toBe(403);
    expect((await api(stack, tenant.key, 'GET', '/batches/batch_x')).status).toBe(404);
    await disableUser(stack.database.collections, tenant.organization._id, tenant.user._id);
    expect((await api(stack, tenant.key, 'GET', '/batches/batch_x')).status).toBe(401);
  });

  test('a key lacking the permission gets 403 with code forbidden', async () => {
    const viewer = await seedTenant(stack.database, 'viewer');
    const response = await api(stack, viewer.key, 'POST', '/calls/upload/batch', { calls: [validItem] });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
  });

  test('invalid batch input is 400 listing every problem with its index and field; nothing is written', async () => {
    const before = await stack.database.collections.calls.countDocuments({ org_id: owner.organization._id });
    const response = await api(stack, owner.key, 'POST', '/calls/upload/batch', {
      calls: [
        validItem,
        { ...validItem, contact_phone: '555-1234', tags: Array.from({ length: 11 }, (_, index) => `t${index}`) },
        { ...validItem, audio_url: 'ftp://example.com/a.wav', agent_email: 'nope', recorded_at: '10/03/2026' },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(response.body.error.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'calls.1.contact_phone',
      'calls.1.tags',
      'calls.2.agent_email',
      'calls.2.audio_url',
      'calls.2.recorded_at',
    ]);
    expect(await stack.database.collections.calls.countDocuments({ org_id: owner.organization._id })).toBe(before);
  });

  test('0 or 101 calls is 400', async () => {
    const none = await api(stack, owner.key, 'POST', '/calls/upload/batch', { calls: [] });
    expect(none.status).toBe(400);
    const tooMany = await api(stack, owner.key, 'POST', '/calls/upload/batch', {
      calls: Array.from({ length: 101 }, () => validItem),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details).toEqual([{ path: 'calls', message: 'at most 100 calls per batch' }]);
  });

  test('malformed JSON is 400, a non-JSON body 415, an oversize body 413', async () => {
    const malformed = await api(stack, owner.key, 'POST', '/calls/upload/batch', '{"calls": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('Malformed JSON body');

    const wrongType = await fetch(`${stack.baseUrl}/calls/upload/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.key}`, 'Content-Type': 'text/plain' },
      body: 'calls',
    });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as any).error.code).toBe('unsupported_media_type');

    const oversize = await api(stack, owner.key, 'POST', '/calls/upload/batch', {
      calls: [{ ...validItem, metadata: { blob: 'x'.repeat(70_000) } }],
    });
    expect(oversize.status).toBe(413);
    expect(oversize.body.error.code).toBe('payload_too_large');
  });

  test('an unknown route is 404 and a wrong method 405, both with the error body', async () => {
    const unknown = await api(stack, owner.key, 'GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const wrongMethod = await api(stack, owner.key, 'DELETE', '/calls/upload/batch');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error.code).toBe('method_not_allowed');
  });

  test("another organization's batch and call are 404, exactly like unknown ids", async () => {
    const other = await seedTenant(stack.database, 'owner', 'Other Org');
    const call = {
      _id: 'call_other',
      org_id: other.organization._id,
      ingest_key: 'call_other',
      external_id: null,
      batch_id: 'batch_other',
      source: 'batch' as const,
      status: 'queued' as const,
      failure_reason: null,
      stages: {} as never,
      audio_url: null,
      recording_file_id: null,
      recorded_at: new Date(),
      recorded_utc_offset_minutes: 0,
      agent_name: 'A',
      agent_email: 'a@example.com',
      contact_id: null,
      contact_name: null,
      contact_phone: null,
      direction: null,
      duration_seconds: null,
      tags: [],
      metadata: {},
      recorded_day: '2026-03-10',
      summary: null,
      mismo_file_id: null,
      created_at: new Date(),
      updated_at: new Date(),
    };
    await stack.database.collections.calls.insertOne(call);
    await stack.database.collections.batches.insertOne({
      _id: 'batch_other',
      org_id: other.organization._id,
      total_calls: 1,
      call_ids: ['call_other'],
      status: 'queued',
      created_at: new Date(),
      updated_at: new Date(),
    });
    for (const path of ['/calls/call_other', '/batches/batch_other']) {
      const foreign = await api(stack, owner.key, 'GET', path);
      const unknown = await api(stack, owner.key, 'GET', path.replace('other', 'unknown'));
      expect(foreign.status).toBe(404);
      expect({ ...foreign.body.error, request_id: '' }).toEqual({ ...unknown.body.error, request_id: '' });
    }
    expect((await api(stack, other.key, 'GET', '/calls/call_other')).status).toBe(200);
  });
});
