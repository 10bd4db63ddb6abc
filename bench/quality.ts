/**
 * Quality benchmark: the pipeline's engines over the development corpus (../shared/fixtures/calls),
 * synthesized as three recordings each — stereo (16 kHz, one speaker a channel), per-channel
 * telephone (8 kHz mu-law, two channels: the common dialer format) and mono telephone — and
 * recognized by the configured speech-to-text (the embedded Whisper server unless STT_BASE_URL is
 * set). Prints, per recording kind and per half of the corpus (a: even positions, b: odd; develop a
 * rule on one, check it on the other), lending classification, mortgage_lead fields, organization
 * dataset fields, exact appointments, tasks, scorecard agreement and schema-valid MISMO files, next
 * to the same engines on the scripts (the baseline: what recognition loses); word error rate
 * (numbers compared as digits), speaker attribution and the real-time factor; and every miss.
 *
 *   npm run bench -- quality [--fixtures DIR] [--show] [--scripts-only]
 *                            [--kinds stereo,telephone2ch,telephone] [--beam N] [--vad THRESHOLD]
 *                            [--hotwords TEXT] [--recognized DIR]
 *
 * `--beam`, `--vad` and `--hotwords` (a text put before every decoding window) start the embedded
 * server with other decoding settings (the sweeps in docs/transcription.md); `--kinds` measures
 * only some recording kinds; `--recognized DIR` keeps each recording's recognized segments in DIR
 * and reuses them on the next run (the engines are scored again in seconds; delete DIR after
 * changing the recognizer).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCall } from '../activities/language/core/callText';
import { normalizeSpokenForms } from '../activities/language/core/spokenForm';
import { MISMO_ROOT_XSD } from '../activities/providers/mismoValidator';
import { OpenAiCompatibleSpeechToText } from '../activities/providers/speechToText';
import type { AudioToolchain } from '../activities/audio';
import type { Speaker, TranscriptSegment } from '../lib/documents';
import { utcOffsetMinutesOf } from '../lib/time';
import { freePort, startSttServer, type ManagedProcess } from '../scripts/stack';
import { embeddedSttModel, ensureTools, STT_SERVER_SCRIPT, toolPath } from '../scripts/tools';
import {
  CORPUS_DIR,
  emptyCorpusScores,
  loadCorpus,
  scoreCall,
  share,
  type CorpusCall,
  type CorpusScores,
  type Tally,
} from './corpus';
import { recognizedOnce } from './recognitionCache';
import { fmt } from './stack';

const log = (line: string) => process.stdout.write(`[bench:quality] ${line}\n`);

type Fixture = CorpusCall;

interface TruthTurn {
  speaker: Speaker;
  start: number;
  end: number;
  text: string;
}

/** Words for WER: written forms ("$450,000" and "four hundred fifty thousand" both → "450000"), no punctuation. */
export function werWords(text: string): string[] {
  return normalizeSpokenForms(text)
    .toLowerCase()
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[$]/g, '')
    .replace(/[^a-z0-9@.' ]+/g, ' ')
    .replace(/\.(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Word-level Levenshtein distance (substitutions + deletions + insertions). */
export function editDistance(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

/** Share of recognized words whose speaker is the one of the script turn they overlap most. */
function speakerAccuracy(segments: TranscriptSegment[], truth: TruthTurn[]): number {
  let right = 0;
  let all = 0;
  for (const segment of segments) {
    const words = segment.text.split(/\s+/).filter(Boolean).length;
    const overlap = (turn: TruthTurn) => Math.min(turn.end, segment.end) - Math.max(turn.start, segment.start);
    const best = [...truth].sort((a, b) => overlap(b) - overlap(a))[0];
    all += words;
    if (best && overlap(best) > 0 && best.speaker === segment.speaker) right += words;
  }
  return all ? right / all : 0;
}

/** Schema validity with xmllint, synchronously (the corpus scoring is synchronous). */
function validateMismoXmlSync(xml: string, xsdDir: string): boolean {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', path.join(xsdDir, MISMO_ROOT_XSD), '-'], {
      input: xml,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    return true;
  } catch {
    return false;
  }
}

const pct = (tally: Tally) => (tally.all ? `${fmt(share(tally) * 100)} %` : 'n/a');

const FIGURES: [keyof Omit<CorpusScores, 'misses'>, string, string][] = [
  ['lendingClassification', 'lending classification', '100 %'],
  ['lendingFields', 'mortgage_lead fields', '≥ 90 %'],
  ['otherFields', 'organization-dataset fields', '≥ 80 %'],
  ['appointments', 'appointments exact', '≥ 90 %'],
  ['tasks', 'tasks (owner, due)', ''],
  ['scorecard', 'scorecard agreement', '≥ 90 %'],
  ['mismo', 'MISMO valid / none', '100 %'],
];

type Variant = 'stereo' | 'telephone2ch' | 'telephone';
const VARIANTS: Variant[] = ['stereo', 'telephone2ch', 'telephone'];

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      fixtures: { type: 'string', default: CORPUS_DIR },
      show: { type: 'boolean', default: false },
      'scripts-only': { type: 'boolean', default: false },
      kinds: { type: 'string', default: VARIANTS.join(',') },
      beam: { type: 'string' },
      vad: { type: 'string' },
      hotwords: { type: 'string' },
      recognized: { type: 'string' },
    },
  });
  const kinds = values.kinds!.split(',') as Variant[];
  const unknownKind = kinds.find((kind) => !VARIANTS.includes(kind));
  if (unknownKind) throw new Error(`--kinds: unknown recording kind ${unknownKind} (${VARIANTS.join(', ')})`);
  const decoding = {
    beamSize: values.beam ? Number(values.beam) : undefined,
    vadThreshold: values.vad ? Number(values.vad) : undefined,
    hotwords: values.hotwords,
  };
  const fixturesDir = values.fixtures!;
  // A folder of calls of its own (test/fixtures/heldout-calls) is synthesized by the corpus's script.
  const makeAudio = [fixturesDir, CORPUS_DIR]
    .map((dir) => path.join(dir, 'make-audio.mjs'))
    .find((script) => existsSync(script));
  if (!makeAudio) throw new Error(`no make-audio.mjs in ${fixturesDir} or ${CORPUS_DIR}`);
  const xsdDir =
    process.env.MISMO_XSD_DIR ??
    (existsSync(path.resolve(__dirname, '../../shared/mismo-3.4'))
      ? path.resolve(__dirname, '../../shared/mismo-3.4')
      : null);
  if (!xsdDir) log('MISMO_XSD_DIR not set and ../shared/mismo-3.4 absent: MISMO validity uses our own checks only');

  let stt: ManagedProcess | null = null;
  let sttUrl = process.env.STT_BASE_URL;
  ensureTools(['stt'], log); // the speech environment also decodes the audio (PyAV)
  const audio: AudioToolchain = {
    python: process.env.AUDIO_PYTHON ?? toolPath('stt'),
    maxSeconds: 3 * 60 * 60,
    timeoutMs: 600_000,
  };
  // Scoring the scripts alone needs no recognizer.
  if (!sttUrl && !values['scripts-only']) {
    const port = await freePort();
    const model = process.env.STT_EMBEDDED_MODEL === 'tiny.en' ? 'tiny.en' : 'base';
    log(
      `embedded speech-to-text: Whisper ${model}, beam ${decoding.beamSize ?? 'default (5)'}, VAD threshold ${decoding.vadThreshold ?? 'default (0.25)'}${decoding.hotwords ? `, hotwords "${decoding.hotwords}"` : ''}`,
    );
    stt = await startSttServer({
      python: toolPath('stt'),
      script: STT_SERVER_SCRIPT,
      port,
      sink: () => undefined,
      model: embeddedSttModel(model),
      decoding,
    });
    sttUrl = `http://127.0.0.1:${port}`;
  }
  const speechToText =
    sttUrl && !values['scripts-only']
      ? new OpenAiCompatibleSpeechToText({
          baseUrl: sttUrl,
          apiKey: process.env.STT_API_KEY,
          model: process.env.STT_MODEL ?? 'whisper-1',
          timeoutMs: 600_000,
        })
      : null;
  const audioDir = mkdtempSync(path.join(os.tmpdir(), 'cis-quality-'));
  try {
    const fixtures = loadCorpus(fixturesDir);
    log(
      `synthesizing ${fixtures.length} calls (flite + sox): stereo and mono telephone; per-channel telephone from the stereo`,
    );
    execFileSync('node', [makeAudio, audioDir, ...fixtures.map((f) => path.join(fixturesDir, `${f.id}.json`))]);

    const halves = new Map(fixtures.map((fixture, index) => [fixture.id, index % 2 === 0 ? 'a' : 'b'] as const));
    const scripts = { a: emptyCorpusScores(), b: emptyCorpusScores() };
    const recognized = Object.fromEntries(
      VARIANTS.map((variant) => [variant, { a: emptyCorpusScores(), b: emptyCorpusScores() }]),
    ) as Record<Variant, { a: CorpusScores; b: CorpusScores }>;
    const wer = Object.fromEntries(VARIANTS.map((variant) => [variant, { errors: 0, words: 0 }])) as Record<
      Variant,
      { errors: number; words: number }
    >;
    let speakerRight = 0;
    let speakerCalls = 0;
    let recognitionSeconds = 0;
    let audioSeconds = 0;
    const facts = (fixture: Fixture) => ({
      recordedAt: new Date(fixture.recorded_at),
      utcOffsetMinutes: utcOffsetMinutesOf(fixture.recorded_at),
      agentName: fixture.agent.name,
      agentEmail: fixture.agent.email,
      // The acceptance posts calls without the customer's name: the engines must hear it.
      contactName: null,
      contactPhone: fixture.customer.phone ?? null,
    });
    const validateMismo = xsdDir ? (xml: string) => validateMismoXmlSync(xml, xsdDir) : undefined;

    for (const fixture of fixtures) {
      const half = halves.get(fixture.id)!;
      const truth = JSON.parse(readFileSync(path.join(audioDir, `${fixture.id}.turns.json`), 'utf8')) as TruthTurn[];
      const reference = werWords(fixture.turns.map((turn) => turn.text).join(' '));
      const scriptSegments = truth.map((turn) => ({ ...turn, confidence: null }));
      scoreCall(fixture, readCall(scriptSegments, facts(fixture)), scripts[half], { validateMismo });
      if (!speechToText) continue; // --scripts-only

      // The dialer format: the stereo recording at telephone quality, each speaker still on a channel.
      const stereoFile = path.join(audioDir, `${fixture.id}.stereo.wav`);
      const telephone2ch = path.join(audioDir, `${fixture.id}.telephone2ch.wav`);
      execFileSync('sox', [stereoFile, '-r', '8000', '-e', 'u-law', telephone2ch, 'sinc', '300-3400']);
      const files: Record<Variant, string> = {
        stereo: stereoFile,
        telephone2ch,
        telephone: path.join(audioDir, `${fixture.id}.phone.wav`),
      };
      for (const variant of kinds) {
        const recognition = await recognizedOnce(values.recognized, `${fixture.id}.${variant}`, files[variant], {
          speechToText,
          audio,
          agentChannel: fixture.agent.channel,
        });
        const elapsed = recognition.seconds;
        const result = { segments: recognition.segments };
        const duration = Math.max(...truth.map((turn) => turn.end));
        recognitionSeconds += elapsed;
        audioSeconds += duration;
        const hypothesis = werWords(result.segments.map((segment) => segment.text).join(' '));
        const errors = editDistance(reference, hypothesis);
        wer[variant].errors += errors;
        wer[variant].words += reference.length;
        let speakers = '';
        if (variant !== 'telephone') {
          const accuracy = speakerAccuracy(result.segments, truth);
          speakerRight += accuracy;
          speakerCalls++;
          speakers = `, speakers ${fmt(accuracy * 100)} %`;
        }
        if (values.show) {
          for (const segment of result.segments)
            log(`    ${segment.speaker.padEnd(8)} ${fmt(segment.start)}s ${segment.text.trim()}`);
        }
        scoreCall(fixture, readCall(result.segments, facts(fixture)), recognized[variant][half], { validateMismo });
        log(
          `${`${fixture.id}.${variant}`.padEnd(44)} WER ${fmt((errors / reference.length) * 100)} %${speakers}, ` +
            `RTF ${fmt(elapsed / duration, 2)} (${fmt(elapsed)} s for ${fmt(duration)} s)`,
        );
      }
    }

    const both = (pair: { a: CorpusScores; b: CorpusScores }, name: keyof Omit<CorpusScores, 'misses'>): Tally => ({
      right: pair.a[name].right + pair.b[name].right,
      all: pair.a[name].all + pair.b[name].all,
    });
    const header = [
      '',
      'scripts a',
      'scripts b',
      ...VARIANTS.flatMap((variant) => [`${variant} a`, `${variant} b`]),
      'all audio',
      'target',
    ];
    const rows: string[][] = [header];
    for (const [name, label, target] of FIGURES) {
      const audioAll = VARIANTS.map((variant) => both(recognized[variant], name)).reduce(
        (sum, tally) => ({ right: sum.right + tally.right, all: sum.all + tally.all }),
        { right: 0, all: 0 },
      );
      rows.push([
        label,
        pct(scripts.a[name]),
        pct(scripts.b[name]),
        ...VARIANTS.flatMap((variant) => [pct(recognized[variant].a[name]), pct(recognized[variant].b[name])]),
        pct(audioAll),
        target,
      ]);
    }
    if (!values['scripts-only']) {
      // Whole-run figures sit in the "all audio" column.
      const summary = (label: string, value: string, target = '') => [
        label,
        ...Array<string>(header.length - 3).fill(''),
        value,
        target,
      ];
      for (const variant of kinds) {
        const { errors, words } = wer[variant];
        rows.push(
          summary(
            `WER, ${variant}`,
            `${fmt((errors / Math.max(1, words)) * 100)} %`,
            variant === 'stereo' ? '' : '≤ 12 %',
          ),
        );
      }
      rows.push(summary('speaker attribution', pct({ right: speakerRight, all: speakerCalls })));
      rows.push(summary('real-time factor', fmt(recognitionSeconds / audioSeconds, 2), '≤ 0.3'));
    }
    for (const row of rows) log(row.map((cell, index) => (index === 0 ? cell.padEnd(30) : cell.padStart(15))).join(''));
    const misses = [
      ...scripts.a.misses.map((miss) => `scripts: ${miss}`),
      ...scripts.b.misses.map((miss) => `scripts: ${miss}`),
      ...VARIANTS.flatMap((variant) =>
        [...recognized[variant].a.misses, ...recognized[variant].b.misses].map((miss) => `${variant}: ${miss}`),
      ),
    ];
    log(`misses (${misses.length}):`);
    for (const miss of misses) log(`  ${miss}`);
  } finally {
    rmSync(audioDir, { recursive: true, force: true });
    await stt?.stop();
  }
}
