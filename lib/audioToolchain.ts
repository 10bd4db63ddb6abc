import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/*
 * The worker decodes recordings with PyAV in `AUDIO_PYTHON` (activities/audio.ts). A missing or
 * broken toolchain is a fault of the deployment, never of a customer's recording: the worker
 * reports it at start, the transcription activity retries it, and the REST API's `/readyz` names
 * it where the worker runs beside it.
 */
export class AudioToolchainUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AudioToolchainUnavailable';
  }
}

/** Resolves with PyAV's version when `python` can decode; else throws AudioToolchainUnavailable. */
export async function checkAudioToolchain(python: string): Promise<string> {
  try {
    const { stdout } = await run(python, ['-c', 'import av, numpy; print(av.__version__)'], { timeout: 15_000 });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    const detail = (stderr || (error as Error).message).trim().split('\n').at(-1)!.slice(0, 300);
    throw new AudioToolchainUnavailable(
      `PyAV is not available to ${python}: ${detail}. Install it with \`npm run tools\`, or set AUDIO_PYTHON to a Python with PyAV.`,
    );
  }
}

/** A readiness check that runs the toolchain at most once per `ttlMs` while it keeps passing. */
export function cachedAudioCheck(python: string, ttlMs = 30_000): () => Promise<void> {
  let passedAt = 0;
  return async () => {
    if (Date.now() - passedAt < ttlMs) return;
    await checkAudioToolchain(python);
    passedAt = Date.now();
  };
}
