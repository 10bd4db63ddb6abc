import type { PiiType } from '../../../lib/pii/detection';
import { DEFAULT_REDACT_TYPES } from '../../../lib/pii/policy';
import { redactValue } from '../../../lib/pii/redaction';
import type { Client } from '@temporalio/client';
import type { CallDoc, StageName, StageState } from '../../../lib/documents';
import { STAGE_NAMES } from '../../../lib/documents';
import { serviceUnavailable } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { callDaysChanged } from '../../../lib/callDayTotals';
import { isDuplicateKeyError, type Collections } from '../../../lib/mongo';
import { dayInOffset, utcOffsetMinutesOf } from '../../../lib/time';
import { startProcessCall } from '../../../lib/workflowStarts';

/**
 * What every ingest request (a batch item, an upload's fields, a dialer payload) says about a call,
 * in the API's own words: the one shape mapped to a call document, by newCallDoc.
 */
export interface CallRequest {
  /** ISO 8601 as the client sent it (its offset is kept); absent: the time of the request. */
  recorded_at?: string;
  agent_name?: string;
  agent_email: string;
  contact_name?: string;
  contact_phone?: string;
  direction?: 'inbound' | 'outbound';
  /** Seconds, as the client counted them (kept in metadata; the measured length is the call's). */
  duration?: number;
  external_id?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
}

/** Where the call comes from and where its recording is, which the request itself does not say. */
export interface CallOrigin {
  orgId: string;
  source: CallDoc['source'];
  batchId?: string;
  audioUrl?: string;
  recordingFileId?: string;
  /** Lets a caller that stored the recording first use its id for the call. */
  callId?: string;
  /** What the organization's policy redacts in written values (metadata); default: the policy's defaults. */
  redactTypes?: readonly PiiType[];
}

export function newCallDoc(origin: CallOrigin, request: CallRequest, now = new Date()): CallDoc {
  const callId = origin.callId ?? newId('call');
  const recordedAt = request.recorded_at ? new Date(request.recorded_at) : now;
  return {
    _id: callId,
    org_id: origin.orgId,
    // The idempotency key: the external_id when given, else the call itself (always set, so one
    // plain unique index serves, with no partial filter to keep in step with the query).
    ingest_key: request.external_id ?? callId,
    external_id: request.external_id ?? null,
    batch_id: origin.batchId ?? null,
    source: origin.source,
    status: 'queued',
    failure_reason: null,
    stages: Object.fromEntries(STAGE_NAMES.map((stage) => [stage, { status: 'pending', updated_at: now }])) as Record<
      StageName,
      StageState
    >,
    audio_url: origin.audioUrl ?? null,
    recording_file_id: origin.recordingFileId ?? null,
    recorded_at: recordedAt,
    // From the ISO string the client gave; 0 when it arrived as UTC or not at all.
    recorded_utc_offset_minutes: request.recorded_at ? utcOffsetMinutesOf(request.recorded_at) : 0,
    agent_name: request.agent_name ?? null,
    agent_email: request.agent_email.toLowerCase(),
    contact_id: null,
    contact_name: request.contact_name ?? null,
    contact_phone: request.contact_phone ?? null,
    direction: request.direction ?? null,
    // The recording's measured length once transcription has decoded it; the client's figure is kept
    // as metadata (it can be wrong, and it never decides what is processed).
    duration_seconds: null,
    tags: request.tags ?? [],
    // Written personal data (an SSN in a CRM note) is redacted before it is stored.
    metadata: redactValue(
      {
        ...request.metadata,
        ...(request.duration !== undefined ? { client_duration_seconds: request.duration } : {}),
      },
      new Set(origin.redactTypes ?? DEFAULT_REDACT_TYPES),
    ),
    recorded_day: dayInOffset(recordedAt, 0), // the UTC day team metrics add up (lib/callDayTotals.ts)
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
  origin: CallOrigin,
  request: CallRequest,
): Promise<{ call: CallDoc; created: boolean }> {
  const call = newCallDoc(origin, request);
  try {
    await deps.collections.calls.insertOne(call);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await deps.collections.calls.findOne({ org_id: origin.orgId, ingest_key: call.ingest_key });
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
