import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { sttBaseUrl, type Config } from '../../lib/config';

/**
 * Speech-to-text behind one interface. The one implementation speaks the OpenAI-compatible
 * `POST /v1/audio/transcriptions` (verbose_json): OpenAI, Groq, whisper.cpp and faster-whisper
 * servers, and our embedded server (scripts/stt/server.py), so there is one code path.
 */
export interface RecognizedSegment {
  start: number;
  end: number;
  text: string;
  confidence: number | null;
  /** Word timings, when the server gives them (redaction uses them to silence audio exactly). */
  words?: { start: number; end: number; text: string }[];
}

export interface Recognition {
  language: string | null;
  durationSeconds: number | null;
  segments: RecognizedSegment[];
}

export interface SpeechToText {
  transcribe(audioFile: string, options: { language: string; signal?: AbortSignal }): Promise<Recognition>;
}

/** A 4xx from the server: retrying the same audio will not help. */
export class SpeechToTextRejected extends Error {}

interface VerboseJson {
  language?: string;
  duration?: number;
  text?: string;
  segments?: { start: number; end: number; text: string; avg_logprob?: number; words?: VerboseWord[] }[];
  /** OpenAI's word timings (timestamp_granularities[]=word), for the whole file. */
  words?: VerboseWord[];
}

interface VerboseWord {
  word: string;
  start: number;
  end: number;
}

/** A segment's words: its own list when the server nests them, else the file's words inside its time. */
function wordsOf(segment: { start: number; end: number; words?: VerboseWord[] }, all: VerboseWord[] | undefined) {
  const words =
    segment.words ?? all?.filter((word) => word.start >= segment.start - 0.01 && word.end <= segment.end + 0.01);
  return words && words.length > 0
    ? words.map((word) => ({ start: word.start, end: word.end, text: word.word }))
    : undefined;
}

export class OpenAiCompatibleSpeechToText implements SpeechToText {
  constructor(private readonly options: { baseUrl: string; apiKey?: string; model: string; timeoutMs: number }) {}

  async transcribe(audioFile: string, options: { language: string; signal?: AbortSignal }): Promise<Recognition> {
    const form = new FormData();
    // openAsBlob streams the file from disk: long recordings never sit whole in memory.
    form.append('file', await openAsBlob(audioFile), path.basename(audioFile));
    form.append('model', this.options.model);
    form.append('response_format', 'verbose_json');
    form.append('language', options.language);
    form.append('timestamp_granularities[]', 'segment');
    form.append('timestamp_granularities[]', 'word');
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const response = await fetch(`${this.options.baseUrl}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {},
      body: form,
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 500);
      const message = `Speech-to-text answered HTTP ${response.status}: ${detail}`;
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
        throw new SpeechToTextRejected(message);
      }
      throw new Error(message);
    }
    const body = (await response.json()) as VerboseJson;
    return {
      language: body.language ?? null,
      durationSeconds: typeof body.duration === 'number' ? body.duration : null,
      segments: (body.segments ?? [])
        .map((segment) => ({
          start: segment.start,
          end: segment.end,
          text: segment.text.trim(),
          confidence:
            typeof segment.avg_logprob === 'number' ? Math.round(Math.exp(segment.avg_logprob) * 1000) / 1000 : null,
          words: wordsOf(segment, body.words),
        }))
        .filter((segment) => segment.text.length > 0),
    };
  }
}

/** The server the configuration names (the embedded one unless STT_BASE_URL points elsewhere). */
export function createSpeechToText(
  config: Pick<Config, 'STT_BASE_URL' | 'STT_PORT' | 'STT_API_KEY' | 'STT_MODEL' | 'STT_TIMEOUT_SECONDS'>,
): SpeechToText {
  return new OpenAiCompatibleSpeechToText({
    baseUrl: sttBaseUrl(config),
    apiKey: config.STT_API_KEY,
    model: config.STT_MODEL,
    timeoutMs: config.STT_TIMEOUT_SECONDS * 1000,
  });
}
