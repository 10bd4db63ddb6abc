import { z } from 'zod';
import { ErrorBodySchema } from './schemas/responses';
import { exampleFromSchema } from './openapiExamples';
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
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const fieldSchema = jsonSchema(field, 'input');
    const required = location === 'path' || !field.safeParse(undefined).success;
    return {
      name,
      in: location,
      required,
      ...(field.description ? { description: field.description } : {}),
      schema: fieldSchema,
      // Only where a value must be given: "try it" sends every example, and optional filters
      // filled in for the reader would narrow (or, for a cursor, refuse) the request.
      ...(required ? { example: exampleFromSchema(fieldSchema, fieldSchema, name) } : {}),
    };
  });
}

/**
 * A request body example the route's own schema accepts: every property filled in, then the ones
 * the schema refuses together (e.g. `phone` and `email` of one erasure) dropped until it parses.
 */
export function bodyExample(body: z.ZodType, schema: Record<string, unknown>): unknown {
  const example = exampleFromSchema(schema) as Record<string, unknown>;
  for (let attempt = 0; attempt < 20; attempt++) {
    const parsed = body.safeParse(example);
    if (parsed.success) return example;
    const issue = parsed.error.issues.find((candidate) => candidate.path.length > 0);
    if (issue && removeAt(example, issue.path as (string | number)[])) continue;
    // A rule over the whole object ("exactly one of …"): the first property whose absence satisfies it goes.
    const fewer = Object.keys(example)
      .map((key) => Object.fromEntries(Object.entries(example).filter(([other]) => other !== key)))
      .find((candidate) => body.safeParse(candidate).success);
    return fewer ?? example;
  }
  return example;
}

function removeAt(target: Record<string, unknown>, path: (string | number)[]): boolean {
  let node: unknown = target;
  for (const part of path.slice(0, -1)) node = (node as Record<string | number, unknown> | undefined)?.[part];
  const last = path.at(-1)!;
  if (!node || typeof node !== 'object' || !(last in node)) return false;
  delete (node as Record<string | number, unknown>)[last];
  return true;
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

function bodyContent(body: z.ZodType) {
  const schema = jsonSchema(body, 'input');
  return { schema, example: bodyExample(body, schema) };
}

function successContent(response: z.ZodType) {
  const schema = jsonSchema(response, 'output');
  return { schema, example: exampleFromSchema(schema) };
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
          [route.success.contentType ?? 'application/json']: route.success.schema
            ? successContent(route.success.schema)
            : { schema: { type: 'string', format: 'binary' } },
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
              content: { 'application/json': bodyContent(route.body) },
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
