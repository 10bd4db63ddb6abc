import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { toolPath } from '../../scripts/tools';
import { createOrganizationWithUserAndKey } from '../../lib/tenancy';
import { describeNeeding, testConfig } from '../support/env';
import { startTestStack, type TestStack } from '../support/stackApp';

/**
 * schemathesis (PyPI) against /api/v1/openapi.json with a valid key: no 5xx, every status and
 * content type as documented, responses matching their schemas, invalid input rejected. Bounded
 * (SCHEMATHESIS_MAX_EXAMPLES per operation, default 8) so it fits in CI.
 */
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
];

const missing =
  process.env.CIS_STACK_UNAVAILABLE ??
  (process.env.MONGODB_URI && process.env.TEMPORAL_ADDRESS ? null : 'MONGODB_URI / TEMPORAL_ADDRESS not set') ??
  (existsSync(toolPath('schemathesis')) ? null : `${toolPath('schemathesis')} is missing (npm run tools -- all)`);

function runToEnd(command: string, args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // In a scratch folder: schemathesis keeps a cache where it runs.
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'cis-schemathesis-'));
    const child = spawn(command, args, { cwd, env: { ...process.env, SCHEMATHESIS_TELEMETRY: 'false' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      rmSync(cwd, { recursive: true, force: true });
      resolve({ status, output });
    });
  });
}

describeNeeding('the servers and schemathesis', missing, 'API fuzzing with schemathesis', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => stack?.close());

  test('no operation answers 5xx or anything its OpenAPI document does not say', async () => {
    const { key } = await createOrganizationWithUserAndKey(stack.database.collections, {
      name: 'Fuzz',
      plan: 'enterprise',
      rateLimitPerHour: 1_000_000,
      user: { email: 'fuzz@example.com', name: 'Fuzz', role: 'owner' },
      keyName: 'fuzz',
    });
    // Asynchronously: the API under test runs in this process and must keep answering.
    const result = await runToEnd(toolPath('schemathesis'), [
      'run',
      `${stack.baseUrl}/openapi.json`,
      '--url',
      stack.baseUrl,
      '--header',
      `Authorization: Bearer ${key}`,
      '--checks',
      CHECKS.join(','),
      '--max-examples',
      process.env.SCHEMATHESIS_MAX_EXAMPLES ?? '8',
      '--phases',
      'examples,coverage,fuzzing',
      '--request-timeout',
      '20',
      '--seed',
      '42',
      '--no-color',
      '--suppress-health-check',
      'all',
    ]);
    if (result.status !== 0) process.stderr.write(result.output.slice(-200_000));
    expect(result.output).toMatch(/passed/i);
    expect(result.status).toBe(0);
  }, 660_000);
});
