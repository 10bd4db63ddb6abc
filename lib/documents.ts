/**
 * Shapes of the stored documents. Every document but an organization carries `org_id`, and every
 * query names it: another organization's record is simply not found.
 */
export type Plan = 'standard' | 'enterprise';
export const ROLES = ['owner', 'admin', 'manager', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface OrganizationDoc {
  _id: string;
  name: string;
  plan: Plan;
  /** Requests per hour; set for every plan so the limiter reads one field. */
  rate_limit_per_hour: number;
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
  agent_name: string | null;
  agent_email: string;
  contact_id: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  direction: 'inbound' | 'outbound' | null;
  duration_seconds: number | null;
  tags: string[];
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export type BatchStatus = 'queued' | 'processing' | 'completed' | 'completed_with_errors' | 'failed';

export interface BatchDoc {
  _id: string;
  org_id: string;
  total_calls: number;
  call_ids: string[];
  status: BatchStatus;
  created_at: Date;
  updated_at: Date;
}
