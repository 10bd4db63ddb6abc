import { z } from 'zod';

/**
 * Every environment variable the product reads, in one schema. Defaults describe the embedded
 * stack that `npm run dev` starts on one machine; production sets the addresses explicitly.
 * README.md has the same table for operators; test/unit/config.test.ts keeps the two in step.
 */
const port = z.coerce.number().int().min(1).max(65535);
const positiveInt = z.coerce.number().int().positive();
const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item.length > 0),
  );

export const TASK_QUEUE_NAMES = ['call-processing', 'transcription', 'webhooks', 'reprocessing'] as const;
export type TaskQueueName = (typeof TASK_QUEUE_NAMES)[number];

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  // Servers. When unset, `npm run dev` and the tests start the embedded ones on these ports.
  MONGODB_URI: z.string().url().optional(),
  MONGODB_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'letters, digits, "_" or "-", at most 63')
    .default('call_intelligence'),
  MONGODB_PORT: port.default(27017),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^\s:]+:\d+$/, 'host:port')
    .optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  /** The Temporal Web UI ops use (e.g. https://temporal.example.com); the console links each call's workflow there. */
  TEMPORAL_UI_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('.data'),

  // The two HTTP apps.
  HOST: z.string().min(1).default('127.0.0.1'),
  REST_PORT: port.default(3000),
  HELP_PORT: port.default(3001),
  PUBLIC_BASE_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  JSON_BODY_LIMIT_BYTES: positiveInt.default(1_048_576),

  // Workers: which task queues this process serves, so each can be scaled on its own.
  WORKER_TASK_QUEUES: csv
    .pipe(z.array(z.enum(TASK_QUEUE_NAMES)))
    .transform((queues) => (queues.length > 0 ? queues : [...TASK_QUEUE_NAMES])),
  WORKER_SHUTDOWN_GRACE_SECONDS: positiveInt.default(30),
  /** Unset: off. Set: the Temporal SDK's Prometheus exporter listens there (HOST) at /metrics. */
  WORKER_METRICS_PORT: port.optional(),
  // Whether a call-processing worker creates the Temporal Schedules (retention, search sync) at start.
  WORKER_CREATES_SCHEDULES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  BATCH_CONCURRENCY: positiveInt.max(100).default(10),

  // AES-256-GCM key (32 bytes, base64) for stored secrets; `npm run dev` generates one into DATA_DIR.
  SECRETS_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  UPLOAD_MAX_BYTES: positiveInt.default(500 * 1024 * 1024),

  // Speech-to-text: any OpenAI-compatible /v1/audio/transcriptions server; unset, the embedded one.
  STT_BASE_URL: z.string().url().optional(),
  STT_PORT: port.default(8765),
  STT_API_KEY: z.string().optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  STT_LANGUAGE: z.string().min(2).max(10).default('en'),
  STT_AGENT_CHANNEL: z.enum(['1', '2']).default('1').transform(Number),
  STT_TIMEOUT_SECONDS: positiveInt.default(600),
  // Which Whisper the embedded server runs (unused when STT_BASE_URL names another server).
  STT_EMBEDDED_MODEL: z.enum(['base', 'tiny.en']).default('base'),
  // OpenTelemetry traces over OTLP/HTTP (…/v1/traces is appended); unset: no tracing.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  // Search (GET /search/calls): the search server (scripts/search/server.py, tantivy); unset, the embedded one.
  SEARCH_URL: z.string().url().optional(),
  SEARCH_PORT: port.default(8766),
  SEARCH_TIMEOUT_SECONDS: positiveInt.default(10),
  // Audio decoding (scripts/audio/prepare_audio.py): a Python with PyAV. `npm run dev` and the tests
  // point it at the tool bootstrap's speech environment; the Docker image has its own.
  AUDIO_PYTHON: z.string().min(1).default('python3'),
  // Longest recording accepted (3 hours), checked from the header before decoding and while decoding.
  RECORDING_MAX_SECONDS: positiveInt.default(3 * 60 * 60),
  AUDIO_DECODE_TIMEOUT_SECONDS: positiveInt.default(600),
  // /readyz of the REST API also checks the audio toolchain and the speech-to-text server: right where
  // they run beside it (the embedded stack); off where workers run elsewhere (docker-compose).
  READYZ_CHECKS_WORKER_TOOLS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),

  // Language engines (summary, scorecard, extraction, actions): embedded rules, or a hosted chat model.
  LANGUAGE_PROVIDER: z.enum(['embedded', 'anthropic', 'openai']).default('embedded'),
  LANGUAGE_MODEL: z.string().min(1).optional(),
  LANGUAGE_TIMEOUT_SECONDS: positiveInt.default(60),
  LANGUAGE_MAX_TOKENS: positiveInt.default(4096),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),

  // Help-content API (api/help).
  HELP_CONTENT_DIR: z.string().min(1).default('docs/help'),
  DOCS_PUBLIC_URL: z.string().url().default('http://127.0.0.1:3001/docs'),
  VIDEO_HOST: z.string().url().default('https://youtu.be'),
  EMBED_HOST: z.string().url().default('https://www.youtube-nocookie.com/embed'),
  ASK_ALLOWED_ORIGINS: csv,
  // The ask engine: embedded (extractive, offline) or the Anthropic Messages API (ANTHROPIC_API_KEY, streamed).
  ASK_ENGINE: z.enum(['embedded', 'anthropic']).default('embedded'),
  ASK_MODEL: z.string().min(1).default('claude-sonnet-4-5'),
  ASK_SERVICE_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  ASK_RATE_LIMIT_PER_IP: positiveInt.default(20),
  ASK_RATE_WINDOW_PER_IP_SECONDS: positiveInt.default(600),
  ASK_RATE_LIMIT_GLOBAL: positiveInt.default(300),
  ASK_RATE_WINDOW_GLOBAL_SECONDS: positiveInt.default(3600),
  // How the ask limits find the client: 0 = the connection's address; n = the n-th address from the
  // right of X-Forwarded-For (the one our n-th proxy saw), so forged entries on the left do not count.
  ASK_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),

  // Webhook delivery retries: attempt n+1 waits INITIAL × BACKOFF^(n-1) seconds (30 s, 1, 2, 4, 8 min by default).
  WEBHOOK_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  WEBHOOK_RETRY_INITIAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEBHOOK_RETRY_BACKOFF: z.coerce.number().min(1).max(10).default(2),
  // After a secret rotation, deliveries are signed with the old secret too for this long.
  WEBHOOK_SECRET_OVERLAP_HOURS: z.coerce.number().int().min(0).max(168).default(24),

  // MISMO 3.4: the B324 schema folder; when set, every generated file is validated with xmllint before it is stored.
  MISMO_XSD_DIR: z.string().min(1).optional(),

  // Outbound requests (recording downloads, webhook deliveries, later CRM and calendar calls).
  OUTBOUND_ALLOWED_HOSTS: csv,
  // A PEM bundle of extra certificate authorities trusted next to the system's (a private CA, a test receiver).
  OUTBOUND_CA_FILE: z.string().min(1).optional(),
  RECORDING_MAX_BYTES: positiveInt.default(500 * 1024 * 1024),
  RECORDING_FETCH_TIMEOUT_SECONDS: positiveInt.default(120),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError that lists every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return parsed.data;
}

