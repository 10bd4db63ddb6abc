/*
 * Shapes of the stored documents. Every document but an organization carries `org_id`, and every
 * query names it: another organization's record is simply not found.
 */
import type { PrivacyPolicy } from './pii/policy';

export type Plan = 'standard' | 'enterprise';
export const ROLES = ['owner', 'admin', 'manager', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface OrganizationDoc {
  _id: string;
  name: string;
  plan: Plan;
  /** Requests per hour; set for every plan so the limiter reads one field. */
  rate_limit_per_hour: number;
  /** Encrypted (lib/secrets.ts); once set, dialer webhooks must carry a valid signature. */
  dialer_secret_encrypted?: string | null;
  /**
   * Every contact carries its `lead_response` (lib/leadResponse.ts), so team metrics read them;
   * absent for an organization whose data predates them until the start-up backfill is done.
   */
  lead_responses_complete?: boolean;
  /** lib/pii/policy.ts; absent: the defaults. */
  privacy_policy?: PrivacyPolicy;
  created_at: Date;
}

export interface UserDoc {
  _id: string;
  org_id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  created_at: Date;
  /** scrypt hash for console sign-in (lib/passwords.ts), set through an invitation; absent until then. */
  password_hash?: string | null;
  password_set_at?: Date | null;
}

/** A one-time link to set a user's console password (`_id` = SHA-256 of the token; the token is never stored). */
export interface InvitationDoc {
  _id: string;
  org_id: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** A console sign-in (`_id` = SHA-256 of the cookie's token; the token is never stored). */
export interface SessionDoc {
  _id: string;
  org_id: string;
  user_id: string;
  /** Sent back in `X-CSRF-Token` on every state-changing request of this session. */
  csrf_token: string;
  created_at: Date;
  last_seen_at: Date;
  /** The session ends at the earlier of: idle since last_seen_at + the idle time, or this. */
  expires_at: Date;
  ip: string;
  user_agent: string;
}

export interface ApiKeyDoc {
  _id: string;
  org_id: string;
  user_id: string;
  name: string;
  /** The first characters of the key, shown in listings so people can tell keys apart. */
  prefix: string;
  /** SHA-256 of the full key, hex. The key itself is never stored. */
  key_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export const CALL_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export const STAGE_NAMES = [
  'fetch',
  'transcription',
  'redaction',
  'summary',
  'scorecard',
  'extraction',
  'actions',
  'crm',
  'calendar',
  'mismo',
] as const;
export type StageName = (typeof STAGE_NAMES)[number];
export type StageStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';

export interface StageState {
  status: StageStatus;
  updated_at: Date;
  reason?: string;
}

export interface CallDoc {
  _id: string;
  org_id: string;
  ingest_key: string;
  external_id: string | null;
  batch_id: string | null;
  source: 'batch' | 'upload' | 'dialer';
  status: CallStatus;
  failure_reason: string | null;
  stages: Record<StageName, StageState>;
  audio_url: string | null;
  recording_file_id: string | null;
  recorded_at: Date;
  /** The UTC offset `recorded_at` was given with (minutes east of UTC): relative dates said in the call ("Tuesday at 3 pm") are read in it. */
  recorded_utc_offset_minutes: number;
  agent_name: string | null;
  agent_email: string;
  contact_id: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  direction: 'inbound' | 'outbound' | null;
  duration_seconds: number | null;
  tags: string[];
  metadata: Record<string, unknown>;
  /** UTC calendar day of recorded_at (YYYY-MM-DD): team metrics group by it without a date expression per call. */
  recorded_day: string;
  summary: CallSummaryDoc | null;
  /** Absent on calls summarized before results recorded it. */
  summary_produced_by?: ProducedBy | null;
  mismo_file_id: string | null;
  /** The call logged in each connected CRM, by connection type (set by the CRM sync). */
  crm_call_ids?: Record<string, string>;
  /** Set: retention and erasure leave the call alone until the hold is lifted. */
  legal_hold?: LegalHold | null;
  /** Audio redaction: when the stored recording was replaced by its silenced copy. */
  recording_redacted_at?: Date;
  /** The original recording, encrypted (GridFS, recordings bucket), when the policy keeps originals. */
  original_recording_file_id?: string | null;
  /** The clear original while it is being removed after audio redaction (a retry finishes the removal). */
  recording_unredacted_file_id?: string | null;
  /** When retention deleted the recording or the transcript (the call and its outputs stay). */
  recording_deleted_at?: Date;
  transcript_deleted_at?: Date;
  /** Set by a change the search index has not caught up with (activities/search.ts); absent once indexed. */
  search_stale?: boolean;
  /** Bumped with every `search_stale`, so indexing clears only the flag of the version it read. */
  search_version?: number;
  created_at: Date;
  updated_at: Date;
}

export const BATCH_STATUSES = ['queued', 'processing', 'completed', 'completed_with_errors', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export interface BatchDoc {
  _id: string;
  org_id: string;
  total_calls: number;
  call_ids: string[];
  status: BatchStatus;
  /** The user whose key created the batch (absent on batches stored before it was recorded). */
  created_by?: string;
  created_at: Date;
  updated_at: Date;
}

/** A quote from the transcript backing an output, with its time in the recording. */
export interface Evidence {
  quote: string;
  start: number;
  end: number;
  speaker: Speaker;
}

export type Speaker = 'agent' | 'customer' | 'unknown';

export interface TranscriptSegment {
  speaker: Speaker;
  start: number;
  end: number;
  text: string;
  confidence: number | null;
  /**
   * Word timings from speech-to-text, used by redaction to find when a value was said (audio
   * redaction); only in a transcript awaiting redaction, never in a stored one.
   */
  words?: TranscriptWord[];
}

export interface TranscriptWord {
  start: number;
  end: number;
  text: string;
}

/** One per call (`_id` = call id), kept out of the call document because it can be large. */
export interface TranscriptDoc {
  _id: string;
  org_id: string;
  call_id: string;
  language: string | null;
  /** Empty while the recognized text awaits redaction (`redaction_state: 'pending'`). */
  segments: TranscriptSegment[];
  /**
   * `pending`: recognized, sealed in `pending_sealed`, not yet redacted (no stage reads it);
   * `done`: `segments` is the redacted text. Absent on transcripts stored before redaction existed.
   */
  redaction_state?: 'pending' | 'done';
  /** The recognized segments with word timings, encrypted (lib/secrets.ts), until redaction reads them. */
  pending_sealed?: string | null;
  /** Where values were redacted (types and times, no values). */
  redactions?: TranscriptRedactionDoc[];
  /** The redacted segments' original text, encrypted; present only when the policy keeps originals. */
  originals_sealed?: string | null;
  /** The policy's types at the time of redaction. */
  redacted_types?: string[];
  created_at: Date;
}

export interface TranscriptRedactionDoc {
  segment: number;
  type: string;
  start: number;
  end: number;
}

/**
 * What produced a stored result, so a re-run's result can be told from the one before: the
 * language engine, the version of each definition it applied (a template's or dataset's last
 * change, ISO 8601, or `built-in`), and when.
 */
export interface ProducedBy {
  engine: string;
  versions: Record<string, string>;
  at: Date;
}

export interface CallSummaryDoc {
  text: string;
  key_points: string[];
  outcome: string | null;
  next_steps: string[];
}

/**
 * A call's extraction results (`_id` = call id), in their own collection: they are replaced whole
 * by each run of the stage (re-processing included) and can be large, while list queries read the
 * call document; the API joins them into the call's view.
 */
export interface CallExtractionsDoc {
  _id: string;
  org_id: string;
  call_id: string;
  /** Whether the call is about a mortgage (decides the `mortgage_lead` dataset and MISMO). */
  is_lending_call: boolean;
  /** The cues that decided it, weighed ("mortgage ×2", "homeowners insurance (another trade) ×1"); absent on older records. */
  lending_reasons?: string[];
  /** One result per dataset applied to the call. */
  results: ExtractionResult[];
  produced_by?: ProducedBy;
  created_at: Date;
}

export interface ExtractionResult {
  /** The dataset's key (`mortgage_lead` or an organization's own). */
  dataset: string;
  data: Record<string, unknown>;
  evidence: Record<string, Evidence[]>;
  /** Required fields the call did not give a value for. */
  missing_required: string[];
}

export const DATASET_FIELD_TYPES = [
  'string',
  'number',
  'money',
  'date',
  'boolean',
  'enum',
  'phone',
  'email',
  'address',
] as const;
export type DatasetFieldType = (typeof DATASET_FIELD_TYPES)[number];

export interface DatasetField {
  /** snake_case key in the extracted JSON. */
  name: string;
  type: DatasetFieldType;
  /** What the field means; the engines read it (the embedded one takes its keywords). */
  description: string;
  required: boolean;
  /** The allowed values of an `enum` field. */
  options?: string[];
}

/** An organization's extraction schema (`_id` = `ds_…`; `key` unique in the organization). */
export interface DatasetDoc {
  _id: string;
  org_id: string;
  key: string;
  name: string;
  description: string;
  /** Which calls it runs on. */
  applies_to: 'all_calls' | 'lending_calls';
  enabled: boolean;
  fields: DatasetField[];
  created_at: Date;
  updated_at: Date;
}

/** An organization's scorecard template (`_id` = `sct_…`); the default one is built in. */
export interface ScorecardTemplateDoc {
  _id: string;
  org_id: string;
  name: string;
  /** The template applied to new calls (at most one per organization; none → the built-in default). */
  is_default: boolean;
  criteria: ScorecardCriterionDefinition[];
  created_at: Date;
  updated_at: Date;
}

export interface ScorecardCriterionDefinition {
  id: string;
  label: string;
  description: string;
  weight: number;
  /** `pass_fail` scores 0 or 1; `scale` scores 0…max_score by how many phrases were said. */
  type: 'pass_fail' | 'scale';
  max_score: number;
  /** Who must say it. */
  speaker: Speaker | 'any';
  /** Phrases or regular expressions (`/…/i`) the embedded engine looks for. */
  phrases: string[];
  within_seconds?: number;
}

export interface ScorecardCriterionResult {
  id: string;
  label: string;
  type: 'pass_fail' | 'scale';
  weight: number;
  score: number;
  max_score: number;
  passed: boolean | null;
  evidence: Evidence[];
}

/** One per call (`_id` = call id). */
export interface ScorecardDoc {
  _id: string;
  org_id: string;
  call_id: string;
  template_id: string;
  template_name: string;
  criteria: ScorecardCriterionResult[];
  total: { score: number; max_score: number; percentage: number };
  produced_by?: ProducedBy;
  created_at: Date;
}

export interface TaskDoc {
  _id: string;
  org_id: string;
  call_id: string;
  contact_id: string | null;
  text: string;
  owner: 'agent' | 'customer';
  /** YYYY-MM-DD in the call's UTC offset. */
  due_date: string | null;
  status: 'open' | 'done';
  evidence: Evidence[];
  crm_id: string | null;
  created_at: Date;
}

export interface AppointmentDoc {
  _id: string;
  org_id: string;
  call_id: string;
  contact_id: string | null;
  title: string;
  /** ISO 8601 with the offset the call was in, e.g. 2026-03-17T15:00:00-05:00. */
  start: string;
  end: string;
  attendees: { name: string | null; email: string | null; phone: string | null }[];
  evidence: Evidence[];
  calendar_uid: string | null;
  calendar_url: string | null;
  created_at: Date;
}

export interface ContactDoc {
  _id: string;
  org_id: string;
  /** Best known display name; `names` keeps every spelling heard. */
  name: string | null;
  names: string[];
  /** E.164. */
  phones: string[];
  emails: string[];
  crm_ids: Record<string, string>;
  /** When the lead came in, from call metadata `lead_created_at`; speed-to-lead starts here. */
  lead_created_at: Date | null;
  /**
   * The contact's speed-to-lead, kept by lib/leadResponse.ts each time a call is linked to it:
   * null while there is no lead time or no outbound call after it; absent on data written before
   * it existed (filled in by the worker's start-up backfill).
   */
  lead_response?: LeadResponse | null;
  /** Bumped before each recomputation; a recomputation writes only if no later one began. */
  lead_response_generation?: number;
  /** Set: retention and erasure leave the contact and its calls alone until the hold is lifted. */
  legal_hold?: LegalHold | null;
  created_at: Date;
  updated_at: Date;
}

/** One agent's calls of one day (lib/callDayTotals.ts). */
export interface DayAgentTotals {
  agent_email: string;
  calls: number;
  inbound: number;
  outbound: number;
  /** Seconds, of the calls whose duration is known. */
  duration: number;
  with_duration: number;
}

/** Team metrics' kept totals of one organization's UTC day (`_id` = `<orgId>:<YYYY-MM-DD>`). */
export interface CallDayTotalsDoc {
  _id: string;
  org_id: string;
  day: string;
  /** Bumped after every change to the day's calls. */
  generation: number;
  /** The generation `agents` was added up for; absent until first added up. */
  computed_generation?: number;
  agents: DayAgentTotals[];
}

/** The first outbound call at or after a contact's lead time. */
export interface LeadResponse {
  lead_at: Date;
  responded_at: Date;
  seconds: number;
  call_id: string;
  agent_email: string;
  /** The UTC day of the responding call (team metrics group by it). */
  recorded_day: string;
}

/** A stored response for an `Idempotency-Key` (`_id` = `<orgId>:<apiKeyId>:<key>`), replayed for 24 hours. */
export interface IdempotencyRecordDoc {
  _id: string;
  org_id: string;
  request_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  body: unknown;
  location: string | null;
  created_at: Date;
}

/** An event the product emitted (`_id` is its stable id); the webhook deliveries are made from these. */
export interface EventDoc {
  _id: string;
  org_id: string;
  type: import('./events').EventType;
  subject_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** A customer's HTTPS endpoint for signed event deliveries (`_id` = `whe_…`). */
export interface WebhookEndpointDoc {
  _id: string;
  org_id: string;
  url: string;
  events: import('./events').EventType[];
  description: string | null;
  enabled: boolean;
  /** Why the product disabled it (an endpoint answering 410 Gone); null when a user did or it is enabled. */
  disabled_reason: string | null;
  /** Encrypted (lib/secrets.ts); responses never contain it after creation or rotation. */
  secret_encrypted: string;
  /** The secret before the last rotation: deliveries are signed with both until it expires. */
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface DeliveryAttempt {
  attempt: number;
  at: Date;
  status_code: number | null;
  latency_ms: number;
  /** The first 1 KB of the response body. */
  response_excerpt: string | null;
  error: string | null;
}

/** One event to one endpoint (`_id` = `dlv_…`), delivered by workflow `delivery-<id>`. */
export interface WebhookDeliveryDoc {
  _id: string;
  org_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: import('./events').EventType;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** The delivery this one manually retries, if any. */
  retry_of: string | null;
  failure_reason: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export type ConnectionType = 'hubspot' | 'caldav';

/**
 * An organization's connection to a CRM or a calendar (`_id` = `conn_…`). Credentials are
 * encrypted (`config_encrypted`, the whole config as JSON); `public_config` is what may be shown.
 */
export interface ConnectionDoc {
  _id: string;
  org_id: string;
  type: ConnectionType;
  config_encrypted: string;
  public_config: Record<string, string>;
  created_at: Date;
  updated_at: Date;
}

/** One rate-limit key's request count in one fixed window (lib/rateLimit.ts). */
export interface RateLimitWindowDoc {
  _id: string;
  key: string;
  window_start: Date;
  count: number;
}

/** An organization's request gate (lib/requestGate.ts): its hourly request count and credentials generation. */
export interface RequestGateDoc {
  /** The organization id. */
  _id: string;
  window_start: Date;
  count: number;
  credentials_generation: number;
}

/** Why a call's MISMO stage is `skipped`: the extraction found it is not a lending call. */
export const NOT_LENDING_REASON = 'not a lending call';

/**
 * One entry of an organization's audit log (`_id` = `aud_…`): who did what to which record, when.
 * Append-only: written once by lib/auditLog.ts, changed by no route.
 */
export interface AuditEventDoc {
  _id: string;
  org_id: string;
  created_at: Date;
  /** An API key (with the user it acts for), a console user, or the system (retention, workflows). */
  actor: { type: 'api_key' | 'user' | 'system'; id: string; user_id: string | null; email: string | null };
  /** The operation, e.g. `downloadRecording`, `revealCallPii`, `eraseContact`, `updatePrivacyPolicy`. */
  action: string;
  target: { type: string; id: string | null };
  request_id: string | null;
  ip: string | null;
  /** What was done beyond the target (a reveal's reason, what a retention run removed). */
  details: Record<string, unknown>;
}

export type ErasureSubject =
  | { type: 'contact'; contact_id: string }
  | { type: 'phone'; phone: string }
  | { type: 'email'; email: string }
  | { type: 'call'; call_id: string };

/**
 * An erasure and its receipt (`_id` = `era_…`). While it runs it names its subject; once done the
 * subject is replaced by a digest, so the receipt carries none of the person's identifiers.
 */
export interface ErasureDoc {
  _id: string;
  org_id: string;
  subject_type: ErasureSubject['type'];
  /** Present while running; removed when the erasure completes. */
  subject: ErasureSubject | null;
  /** SHA-256 of the subject's identifier (hex): proves which subject a receipt is for, to whoever has it. */
  subject_sha256: string;
  status: 'running' | 'completed';
  requested_by: AuditEventDoc['actor'];
  created_at: Date;
  completed_at: Date | null;
  /** Documents (and GridFS files) deleted, by collection. */
  removed: Record<string, number>;
  /** Calls removed (call ids identify no person). */
  removed_call_ids: string[];
  /** Copies in connected systems: deleted where the adapter can, else listed for the customer to remove. */
  external_copies: { system: string; kind: string; id: string; action: 'deleted' | 'listed'; error: string | null }[];
}

/** Stages `POST /reprocess` can run again over past calls, in the order they run. */
export const REPROCESS_STAGES = [
  'summary',
  'scorecard',
  'extraction',
  'actions',
  'mismo',
  'crm',
  'calendar',
  'search',
] as const;
export type ReprocessStage = (typeof REPROCESS_STAGES)[number];

/** Which past calls a re-processing job takes (all given conditions hold; only completed calls). */
export interface ReprocessSelection {
  from?: Date;
  to?: Date;
  agent_email?: string;
  batch_id?: string;
  tags?: string[];
  call_ids?: string[];
  /** Calls whose stored scorecard was made with this template. */
  scorecard_template_id?: string;
  /** Calls whose stored extractions include this dataset. */
  dataset_key?: string;
  /** With the template: only results made with this version of it (`produced_by.versions`). */
  scorecard_template_version?: string;
  /** With the dataset: only results made with this version of it. */
  dataset_version?: string;
  /**
   * Only results made with another version of the named template or dataset than its version when
   * the job was created (`current_versions`, resolved then), results from before versions were
   * recorded included.
   */
  outdated?: boolean;
  current_versions?: { scorecard_template?: string; dataset?: string };
}

/** A re-processing job (`_id` = `rep_…`), run by the `reprocessCalls` workflow `reprocess-<id>`. */
export interface ReprocessJobDoc {
  _id: string;
  org_id: string;
  stages: ReprocessStage[];
  selection: ReprocessSelection;
  status: 'running' | 'paused' | 'cancelled' | 'completed';
  /** Calls matching the selection when the job was created. */
  total: number;
  processed: number;
  failed: number;
  /** The last call done: the job goes through calls in id order. */
  last_call_id: string | null;
  /** The first failures (call, reason), kept to 50. */
  failures: { call_id: string; reason: string }[];
  requested_by: AuditEventDoc['actor'];
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export interface LegalHold {
  reason: string;
  set_at: Date;
  set_by: AuditEventDoc['actor'];
}
