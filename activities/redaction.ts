import { ApplicationFailure } from '@temporalio/activity';
import type { Config } from '../lib/config';
import type { TranscriptSegment } from '../lib/documents';
import type { Collections } from '../lib/mongo';
import { type PiiType } from '../lib/pii/detection';
import { privacyPolicyOf } from '../lib/pii/policy';
import { redactTranscript } from '../lib/pii/redaction';
import { decryptSecret, encryptSecret } from '../lib/secrets';
import { NON_RETRYABLE } from '../lib/temporal';
import { callNotFound } from './calls';

export interface RedactionOutcome {
  /** Values redacted, by type. */
  redacted: Partial<Record<PiiType, number>>;
  /** The policy silences audio and there is something to silence: the workflow runs silenceRedactedAudio. */
  silenceAudio: boolean;
}

/**
 * The redaction stage: the recognized text (sealed by transcription) → the organization's policy
 * applied → the redacted transcript stored, the originals sealed for `pii:read` or dropped. Every
 * stage after it reads only the redacted text, so summaries, evidence, tasks, events and webhooks
 * never see a redacted value. Idempotent: a retry after the write finds the work done.
 */
export function createRedactionActivities(deps: {
  collections: Collections;
  config: Pick<Config, 'SECRETS_ENCRYPTION_KEY'>;
}) {
  const { collections, config } = deps;
  return {
    async redactCall(input: { orgId: string; callId: string }): Promise<RedactionOutcome> {
      const [call, organization, transcript] = await Promise.all([
        collections.calls.findOne({ _id: input.callId, org_id: input.orgId }, { projection: { _id: 1 } }),
        collections.organizations.findOne({ _id: input.orgId }, { projection: { privacy_policy: 1 } }),
        collections.transcripts.findOne({ _id: input.callId, org_id: input.orgId }),
      ]);
      if (!call) throw callNotFound(input.callId);
      if (!transcript) throw ApplicationFailure.nonRetryable('The call has no transcript', NON_RETRYABLE.noTranscript);
      const policy = privacyPolicyOf(organization);
      if (transcript.redaction_state !== 'pending') return outcomeOf(transcript.redactions ?? [], policy.redact_audio);
      const recognized = JSON.parse(
        decryptSecret(config.SECRETS_ENCRYPTION_KEY, transcript.pending_sealed ?? ''),
      ) as TranscriptSegment[];
      const result = redactTranscript(recognized, new Set(policy.redact_types));
      await collections.transcripts.updateOne(
        { _id: input.callId, org_id: input.orgId, redaction_state: 'pending' },
        {
          $set: {
            segments: result.segments,
            redaction_state: 'done',
            pending_sealed: null,
            redactions: result.redactions,
            redacted_types: policy.redact_types,
            originals_sealed:
              policy.keep_originals && result.originals.length > 0
                ? encryptSecret(config.SECRETS_ENCRYPTION_KEY, JSON.stringify(result.originals))
                : null,
          },
        },
      );
      return outcomeOf(result.redactions, policy.redact_audio);
    },
  };
}

function outcomeOf(redactions: { type: string }[], redactAudio: boolean): RedactionOutcome {
  const redacted: RedactionOutcome['redacted'] = {};
  for (const { type } of redactions) redacted[type as PiiType] = (redacted[type as PiiType] ?? 0) + 1;
  return { redacted, silenceAudio: redactAudio && redactions.length > 0 };
}
