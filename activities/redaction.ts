import { SEARCH_STALE } from '../lib/search/document';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Config } from '../lib/config';
import type { TranscriptSegment } from '../lib/documents';
import type { Collections } from '../lib/mongo';
import { type PiiType } from '../lib/pii/detection';
import { privacyPolicyOf } from '../lib/pii/policy';
import { redactTranscript, redactValue } from '../lib/pii/redaction';
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

/** Calls one re-application activity handles. */
export const REAPPLY_CALLS_PER_BATCH = 25;

/**
 * Re-applying a changed policy to calls already processed: the stored transcript and everything
 * derived from it (summary, scorecard evidence, extractions, tasks, appointments, stored events)
 * and the call's metadata are searched again with the policy's types, so a type added later is
 * redacted in the past too. Markers already there stay (a removed type is not restored: the
 * originals, when kept, remain revealable). Idempotent: a second pass finds nothing new.
 */
export function createPolicyReapplyActivities(deps: {
  collections: Collections;
  config: Pick<Config, 'SECRETS_ENCRYPTION_KEY'>;
}) {
  const { collections, config } = deps;
  return {
    async reapplyRedaction(input: {
      orgId: string;
      afterCallId: string | null;
    }): Promise<{ nextAfterCallId: string | null; calls: number; changed: number }> {
      const organization = await collections.organizations.findOne(
        { _id: input.orgId },
        { projection: { privacy_policy: 1 } },
      );
      const policy = privacyPolicyOf(organization);
      const types = new Set(policy.redact_types);
      const calls = await collections.calls
        .find({ org_id: input.orgId, ...(input.afterCallId ? { _id: { $gt: input.afterCallId } } : {}) })
        .sort({ _id: 1 })
        .limit(REAPPLY_CALLS_PER_BATCH)
        .toArray();
      // Flagged before any text changes, so a crash halfway cannot leave the index with the old text.
      for (const call of calls) {
        if (call.status === 'completed')
          await collections.calls.updateOne({ _id: call._id, org_id: input.orgId }, SEARCH_STALE);
      }
      let changed = 0;
      for (const call of calls) {
        Context.current().heartbeat(call._id);
        const scope = { org_id: input.orgId, call_id: call._id };
        const byId = { _id: call._id, org_id: input.orgId };
        let touched = false;
        const write = async <T>(
          update: (value: T) => Promise<unknown>,
          before: T,
          after: T = redactValue(before, types),
        ) => {
          if (JSON.stringify(after) === JSON.stringify(before)) return;
          touched = true;
          await update(after);
        };
        const transcript = await collections.transcripts.findOne(byId);
        if (transcript && transcript.redaction_state !== 'pending') {
          const result = redactTranscript(transcript.segments, types);
          if (result.redactions.length > 0) {
            touched = true;
            const known = transcript.originals_sealed
              ? (JSON.parse(decryptSecret(config.SECRETS_ENCRYPTION_KEY, transcript.originals_sealed)) as {
                  segment: number;
                  text: string;
                }[])
              : [];
            // A segment redacted before keeps its first original: that is the text as it was said.
            const originals = [
              ...known,
              ...result.originals.filter((original) => !known.some((k) => k.segment === original.segment)),
            ].sort((a, b) => a.segment - b.segment);
            await collections.transcripts.updateOne(byId, {
              $set: {
                segments: result.segments,
                redactions: [...(transcript.redactions ?? []), ...result.redactions],
                redacted_types: policy.redact_types,
                originals_sealed: policy.keep_originals
                  ? encryptSecret(config.SECRETS_ENCRYPTION_KEY, JSON.stringify(originals))
                  : null,
              },
            });
          }
        }
        await write(
          (value) => collections.calls.updateOne(byId, { $set: { summary: value.summary, metadata: value.metadata } }),
          { summary: call.summary, metadata: call.metadata },
        );
        const scorecard = await collections.scorecards.findOne(byId);
        if (scorecard) {
          await write((criteria) => collections.scorecards.updateOne(byId, { $set: { criteria } }), scorecard.criteria);
        }
        const extractions = await collections.extractions.findOne(byId);
        if (extractions) {
          await write((results) => collections.extractions.updateOne(byId, { $set: { results } }), extractions.results);
        }
        for (const task of await collections.tasks.find(scope).toArray()) {
          await write((value) => collections.tasks.updateOne({ _id: task._id, org_id: input.orgId }, { $set: value }), {
            text: task.text,
            evidence: task.evidence,
          });
        }
        for (const appointment of await collections.appointments.find(scope).toArray()) {
          await write(
            (value) =>
              collections.appointments.updateOne({ _id: appointment._id, org_id: input.orgId }, { $set: value }),
            { title: appointment.title, evidence: appointment.evidence, attendees: appointment.attendees },
          );
        }
        const events = await collections.events
          .find({ org_id: input.orgId, $or: [{ subject_id: call._id }, { 'data.call_id': call._id }] })
          .toArray();
        for (const event of events) {
          await write(
            (data) => collections.events.updateOne({ _id: event._id, org_id: input.orgId }, { $set: { data } }),
            event.data,
          );
        }
        if (touched) changed++;
      }
      const last = calls[calls.length - 1];
      return {
        nextAfterCallId: calls.length === REAPPLY_CALLS_PER_BATCH && last ? last._id : null,
        calls: calls.length,
        changed,
      };
    },
  };
}
