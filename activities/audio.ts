import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { AudioToolchainUnavailable } from '../lib/audioToolchain';

export { AudioToolchainUnavailable };

const run = promisify(execFile);

/*
 * Audio decoding for recognition, with PyAV (FFmpeg's libraries inside a PyPI wheel, installed by
 * the project's tool bootstrap into the speech-to-text environment; `AUDIO_PYTHON` names another
 * Python that has `av`). Anything FFmpeg decodes, audio or video, is accepted.
 *
 * Three outcomes, kept apart because they mean different things to a call:
 * - UndecodableAudio / RecordingTooLong: the customer's file; the call fails with the reason.
 * - AudioToolchainUnavailable: our deployment (no Python, no `av`, a crash); retried, and shown
 *   as that in the Temporal UI and the logs, never blamed on the recording.
 */
export const PREPARE_AUDIO_SCRIPT = path.resolve(__dirname, '../scripts/audio/prepare_audio.py');

export class UndecodableAudio extends Error {}
export class RecordingTooLong extends Error {}

export interface AudioToolchain {
  /** A Python with PyAV and numpy. */
  python: string;
  /** Longest recording accepted, in seconds (from the header before decoding, and while decoding). */
  maxSeconds: number;
  /** Decoding of one recording is stopped after this long. */
  timeoutMs: number;
  /** Defaults to PREPARE_AUDIO_SCRIPT. */
  script?: string;
}

export interface PreparedAudio {
  channels: number;
  /** The decoded length: the call's measured duration. */
  seconds: number;
  /** 16 kHz mono WAV files: one per channel for two-channel recordings, else one. */
  files: string[];
}

type ToolAnswer<T> = ({ ok: true } & T) | { ok: false; reason: 'undecodable' | 'too_long'; message: string };

/**
 * Runs one of the audio scripts and reads its one-line JSON answer. A refusal is the recording's
 * fault (UndecodableAudio, RecordingTooLong); anything else is the toolchain's.
 */
async function runAudioScript<T>(toolchain: AudioToolchain, script: string, args: string[]): Promise<T> {
  let stdout: string;
  try {
    ({ stdout } = await run(toolchain.python, [script, ...args], {
      timeout: toolchain.timeoutMs,
      maxBuffer: 1024 * 1024,
      killSignal: 'SIGKILL',
    }));
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { killed?: boolean; stderr?: string };
    if (failure.killed) {
      throw new Error(`Decoding the recording took longer than ${Math.round(toolchain.timeoutMs / 1000)} s`);
    }
    throw new AudioToolchainUnavailable(
      `The audio toolchain failed (${toolchain.python} ${path.basename(script)}): ${lastLine(failure)}. ` +
        'Install it with `npm run tools`, or set AUDIO_PYTHON to a Python with PyAV.',
    );
  }
  let answer: ToolAnswer<T>;
  try {
    answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ToolAnswer<T>;
  } catch {
    throw new AudioToolchainUnavailable(`The audio toolchain answered something unreadable: ${stdout.slice(0, 200)}`);
  }
  if (!answer.ok) {
    throw answer.reason === 'too_long' ? new RecordingTooLong(answer.message) : new UndecodableAudio(answer.message);
  }
  return answer;
}

export async function prepareForRecognition(
  recording: string,
  workDir: string,
  toolchain: AudioToolchain,
): Promise<PreparedAudio> {
  const answer = await runAudioScript<{ channels: number; seconds: number; outputs: string[] }>(
    toolchain,
    toolchain.script ?? PREPARE_AUDIO_SCRIPT,
    [recording, workDir, '--max-seconds', String(toolchain.maxSeconds)],
  );
  return { channels: answer.channels, seconds: answer.seconds, files: answer.outputs };
}

export const SILENCE_SPANS_SCRIPT = path.resolve(__dirname, '../scripts/audio/silence_spans.py');

/**
 * Audio redaction: the recording with every span (seconds) set to silence on all channels, as a
 * 16-bit PCM WAV at the recording's own rate (scripts/audio/silence_spans.py).
 */
export async function silenceSpans(
  recording: string,
  output: string,
  spans: { start: number; end: number }[],
  toolchain: AudioToolchain,
): Promise<{ channels: number; rate: number; seconds: number; silenced_seconds: number }> {
  return runAudioScript(toolchain, SILENCE_SPANS_SCRIPT, [
    recording,
    output,
    JSON.stringify(spans.map((span) => [span.start, span.end])),
  ]);
}

function lastLine(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr;
  const text = (stderr || (error as Error).message || String(error)).trim();
  return text.split('\n').at(-1)!.slice(0, 300);
}
