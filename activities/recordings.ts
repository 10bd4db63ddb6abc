import { pipeline } from 'node:stream/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Db } from 'mongodb';
import type { Config } from '../lib/config';
import { MediaStreamRefused, mediaMeter } from '../lib/mediaSniff';
import { RECORDINGS_BUCKET, recordingFileId, recordingsBucket, type Collections } from '../lib/mongo';
import { MAX_REDIRECTS, OutboundBlockedError, OutboundRedirectError, outboundRequest } from '../lib/outbound';
import { NON_RETRYABLE } from '../lib/temporal';
import { callNotFound } from './calls';

export interface FetchedRecording {
  fileId: string;
  bytes: number;
  contentType: string;
}

export function createRecordingActivities(deps: {
  db: Db;
  collections: Collections;
  config: Pick<Config, 'OUTBOUND_ALLOWED_HOSTS' | 'RECORDING_MAX_BYTES' | 'RECORDING_FETCH_TIMEOUT_SECONDS'>;
}) {
  const bucket = recordingsBucket(deps.db);

  return {
    /** Downloads the call's `audio_url` into GridFS (URL → GridFS, never into memory whole). */
    async fetchRecording(input: { orgId: string; callId: string }): Promise<FetchedRecording> {
      const call = await deps.collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw callNotFound(input.callId);
      if (call.recording_file_id) {
        const file = await bucket.find({ _id: call.recording_file_id as never }).next();
        if (file) {
          return {
            fileId: call.recording_file_id,
            bytes: file.length,
            contentType: String(file.metadata?.content_type),
          };
        }
      }
      if (!call.audio_url) {
        throw ApplicationFailure.nonRetryable('The call has no recording URL', NON_RETRYABLE.recordingUnavailable);
      }

      const context = Context.current();
      const deadline = AbortSignal.timeout(deps.config.RECORDING_FETCH_TIMEOUT_SECONDS * 1000);
      const signal = AbortSignal.any([deadline, context.cancellationSignal]);
      let response;
      try {
        response = await outboundRequest(
          { allowedHosts: deps.config.OUTBOUND_ALLOWED_HOSTS },
          { url: call.audio_url, timeoutMs: 30_000, maxRedirects: MAX_REDIRECTS, signal },
        );
      } catch (error) {
        if (error instanceof OutboundBlockedError) {
          throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.recordingBlocked);
        }
        if (error instanceof OutboundRedirectError) {
          throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.recordingUnavailable);
        }
        throw error; // network errors are transient: the retry policy decides
      }
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
        response.body.resume();
        throw ApplicationFailure.nonRetryable(
          `Recording URL answered HTTP ${response.status}`,
          NON_RETRYABLE.recordingUnavailable,
        );
      }
      if (response.status < 200 || response.status >= 300) {
        response.body.resume();
        throw new Error(`Recording URL answered HTTP ${response.status}`);
      }

      const fileId = recordingFileId(input.callId);
      await bucket.delete(fileId as never).catch(() => undefined); // leftovers of an interrupted attempt
      const meter = mediaMeter(deps.config.RECORDING_MAX_BYTES, (bytes) => context.heartbeat({ bytes }));
      const upload = bucket.openUploadStreamWithId(fileId as never, `${input.callId}`, {
        metadata: { org_id: input.orgId, call_id: input.callId, source_url_host: new URL(call.audio_url).host },
      });
      try {
        await pipeline(response.body, meter.stream, upload, { signal });
      } catch (error) {
        await bucket.delete(fileId as never).catch(() => undefined);
        if (error instanceof MediaStreamRefused) {
          throw ApplicationFailure.nonRetryable(
            error.message,
            error.reason === 'too_large' ? NON_RETRYABLE.recordingTooLarge : NON_RETRYABLE.notAudio,
          );
        }
        throw error;
      }
      const { bytes, contentType } = meter.outcome();
      await deps.db
        .collection(`${RECORDINGS_BUCKET}.files`)
        .updateOne({ _id: fileId as never }, { $set: { 'metadata.content_type': contentType } });
      await deps.collections.calls.updateOne(
        { _id: input.callId, org_id: input.orgId },
        { $set: { recording_file_id: fileId, updated_at: new Date() } },
      );
      return { fileId, bytes, contentType: contentType! }; // the meter fails a stream it cannot type
    },
  };
}
