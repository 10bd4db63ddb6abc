import { ApplicationFailure } from '@temporalio/activity';
import type { CallDoc } from '../lib/documents';
import type { Collections } from '../lib/mongo';
import { readCall, type CallText } from './language/core/callText';
import { callNotFound } from './calls';
import { NON_RETRYABLE } from './policies';

/** A call and its transcript as the embedded engines read them; a missing one is a permanent failure. */
export async function loadCallText(
  collections: Collections,
  input: { orgId: string; callId: string },
): Promise<{ call: CallDoc; text: CallText }> {
  const call = await collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
  if (!call) throw callNotFound(input.callId);
  const transcript = await collections.transcripts.findOne({ _id: input.callId, org_id: input.orgId });
  if (!transcript) throw ApplicationFailure.nonRetryable('The call has no transcript', NON_RETRYABLE.noTranscript);
  const text = readCall(transcript.segments, {
    recordedAt: call.recorded_at,
    utcOffsetMinutes: call.recorded_utc_offset_minutes ?? 0,
    agentName: call.agent_name,
    agentEmail: call.agent_email,
    contactName: call.contact_name,
    contactPhone: call.contact_phone,
  });
  return { call, text };
}
