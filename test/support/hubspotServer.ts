import type http from 'node:http';
import { startLocalServer, type LocalServer } from './httpServer';

/**
 * A local server implementing the HubSpot v3 endpoints the CRM adapter uses (contacts search and
 * create, tasks, calls with associations), checking the bearer token and recording every request.
 * `failNext` scripts answers (e.g. 429 with Retry-After) before the normal ones.
 */
export interface FakeHubSpot {
  server: LocalServer;
  url: string;
  token: string;
  contacts: { id: string; properties: Record<string, string> }[];
  tasks: { id: string; properties: Record<string, string>; associations: unknown }[];
  calls: { id: string; properties: Record<string, string>; associations: unknown }[];
  requests: { method: string; path: string; body: any }[];
  failNext: { status: number; headers?: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startFakeHubSpot(token = 'pat-test-token'): Promise<FakeHubSpot> {
  let nextId = 100;
  const fake = { token, contacts: [], tasks: [], calls: [], requests: [], failNext: [] } as unknown as FakeHubSpot;
  const reply = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  fake.server = await startLocalServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null;
      const path = (req.url ?? '').split('?')[0]!;
      fake.requests.push({ method: req.method ?? '', path, body });
      if (req.headers.authorization !== `Bearer ${fake.token}`) {
        return reply(res, 401, {
          status: 'error',
          category: 'INVALID_AUTHENTICATION',
          message: 'Authentication credentials not found.',
        });
      }
      const scripted = fake.failNext.shift();
      if (scripted) return reply(res, scripted.status, { status: 'error', message: 'scripted' }, scripted.headers);
      if (req.method === 'GET' && path === '/crm/v3/objects/contacts')
        return reply(res, 200, { results: fake.contacts.slice(0, 1) });
      if (req.method === 'POST' && path === '/crm/v3/objects/contacts/search') {
        const filter = body.filterGroups[0].filters[0];
        const found = fake.contacts.filter((contact) => contact.properties[filter.propertyName] === filter.value);
        return reply(res, 200, { total: found.length, results: found });
      }
      if (
        req.method === 'POST' &&
        ['/crm/v3/objects/contacts', '/crm/v3/objects/tasks', '/crm/v3/objects/calls'].includes(path)
      ) {
        const record = { id: String(nextId++), properties: body.properties, associations: body.associations };
        (path.endsWith('contacts') ? fake.contacts : path.endsWith('tasks') ? fake.tasks : fake.calls).push(
          record as never,
        );
        return reply(res, 201, { id: record.id, properties: record.properties, createdAt: new Date().toISOString() });
      }
      return reply(res, 404, { status: 'error', message: `no route ${req.method} ${path}` });
    });
  });
  fake.url = fake.server.url;
  fake.close = () => fake.server.close();
  return fake;
}
