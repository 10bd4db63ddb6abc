import { recordSpeechToText } from './metrics';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Db } from 'mongodb';
import type { Config } from '../lib/config';
import type { Speaker, TranscriptSegment } from '../lib/documents';
import { callDaysChanged } from '../lib/callDayTotals';
import { recordingsBucket, type Collections } from '../lib/mongo';
import {
  AudioToolchainUnavailable,
  prepareForRecognition,
  RecordingTooLong,
  UndecodableAudio,
  type AudioToolchain,
} from './audio';
import { NON_RETRYABLE } from '../lib/temporal';
import { SpeechToTextRejected, type SpeechToText } from './providers/speechToText';
import { callNotFound } from './calls';
import { encryptSecret } from '../lib/secrets';

export interface TranscriptionOutcome {
  segments: number;
  channels: number;
  language: string | null;
}

/** The error type of a broken audio toolchain: retried, and named so in the Temporal UI. */
export const AUDIO_TOOLCHAIN_UNAVAILABLE = 'AudioToolchainUnavailable';

const HEARTBEAT_EVERY_MS = 10_000;

/**
 * Speaker attribution. Two-channel recordings carry one speaker per channel; which channel is the
 * agent's is the dialer's convention, STT_AGENT_CHANNEL (1 = left, the default), or per call
 * `metadata.agent_channel` (1 or 2) when a dialer says so. Mono recordings get `unknown`.
 */
export function channelSpeakers(agentChannel: 1 | 2): [Speaker, Speaker] {
  return agentChannel === 1 ? ['agent', 'customer'] : ['customer', 'agent'];
}

