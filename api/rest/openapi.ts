import { z } from 'zod';
import { ErrorBodySchema } from './schemas/responses';
import { COMMON_ERROR_STATUSES, type RouteDefinition } from './routing';

/** OpenAPI 3.1 generated from the route declarations: the schemas that validate are the ones documented. */
const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: every problem is listed in error.details',
  401: 'Missing, malformed, unknown or revoked API key, or an ended console session',
  403: "The caller's role lacks the permission, or a console session's CSRF check failed",
  404: "Not found (also for another organization's resources)",
  405: 'Method not allowed',
  409: 'A request with the same Idempotency-Key is still running',
  422: 'The Idempotency-Key was already used with a different request',
  413: 'Body too large',
  415: 'Body is not application/json',
  416: 'The requested byte range is past the end of the file (see Content-Range)',
  429: 'Rate limit exceeded; see Retry-After',
  500: 'Internal error (details are in the server log under request_id)',
  503: 'A dependency is unavailable; nothing was stored',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema || !(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !field.safeParse(undefined).success,
    ...(field.description ? { description: field.description } : {}),
    schema: jsonSchema(field, 'input'),
  }));
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes the POST safe to retry: the first successful response is replayed for 24 hours (header Idempotent-Replayed: true).',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed per hour', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in this window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the window resets', schema: { type: 'integer' } },
};

function multipartRequestBody(multipart: NonNullable<RouteDefinition['multipart']>) {
  const fields = jsonSchema(multipart.fields, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: {
            [multipart.fileField]: { type: 'string', format: 'binary', description: multipart.fileDescription },
            ...fields.properties,
          },
          required: [multipart.fileField, ...(fields.required ?? [])],
        },
      },
    },
  };
}

export function buildOpenApiDocument(routes: readonly RouteDefinition[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const idempotent = route.method === 'post' && !route.public;
    const errorStatuses = [
      ...new Set([
        ...route.errors,
        ...COMMON_ERROR_STATUSES,
        ...(idempotent ? [409, 422] : []),
        // Path, query and body are validated: a bad one is a 400 naming the parameter.
        ...(route.params || route.query || route.body || route.multipart ? [400] : []),
      ]),
    ].sort();
    const responses: Record<string, unknown> = {
      [route.success.status]: {
        description: route.success.description,
        ...(route.public ? {} : { headers: RATE_LIMIT_HEADERS }),
        content: {
          [route.success.contentType ?? 'application/json']: {
            schema: route.success.schema
              ? jsonSchema(route.success.schema, 'output')
              : { type: 'string', format: 'binary' },
          },
        },
      },
    };
    for (const status of errorStatuses) {
      responses[status] = {
        description: STATUS_DESCRIPTIONS[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
    }
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      ...(route.permission ? { 'x-permission': route.permission } : {}),
      ...(route.public ? { security: [] } : {}),
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...(idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : []),
      ],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      ...(route.multipart ? { requestBody: multipartRequestBody(route.multipart) } : {}),
      responses,
    };
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      tags: ['Meta'],
      security: [],
      responses: {
        200: { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Call Intelligence REST API',
      version: '1.0.0',
      description:
        'Calls, batches, contacts, analytics and API keys. Every request needs `Authorization: Bearer <API_KEY>`; errors share one body (ErrorBody).',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key, cis_live_…' } },
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A dependency-free reference page rendered from the document (served at /docs). */
export function renderReferencePage(document: OpenApiDocument): string {
  const sections = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, raw]) => {
      const operation = raw as {
        summary: string;
        description?: string;
        'x-permission'?: string;
        parameters?: { name: string; in: string; required: boolean; description?: string; schema: unknown }[];
        requestBody?: { content: Record<string, { schema: unknown }> };
        responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
      };
      const params = (operation.parameters ?? [])
        .map(
          (parameter) =>
            `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${escapeHtml(parameter.description ?? '')}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
        )
        .join('');
      const body = operation.requestBody
        ? Object.entries(operation.requestBody.content)
            .map(
              ([type, media]) =>
                `<h4>Body (${escapeHtml(type)})</h4><pre>${escapeHtml(JSON.stringify(media.schema, null, 2))}</pre>`,
            )
            .join('')
        : '';
      const responses = Object.entries(operation.responses)
        .map(([status, response]) => `<li><b>${status}</b> ${escapeHtml(response.description)}</li>`)
        .join('');
      const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-');
      return `<section id="${id}"><h3><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)}${operation['x-permission'] ? ` — permission <code>${operation['x-permission']}</code>` : ''}</p>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>description</th><th>schema</th></tr>${params}</table>` : ''}
${body}<h4>Responses</h4><ul>${responses}</ul></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;line-height:1.45}
section{border-top:1px solid #ddd;padding:.5rem 0}.method{background:#234;color:#fff;padding:.1rem .4rem;border-radius:3px;font-size:.85em}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;font-size:.8em}table{border-collapse:collapse;font-size:.9em}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}</style></head>
<body><h1>${escapeHtml(document.info.title)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Base URL <code>${escapeHtml(document.servers[0]!.url)}</code> · machine-readable: <a href="/api/v1/openapi.json">openapi.json</a></p>
${sections.join('\n')}</body></html>`;
}
