/**
 * Redaction benchmark: labelled calls with spoken personal data (test/fixtures/pii-calls, each
 * with `pii`: the turn and type of every value said), synthesized with flite and sox like the
 * corpus, recognized by the configured speech-to-text (the embedded Whisper unless STT_BASE_URL is
 * set) as stereo and as 8 kHz two-channel telephone audio, and redacted with every type on.
 * Prints recall and precision per type on recognized audio, next to the same on the scripts (the
 * baseline: what recognition loses), per set (each fixture's `set`: `tuning`, the calls rules
 * may be tuned on; `checked`, looked at only after a miss; `held-out`, never used to change a
 * rule) and in all, and every miss and false alarm with the recognized text.
 *
 *   npm run bench -- pii [--scripts-only] [--kinds stereo,telephone2ch] [--fixtures DIR]
 *                        [--recognized DIR]
 *
 * `--recognized DIR` keeps each recording's recognized segments in DIR and reuses them on the next
 * run, so a change to the rules is scored again in seconds, on the same recognized words.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AudioToolchain } from '../activities/audio';
import { OpenAiCompatibleSpeechToText } from '../activities/providers/speechToText';
import type { Speaker, TranscriptSegment } from '../lib/documents';
import { PII_TYPES, type PiiType } from '../lib/pii/detection';
import { redactTranscript, type TranscriptRedaction } from '../lib/pii/redaction';
import { freePort, startSttServer, type ManagedProcess } from '../scripts/stack';
import { embeddedSttModel, ensureTools, STT_SERVER_SCRIPT, toolPath } from '../scripts/tools';
import { CORPUS_DIR } from './corpus';
import { recognizedOnce } from './recognitionCache';

const log = (line: string) => process.stdout.write(`[bench:pii] ${line}\n`);

export const PII_FIXTURES_DIR = path.resolve(__dirname, '../test/fixtures/pii-calls');

const SETS = ['tuning', 'checked', 'held-out'] as const;
type FixtureSet = (typeof SETS)[number];

interface PiiFixture {
  id: string;
  set: FixtureSet;
  agent: { channel: number };
  turns: { speaker: Speaker; text: string }[];
  pii: { turn: number; type: PiiType }[];
}

interface TruthTurn {
  speaker: Speaker;
  start: number;
  end: number;
  text: string;
}

export interface TypeTally {
  labelled: number;
  found: number;
  right: number;
}

export type Tallies = Record<PiiType, TypeTally>;

const emptyTallies = (): Tallies =>
  Object.fromEntries(PII_TYPES.map((type) => [type, { labelled: 0, found: 0, right: 0 }])) as Tallies;

/** The truth turn a redaction was said in: the one its middle falls in, else the nearest. */
function turnOf(redaction: Pick<TranscriptRedaction, 'start' | 'end'>, truth: TruthTurn[]): number {
  const middle = (redaction.start + redaction.end) / 2;
  let best = 0;
  let bestDistance = Infinity;
  truth.forEach((turn, index) => {
    const distance = middle < turn.start ? turn.start - middle : middle > turn.end ? middle - turn.end : 0;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/**
 * Scores one call: per (turn, type), the labelled values against the distinct redactions (pieces
 * of one value split across segments count once). Returns the misses and false alarms, described.
 */
export function scoreRedactions(
  fixture: Pick<PiiFixture, 'pii'>,
  truth: TruthTurn[],
  redactions: TranscriptRedaction[],
  into: Tallies,
): string[] {
  const found = new Map<string, number>();
  let previous: TranscriptRedaction | null = null;
  for (const redaction of redactions) {
    const continues =
      previous &&
      previous.type === redaction.type &&
      redaction.segment === previous.segment + 1 &&
      redaction.start - previous.end < 2;
    previous = redaction;
    if (continues) continue;
    const key = `${turnOf(redaction, truth)}:${redaction.type}`;
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  const labelled = new Map<string, number>();
  for (const { turn, type } of fixture.pii) labelled.set(`${turn}:${type}`, (labelled.get(`${turn}:${type}`) ?? 0) + 1);
  const problems: string[] = [];
  for (const key of new Set([...found.keys(), ...labelled.keys()])) {
    const [turn, type] = key.split(':') as [string, PiiType];
    const want = labelled.get(key) ?? 0;
    const got = found.get(key) ?? 0;
    into[type].labelled += want;
    into[type].found += got;
    into[type].right += Math.min(want, got);
    if (want > got) problems.push(`missed ${type} in turn ${turn}`);
    if (got > want) problems.push(`false ${type} in turn ${turn}`);
  }
  return problems;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '   –  ' : `${((100 * part) / whole).toFixed(1)}%`.padStart(6);

function printTallies(title: string, tallies: Tallies): void {
  log(title);
  for (const type of PII_TYPES) {
    const { labelled, found, right } = tallies[type];
    if (labelled === 0 && found === 0) continue;
    log(
      `  ${type.padEnd(15)} recall ${percent(right, labelled)} (${right}/${labelled})   precision ${percent(right, found)} (${right}/${found})`,
    );
  }
}

function addInto(into: Tallies, from: Tallies): void {
  for (const type of PII_TYPES) {
    into[type].labelled += from[type].labelled;
    into[type].found += from[type].found;
    into[type].right += from[type].right;
  }
}

type Kind = 'stereo' | 'telephone2ch';
const KINDS: Kind[] = ['stereo', 'telephone2ch'];

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      fixtures: { type: 'string', default: PII_FIXTURES_DIR },
      'scripts-only': { type: 'boolean', default: false },
      kinds: { type: 'string', default: KINDS.join(',') },
      recognized: { type: 'string' },
    },
  });
  const kinds = values.kinds!.split(',') as Kind[];
  const unknown = kinds.find((kind) => !KINDS.includes(kind));
  if (unknown) throw new Error(`--kinds: unknown recording kind ${unknown} (${KINDS.join(', ')})`);
  const fixtureFiles = readdirSync(values.fixtures!)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(values.fixtures!, name));
  const fixtures = fixtureFiles.map((file) => JSON.parse(readFileSync(file, 'utf8')) as PiiFixture);
  const types = new Set(PII_TYPES);

  let stt: ManagedProcess | null = null;
  let sttUrl = process.env.STT_BASE_URL;
  ensureTools(['stt'], log);
  const audio: AudioToolchain = {
    python: process.env.AUDIO_PYTHON ?? toolPath('stt'),
    maxSeconds: 3600,
    timeoutMs: 600_000,
  };
  if (!sttUrl && !values['scripts-only']) {
    const port = await freePort();
    log('embedded speech-to-text: Whisper base');
    stt = await startSttServer({
      python: toolPath('stt'),
      script: STT_SERVER_SCRIPT,
      port,
      sink: () => undefined,
      model: embeddedSttModel(process.env.STT_EMBEDDED_MODEL === 'tiny.en' ? 'tiny.en' : 'base'),
      decoding: {},
    });
    sttUrl = `http://127.0.0.1:${port}`;
  }
  const speechToText = values['scripts-only']
    ? null
    : new OpenAiCompatibleSpeechToText({
        baseUrl: sttUrl!,
        apiKey: process.env.STT_API_KEY,
        model: process.env.STT_MODEL ?? 'whisper-1',
        timeoutMs: 600_000,
      });
  const audioDir = mkdtempSync(path.join(os.tmpdir(), 'cis-pii-'));
  try {
    log(`synthesizing ${fixtures.length} labelled calls (flite + sox)`);
    execFileSync('node', [path.join(CORPUS_DIR, 'make-audio.mjs'), audioDir, ...fixtureFiles]);
    const bySet = () => Object.fromEntries(SETS.map((set) => [set, emptyTallies()])) as Record<FixtureSet, Tallies>;
    const scripts = bySet();
    const recognized = Object.fromEntries(KINDS.map((kind) => [kind, bySet()])) as Record<
      Kind,
      Record<FixtureSet, Tallies>
    >;
    for (const fixture of fixtures) {
      if (!SETS.includes(fixture.set)) throw new Error(`${fixture.id}: set must be one of ${SETS.join(', ')}`);
      const set = fixture.set;
      const truth = JSON.parse(readFileSync(path.join(audioDir, `${fixture.id}.turns.json`), 'utf8')) as TruthTurn[];
      const scriptSegments: TranscriptSegment[] = truth.map((turn) => ({ ...turn, confidence: null }));
      for (const problem of scoreRedactions(
        fixture,
        truth,
        redactTranscript(scriptSegments, types).redactions,
        scripts[set],
      )) {
        log(`  script ${fixture.id}: ${problem}`);
      }
      if (!speechToText) continue;
      const stereo = path.join(audioDir, `${fixture.id}.stereo.wav`);
      const telephone2ch = path.join(audioDir, `${fixture.id}.telephone2ch.wav`);
      execFileSync('sox', [stereo, '-r', '8000', '-e', 'u-law', telephone2ch, 'sinc', '300-3400']);
      const files: Record<Kind, string> = { stereo, telephone2ch };
      for (const kind of kinds) {
        const result = await recognizedOnce(values.recognized, `${fixture.id}.${kind}`, files[kind], {
          speechToText,
          audio,
          agentChannel: fixture.agent.channel,
        });
        const redacted = redactTranscript(result.segments, types);
        const problems = scoreRedactions(fixture, truth, redacted.redactions, recognized[kind][set]);
        for (const problem of problems) {
          const turn = Number(/turn (\d+)/.exec(problem)![1]);
          const heardIn = (index: number) =>
            result.segments
              .filter((segment) => segment.end > truth[index]!.start - 0.3 && segment.start < truth[index]!.end + 0.3)
              .map((segment) => segment.text)
              .join(' ');
          // The turn before is the context its cues come from.
          const before = turn > 0 ? ` after "${heardIn(turn - 1)}"` : '';
          log(`  ${kind} ${fixture.id}: ${problem}: said "${truth[turn]!.text}", heard "${heardIn(turn)}"${before}`);
        }
      }
      log(`${fixture.id} (${set}) done`);
    }
    for (const set of SETS) printTallies(`scripts, ${set}:`, scripts[set]);
    for (const kind of speechToText ? kinds : []) {
      for (const set of SETS) printTallies(`recognized ${kind}, ${set}:`, recognized[kind][set]);
      const all = emptyTallies();
      for (const set of SETS) addInto(all, recognized[kind][set]);
      printTallies(`recognized ${kind}, all:`, all);
    }
    log('targets: recall ≥ 95 % and precision ≥ 90 % per type on recognized audio');
  } finally {
    rmSync(audioDir, { recursive: true, force: true });
    await stt?.stop();
  }
}
