/**
 * Quality benchmark: the pipeline's engines over the sample calls of ../shared/fixtures/calls,
 * synthesized as two recordings each (stereo: one speaker a channel; telephone: mono, 8 kHz mu-law)
 * and recognized by the configured speech-to-text (the embedded Whisper tiny.en server unless
 * STT_BASE_URL is set). Prints word error rate, speaker attribution, extraction field accuracy,
 * appointment exactness, scorecard agreement, MISMO validity and the real-time factor, next to the
 * same engines on the scripts themselves (the baseline: what is lost to recognition).
 *
 *   npm run bench -- quality [--fixtures DIR] [--show]   (--show prints each recognized transcript)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { detectActions } from '../activities/providers/embedded/actions';
import { readCall, type CallText } from '../activities/providers/embedded/callText';
import { customerEmailOf, extractDataset, isLendingCall } from '../activities/providers/embedded/extraction';
import { scoreTranscript } from '../activities/providers/embedded/language';
import { normalizeSpokenForms } from '../activities/providers/embedded/spokenForm';
import { validateMismoXml } from '../activities/providers/mismoValidator';
import { OpenAiCompatibleSpeechToText } from '../activities/providers/speechToText';
import { recognizeRecording } from '../activities/transcription';
import type { AudioToolchain } from '../activities/audio';
import { MORTGAGE_LEAD_DATASET, type DatasetDefinition } from '../lib/datasets';
import type { Speaker, TranscriptSegment } from '../lib/documents';
import { buildMismoXml, checkMismoXml, type MortgageLead } from '../lib/mismo';
import { DEFAULT_SCORECARD_TEMPLATE } from '../lib/scorecardTemplates';
import { utcOffsetMinutesOf } from '../lib/time';
import { freePort, startSttServer, type ManagedProcess } from '../scripts/stack';
import { ensureTools, STT_SERVER_SCRIPT, toolPath } from '../scripts/tools';
import { fmt } from './stack';

const log = (line: string) => process.stdout.write(`[bench:quality] ${line}\n`);

interface Fixture {
  id: string;
  recorded_at: string;
  agent: { name: string; email: string; channel: number };
  customer: { name: string; phone: string; channel: number };
  turns: { speaker: 'agent' | 'customer'; text: string }[];
  expected: {
    is_lending_call: boolean;
    dataset: Record<string, unknown>;
    appointments: { start: string }[];
    scorecard: Record<string, boolean>;
  };
}

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

/** The custom dataset a sales call like `software-demo` would use. */
const SALES_LEAD_DATASET: DatasetDefinition = {
  key: 'sales_lead',
  name: 'Sales lead',
  description: '',
  applies_to: 'all_calls',
  fields: [
    { name: 'contact_email', type: 'email', description: "The prospect's e-mail address", required: false },
    {
      name: 'team_size',
      type: 'number',
      description: 'How many agents or seats are on the support team',
      required: false,
    },
  ],
};

interface Scores {
  fieldsRight: number;
  fieldsAll: number;
  appointmentsRight: number;
  appointmentsAll: number;
  criteriaRight: number;
  criteriaAll: number;
  mismoValid: number;
  mismoAll: number;
  /** Fields the engines got wrong, as `call: field=value`. */
  missed: string[];
}

const emptyScores = (): Scores => ({
  fieldsRight: 0,
  fieldsAll: 0,
  appointmentsRight: 0,
  appointmentsAll: 0,
  criteriaRight: 0,
  criteriaAll: 0,
  mismoValid: 0,
  mismoAll: 0,
  missed: [],
});

