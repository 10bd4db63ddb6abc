import { createHmac } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { recordingsBucket } from '../../lib/mongo';
import { encryptSecret, generateDialerSecret } from '../../lib/secrets';
import { METADATA_LIMITS } from '../../lib/schemas/common';
import { createApiKey, createUser, setUserRole } from '../../lib/tenancy';
import { makeWav } from '../support/audio';
import { describeWithStack, testConfig } from '../support/env';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * The findings of the independent probe of the running stack (issue 14), each as the request that
 * showed it, so none comes back: replays that skipped checks or stored secrets, unbounded metadata,
 * 500s for bad input, uploads matched without their file, and what an agent's key may do.
 */
describeWithStack('probe findings stay fixed', () => {
  let stack: TestStack;
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    stack = await startTestStack(testConfig({ UPLOAD_MAX_BYTES: '200000' }), { workers: false });
    tenant = await seedTenant(stack.database, 'owner');
  });
  afterAll(() => stack?.close());

  const item = (overrides: Record<string, unknown> = {}) => ({
    audio_url: 'https://recordings.example.com/a.wav',
    recorded_at: '2026-03-10T15:04:00-05:00',
    agent_name: 'Sarah Miller',
    agent_email: 'sarah@acme.example',
    ...overrides,
  });
  const post = async (path: string, body: unknown, key: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const callCount = (orgId = tenant.organization._id) =>
    stack.database.collections.calls.countDocuments({ org_id: orgId });
  const storedFiles = async () => ({
    files: await stack.database.db.collection('recordings.files').countDocuments({}),
    chunks: await stack.database.db.collection('recordings.chunks').countDocuments({}),
  });

  async function upload(
    fields: Record<string, string>,
    file: Buffer,
    key = tenant.key,
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file]), 'call.wav');
    const response = await fetch(`${stack.baseUrl}/calls/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, ...headers },
      body: form,
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }
  const uploadFields = {
    agent_name: 'Sarah Miller',
    agent_email: 'sarah@acme.example',
    recorded_at: '2026-03-10T15:04:00-05:00',
  };

  test('a replayed Idempotency-Key is checked like a new request: a demoted user gets 403, not the stored answer', async () => {
    const admin = await seedTenant(stack.database, 'admin');
    const body = { calls: [item({ external_id: 'demoted-1' })] };
    const first = await post('/calls/upload/batch', body, admin.key, { 'Idempotency-Key': 'demote-me' });
    expect(first.status).toBe(202);
    await setUserRole(stack.database.collections, admin.organization._id, admin.user._id, 'viewer');
    const replay = await post('/calls/upload/batch', body, admin.key, { 'Idempotency-Key': 'demote-me' });
    expect(replay.status).toBe(403);
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
  });

  test('routes that return a secret refuse Idempotency-Key, and no stored answer ever holds a secret', async () => {
    const orgId = tenant.organization._id;
    const withKey = { 'Idempotency-Key': 'secret-1' };
    const apiKey = await post(`/organizations/${orgId}/api-keys`, { name: 'k' }, tenant.key, withKey);
    expect(apiKey.status).toBe(400);
    expect(apiKey.body.error.details).toEqual([{ path: 'Idempotency-Key', message: expect.stringMatching(/secret/) }]);
    const webhook = await post(
      `/organizations/${orgId}/webhooks`,
      { url: 'https://hooks.example.com/in', events: ['call.completed'] },
      tenant.key,
      withKey,
    );
    expect(webhook.status).toBe(400);
    // Without the header both work, and show their secret once.
    const created = await post(`/organizations/${orgId}/api-keys`, { name: 'k' }, tenant.key);
    expect(created.status).toBe(201);
    expect(
      await stack.database.collections.idempotencyKeys.countDocuments({ org_id: orgId, body: { $ne: null } }),
    ).toBe(0);
    const stored = await stack.database.collections.idempotencyKeys.find({}).toArray();
    expect(JSON.stringify(stored)).not.toMatch(/whsec_|cis_live_[a-z2-7]{40}/);
  });

  test('a dialer replay without X-Service-Signature is 401: the signature is checked before the replay', async () => {
    const signed = await seedTenant(stack.database, 'owner');
    const secret = generateDialerSecret();
    await stack.database.collections.organizations.updateOne(
      { _id: signed.organization._id },
      { $set: { dialer_secret_encrypted: encryptSecret(stack.config.SECRETS_ENCRYPTION_KEY, secret) } },
    );
    const body = JSON.stringify({
      recording_url: 'https://recordings.example.com/d.wav',
      direction: 'inbound',
      agent_email: 'tom@acme.example',
      external_id: 'signed-replay',
    });
    const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const idem = { 'Idempotency-Key': 'dialer-replay' };
    const first = await post('/integrations/dialer/webhook', body, signed.key, {
      ...idem,
      'X-Service-Signature': signature,
    });
    expect(first.status).toBe(202);
    const unsigned = await post('/integrations/dialer/webhook', body, signed.key, idem);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe('invalid_signature');
  });

  test('metadata is bounded on every ingest route: 400 naming the field, nothing written', async () => {
    const before = await callCount();
    const filesBefore = await storedFiles();
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 600; level++) deep = { nested: deep };
    const cases: [unknown, RegExp][] = [
      [{ big: 'x'.repeat(900_000) }, /metadata\.big/],
      [{ list: Array.from({ length: 100_000 }, () => 1) }, /metadata\.list/],
      [Object.fromEntries(Array.from({ length: 40_000 }, (_, index) => [`k${index}`, index])), /metadata\.k/],
      [deep, /metadata\.nested\.nested/],
      [{ x: { $gt: 1 } }, /metadata\.x\.\$gt/],
      [{ x: { 'a.b': 1 } }, /metadata\.x\.a\.b/],
    ];
    for (const [metadata, field] of cases) {
      const batch = await post('/calls/upload/batch', { calls: [item({ metadata })] }, tenant.key);
      expect({ status: batch.status, path: batch.body.error.details[0].path }).toEqual({
        status: 400,
        path: expect.stringMatching(new RegExp(`^calls\\.0\\.${field.source}`)),
      });
      const dialer = await post(
        '/integrations/dialer/webhook',
        {
          recording_url: 'https://r.example.com/x.wav',
          direction: 'inbound',
          agent_email: 'a@acme.example',
          external_id: 'm',
          metadata,
        },
        tenant.key,
      );
      expect(dialer.status).toBe(400);
      const text = JSON.stringify(metadata);
      if (text.length < 60_000) {
        const uploaded = await upload({ ...uploadFields, metadata: text }, makeWav(0.5));
        expect(uploaded.status).toBe(400);
        expect(uploaded.body.error.details[0].path).toMatch(field);
      }
    }
    expect(await callCount()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
    expect(METADATA_LIMITS.maxDepth).toBeLessThan(10);
  });

  test('bad bodies are 400 or 415, never 500: deep JSON, garbage gzip or br, an unknown encoding', async () => {
    const deepJson = '['.repeat(10_000) + ']'.repeat(10_000);
    expect((await post('/calls/upload/batch', deepJson, tenant.key)).status).toBe(400);
    const deeperJson = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    expect((await post('/calls/upload/batch', deeperJson, tenant.key)).status).toBe(400);
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const garbage = await post('/calls/upload/batch', Buffer.from('not compressed at all'), tenant.key, {
        'Content-Encoding': encoding,
      });
      expect({ encoding, status: garbage.status }).toEqual({ encoding, status: 400 });
    }
    const gzipped = await post('/calls/upload/batch', zlib.gzipSync(JSON.stringify({ calls: [] })), tenant.key, {
      'Content-Encoding': 'gzip',
    });
    expect(gzipped.status).toBe(400); // decompressed and validated: "at least 1 call"
    expect(gzipped.body.error.details[0].path).toBe('calls');
    const unknown = await post('/calls/upload/batch', '{}', tenant.key, { 'Content-Encoding': 'compress' });
    expect(unknown.status).toBe(415);
    expect(unknown.body.error.message).toMatch(/Content-Encoding/);
  });

  test('an upload replayed with the same Idempotency-Key and another file or external_id is 422, not a silent replay', async () => {
    const idem = { 'Idempotency-Key': 'upload-idem-1' };
    const first = await upload({ ...uploadFields, external_id: 'up-1' }, makeWav(0.5), tenant.key, idem);
    expect(first.status).toBe(202);
    const same = await upload({ ...uploadFields, external_id: 'up-1' }, makeWav(0.5), tenant.key, idem);
    expect(same.status).toBe(202);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    expect(same.body).toEqual(first.body);
    const otherFile = await upload({ ...uploadFields, external_id: 'up-1' }, makeWav(0.7), tenant.key, idem);
    expect(otherFile.status).toBe(422);
    expect(otherFile.body.error.code).toBe('idempotency_key_reused');
    const otherId = await upload({ ...uploadFields, external_id: 'up-2' }, makeWav(0.5), tenant.key, idem);
    expect(otherId.status).toBe(422);
    expect(
      await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id, external_id: 'up-2' }),
    ).toBe(0);
  });

  test('a refused or duplicate upload never writes the recording (fields judged before the file)', async () => {
    const seeded = await upload({ ...uploadFields, external_id: 'dup-early' }, makeWav(0.5));
    expect(seeded.status).toBe(202);
    const before = await storedFiles();
    const refused = await upload({ ...uploadFields, metadata: '{"x":{"$gt":1}}' }, makeWav(2));
    expect(refused.status).toBe(400);
    const duplicate = await upload({ ...uploadFields, external_id: 'dup-early' }, makeWav(2));
    expect(duplicate.status).toBe(202);
    expect(duplicate.body.data).toMatchObject({ call_id: seeded.body.data.call_id, duplicate: true });
    expect(await storedFiles()).toEqual(before);
    // The recording of the first upload is whole and still served.
    const files = await recordingsBucket(stack.database.db)
      .find({ 'metadata.call_id': seeded.body.data.call_id })
      .toArray();
    expect(files.map((file) => file.length)).toEqual([makeWav(0.5).length]);
  });

  test("an agent's key files calls only as the agent, never learns another agent's call, and follows only its own batches", async () => {
    const orgId = tenant.organization._id;
    const agentUser = await createUser(stack.database.collections, {
      orgId,
      email: 'agent-probe@acme.example',
      name: 'Agent',
      role: 'agent',
    });
    const { key: agentKey } = await createApiKey(stack.database.collections, {
      orgId,
      userId: agentUser._id,
      name: 'agent',
    });

    const asOwner = await post('/calls/upload/batch', { calls: [item({ agent_email: tenant.user.email })] }, agentKey);
    expect(asOwner.status).toBe(403);
    expect(asOwner.body.error.details).toEqual([{ path: 'calls.0.agent_email', message: expect.any(String) }]);
    const dialerAsOther = await post(
      '/integrations/dialer/webhook',
      {
        recording_url: 'https://r.example.com/x.wav',
        direction: 'inbound',
        agent_email: 'other@acme.example',
        external_id: 'x-1',
      },
      agentKey,
    );
    expect(dialerAsOther.status).toBe(403);
    const uploadAsOther = await upload({ ...uploadFields, agent_email: 'other@acme.example' }, makeWav(0.5), agentKey);
    expect(uploadAsOther.status).toBe(403);

    // Another agent's call with a known external_id: 409 that names neither the call nor its status.
    const theirs = await post('/calls/upload/batch', { calls: [item({ external_id: 'theirs-1' })] }, tenant.key);
    const theirCallId = theirs.body.data.calls[0].call_id;
    for (const attempt of [
      await post(
        '/integrations/dialer/webhook',
        {
          recording_url: 'https://r.example.com/x.wav',
          direction: 'inbound',
          agent_email: agentUser.email,
          external_id: 'theirs-1',
        },
        agentKey,
      ),
      await post(
        '/calls/upload/batch',
        { calls: [item({ agent_email: agentUser.email, external_id: 'theirs-1' })] },
        agentKey,
      ),
      await upload({ ...uploadFields, agent_email: agentUser.email, external_id: 'theirs-1' }, makeWav(0.5), agentKey),
    ]) {
      expect(attempt.status).toBe(409);
      expect(attempt.body.error.code).toBe('external_id_conflict');
      expect(JSON.stringify(attempt.body)).not.toContain(theirCallId);
    }

    // Batches: the agent's own is visible, another user's is not found.
    const own = await post('/calls/upload/batch', { calls: [item({ agent_email: agentUser.email })] }, agentKey);
    expect(own.status).toBe(202);
    expect((await api(stack, agentKey, 'GET', `/batches/${own.body.data.batch_id}`)).status).toBe(200);
    expect((await api(stack, agentKey, 'GET', `/batches/${theirs.body.data.batch_id}`)).status).toBe(404);
    expect((await api(stack, tenant.key, 'GET', `/batches/${own.body.data.batch_id}`)).status).toBe(200);
  });

  test('credentials in URLs are refused at registration and never echoed', async () => {
    const orgId = tenant.organization._id;
    const webhook = await post(
      `/organizations/${orgId}/webhooks`,
      { url: 'https://user:pw-Secret1@hooks.example.com/in', events: ['call.completed'] },
      tenant.key,
    );
    expect(webhook.status).toBe(400);
    expect(webhook.body.error.details[0].path).toBe('url');
    const crm = await post(
      `/organizations/${orgId}/connections`,
      { type: 'hubspot', config: { access_token: 't', base_url: 'http://admin:Secret-Two@crm.example.com' } },
      tenant.key,
    );
    expect(crm.status).toBe(400);
    const batch = await post(
      '/calls/upload/batch',
      { calls: [item({ audio_url: 'https://u:Secret-3@r.example.com/a.wav' })] },
      tenant.key,
    );
    expect(batch.status).toBe(400);
    for (const response of [webhook, crm, batch]) expect(JSON.stringify(response.body)).not.toMatch(/Secret/);
    // An empty URL is the URL check's 400, not a crash of the credentials check.
    const empty = await post(`/organizations/${orgId}/webhooks`, { url: '', events: ['call.completed'] }, tenant.key);
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([{ path: 'url', message: 'must be an HTTPS URL' }]);
  });

  test('webhook URLs on IPv6 spellings of loopback are refused (IPv4-compatible, SIIT, 6to4)', async () => {
    const orgId = tenant.organization._id;
    for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[2002:7f00:1::]', '[::7f00:2]']) {
      const response = await post(
        `/organizations/${orgId}/webhooks`,
        { url: `https://${host}/in`, events: ['call.completed'] },
        tenant.key,
      );
      expect({ host, status: response.status }).toEqual({ host, status: 400 });
    }
  });

  test('405 answers name the allowed methods in Allow', async () => {
    const wrong = await api(stack, tenant.key, 'DELETE', '/calls/upload/batch');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toMatch(/POST/);
    expect(wrong.body.error.code).toBe('method_not_allowed');
    // A method no route knows is the same 405 (Node's client cannot send TRACE; a raw request can).
    const trace = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        `${stack.baseUrl}/calls`,
        { method: 'PURGE', headers: { Authorization: `Bearer ${tenant.key}` } },
        resolve,
      );
      request.on('error', reject).end();
    });
    trace.resume();
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toMatch(/GET/);
  });
});
