import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRestApp } from '../api/rest/app';
import { loadConfig, type Config } from '../lib/config';
import { newId } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { connectDatabase, ensureIndexes, type Database } from '../lib/mongo';
import { connectTemporal, type TemporalHandle } from '../lib/temporalClient';
import { createOrganizationWithUserAndKey } from '../lib/tenancy';

export interface BenchApi {
  config: Config;
  database: Database;
  temporal: TemporalHandle;
  baseUrl: string;
  orgId: string;
  key: string;
  /** POSTs JSON with the bench key; throws unless the status is `expected`. */
  post(path: string, body: unknown, expected: number): Promise<any>;
  close(): Promise<void>;
}

/** One organization, owner and API key for a benchmark, with a rate limit it will not reach. */
export function createBenchOrganization(database: Database, rateLimitPerHour: number) {
  return createOrganizationWithUserAndKey(database.collections, {
    name: 'Bench',
    plan: 'enterprise',
    rateLimitPerHour,
    user: { email: 'bench@example.com', name: 'Bench', role: 'owner' },
    keyName: 'bench',
  });
}

/** The REST API in this process on a database of its own, with one unthrottled organization and key. */
export async function startBenchApi(env: NodeJS.ProcessEnv): Promise<BenchApi> {
  const config = loadConfig({ ...env, MONGODB_DB: `bench_${newId('req').slice(4, 14)}`, LOG_LEVEL: 'silent' });
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const temporal = await connectTemporal(config);
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  server.on(
    'request',
    createRestApp({ config, database, temporal, logger: createLogger(config, 'bench'), baseUrl }).callback(),
  );
  const { organization, key } = await createBenchOrganization(database, 1_000_000);
  return {
    config,
    database,
    temporal,
    baseUrl,
    orgId: organization._id,
    key,
    async post(path, body, expected) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== expected) throw new Error(`POST ${path}: HTTP ${response.status} ${text}`);
      return JSON.parse(text);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await temporal.close();
      await database.db.dropDatabase().catch(() => undefined);
      await database.close();
    },
  };
}

/** One recording of a benchmark batch (the URL is never fetched by the benchmarks). */
export const benchBatchItem = (run: string, batch: number, index: number) => ({
  audio_url: `https://recordings.example.com/${batch}/${index}.wav`,
  recorded_at: '2026-03-10T15:04:00-05:00',
  agent_name: 'Sarah Miller',
  agent_email: 'sarah@acme.example',
  contact_phone: '+14155550123',
  external_id: `${run}-${batch}-${index}`,
  tags: ['bench'],
});