async function scoreEngines(fixture: Fixture, text: CallText, scores: Scores, xsdDir: string | null): Promise<void> {
  const lending = isLendingCall(text);
  const dataset = fixture.expected.is_lending_call ? MORTGAGE_LEAD_DATASET : SALES_LEAD_DATASET;
  const extracted = extractDataset(dataset, text).data;
  const missed: string[] = [];
  for (const [field, expected] of Object.entries(fixture.expected.dataset)) {
    scores.fieldsAll++;
    if (JSON.stringify(extracted[field]) === JSON.stringify(expected)) scores.fieldsRight++;
    else missed.push(`${field}=${JSON.stringify(extracted[field] ?? null)}`);
  }
  scores.missed.push(...missed.map((miss) => `${fixture.id}: ${miss}`));
  const starts = detectActions(text, customerEmailOf(text)).appointments.map((appointment) => appointment.start);
  for (const appointment of fixture.expected.appointments) {
    scores.appointmentsAll++;
    if (starts.includes(appointment.start)) scores.appointmentsRight++;
  }
  const segments = [...new Set(text.sentences.map((sentence) => sentence.segment))];
  const scorecard = scoreTranscript(DEFAULT_SCORECARD_TEMPLATE, segments);
  for (const [criterion, expected] of Object.entries(fixture.expected.scorecard)) {
    scores.criteriaAll++;
    if (scorecard.criteria.find((result) => result.id === criterion)?.passed === expected) scores.criteriaRight++;
  }
  if (fixture.expected.is_lending_call) {
    scores.mismoAll++;
    const xml = buildMismoXml(extracted as MortgageLead, { createdAt: new Date(), loanIdentifier: fixture.id });
    const schemaValid = xsdDir ? (await validateMismoXml(xml, xsdDir)).valid : true;
    if (lending && checkMismoXml(xml).length === 0 && schemaValid) scores.mismoValid++;
  }
}

