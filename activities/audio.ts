import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Audio handling with Debian's ffmpeg: anything ffmpeg decodes (audio or video) is accepted. */
export class UndecodableAudio extends Error {}

export async function audioChannels(file: string): Promise<number> {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=channels',
      '-of',
      'csv=p=0',
      file,
    ]);
    const channels = Number.parseInt(stdout.trim(), 10);
    if (!Number.isFinite(channels) || channels < 1) throw new UndecodableAudio('The recording has no audio stream');
    return channels;
  } catch (error) {
    if (error instanceof UndecodableAudio) throw error;
    throw new UndecodableAudio(`The recording cannot be decoded: ${firstLine(error)}`);
  }
}

/**
 * 16 kHz mono WAV files for recognition: one per channel for two-channel recordings (each speaker
 * on their own channel), one downmixed file otherwise.
 */
export async function prepareForRecognition(file: string, workDir: string, channels: number): Promise<string[]> {
  const outputs =
    channels >= 2
      ? [0, 1].map((index) => path.join(workDir, `channel-${index + 1}.wav`))
      : [path.join(workDir, 'mono.wav')];
  try {
    if (channels === 2) {
      await run('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-i',
        file,
        '-filter_complex',
        '[0:a:0]channelsplit=channel_layout=stereo[left][right]',
        '-map',
        '[left]',
        '-ar',
        '16000',
        '-ac',
        '1',
        outputs[0]!,
        '-map',
        '[right]',
        '-ar',
        '16000',
        '-ac',
        '1',
        outputs[1]!,
      ]);
    } else {
      await run('ffmpeg', ['-v', 'error', '-y', '-i', file, '-vn', '-ar', '16000', '-ac', '1', outputs[0]!]);
    }
  } catch (error) {
    throw new UndecodableAudio(`The recording cannot be decoded: ${firstLine(error)}`);
  }
  return outputs;
}

function firstLine(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr;
  return (stderr || (error as Error).message || String(error)).trim().split('\n')[0]!.slice(0, 300);
}
