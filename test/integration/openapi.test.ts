import type { Router } from '@koa/router';
import { createRestApp } from '../../api/rest/app';
import { koaPath } from '../../api/rest/routing';
import { describeWithStack, testConfig } from '../support/env';
import { restDepsOf, startTestStack, type TestStack } from '../support/stackApp';

/** Every (method, path) the Koa app actually serves under /api/v1, read from its routers. */
function mountedOperations(stack: TestStack): string[] {
  const app = createRestApp(restDepsOf(stack));
  const operations = new Set<string>();
  for (const middleware of app.middleware) {
    const router = (middleware as unknown as { router?: Router }).router;
    for (const layer of router?.stack ?? []) {
      if (typeof layer.path !== 'string' || !layer.path.startsWith('/api/v1')) continue;
      for (const method of layer.methods) if (method !== 'HEAD') operations.add(`${method} ${layer.path}`);
    }
  }
  return [...operations].sort();
}

describeWithStack('the OpenAPI document', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(() => stack?.close());

  test('is served without a key at /api/v1/openapi.json as OpenAPI 3.1', async () => {
    const response = await fetch(`${stack.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as any;
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: stack.baseUrl }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  test('lists exactly the routes the app serves: none missing, none extra', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as any;
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} /api/v1${koaPath(path)}`),
      )
      .sort();
    const mounted = mountedOperations(stack);
    expect(mounted.length).toBeGreaterThan(5);
    expect(documented).toEqual(mounted);
  });

  test('documents request schemas from the same zod schemas that validate (batch items, limits)', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as any;
    const batch = document.paths['/calls/upload/batch'].post;
    const schema = batch.requestBody.content['application/json'].schema;
    expect(schema.properties.calls).toMatchObject({ minItems: 1, maxItems: 100 });
    expect(schema.properties.calls.items.required).toEqual(['audio_url', 'recorded_at', 'agent_name', 'agent_email']);
    expect(schema.properties.calls.items.properties.tags).toMatchObject({ maxItems: 10 });
    expect(Object.keys(batch.responses).sort()).toEqual([
      '202',
      '400',
      '401',
      '403',
      '409',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(batch.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['Idempotency-Key']);
    const list = document.paths['/calls'].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
      'from',
      'to',
      'agent_email',
      'contact_id',
      'status',
      'direction',
      'external_id',
      'tag',
      'batch_id',
      'limit',
      'cursor',
    ]);
  });

  test('documents the multipart upload with its file and fields', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as any;
    const schema = document.paths['/calls/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(['file', 'agent_name', 'agent_email', 'recorded_at']);
  });

  test('a readable reference page is rendered at /docs', async () => {
    const response = await fetch(stack.baseUrl.replace('/api/v1', '/docs'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('<code>/calls/upload/batch</code>');
    expect(html).toContain('permission <code>keys:manage</code>');
  });
});