const pct = (right: number, all: number) => (all ? `${fmt((right / all) * 100)} %` : 'n/a');

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      fixtures: { type: 'string', default: path.resolve(__dirname, '../../shared/fixtures/calls') },
      show: { type: 'boolean', default: false },
    },
  });
  const fixturesDir = values.fixtures!;
  if (!existsSync(path.join(fixturesDir, 'make-audio.mjs'))) throw new Error(`no fixtures at ${fixturesDir}`);
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
  if (!sttUrl) {
    const port = await freePort();
    stt = await startSttServer({ python: toolPath('stt'), script: STT_SERVER_SCRIPT, port, sink: () => undefined });
    sttUrl = `http://127.0.0.1:${port}`;
  }
  const speechToText = new OpenAiCompatibleSpeechToText({
    baseUrl: sttUrl,
    apiKey: process.env.STT_API_KEY,
    model: process.env.STT_MODEL ?? 'whisper-1',
    timeoutMs: 600_000,
  });
  const audioDir = mkdtempSync(path.join(os.tmpdir(), 'cis-quality-'));
  try {
    const fixtures = readdirSync(fixturesDir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(fixturesDir, file), 'utf8')) as Fixture);
    log(`synthesizing ${fixtures.length} calls × 2 recordings (flite + sox)`);
    execFileSync('node', [
      path.join(fixturesDir, 'make-audio.mjs'),
      audioDir,
      ...fixtures.map((f) => path.join(fixturesDir, `${f.id}.json`)),
    ]);

    const recognized = emptyScores();
    const scripts = emptyScores();
    const wer: Record<'stereo' | 'phone', { errors: number; words: number }> = {
      stereo: { errors: 0, words: 0 },
      phone: { errors: 0, words: 0 },
    };
    let speakerRight = 0;
    let speakerCalls = 0;
    let recognitionSeconds = 0;
    let audioSeconds = 0;
    const facts = (fixture: Fixture) => ({
      recordedAt: new Date(fixture.recorded_at),
      utcOffsetMinutes: utcOffsetMinutesOf(fixture.recorded_at),
      agentName: fixture.agent.name,
      agentEmail: fixture.agent.email,
      contactName: fixture.customer.name,
      contactPhone: fixture.customer.phone,
    });

    for (const fixture of fixtures) {
      const truth = JSON.parse(readFileSync(path.join(audioDir, `${fixture.id}.turns.json`), 'utf8')) as TruthTurn[];
      const reference = werWords(fixture.turns.map((turn) => turn.text).join(' '));
      const scriptSegments = truth.map((turn) => ({ ...turn, confidence: null }));
      await scoreEngines(fixture, readCall(scriptSegments, facts(fixture)), scripts, xsdDir);

      for (const variant of ['stereo', 'phone'] as const) {
        const file = path.join(audioDir, `${fixture.id}.${variant}.wav`);
        const workDir = mkdtempSync(path.join(os.tmpdir(), 'cis-quality-work-'));
        const started = performance.now();
        const result = await recognizeRecording(file, workDir, {
          speechToText,
          audio,
          agentChannel: fixture.agent.channel === 2 ? 2 : 1,
          language: 'en',
        });
        const elapsed = (performance.now() - started) / 1000;
        rmSync(workDir, { recursive: true, force: true });
        const duration = Math.max(...truth.map((turn) => turn.end));
        recognitionSeconds += elapsed;
        audioSeconds += duration;
        const hypothesis = werWords(result.segments.map((segment) => segment.text).join(' '));
        const errors = editDistance(reference, hypothesis);
        wer[variant].errors += errors;
        wer[variant].words += reference.length;
        let speakers = '';
        if (variant === 'stereo') {
          const accuracy = speakerAccuracy(result.segments, truth);
          speakerRight += accuracy;
          speakerCalls++;
          speakers = `, speakers ${fmt(accuracy * 100)} %`;
        }
        if (values.show) {
          for (const segment of result.segments)
            log(`    ${segment.speaker.padEnd(8)} ${fmt(segment.start)}s ${segment.text.trim()}`);
        }
        await scoreEngines(fixture, readCall(result.segments, facts(fixture)), recognized, xsdDir);
        log(
          `${`${fixture.id}.${variant}`.padEnd(28)} WER ${fmt((errors / reference.length) * 100)} %${speakers}, ` +
            `RTF ${fmt(elapsed / duration, 2)} (${fmt(elapsed)} s for ${fmt(duration)} s)`,
        );
      }
    }

    const rows: [string, string, string, string][] = [
      ['', 'recognized audio', 'scripts (baseline)', 'target'],
      ['WER, telephone audio', pct(wer.phone.errors, wer.phone.words), '0.0 %', '≤ 20 %'],
      ['WER, stereo audio', pct(wer.stereo.errors, wer.stereo.words), '0.0 %', ''],
      ['speaker attribution (stereo)', pct(speakerRight, speakerCalls), '100.0 %', ''],
      ['extraction fields', pct(recognized.fieldsRight, recognized.fieldsAll), pct(scripts.fieldsRight, scripts.fieldsAll), '≥ 90 %'],
      ['appointments exact', pct(recognized.appointmentsRight, recognized.appointmentsAll), pct(scripts.appointmentsRight, scripts.appointmentsAll), '≥ 90 %'],
      ['scorecard agreement', pct(recognized.criteriaRight, recognized.criteriaAll), pct(scripts.criteriaRight, scripts.criteriaAll), ''],
      ['MISMO valid (lending calls)', pct(recognized.mismoValid, recognized.mismoAll), pct(scripts.mismoValid, scripts.mismoAll), '100 %'],
      ['real-time factor', fmt(recognitionSeconds / audioSeconds, 2), '', '≤ 0.3'],
    ]; // prettier-ignore
    for (const row of rows) log(row.map((cell, index) => (index === 0 ? cell.padEnd(30) : cell.padStart(20))).join(''));
    if (recognized.missed.length) log(`fields missed on recognized audio: ${recognized.missed.join('; ')}`);
  } finally {
    rmSync(audioDir, { recursive: true, force: true });
    await stt?.stop();
  }
}
