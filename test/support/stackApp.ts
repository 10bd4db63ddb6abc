import { createCallProcessingActivities } from '../../activities';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NativeConnection, bundleWorkflowCode, type Worker } from '@temporalio/worker';
import { createRestApp, restRoutes } from '../../api/rest/app';
import type { RestDeps } from '../../api/rest/deps';
import { buildOpenApiDocument } from '../../api/rest/openapi';
import { temporalAddress, type Config } from '../../lib/config';
import { createLogger } from '../../lib/logger';
import { connectDatabase, ensureIndexes, type Database } from '../../lib/mongo';
import { newId } from '../../lib/ids';
import { createOrganizationWithUserAndKey } from '../../lib/tenancy';
import { connectTemporal, type TemporalHandle } from '../../lib/temporalClient';
import { createWorkers } from '../../workers/createWorkers';
import type { Role } from '../../lib/documents';
import { quietLogger } from './temporal';

/** The REST API on an ephemeral port plus, optionally, the real workers, against the run's servers. */
export interface TestStack {
  config: Config;
  database: Database;
  temporal: TemporalHandle;
  baseUrl: string;
  workers: Worker[];
  /** Resolves when the workers have stopped; rejects if one crashed. */
  workersDone: Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A REST API (and optionally workers) on `config`. `sharesDatabase`: another stack owns the
 * database (a second API process), so closing this one leaves it in place.
 */
export async function startTestStack(
  config: Config,
  options: { workers: boolean; sharesDatabase?: boolean },
): Promise<TestStack> {
  const logger = createLogger(config, 'test');
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const temporal = await connectTemporal(config);
  // Listen first: the app builds status URLs from its base URL, known once the port is.
  const server: Server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('request', createRestApp({ config, database, temporal, logger, baseUrl: `${origin}/api/v1` }).callback());

  let workers: Worker[] = [];
  let connection: NativeConnection | undefined;
  let workersDone: Promise<unknown> = Promise.resolve();
  if (options.workers) {
    connection = await NativeConnection.connect({ address: temporalAddress(config) });
    const workflowBundle = await bundleWorkflowCode({
      workflowsPath: require.resolve('../../workflows'),
      logger: quietLogger,
    });
    workers = await createWorkers({
      connection,
      namespace: config.TEMPORAL_NAMESPACE,
      queues: ['call-processing', 'transcription', 'webhooks', 'reprocessing'],
      deps: { db: database.db, collections: database.collections, config, temporal: temporal.client },
      logger,
      workflowBundle,
    });
    workersDone = Promise.all(workers.map((worker) => worker.run()));
  }

  return {
    config,
    database,
    temporal,
    baseUrl: `${origin}/api/v1`,
    workers,
    workersDone,
    async close() {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
      await workersDone;
      await connection?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await temporal.close();
      if (!options.sharesDatabase) await database.db.dropDatabase().catch(() => undefined);
      await database.close();
    },
  };
}

/** An organization with one user of `role` and an API key: what most API tests start from. */
export async function seedTenant(database: Database, role: Role = 'owner', name = 'Test Org') {
  return createOrganizationWithUserAndKey(database.collections, {
    name,
    user: { email: `${role}-${newId('usr')}@example.com`, name: `${role} user`, role },
    keyName: 'test key',
  });
}

export async function api(
  stack: Pick<TestStack, 'baseUrl'>,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** The REST app's dependencies as the test stack has them (to build its routes or document). */
export function restDepsOf(stack: TestStack): RestDeps {
  return {
    config: stack.config,
    database: stack.database,
    temporal: stack.temporal,
    logger: createLogger(stack.config, 'test'),
    baseUrl: stack.baseUrl,
  };
}

/** The OpenAPI document of the app the test stack serves. */
export function openApiDocumentOf(stack: TestStack) {
  return buildOpenApiDocument(restRoutes(restDepsOf(stack)), stack.baseUrl);
}

/** The call-processing activities on the stack's servers, to run a stage directly in a test. */
export function callActivitiesOf(stack: TestStack) {
  return createCallProcessingActivities({
    db: stack.database.db,
    collections: stack.database.collections,
    config: stack.config,
    temporal: stack.temporal.client,
  });
}