/** For process entrypoints: a bad configuration stops the process with exit code 2. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

export function mongoUri(config: Config): string {
  return config.MONGODB_URI ?? `mongodb://127.0.0.1:${config.MONGODB_PORT}/`;
}

export function temporalAddress(config: Config): string {
  return config.TEMPORAL_ADDRESS ?? `127.0.0.1:${config.TEMPORAL_PORT}`;
}

/** `{base_url}` of the spec: the REST API's public address including `/api/v1`. */
/** The link a person opens to set their console password: the token rides in the hash, so it never reaches a server log. */
export function invitationLink(config: Config, token: string): string {
  const base = config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.REST_PORT}`;
  return `${base.replace(/\/+$/, '')}/app/#/accept?token=${encodeURIComponent(token)}`;
}

/** Where the Temporal UI shows a workflow, when TEMPORAL_UI_URL is set (null otherwise). */
export function temporalUiWorkflowUrl(
  config: Pick<Config, 'TEMPORAL_UI_URL' | 'TEMPORAL_NAMESPACE'>,
  workflowId: string,
): string | null {
  if (!config.TEMPORAL_UI_URL) return null;
  const base = config.TEMPORAL_UI_URL.replace(/\/+$/, '');
  return `${base}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}`;
}

export function restBaseUrl(config: Config): string {
  const base = config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.REST_PORT}`;
  return `${base.replace(/\/+$/, '')}/api/v1`;
}

/** Base URL of the search server, without a trailing slash. */
export function searchUrl(config: Pick<Config, 'SEARCH_URL' | 'SEARCH_PORT'>): string {
  return (config.SEARCH_URL ?? `http://127.0.0.1:${config.SEARCH_PORT}`).replace(/\/+$/, '');
}

/** Base URL of the speech-to-text server, without a trailing slash (…/v1 is appended by the client). */
export function sttBaseUrl(config: Pick<Config, 'STT_BASE_URL' | 'STT_PORT'>): string {
  return (config.STT_BASE_URL ?? `http://127.0.0.1:${config.STT_PORT}`).replace(/\/+$/, '');
}
