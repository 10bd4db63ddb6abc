import type { Router } from '@koa/router';
import { createRestApp, restRoutes } from '../../api/rest/app';
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

  test('every operation has examples: each body example is accepted by the route, each answer example fits', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as any;
    const routes = restRoutes(restDepsOf(stack));
    for (const route of routes) {
      const operation = document.paths[route.path][route.method];
      for (const parameter of operation.parameters.filter((p: { required: boolean }) => p.required))
        expect({ operation: route.operationId, parameter: parameter.name, example: parameter.example }).toEqual(
          expect.objectContaining({ example: expect.anything() }),
        );
      if (route.body) {
        const example = operation.requestBody.content['application/json'].example;
        const parsed = route.body.safeParse(example);
        expect({ operation: route.operationId, issues: parsed.error?.issues ?? [] }).toEqual({
          operation: route.operationId,
          issues: [],
        });
      }
      if (route.success.schema) {
        const example =
          operation.responses[route.success.status].content[route.success.contentType ?? 'application/json'].example;
        const parsed = route.success.schema.safeParse(example);
        expect({ operation: route.operationId, issues: parsed.error?.issues ?? [] }).toEqual({
          operation: route.operationId,
          issues: [],
        });
      }
    }
    // Realistic, not placeholders.
    const batch = document.paths['/calls/upload/batch'].post.requestBody.content['application/json'].example;
    expect(batch.calls[0]).toMatchObject({
      agent_email: 'sarah.miller@acme-lending.example',
      recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  test('every schema is a valid OpenAPI 3.1 Schema Object (no draft-4 tuple `items: [...]`)', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/openapi.json`)).json()) as unknown;
    const misplaced: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'items' && Array.isArray(value)) misplaced.push(where);
        walk(value, `${where}/${key}`);
      }
    };
    walk(document, '');
    expect(misplaced).toEqual([]);
  });

  test('/docs is the bundled Swagger UI reading this document, served locally under a strict CSP', async () => {
    const origin = stack.baseUrl.replace('/api/v1', '');
    const page = await fetch(`${origin}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//); // no CDN: every asset from this origin
    for (const asset of ['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css', '/docs/init.js']) {
      expect(html).toContain(asset);
      const response = await fetch(`${origin}${asset}`);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect(await (await fetch(`${origin}/docs/init.js`)).text()).toContain("url: '/api/v1/openapi.json'");
    expect((await fetch(`${origin}/docs/assets/..%2Fpackage.json`)).status).toBe(404);
  });
});
