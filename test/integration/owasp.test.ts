import http from 'node:http';
import { describeWithStack, testConfig } from '../support/env';
import { insertCalls, makeCall } from '../support/seed';
import { api, restDepsOf, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { restRoutes } from '../../api/rest/app';

/**
 * OWASP API Top 10 checks not covered by their own suites (BOLA: apiKeysAndBola; broken auth and
 * role changes: restBasics; exact limits under 50 parallel requests: rateLimit; ask limits: helpApi):
 * injection and mass assignment, SSRF targets for recordings and webhook URLs, oversize input.
 */
describeWithStack('OWASP API Top 10: injection, mass assignment, SSRF, resource consumption', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => stack?.close());

  test('operator injection in query strings and JSON bodies is refused or harmless, never a filter', async () => {
    const mine = await seedTenant(stack.database);
    const theirs = await seedTenant(stack.database, 'owner', 'Theirs');
    await insertCalls(stack.database, [
      makeCall(mine.organization._id, { _id: 'call_mine', external_id: 'ext-1' }),
      makeCall(theirs.organization._id, { _id: 'call_theirs', external_id: 'ext-2' }),
    ]);
    // Query strings: qs-style brackets are not objects here; they are invalid or literal values.
    for (const query of [
      'external_id[$ne]=x',
      'external_id=%7B%22%24ne%22%3Anull%7D',
      'agent_email[$regex]=.*',
      'status[$in][]=completed',
    ]) {
      const response = await api(stack, mine.key, 'GET', `/calls?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: response.status === 200 ? 200 : 400 });
      if (response.status === 200) expect(response.body.data).toEqual([]);
    }
    // JSON bodies: an operator where a string belongs is a 400 naming the field; nothing is written.
    const injected = await api(stack, mine.key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: 'https://recordings.example.com/a.wav',
          recorded_at: '2026-03-10T15:04:00-05:00',
          agent_name: 'A',
          agent_email: { $ne: null },
          external_id: { $gt: '' },
        },
      ],
    });
    expect(injected.status).toBe(400);
    expect(injected.body.error.details.map((detail: { path: string }) => detail.path)).toEqual(
      expect.arrayContaining(['calls.0.agent_email', 'calls.0.external_id']),
    );
    expect(await stack.database.collections.calls.countDocuments({ org_id: mine.organization._id })).toBe(1);
    const contactProbe = await api(stack, mine.key, 'GET', `/contacts?phone[$ne]=1`);
    expect(contactProbe.status).toBe(400);
  });

  test('__proto__ and unknown fields do not reach stored records (mass assignment)', async () => {
    const tenant = await seedTenant(stack.database);
    const polluted = JSON.parse(
      '{"key":"proto_test","name":"P","fields":[{"name":"a","type":"string","description":"d"}],"__proto__":{"org_id":"org_other","is_admin":true}}',
    );
    const created = await api(stack, tenant.key, 'POST', '/datasets', polluted);
    expect([201, 400]).toContain(created.status);
    expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
    const stored = await stack.database.collections.datasets.findOne({ key: 'proto_test' });
    if (stored) expect(stored.org_id).toBe(tenant.organization._id);
    const extra = await api(stack, tenant.key, 'POST', '/datasets', {
      key: 'extra',
      name: 'E',
      fields: [{ name: 'a', type: 'string', description: 'd' }],
      org_id: 'org_other',
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/org_id/);
    const role = await api(stack, tenant.key, 'POST', `/organizations/${tenant.organization._id}/api-keys`, {
      name: 'k',
      role: 'owner',
    });
    expect(role.status).toBe(400);
  });

  test.each([
    'http://127.0.0.1/a.wav',
    'http://[::1]/a.wav',
    'http://[::ffff:127.0.0.1]/a.wav',
    'http://2130706433/a.wav',
    'http://0x7f000001/a.wav',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/a.wav',
    'http://192.168.1.1/a.wav',
    'http://100.64.0.1/a.wav',
    'http://127.0.0.1.nip.io/a.wav',
    'http://localhost/a.wav',
  ])('a webhook URL pointing inside (%s, as https) is refused at registration', async (target) => {
    const tenant = await seedTenant(stack.database);
    const response = await api(stack, tenant.key, 'POST', `/organizations/${tenant.organization._id}/webhooks`, {
      url: target.replace(/^http:/, 'https:'),
      events: ['call.completed'],
    });
    expect(response.status).toBe(400);
    expect(await stack.database.collections.webhookEndpoints.countDocuments({ org_id: tenant.organization._id })).toBe(
      0,
    );
  });

  test('oversize JSON is 413 and nothing is stored; too many items or tags are 400', async () => {
    const tenant = await seedTenant(stack.database);
    const huge = await fetch(`${stack.baseUrl}/calls/upload/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ calls: [], padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    const tags = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: 'https://recordings.example.com/a.wav',
          recorded_at: '2026-03-10T15:04:00-05:00',
          agent_name: 'A',
          agent_email: 'a@example.com',
          tags: Array.from({ length: 11 }, (_, index) => `t${index}`),
        },
      ],
    });
    expect(tags.status).toBe(400);
    expect(await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id })).toBe(0);
    const longQuery = await api(stack, tenant.key, 'GET', `/calls?agent_email=${'a'.repeat(5000)}@example.com`);
    expect(longQuery.status).toBe(400);
  });

  test('input the stores cannot hold is a 400, never a 500 (found by schemathesis)', async () => {
    const tenant = await seedTenant(stack.database);
    const item = {
      audio_url: 'https://recordings.example.com/a.wav',
      recorded_at: '2026-03-10T15:04:00-05:00',
      agent_name: 'A',
      agent_email: 'a@example.com',
    };
    const nested = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [{ ...item, metadata: { grid: [[1, 2]] } }],
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.details[0].path).toBe('calls.0.metadata.grid.0');
    const dollar = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [{ ...item, metadata: { $where: 'x' } }],
    });
    expect(dollar.status).toBe(400);
    const nul = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [{ ...item, agent_name: 'A\u0000B' }],
    });
    expect(nul.status).toBe(400);
    expect(nul.body.error.message).toMatch(/calls\.0\.agent_name contains invalid text/);
    const lone = await fetch(`${stack.baseUrl}/calls/upload/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json' },
      body: '{"calls":[{"agent_name":"\\udba6"}]}',
    });
    expect(lone.status).toBe(400);
    const longLocal = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [{ ...item, agent_email: `${'a'.repeat(65)}@example.com` }],
    });
    expect(longLocal.status).toBe(400);
    const noBoundary = await fetch(`${stack.baseUrl}/calls/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'multipart/form-data' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
    // fetch refuses TRACE itself; node:http sends it.
    const trace = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${stack.baseUrl}/calls`, {
        method: 'TRACE',
        headers: { Authorization: `Bearer ${tenant.key}` },
      });
      request
        .on('response', (response) => (response.resume(), resolve(response.statusCode ?? 0)))
        .on('error', reject)
        .end();
    });
    expect(trace).toBe(405);
    const emptyKey = await fetch(`${stack.baseUrl}/calls/upload/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json', 'Idempotency-Key': '' },
      body: JSON.stringify({ calls: [item] }),
    });
    expect(emptyKey.status).toBe(400);
    expect(await stack.database.collections.calls.countDocuments({ org_id: tenant.organization._id })).toBe(0);
  });

  test('every JSON route: deep nesting and undecodable compression are 400, a wrong method 405 with Allow (never 500)', async () => {
    const tenant = await seedTenant(stack.database);
    const routes = restRoutes(restDepsOf(stack));
    const concrete = (path: string) =>
      path.replace('{orgId}', tenant.organization._id).replace(/\{\w+\}/g, 'unknown_id');
    const send = (method: string, path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
      fetch(`${stack.baseUrl}${concrete(path)}`, {
        method: method.toUpperCase(),
        headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json', ...headers },
        body,
      });
    const deep = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
    const withBody = routes.filter((route) => route.body);
    expect(withBody.length).toBeGreaterThan(5);
    for (const route of withBody) {
      const nested = await send(route.method, route.path, deep);
      expect({ route: route.operationId, status: nested.status }).toEqual({ route: route.operationId, status: 400 });
      const garbage = await send(route.method, route.path, Buffer.from('definitely not gzip'), {
        'Content-Encoding': 'gzip',
      });
      expect({ route: route.operationId, status: garbage.status }).toEqual({ route: route.operationId, status: 400 });
    }
    const matches = (pattern: string, path: string) =>
      new RegExp(`^${pattern.replace(/\{\w+\}/g, '[^/]+')}$`).test(path);
    for (const route of routes) {
      // Methods any route answers on this concrete path (/calls/batch-upload is also GET /calls/{callId}).
      const others = routes.filter((other) => matches(other.path, concrete(route.path))).map((other) => other.method);
      const wrong = (['get', 'post', 'patch', 'delete'] as const).find((method) => !others.includes(method));
      if (!wrong) continue;
      const response = await fetch(`${stack.baseUrl}${concrete(route.path)}`, {
        method: wrong.toUpperCase(),
        headers: { Authorization: `Bearer ${tenant.key}` },
      });
      expect({ route: route.path, status: response.status }).toEqual({ route: route.path, status: 405 });
      expect(response.headers.get('allow')).toContain(route.method.toUpperCase());
    }
  });
});
