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
 * The recognized segments of the recording `name`: from `directory` when an earlier run kept them
 * there (`--recognized DIR`, so changed rules are scored again in seconds, on exactly the same
 * words: recognition of 8 kHz audio varies a little from run to run), else recognized now, and
 * kept there when a directory is given. Delete the directory after changing the recognizer.
 */
export async function recognizedOnce(
  directory: string | undefined,
  name: string,
  recognize: () => Promise<TranscriptSegment[]>,
): Promise<SavedRecognition> {
  const saved = directory ? path.join(directory, `${name}.json`) : null;
  if (saved && existsSync(saved)) return JSON.parse(readFileSync(saved, 'utf8')) as SavedRecognition;
  const started = performance.now();
  const recognition = { segments: await recognize(), seconds: (performance.now() - started) / 1000 };
  if (saved) {
    mkdirSync(path.dirname(saved), { recursive: true });
    writeFileSync(saved, JSON.stringify(recognition));
  }
  return recognition;
}

/** A recording's segments as the product recognizes it (decoded, split by channel), in a scratch folder removed after. */
export async function recognizeFile(
  recording: string,
  options: Parameters<typeof recognizeRecording>[2],
): Promise<TranscriptSegment[]> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'cis-bench-recognition-'));
  try {
    return (await recognizeRecording(recording, workDir, options)).segments;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
