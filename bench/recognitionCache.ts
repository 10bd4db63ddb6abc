import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recognizeRecording } from '../activities/transcription';
import type { TranscriptSegment } from '../lib/documents';

/** One recording's recognized segments and how long recognizing them took. */
export interface SavedRecognition {
  segments: TranscriptSegment[];
  seconds: number;
}

/**
 * The segments of `recording` as the product recognizes it (decoded, split by channel, the agent on
 * `agentChannel`), kept in `directory` under `name` when a directory is given, and read from there
 * when an earlier run kept them (`--recognized DIR`: changed rules are scored again in seconds, on
 * exactly the same words; recognition of 8 kHz audio varies a little from run to run). Delete the
 * directory after changing the recognizer.
 */
export async function recognizedOnce(
  directory: string | undefined,
  name: string,
  recording: string,
  options: Pick<Parameters<typeof recognizeRecording>[2], 'speechToText' | 'audio'> & { agentChannel: number },
): Promise<SavedRecognition> {
  const saved = directory ? path.join(directory, `${name}.json`) : null;
  if (saved && existsSync(saved)) return JSON.parse(readFileSync(saved, 'utf8')) as SavedRecognition;
  const started = performance.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'cis-bench-recognition-'));
  let segments: TranscriptSegment[];
  try {
    segments = (
      await recognizeRecording(recording, workDir, {
        speechToText: options.speechToText,
        audio: options.audio,
        agentChannel: options.agentChannel === 2 ? 2 : 1,
        language: 'en',
      })
    ).segments;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const recognition = { segments, seconds: (performance.now() - started) / 1000 };
  if (saved) {
    mkdirSync(path.dirname(saved), { recursive: true });
    writeFileSync(saved, JSON.stringify(recognition));
  }
  return recognition;
}
