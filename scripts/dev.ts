/**
 * `npm run dev`: the whole stack in one terminal, with prefixed logs. Installs the tools if
 * needed, starts the Temporal dev server (Web UI included), SecantusDB and the speech-to-text server unless TEMPORAL_ADDRESS /
 * MONGODB_URI / STT_BASE_URL point elsewhere, then the worker, the REST API and the help API. Seeds a demo
 * organization on first start. Ctrl-C stops everything it started; data stays under DATA_DIR.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  invitationLink,
  loadConfigOrExit,
  mongoUri,
  searchUrl,
  sttBaseUrl,
  temporalAddress,
  type Config,
} from '../lib/config';
import { hashApiKey } from '../lib/crypto';
import { connectDatabase, ensureIndexes } from '../lib/mongo';
import { issueInvitation } from '../lib/consoleSessions';
import { createOrganizationWithUserAndKey } from '../lib/tenancy';
import { watchConsole } from './buildConsole';
import {
  assertPortFree,
  spawnManaged,
  startSecantus,
  startSearchServer,
  startSttServer,
  startTemporalDevServer,
  type ManagedProcess,
} from './stack';
import { ensureDevAskServiceKey, ensureDevEncryptionKey } from './devSecrets';
import { assertDataDirFits } from './migrateData';
import {
  embeddedSttModel,
  ensureTools,
  REPO_ROOT,
  SEARCH_SERVER_SCRIPT,
  STT_SERVER_SCRIPT,
  toolPath,
  toolsNeeded,
} from './tools';

const COLORS: Record<string, string> = {
  temporal: '\x1b[35m',
  mongo: '\x1b[32m',
  worker: '\x1b[36m',
  rest: '\x1b[33m',
  help: '\x1b[34m',
  stt: '\x1b[31m',
  search: '\x1b[90m',
  dev: '\x1b[1m',
};
const useColor = process.stdout.isTTY;

function prefixed(name: string) {
  const label = `[${name}]`.padEnd(11);
  const tag = useColor ? `${COLORS[name] ?? ''}${label}\x1b[0m` : label;
  return (line: string) => process.stdout.write(`${tag}${formatLogLine(line)}\n`);
}

/** Our processes log JSON (pino); show it as one readable line, keeping its fields. */
function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const { level, msg, time: _time, pid: _pid, hostname: _host, name: _name, ...fields } = JSON.parse(line);
    const levelName =
      ({ 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' } as Record<number, string>)[
        level
      ] ?? String(level);
    const rest = Object.entries(fields)
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    return `${levelName.padEnd(5)} ${msg ?? ''} ${rest}`.trimEnd();
  } catch {
    return line;
  }
}

const log = prefixed('dev');

interface DemoCredentials {
  organization_id: string;
  user_email: string;
  api_key: string;
}

/** Seeds one demo organization, owner and API key the first time; later starts reuse them. */
async function seedDemo(config: Config): Promise<DemoCredentials> {
  const file = path.resolve(REPO_ROOT, config.DATA_DIR, 'demo-credentials.json');
  const database = await connectDatabase(config);
  try {
    await ensureIndexes(database.db);
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
      const key = await database.collections.apiKeys.findOne({ key_hash: hashApiKey(saved.api_key), revoked_at: null });
      if (key) return saved;
    }
    const {
      organization,
      user: owner,
      key,
    } = await createOrganizationWithUserAndKey(database.collections, {
      name: 'Demo Organization',
      user: { email: 'owner@demo.example', name: 'Demo Owner', role: 'owner' },
      keyName: 'Demo key (npm run dev)',
    });
    const credentials = { organization_id: organization._id, user_email: owner.email, api_key: key };
    // The key is shown once by design; keeping the demo key in the ignored data folder lets a
    // restart print it again. Real keys are never written anywhere.
    writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    return credentials;
  } finally {
    await database.close();
  }
}

/** An invitation for the demo owner while they have no console password yet (else null). */
async function demoConsoleInvitation(config: Config, demo: DemoCredentials): Promise<string | null> {
  const database = await connectDatabase(config);
  try {
    const owner = await database.collections.users.findOne({ org_id: demo.organization_id, email: demo.user_email });
    if (!owner || owner.password_hash) return null;
    return invitationLink(config, (await issueInvitation(database.collections, owner.org_id, owner._id)).token);
  } finally {
    await database.close();
  }
}

