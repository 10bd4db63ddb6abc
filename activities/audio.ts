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

type ToolAnswer =
  | { ok: true; channels: number; seconds: number; outputs: string[] }
  | { ok: false; reason: 'undecodable' | 'too_long'; message: string };

export async function prepareForRecognition(
  recording: string,
  workDir: string,
  toolchain: AudioToolchain,
): Promise<PreparedAudio> {
  const script = toolchain.script ?? PREPARE_AUDIO_SCRIPT;
  let stdout: string;
  try {
    ({ stdout } = await run(
      toolchain.python,
      [script, recording, workDir, '--max-seconds', String(toolchain.maxSeconds)],
      { timeout: toolchain.timeoutMs, maxBuffer: 1024 * 1024, killSignal: 'SIGKILL' },
    ));
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
  let answer: ToolAnswer;
  try {
    answer = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ToolAnswer;
  } catch {
    throw new AudioToolchainUnavailable(`The audio toolchain answered something unreadable: ${stdout.slice(0, 200)}`);
  }
  if (!answer.ok) {
    throw answer.reason === 'too_long' ? new RecordingTooLong(answer.message) : new UndecodableAudio(answer.message);
  }
  return { channels: answer.channels, seconds: answer.seconds, files: answer.outputs };
}

function lastLine(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr;
  const text = (stderr || (error as Error).message || String(error)).trim();
  return text.split('\n').at(-1)!.slice(0, 300);
}
