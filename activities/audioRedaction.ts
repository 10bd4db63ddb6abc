import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Db, GridFSBucket } from 'mongodb';
import type { Config } from '../lib/config';
import {
  RECORDINGS_BUCKET,
  recordingsBucket,
  redactedRecordingFileId,
  sealedOriginalRecordingFileId,
  type Collections,
} from '../lib/mongo';
import { privacyPolicyOf } from '../lib/pii/policy';
import { sealingCipher } from '../lib/secrets';
import { NON_RETRYABLE } from '../lib/temporal';
import { AudioToolchainUnavailable, silenceSpans, UndecodableAudio } from './audio';
import { callNotFound } from './calls';
import { audioToolchainOf, AUDIO_TOOLCHAIN_UNAVAILABLE } from './transcription';

/** Silence added on both sides of a redacted value: word timings are a little early or late. */
export const AUDIO_REDACTION_PADDING_SECONDS = 0.15;

/**
 * Audio redaction, on the `transcription` queue (where the audio toolchain is): the stored
 * recording is replaced by a copy silenced wherever a redacted value was said (the transcript's
 * `redactions`, from word timings). The original is kept encrypted when the policy keeps
 * originals, else deleted. Steps are ordered so that a retry after a crash finishes the job: the
 * copy is uploaded under a fixed id, the call switched to it, then the clear original removed.
 */
export function createAudioRedactionActivities(deps: {
  db: Db;
  collections: Collections;
  config: Pick<
    Config,
    'SECRETS_ENCRYPTION_KEY' | 'AUDIO_PYTHON' | 'RECORDING_MAX_SECONDS' | 'AUDIO_DECODE_TIMEOUT_SECONDS'
  >;
}) {
  const { collections, db, config } = deps;

  async function removeClearOriginal(orgId: string, callId: string, fileId: string) {
    await deleteIfStored(recordingsBucket(db), fileId, orgId);
    await collections.calls.updateOne({ _id: callId, org_id: orgId }, { $set: { recording_unredacted_file_id: null } });
  }

  return {
    async silenceRedactedAudio(input: { orgId: string; callId: string }): Promise<{ silencedSeconds: number }> {
      const context = Context.current();
      const [call, organization, transcript] = await Promise.all([
        collections.calls.findOne({ _id: input.callId, org_id: input.orgId }),
        collections.organizations.findOne({ _id: input.orgId }, { projection: { privacy_policy: 1 } }),
        collections.transcripts.findOne({ _id: input.callId, org_id: input.orgId }, { projection: { redactions: 1 } }),
      ]);
      if (!call) throw callNotFound(input.callId);
      if (call.recording_redacted_at) {
        if (call.recording_unredacted_file_id) {
          await removeClearOriginal(input.orgId, call._id, call.recording_unredacted_file_id);
        }
        return { silencedSeconds: 0 };
      }
      const policy = privacyPolicyOf(organization);
      const spans = (transcript?.redactions ?? []).map((redaction) => ({
        start: Math.max(0, redaction.start - AUDIO_REDACTION_PADDING_SECONDS),
        end: redaction.end + AUDIO_REDACTION_PADDING_SECONDS,
      }));
      if (!policy.redact_audio || spans.length === 0 || !call.recording_file_id) return { silencedSeconds: 0 };

      const bucket = recordingsBucket(db);
      const workDir = await mkdtemp(path.join(os.tmpdir(), `redact-${input.callId}-`));
      try {
        const original = path.join(workDir, 'original');
        const silenced = path.join(workDir, 'silenced.wav');
        await pipeline(bucket.openDownloadStream(call.recording_file_id as never), createWriteStream(original));
        context.heartbeat('downloaded');
        const result = await silenceSpans(original, silenced, spans, audioToolchainOf(config));
        context.heartbeat('silenced');

        const redactedId = redactedRecordingFileId(call._id);
        await deleteIfStored(bucket, redactedId, input.orgId);
        await pipeline(
          createReadStream(silenced),
          bucket.openUploadStreamWithId(redactedId as never, `${call._id}.wav`, {
            metadata: { org_id: input.orgId, call_id: call._id, content_type: 'audio/wav', redacted: true },
          }),
        );
        let sealedId: string | null = null;
        if (policy.keep_originals) {
          const stored = await bucket.find({ _id: call.recording_file_id as never }).next();
          sealedId = sealedOriginalRecordingFileId(call._id);
          await deleteIfStored(bucket, sealedId, input.orgId);
          const { iv, cipher } = sealingCipher(config.SECRETS_ENCRYPTION_KEY);
          await pipeline(
            createReadStream(original),
            cipher,
            bucket.openUploadStreamWithId(sealedId as never, `${call._id}.sealed`, {
              metadata: {
                org_id: input.orgId,
                call_id: call._id,
                sealed: 'aes-256-gcm',
                iv,
                content_type: stored?.metadata?.content_type ?? null,
              },
            }),
          );
          await db
            .collection(`${RECORDINGS_BUCKET}.files`)
            .updateOne(
              { _id: sealedId as never },
              { $set: { 'metadata.tag': cipher.getAuthTag().toString('base64url') } },
            );
        }
        await collections.calls.updateOne(
          { _id: call._id, org_id: input.orgId },
          {
            $set: {
              recording_file_id: redactedId,
              original_recording_file_id: sealedId,
              recording_unredacted_file_id: call.recording_file_id,
              recording_redacted_at: new Date(),
              updated_at: new Date(),
            },
          },
        );
        await removeClearOriginal(input.orgId, call._id, call.recording_file_id);
        return { silencedSeconds: Math.round(result.silenced_seconds * 100) / 100 };
      } catch (error) {
        if (error instanceof UndecodableAudio)
          throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.badAudio);
        if (error instanceof AudioToolchainUnavailable) {
          context.log.error(error.message);
          throw ApplicationFailure.retryable(error.message, AUDIO_TOOLCHAIN_UNAVAILABLE);
        }
        throw error;
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

async function deleteIfStored(bucket: GridFSBucket, fileId: string, orgId: string): Promise<void> {
  const file = await bucket.find({ _id: fileId as never, 'metadata.org_id': orgId }).next();
  if (file) await bucket.delete(file._id);
}
