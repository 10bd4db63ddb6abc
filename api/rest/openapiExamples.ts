/*
 * Examples for the OpenAPI document, made from the same JSON Schemas it publishes: one per request
 * body, success response and parameter, so the reference shows a filled-in request for every
 * operation and "try it" starts from something the API accepts. Names pick realistic values
 * (`call_id` → `call_q4n8x2`, `agent_email` → an address); the test in
 * test/integration/openapi.test.ts parses every body example with the route's own zod schema.
 */

type JsonSchema = Record<string, unknown>;

const SAMPLE_ID = 'q4n8x2';
const SAMPLE_TIME = '2026-03-10T15:04:00-05:00';

/** Strings by field name, before the generic fallbacks. */
const NAMED_STRINGS: [RegExp, string][] = [
  [/^q$/, 'cancel "rate is too high"'],
  [/_at$|^from$|^to$/, '2026-03-10T20:04:00.000Z'],
  [/email/, 'sarah.miller@acme-lending.example'],
  [/phone/, '+15125550142'],
  [/(^|_)url$|_url$|^url$/, 'https://recordings.example.com/call-1.wav'],
  [/sha256/, 'a3f1c2e4b5d6a7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70'],
  [/agent_name|^name$|contact_name|borrower/, 'Sarah Miller'],
  [/tag/, 'q3-review'],
  [/reason/, 'customer asked'],
  [/description/, 'How many vehicles are in the fleet'],
  [/key$/, 'fleet_details'],
  [/cursor/, 'eyJvIjoxMCwiZiI6ImFiYyJ9'],
  [/version/, 'built-in'],
];

export function exampleFromSchema(schema: JsonSchema, root: JsonSchema = schema, name = '', depth = 0): unknown {
  // JSON Schema allows `true`/`false` as schemas (anything / nothing).
  if (depth > 12 || typeof schema !== 'object' || schema === null) return null;
  if (typeof schema.$ref === 'string') return exampleFromSchema(resolveRef(root, schema.$ref), root, name, depth + 1);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  // A default stands as the example, except an empty object whose properties say more.
  if ('default' in schema && schema.default !== undefined && !(schema.properties && isEmptyObject(schema.default)))
    return schema.default;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options?.length) {
    const chosen = options.find((option) => option.type !== 'null') ?? options[0]!;
    return exampleFromSchema(chosen, root, name, depth + 1);
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return exampleFromSchema(schema.allOf[0] as JsonSchema, root, name, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') as string) : schema.type;
  switch (type) {
    case 'object':
      return objectExample(schema, root, depth);
    case 'array': {
      if (Array.isArray(schema.prefixItems))
        return (schema.prefixItems as JsonSchema[]).map((item, index) =>
          exampleFromSchema(item, root, `${name}.${index}`, depth + 1),
        );
      const item = exampleFromSchema((schema.items as JsonSchema) ?? {}, root, singular(name), depth + 1);
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => item);
    }
    case 'integer':
    case 'number':
      return numberExample(schema, name, type === 'integer');
    case 'boolean':
      return true;
    case 'string':
      return stringExample(schema, name);
    case 'null':
      return null;
    default:
      return schema.properties ? objectExample(schema, root, depth) : null;
  }
}

function objectExample(schema: JsonSchema, root: JsonSchema, depth: number): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const example: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    example[key] = exampleFromSchema(property, root, key, depth + 1);
  }
  if (Object.keys(properties).length === 0 && schema.additionalProperties && schema.additionalProperties !== true) {
    example.lead_source = exampleFromSchema(schema.additionalProperties as JsonSchema, root, 'lead_source', depth + 1);
  }
  return example;
}

function numberExample(schema: JsonSchema, name: string, integer: boolean): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const exclusiveMinimum = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = /limit/.test(name)
    ? 25
    : /duration|seconds/.test(name)
      ? 312
      : /amount|price|value/.test(name)
        ? 312000
        : 1;
  if (minimum !== undefined && value < minimum) value = minimum;
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) value = exclusiveMinimum + 1;
  if (maximum !== undefined && value > maximum) value = maximum;
  return integer ? Math.round(value) : value;
}

function stringExample(schema: JsonSchema, name: string): string {
  const format = schema.format as string | undefined;
  if (format === 'date-time') return SAMPLE_TIME;
  if (format === 'date') return SAMPLE_TIME.slice(0, 10);
  if (format === 'email') return 'sarah.miller@acme-lending.example';
  if (format === 'uri' || format === 'url') return 'https://recordings.example.com/call-1.wav';
  if (format === 'binary') return '';
  const named = NAMED_STRINGS.find(([pattern]) => pattern.test(name))?.[1];
  let value = named ?? (/(^|_)id$|Id$/.test(name) ? `${idPrefix(name)}_${SAMPLE_ID}` : `example ${name || 'text'}`);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    if (!pattern.test(value)) value = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? value;
  }
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Number(schema.maxLength ?? Infinity);
  if (value.length < minLength) value = value.padEnd(minLength, 'x');
  if (value.length > maxLength) value = value.slice(0, maxLength);
  return value;
}

/** Values tried in turn when a field's pattern refuses the named one (keys, phone numbers, ids, dates). */
const PATTERN_CANDIDATES = ['fleet_size', 'q3_review', '+15125550142', SAMPLE_ID, 'Q4N8X2', '2026-03-10', 'en', '1'];

function idPrefix(name: string): string {
  const base = name.replace(/Id$/, '').replace(/_id$/, '').replace(/^id$/, 'rec');
  return (
    (
      {
        organization: 'org',
        reprocess: 'rep',
        erasure: 'era',
        endpoint: 'whe',
        delivery: 'dlv',
        connection: 'con',
        template: 'tpl',
        scorecard_template: 'tpl',
      } as Record<string, string>
    )[base] ?? base.replace(/_/g, '')
  );
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, '');
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#/')) return {};
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as JsonSchema) ?? {};
}
