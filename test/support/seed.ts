import type { CallDoc, Speaker, StageName, StageState, WebhookEndpointDoc } from '../../lib/documents';
import { STAGE_NAMES } from '../../lib/documents';
import { newId } from '../../lib/ids';
import { callDaysChanged } from '../../lib/callDayTotals';
import type { Database } from '../../lib/mongo';
import { encryptSecret } from '../../lib/secrets';
import { scriptSegments } from './callFixtures';
import type { AuthContext } from '../../api/rest/middleware/auth';

/** Call records written through the store layer, as the ingest workflows write them. */
export function makeCall(orgId: string, overrides: Partial<CallDoc> = {}): CallDoc {
  const now = new Date();
  const id = overrides._id ?? newId('call');
  return {
    _id: id,
    org_id: orgId,
    ingest_key: overrides.external_id ?? id,
    external_id: null,
    batch_id: null,
    source: 'batch',
    status: 'completed',
    failure_reason: null,
    stages: Object.fromEntries(STAGE_NAMES.map((stage) => [stage, { status: 'completed', updated_at: now }])) as Record<
      StageName,
      StageState
    >,
    audio_url: 'https://recordings.example.com/a.wav',
    recording_file_id: null,
    recorded_at: now,
    recorded_utc_offset_minutes: 0,
    agent_name: 'Sarah Miller',
    agent_email: 'sarah@acme.example',
    contact_id: null,
    contact_name: 'John Smith',
    contact_phone: '+14155550123',
    direction: 'outbound',
    duration_seconds: 120,
    tags: [],
    metadata: {},
    recorded_day: (overrides.recorded_at ?? now).toISOString().slice(0, 10),
    summary: null,
    mismo_file_id: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export async function insertCalls(database: Database, calls: CallDoc[]): Promise<void> {
  if (calls.length === 0) return;
  await database.collections.calls.insertMany(calls);
  // As the product's ingest does after storing calls: their days' team-metric totals are stale.
  for (const orgId of new Set(calls.map((call) => call.org_id)))
    await callDaysChanged(
      database.collections,
      orgId,
      calls.filter((call) => call.org_id === orgId).map((call) => call.recorded_day),
    );
}

/** A call's transcript as the transcription stage stores it, read from a script (see scriptSegments). */
export async function insertScriptTranscript(
  database: Database,
  call: Pick<CallDoc, '_id' | 'org_id'>,
  turns: { speaker: Speaker; text: string }[],
): Promise<void> {
  await database.collections.transcripts.insertOne({
    _id: call._id,
    org_id: call.org_id,
    call_id: call._id,
    language: 'en',
    created_at: new Date(),
    segments: scriptSegments(turns),
  });
}

/** A webhook endpoint as the API stores it, its signing secret encrypted with `encryptionKey`. */
export function makeWebhookEndpoint(
  orgId: string,
  secret: string,
  encryptionKey: string | undefined,
  overrides: Partial<WebhookEndpointDoc> & Pick<WebhookEndpointDoc, '_id' | 'url' | 'events'>,
): WebhookEndpointDoc {
  const now = new Date();
  return {
    org_id: orgId,
    description: null,
    enabled: true,
    disabled_reason: null,
    secret_encrypted: encryptSecret(encryptionKey, secret),
    previous_secret_encrypted: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/**
 * A caller who sees every call of the organization (an owner with a key), for running the API's
 * list functions directly, as the bench baseline and the explain tests do.
 */
export function ownerAuth(orgId: string): AuthContext {
  return {
    orgId,
    userId: 'u',
    userEmail: 'x',
    role: 'owner',
    keyId: 'k',
    sessionId: null,
    rateLimitPerHour: 1,
  };
}