export function mergeByTime(
  channels: { speaker: Speaker; segments: Omit<TranscriptSegment, 'speaker'>[] }[],
): TranscriptSegment[] {
  return channels
    .flatMap(({ speaker, segments }) => segments.map((segment) => ({ speaker, ...segment })))
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * One recording to one transcript: stereo is split and each channel recognized with its speaker,
 * mono is recognized once (speaker `unknown`); segments merged in time order.
 */
export async function recognizeRecording(
  recording: string,
  workDir: string,
  options: {
    speechToText: SpeechToText;
    audio: AudioToolchain;
    agentChannel: 1 | 2;
    language: string;
    signal?: AbortSignal;
    onProgress?: (step: string) => void;
  },
): Promise<{ segments: TranscriptSegment[]; language: string | null; channels: number; seconds: number }> {
  const { channels, seconds, files } = await prepareForRecognition(recording, workDir, options.audio);
  const speakers: Speaker[] = files.length === 2 ? channelSpeakers(options.agentChannel) : ['unknown'];
  let language: string | null = null;
  const recognized = [];
  for (const [index, file] of files.entries()) {
    const result = await options.speechToText.transcribe(file, { language: options.language, signal: options.signal });
    language ??= result.language;
    recognized.push({ speaker: speakers[index]!, segments: result.segments });
    options.onProgress?.(`channel ${index + 1} of ${files.length} done`);
  }
  return { segments: mergeByTime(recognized), language, channels, seconds };
}

/** The toolchain the configuration names. */
export function audioToolchainOf(
  config: Pick<Config, 'AUDIO_PYTHON' | 'RECORDING_MAX_SECONDS' | 'AUDIO_DECODE_TIMEOUT_SECONDS'>,
): AudioToolchain {
  return {
    python: config.AUDIO_PYTHON,
    maxSeconds: config.RECORDING_MAX_SECONDS,
    timeoutMs: config.AUDIO_DECODE_TIMEOUT_SECONDS * 1000,
  };
}

export function createTranscriptionActivities(deps: {
  db: Db;
  collections: Collections;
  config: Pick<
    Config,
    | 'STT_AGENT_CHANNEL'
    | 'STT_LANGUAGE'
    | 'AUDIO_PYTHON'
    | 'RECORDING_MAX_SECONDS'
    | 'AUDIO_DECODE_TIMEOUT_SECONDS'
    | 'SECRETS_ENCRYPTION_KEY'
  >;
  speechToText: SpeechToText;
}) {
  return {
    /** Recording (GridFS) → per-channel recognition → one transcript in time order, stored by call id. */
    async transcribeCall(input: {
      orgId: string;
      callId: string;
      /** Store the text sealed for the redaction stage (workflows with the redaction stage say so). */
      sealForRedaction?: boolean;
    }): Promise<TranscriptionOutcome> {
      const context = Context.current();
      const call = await deps.collections.calls.findOne({ _id: input.callId, org_id: input.orgId });
      if (!call) throw callNotFound(input.callId);
      if (!call.recording_file_id) {
        throw ApplicationFailure.nonRetryable('The call has no stored recording', NON_RETRYABLE.recordingUnavailable);
      }
      const workDir = await mkdtemp(path.join(os.tmpdir(), `stt-${input.callId}-`));
      const heartbeat = setInterval(() => context.heartbeat(), HEARTBEAT_EVERY_MS);
      try {
        const recording = path.join(workDir, 'recording');
        await pipeline(
          recordingsBucket(deps.db).openDownloadStream(call.recording_file_id as never),
          createWriteStream(recording),
        );
        context.heartbeat('downloaded');
        const metadataChannel = Number((call.metadata as { agent_channel?: unknown }).agent_channel);
        const agentChannel =
          metadataChannel === 1 || metadataChannel === 2 ? metadataChannel : deps.config.STT_AGENT_CHANNEL;
        const recognitionStarted = performance.now();
        const { segments, language, channels, seconds } = await recognizeRecording(recording, workDir, {
          speechToText: deps.speechToText,
          audio: audioToolchainOf(deps.config),
          agentChannel: agentChannel as 1 | 2,
          language: deps.config.STT_LANGUAGE,
          signal: context.cancellationSignal,
          onProgress: (step) => context.heartbeat(step),
        });
        recordSpeechToText(seconds, (performance.now() - recognitionStarted) / 1000);
        // Awaiting redaction, the recognized text is stored sealed: nothing reads it in clear but
        // the redaction stage. (Workflows from before redaction store it as it was recognized.)
        const stored = input.sealForRedaction
          ? {
              segments: [],
              redaction_state: 'pending' as const,
              pending_sealed: encryptSecret(deps.config.SECRETS_ENCRYPTION_KEY, JSON.stringify(segments)),
            }
          : { segments: segments.map(({ words: _words, ...segment }) => segment) };
        await deps.collections.transcripts.replaceOne(
          { _id: input.callId, org_id: input.orgId },
          { org_id: input.orgId, call_id: input.callId, language, ...stored, created_at: new Date() },
          { upsert: true },
        );
        // The measured length is the call's duration (a client's figure stays in metadata).
        await deps.collections.calls.updateOne(
          { _id: input.callId, org_id: input.orgId },
          { $set: { duration_seconds: Math.round(seconds), updated_at: new Date() } },
        );
        await callDaysChanged(deps.collections, input.orgId, [call.recorded_day]);
        return { segments: segments.length, channels, language };
      } catch (error) {
        if (error instanceof UndecodableAudio)
          throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.badAudio);
        if (error instanceof RecordingTooLong)
          throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.recordingTooLong);
        if (error instanceof AudioToolchainUnavailable) {
          // Our deployment, not the recording: logged loudly and retried.
          context.log.error(error.message);
          throw ApplicationFailure.retryable(error.message, AUDIO_TOOLCHAIN_UNAVAILABLE);
        }
        if (error instanceof SpeechToTextRejected) {
          throw ApplicationFailure.nonRetryable(error.message, NON_RETRYABLE.sttRejected);
        }
        throw error;
      } finally {
        clearInterval(heartbeat);
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

export type TranscriptionActivities = ReturnType<typeof createTranscriptionActivities>;
