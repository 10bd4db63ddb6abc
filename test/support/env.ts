import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../lib/config';

/**
 * Suites that need a real server or binary run only when it is there. In CI (CI=true) its
 * absence fails the run; elsewhere the suite is skipped and the reason printed, never silently.
 */
export function describeNeeding(what: string, reason: string | null, name: string, body: () => void): void {
  if (reason && process.env.CI === 'true') throw new Error(`CI needs ${what}: ${reason}`);
  if (reason) {
    process.stderr.write(`\n!!! SKIPPED "${name}": needs ${what}: ${reason}\n\n`);
    describe.skip(name, body);
  } else {
    describe(name, body);
  }
}

/** `describe` for suites that need the real Temporal and MongoDB servers. */
export function describeWithStack(name: string, body: () => void): void {
  const reason =
    process.env.CIS_STACK_UNAVAILABLE ??
    (process.env.MONGODB_URI && process.env.TEMPORAL_ADDRESS ? null : 'MONGODB_URI / TEMPORAL_ADDRESS not set');
  describeNeeding('the Temporal and MongoDB servers', reason, name, body);
}

/** `describe` for suites that need the Temporal time-skipping test server binary. */
export function describeWithTestServer(name: string, body: () => void): void {
  const path = process.env.TEMPORAL_TEST_SERVER_PATH;
  const reason = !path
    ? 'TEMPORAL_TEST_SERVER_PATH not set (the tool install failed?)'
    : existsSync(path)
      ? null
      : `${path} is missing`;
  describeNeeding('the Temporal time-skipping server', reason, name, body);
}

/** A configuration for one test file: the run's servers and a database of its own. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    MONGODB_URI: process.env.MONGODB_URI,
    TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS,
    STT_BASE_URL: process.env.STT_BASE_URL,
    SEARCH_URL: process.env.SEARCH_URL,
    ...(process.env.AUDIO_PYTHON ? { AUDIO_PYTHON: process.env.AUDIO_PYTHON } : {}),
    MONGODB_DB: `test_${randomBytes(6).toString('hex')}`,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...overrides,
  });
}

/** The MISMO 3.4 B324 schema folder: MISMO_XSD_DIR, else ../shared/mismo-3.4 beside the clone. */
export function mismoXsdDir(): string | null {
  const candidate = process.env.MISMO_XSD_DIR ?? path.resolve(__dirname, '../../../shared/mismo-3.4');
  return existsSync(path.join(candidate, 'MISMO_3.4.0_B324.xsd')) ? candidate : null;
}

/** `describe` for suites that validate against the MISMO schema with xmllint. */
export function describeWithMismoSchema(name: string, body: () => void): void {
  let reason: string | null = mismoXsdDir() ? null : 'MISMO_XSD_DIR is not set and ../shared/mismo-3.4 is absent';
  if (!reason) {
    try {
      execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    } catch {
      reason = 'xmllint is not installed (apt-get install -y libxml2-utils)';
    }
  }
  describeNeeding('the MISMO 3.4 schema and xmllint', reason, name, body);
}
