import type { Client } from '@temporalio/client';
import type { CallDoc, StageName, StageState } from '../../../lib/documents';
import { STAGE_NAMES } from '../../../lib/documents';
import { serviceUnavailable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { callDaysChanged } from '../../../lib/callDayTotals';
import { isDuplicateKeyError, type Collections } from '../../../lib/mongo';
import { startProcessCall } from '../../../lib/workflowStarts';

/** What every ingest path (batch item, upload, dialer) knows about a new call. */
export interface NewCall {
  orgId: string;
  source: CallDoc['source'];
  batchId?: string | null;
  audioUrl?: string | null;
  recordingFileId?: string | null;
  recordedAt: Date;
  /** From the ISO string the client gave (utcOffsetMinutesOf); 0 when it arrived as UTC or unknown. */
  recordedUtcOffsetMinutes?: number;
  agentName?: string | null;
  agentEmail: string;
  contactName?: string | null;
  contactPhone?: string | null;
  direction?: CallDoc['direction'];
  durationSeconds?: number | null;
  externalId?: string | null;
  tags?: string[];
  metadata?: Record<string, unknown>;
  /** Lets a caller that stored the recording first use its id for the call. */
  callId?: string;
}

export function newCallDoc(input: NewCall, now = new Date()): CallDoc {
  const callId = input.callId ?? newId('call');
  return {
    _id: callId,
    org_id: input.orgId,
    // The idempotency key: the external_id when given, else the call itself (always set, so one
    // plain unique index serves, with no partial filter to keep in step with the query).
    ingest_key: input.externalId ?? callId,
    external_id: input.externalId ?? null,
    batch_id: input.batchId ?? null,
    source: input.source,
    status: 'queued',
    failure_reason: null,
    stages: Object.fromEntries(STAGE_NAMES.map((stage) => [stage, { status: 'pending', updated_at: now }])) as Record<
      StageName,
      StageState
    >,
    audio_url: input.audioUrl ?? null,
    recording_file_id: input.recordingFileId ?? null,
    recorded_at: input.recordedAt,
    recorded_utc_offset_minutes: input.recordedUtcOffsetMinutes ?? 0,
    agent_name: input.agentName ?? null,
    agent_email: input.agentEmail.toLowerCase(),
    contact_id: null,
    contact_name: input.contactName ?? null,
    contact_phone: input.contactPhone ?? null,
    direction: input.direction ?? null,
    // The recording's measured length once transcription has decoded it; the client's figure is kept
    // as metadata (it can be wrong, and it never decides what is processed).
    duration_seconds: null,
    tags: input.tags ?? [],
    metadata: {
      ...input.metadata,
      ...(input.durationSeconds !== undefined && input.durationSeconds !== null
        ? { client_duration_seconds: input.durationSeconds }
        : {}),
    },
    recorded_day: input.recordedAt.toISOString().slice(0, 10),
    summary: null,
    mismo_file_id: null,
    created_at: now,
    updated_at: now,
  };
}

/** The organization's call with this external_id, if any (the unique ingest key). */
export async function findCallByExternalId(
  collections: Collections,
  orgId: string,
  externalId: string,
): Promise<CallDoc | null> {
  return collections.calls.findOne({ org_id: orgId, ingest_key: externalId });
}

/**
 * Stores one call and starts its workflow. A call whose external_id the organization already has
 * is returned as it is (`created: false`), never duplicated. If the workflow cannot start, the new
 * record is removed again and the answer is 503: nothing half-written.
 */
export async function ingestSingleCall(
  deps: { collections: Collections; temporal: Client },
  input: NewCall,
): Promise<{ call: CallDoc; created: boolean }> {
  const call = newCallDoc(input);
  try {
    await deps.collections.calls.insertOne(call);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await deps.collections.calls.findOne({ org_id: input.orgId, ingest_key: call.ingest_key });
    if (!existing) throw error;
    return { call: existing, created: false };
  }
  await callDaysChanged(deps.collections, call.org_id, [call.recorded_day]);
  try {
    await startProcessCall(deps.temporal, call);
  } catch (error) {
    await deps.collections.calls.deleteOne({ _id: call._id, org_id: call.org_id });
    await callDaysChanged(deps.collections, call.org_id, [call.recorded_day]);
    throw serviceUnavailable(`Could not start processing, nothing was stored: ${(error as Error).message}`);
  }
  return { call, created: true };
}