async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs / 1000} s`);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const started: ManagedProcess[] = [];
  let stopping = false;
  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    for (const processHandle of [...started].reverse()) await processHandle.stop();
    log('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  try {
    const tools = toolsNeeded(process.env, 'dev');
    if (tools.length) log(`checking tools: ${tools.join(', ')}`);
    ensureTools(tools, prefixed('tools'));
    const dataDir = path.resolve(REPO_ROOT, config.DATA_DIR);
    const fixedPorts: [number, string][] = [
      [config.REST_PORT, 'REST_PORT'],
      [config.HELP_PORT, 'HELP_PORT'],
      ...(config.MONGODB_URI ? [] : ([[config.MONGODB_PORT, 'MONGODB_PORT']] as [number, string][])),
      ...(config.TEMPORAL_ADDRESS
        ? []
        : ([
            [config.TEMPORAL_PORT, 'TEMPORAL_PORT'],
            [config.TEMPORAL_UI_PORT, 'TEMPORAL_UI_PORT'],
          ] as [number, string][])),
      ...(config.STT_BASE_URL ? [] : ([[config.STT_PORT, 'STT_PORT']] as [number, string][])),
      ...(config.SEARCH_URL ? [] : ([[config.SEARCH_PORT, 'SEARCH_PORT']] as [number, string][])),
    ];
    for (const [port, name] of fixedPorts) await assertPortFree(port, name);

    if (!config.MONGODB_URI) {
      assertDataDirFits(dataDir);
      log(`starting SecantusDB on 127.0.0.1:${config.MONGODB_PORT}`);
      started.push(
        await startSecantus({
          binary: toolPath('secantus'),
          port: config.MONGODB_PORT,
          dataDir: path.join(dataDir, 'secantus'),
          sink: prefixed('mongo'),
        }),
      );
    }
    if (!config.TEMPORAL_ADDRESS) {
      log(`starting the Temporal dev server on 127.0.0.1:${config.TEMPORAL_PORT}`);
      started.push(
        await startTemporalDevServer({
          binary: toolPath('temporal'),
          port: config.TEMPORAL_PORT,
          uiPort: config.TEMPORAL_UI_PORT,
          dbFile: path.join(dataDir, 'temporal.db'),
          sink: prefixed('temporal'),
        }),
      );
    }

    if (!config.STT_BASE_URL) {
      log(`starting the speech-to-text server (Whisper ${config.STT_EMBEDDED_MODEL}) on 127.0.0.1:${config.STT_PORT}`);
      started.push(
        await startSttServer({
          python: toolPath('stt'),
          script: STT_SERVER_SCRIPT,
          model: embeddedSttModel(config.STT_EMBEDDED_MODEL),
          port: config.STT_PORT,
          sink: prefixed('stt'),
        }),
      );
    }

    if (!config.SEARCH_URL) {
      log(`starting the search engine (tantivy) on 127.0.0.1:${config.SEARCH_PORT}`);
      started.push(
        await startSearchServer({
          python: toolPath('search'),
          script: SEARCH_SERVER_SCRIPT,
          port: config.SEARCH_PORT,
          dataDir: path.join(dataDir, 'search'),
          sink: prefixed('search'),
        }),
      );
    }

    const childEnv = {
      ...process.env,
      MONGODB_URI: mongoUri(config),
      TEMPORAL_ADDRESS: temporalAddress(config),
      SECRETS_ENCRYPTION_KEY: ensureDevEncryptionKey(config),
      STT_BASE_URL: sttBaseUrl(config),
      SEARCH_URL: searchUrl(config),
      // The console links each call's workflow in the embedded Temporal UI.
      ...(config.TEMPORAL_ADDRESS || config.TEMPORAL_UI_URL
        ? {}
        : { TEMPORAL_UI_URL: `http://127.0.0.1:${config.TEMPORAL_UI_PORT}` }),
      AUDIO_PYTHON: process.env.AUDIO_PYTHON ?? toolPath('stt'),
      ASK_SERVICE_KEY: ensureDevAskServiceKey(config),
      // The docs widget is served by the help app: its own origin may ask.
      ASK_ALLOWED_ORIGINS: [...config.ASK_ALLOWED_ORIGINS, `http://${config.HOST}:${config.HELP_PORT}`].join(','),
    };
    const demo = await seedDemo(config);
    const demoInvitation = await demoConsoleInvitation(config, demo);
    // The console rebuilds on every change to console/ (reload the page to see it).
    await watchConsole(() => log('console built'));

    for (const [name, entry] of [
      ['worker', 'workers/main.ts'],
      ['rest', 'api/rest/server.ts'],
      ['help', 'api/help/server.ts'],
    ] as const) {
      const child = spawnManaged(name, process.execPath, ['--require', 'tsx/cjs', path.join(REPO_ROOT, entry)], {
        env: childEnv,
        cwd: REPO_ROOT,
        sink: prefixed(name),
      });
      child.child.once('exit', (code) => {
        if (!stopping) {
          log(`${name} exited with code ${code}; stopping the stack`);
          void stopAll(1);
        }
      });
      started.push(child);
    }

    const restUrl = `http://${config.HOST}:${config.REST_PORT}`;
    const helpUrl = `http://${config.HOST}:${config.HELP_PORT}`;
    await Promise.all([waitForReady(`${restUrl}/readyz`, 120_000), waitForReady(`${helpUrl}/readyz`, 120_000)]);

    const uiUrl = config.TEMPORAL_ADDRESS
      ? '(external Temporal: see its own UI)'
      : `http://127.0.0.1:${config.TEMPORAL_UI_PORT}`;
    const banner = [
      '',
      'The call-intelligence stack is running.',
      `  REST API      ${restUrl}/api/v1   (health: ${restUrl}/readyz)`,
      `  Console       ${restUrl}/app/`,
      `  Help API      ${helpUrl}          (health: ${helpUrl}/readyz; docs widget: ${helpUrl}/widget)`,
      `  Temporal UI   ${uiUrl}`,
      `  Temporal      ${temporalAddress(config)}   MongoDB ${mongoUri(config)}`,
      `  Speech-to-text ${sttBaseUrl(config)}/v1/audio/transcriptions`,
      `  Search engine ${searchUrl(config)}`,
      '',
      `  Demo organization ${demo.organization_id} (owner ${demo.user_email})`,
      `  Demo API key      ${demo.api_key}`,
      demoInvitation
        ? `  Console password  set it once at ${demoInvitation}`
        : `  Console sign-in   ${demo.user_email} with the password you set`,
      `  Ask service key   ${childEnv.ASK_SERVICE_KEY}   (POST ${helpUrl}/api/ask with Authorization: Bearer …)`,
      '',
      `  Try: curl -H "Authorization: Bearer ${demo.api_key}" ${restUrl}/api/v1/batches/unknown`,
      '  Ctrl-C stops everything; data stays in ' + path.relative(REPO_ROOT, dataDir) + '/.',
      '',
    ];
    for (const line of banner) log(line);
  } catch (error) {
    log(`failed: ${(error as Error).message}`);
    await stopAll(1);
  }
}

void main();
