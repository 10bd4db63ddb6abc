import Koa from 'koa';
import { errorHandler } from '../../api/http/errors';
import { organizationRateLimit, REST_RATE_LIMIT_WINDOW_SECONDS } from '../../api/rest/middleware/rateLimit';
import type { AuthContext } from '../../api/rest/middleware/auth';
import { createLogger } from '../../lib/logger';
import { requestGate } from '../../lib/requestGate';
import { createOrganizationWithUserAndKey, setUserRole } from '../../lib/tenancy';
import { startLocalServer } from '../support/httpServer';
import { consumeRateLimit } from '../../lib/rateLimit';
import { describeWithStack, testConfig } from '../support/env';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

describeWithStack('per-organization rate limits', () => {
  let first: TestStack;
  let second: TestStack;
  beforeAll(async () => {
    const config = testConfig();
    // Two API processes sharing one database, as in production.
    first = await startTestStack(config, { workers: false });
    second = await startTestStack(config, { workers: false, sharesDatabase: true });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function enterpriseKey(limit: number) {
    const tenant = await createOrganizationWithUserAndKey(first.database.collections, {
      name: 'Enterprise',
      plan: 'enterprise',
      rateLimitPerHour: limit,
      user: { email: 'owner@enterprise.example', name: 'Owner', role: 'owner' },
      keyName: 'k',
    });
    return tenant.key;
  }

  test('every response carries X-RateLimit-Limit, -Remaining and -Reset; Standard is 1,000 per hour', async () => {
    const tenant = await seedTenant(first.database);
    const before = Math.floor(Date.now() / 1000);
    const response = await api(first, tenant.key, 'GET', '/calls');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('999');
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(before);
    expect(reset).toBeLessThanOrEqual(before + 3600);
    expect(reset % 3600).toBe(0);
    const notFound = await api(first, tenant.key, 'GET', '/calls/call_unknown');
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('x-ratelimit-remaining')).toBe('998');
  });

  test('50 parallel requests at the boundary, across two API processes, let exactly the limit through', async () => {
    const key = await enterpriseKey(20);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => api(index % 2 ? second : first, key, 'GET', '/calls')),
    );
    const ok = responses.filter((response) => response.status === 200);
    const limited = responses.filter((response) => response.status === 429);
    expect(responses.filter((r) => r.status !== 200 && r.status !== 429).map((r) => [r.status, r.body])).toEqual([]);
    expect(ok).toHaveLength(20);
    expect(limited).toHaveLength(30);
    const remaining = ok.map((response) => Number(response.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, index) => index));
    for (const response of limited) {
      expect(response.body.error.code).toBe('rate_limited');
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
    }
  });

  test('organizations are limited separately', async () => {
    const exhausted = await enterpriseKey(1);
    const other = await enterpriseKey(1);
    expect((await api(first, exhausted, 'GET', '/calls')).status).toBe(200);
    expect((await api(first, exhausted, 'GET', '/calls')).status).toBe(429);
    expect((await api(second, other, 'GET', '/calls')).status).toBe(200);
  });

  test('a new window starts afresh and the old one is cleaned up', async () => {
    const windows = first.database.collections.rateLimitWindows;
    const hour = Date.UTC(2026, 2, 10, 15);
    const first1 = await consumeRateLimit(windows, 'test:window', 1, 3600, new Date(hour + 1000));
    const first2 = await consumeRateLimit(windows, 'test:window', 1, 3600, new Date(hour + 2000));
    expect([first1.allowed, first2.allowed]).toEqual([true, false]);
    expect(first2.retryAfterSeconds).toBe(3598);
    const next = await consumeRateLimit(windows, 'test:window', 1, 3600, new Date(hour + 3600_000 + 5));
    expect(next.allowed).toBe(true);
    expect(await windows.countDocuments({ key: 'test:window' })).toBe(1);
  });

  test('over the limit nothing runs, read or write: the count comes first, and the answer carries no handler header', async () => {
    // The middleware alone behind a handler that notes each run and answers with a header and a body.
    const orgId = `org_limit_${Date.now()}`;
    const gate = requestGate(first.database.collections.requestGates, REST_RATE_LIMIT_WINDOW_SECONDS);
    const runs: string[] = [];
    const app = new Koa();
    app.use(errorHandler(createLogger({ ...testConfig(), LOG_LEVEL: 'silent' }, 'test')));
    app.use(async (ctx, next) => {
      const auth: Partial<AuthContext> = { orgId, rateLimitPerHour: 1 };
      ctx.state.auth = auth;
      ctx.state.gatePass = await gate(orgId);
      await next();
    });
    app.use(organizationRateLimit());
    app.use((ctx) => {
      runs.push(ctx.method);
      ctx.set('Content-Disposition', 'attachment; filename="call.wav"');
      ctx.body = 'recording bytes';
    });
    const server = await startLocalServer(app.callback());
    try {
      const request = (method: string) => fetch(server.url, { method });
      const allowed = await request('GET');
      expect([allowed.status, await allowed.text()]).toEqual([200, 'recording bytes']);
      expect(runs).toEqual(['GET']);

      const refused = await request('GET');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-disposition')).toBeNull();
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(((await refused.json()) as any).error.code).toBe('rate_limited');
      expect((await request('POST')).status).toBe(429);
      expect(runs).toEqual(['GET']);
    } finally {
      await server.close();
    }
  });

  test("an organization's gate opens a new window when its stored one has ended", async () => {
    const { organization, key } = await createOrganizationWithUserAndKey(first.database.collections, {
      name: 'Enterprise',
      plan: 'enterprise',
      rateLimitPerHour: 2,
      user: { email: 'owner@enterprise.example', name: 'Owner', role: 'owner' },
      keyName: 'k',
    });
    expect((await api(first, key, 'GET', '/calls')).status).toBe(200);
    expect((await api(first, key, 'GET', '/calls')).status).toBe(200);
    expect((await api(first, key, 'GET', '/calls')).status).toBe(429);
    const gates = first.database.collections.requestGates;
    const gate = await gates.findOne({ _id: organization._id });
    expect(gate).toMatchObject({ count: 3 });
    // As if the hour had passed: the stored window is the one before.
    await gates.updateOne(
      { _id: organization._id },
      { $set: { window_start: new Date(gate!.window_start.getTime() - 3_600_000) } },
    );
    const next = await api(second, key, 'GET', '/calls');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-ratelimit-remaining')).toBe('1');
    expect(await gates.findOne({ _id: organization._id })).toMatchObject({
      count: 1,
      window_start: gate!.window_start,
    });
  });

  test('a key revoked, or its creator given a smaller role, through one API process is refused by the other on its next request', async () => {
    const tenant = await seedTenant(first.database, 'owner');
    const orgId = tenant.organization._id;
    const keysPath = `/organizations/${orgId}/api-keys`;
    const created = await api(first, tenant.key, 'POST', keysPath, { name: 'integration' });
    expect(created.status).toBe(201);
    const integrationKey: string = created.body.data.key;
    // Used twice in each process: both now reuse the key's resolution.
    for (let use = 0; use < 2; use += 1) {
      for (const stack of [first, second]) {
        expect((await api(stack, integrationKey, 'GET', keysPath)).status).toBe(200);
      }
    }
    await setUserRole(first.database.collections, orgId, tenant.user._id, 'manager');
    expect((await api(second, integrationKey, 'GET', keysPath)).status).toBe(403);
    expect((await api(second, integrationKey, 'GET', '/calls')).status).toBe(200);

    await setUserRole(first.database.collections, orgId, tenant.user._id, 'owner');
    expect((await api(second, integrationKey, 'GET', keysPath)).status).toBe(200);
    const revoked = await api(first, tenant.key, 'DELETE', `${keysPath}/${created.body.data.id}`);
    expect(revoked.status).toBe(200);
    expect((await api(second, integrationKey, 'GET', '/calls')).status).toBe(401);
    expect((await api(first, integrationKey, 'GET', '/calls')).status).toBe(401);
    // The organization's other key is untouched.
    expect((await api(second, tenant.key, 'GET', '/calls')).status).toBe(200);
  });

  test('a write over the limit never runs', async () => {
    const key = await enterpriseKey(1);
    expect((await api(first, key, 'GET', '/calls')).status).toBe(200);
    const before = await first.database.collections.calls.countDocuments();
    const refused = await api(second, key, 'POST', '/calls/upload/batch', {
      calls: [{ audio_url: 'https://recordings.example.com/a.wav', agent_email: 'a@acme.example' }],
    });
    expect(refused.status).toBe(429);
    expect(await first.database.collections.calls.countDocuments()).toBe(before);
  });
});
