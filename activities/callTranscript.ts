import { createHash } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/activity';
import type { CallDoc, TranscriptSegment } from '../lib/documents';
import type { Collections } from '../lib/mongo';
import { readCall, type CallFacts, type CallText } from './language/core/callText';
import { callNotFound } from './calls';
import { NON_RETRYABLE } from '../lib/temporal';

/**
 * The call text the four language stages read, built once per worker for the same transcript and
 * facts: the stages run at the same time on one worker, and reading a call (sentences, speakers,
 * spoken forms) is the costly part. Keyed by a hash of exactly what it is built from, so a new
 * transcript or changed facts build anew; the few most recent are kept.
 */
const recentCallTexts = new Map<string, CallText>();
const RECENT_CALL_TEXTS = 16;

function callTextOf(segments: TranscriptSegment[], facts: CallFacts): CallText {
  const key = createHash('sha256')
    .update(JSON.stringify([segments, facts]))
    .digest('base64url');
  const known = recentCallTexts.get(key);
  if (known) return known;
  const text = readCall(segments, facts);
  recentCallTexts.set(key, text);
  if (recentCallTexts.size > RECENT_CALL_TEXTS) recentCallTexts.delete(recentCallTexts.keys().next().value!);
  return text;
}

/** A call and its transcript as the engines read them; a missing one is a permanent failure. */
export async function loadCallText(
  collections: Collections,
  input: { orgId: string; callId: string },
): Promise<{ call: CallDoc; text: CallText }> {
  const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
  if (!call) throw callNotFound(input.callId);
  const transcript = await collections.transcripts.findOne({ _id: input.callId, org_id: input.orgId });
  if (!transcript) throw ApplicationFailure.nonRetryable('The call has no transcript', NON_RETRYABLE.noTranscript);
  // Only redacted text is read: a transcript awaiting redaction is not one yet.
  if (transcript.redaction_state === 'pending') {
    throw ApplicationFailure.nonRetryable('The transcript has not been redacted yet', NON_RETRYABLE.noTranscript);
  }
  const text = callTextOf(transcript.segments, {
    recordedAt: call.recorded_at,
    utcOffsetMinutes: call.recorded_utc_offset_minutes ?? 0,
    agentName: call.agent_name,
    agentEmail: call.agent_email,
    contactName: call.contact_name,
    contactPhone: call.contact_phone,
  });
  return { call, text };
}
