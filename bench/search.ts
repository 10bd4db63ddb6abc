/**
 * Search benchmark: 100,000 completed calls of about 100 words each (10 million words) stored as
 * the pipeline stores them, indexed through the product's own path (the rebuild activity: MongoDB
 * reads, then the engine), then GET /search/calls for single words, two words and two-word phrases,
 * each with a one-month date filter. Printed next to the baseline of the same run: the same queries
 * sent straight to the engine (no API, no MongoDB). Targets (issue 20): p50 ≤ 50 ms and p99 ≤
 * 250 ms through the API; indexing faster than the pipeline completes calls.
 *
 *   npm run bench -- search [--calls 100000] [--queries 200]
 *
 * The engine itself was chosen by bench/searchEngines.py (tantivy against SQLite FTS5).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { indexCalls, SEARCH_INDEX_BATCH } from '../activities/search';
import { loadConfig } from '../lib/config';
import type { CallDoc, TranscriptDoc } from '../lib/documents';
import { connectDatabase, ensureIndexes, type Database } from '../lib/mongo';
import { createSearchClient, type SearchRequest } from '../lib/search/client';
import { freePort, startSearchServer, type ManagedProcess } from '../scripts/stack';
import { SEARCH_SERVER_SCRIPT, toolPath } from '../scripts/tools';
import { makeCall } from '../test/support/seed';
import { createBenchOrganization } from './api';
import { loadCorpus } from './corpus';
import { answersOn, benchServers, fmt, percentile, printTable, startBenchProcess } from './stack';

const log = (line: string) => process.stdout.write(`[bench:search] ${line}\n`);
const INSERT_BATCH = 1_000;
const YEAR_MS = 365 * 86_400_000;
const MONTH_MS = 30 * 86_400_000;
const SEGMENTS_PER_CALL = 10;
const WORDS_PER_SEGMENT = 10;
const callIdOf = (index: number) => `call_search${String(index).padStart(8, '0')}`;

/** A small seeded generator, so every run searches the same calls with the same queries. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { calls: { type: 'string', default: '100000' }, queries: { type: 'string', default: '200' } },
  });
  const callCount = Number(values.calls);
  const queriesPerKind = Number(values.queries);
  const sentences = loadCorpus().flatMap((call) => call.turns.map((turn) => turn.text));
  if (sentences.length === 0) throw new Error('the development corpus (../shared/fixtures/calls) is missing');
  const servers = await benchServers(log);
  const children: ManagedProcess[] = [];
  const searchPort = await freePort();
  children.push(
    await startSearchServer({
      python: toolPath('search'),
      script: SEARCH_SERVER_SCRIPT,
      port: searchPort,
      dataDir: path.join(mkdtempSync(path.join(os.tmpdir(), 'cis-bench-search-')), 'index'),
      sink: () => undefined,
    }),
  );
  const env: NodeJS.ProcessEnv = {
    ...servers.env,
    MONGODB_DB: `bench_search_${randomBytes(4).toString('hex')}`,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SEARCH_URL: `http://127.0.0.1:${searchPort}`,
    LOG_LEVEL: 'silent',
    READYZ_CHECKS_WORKER_TOOLS: 'false',
  };
  const config = loadConfig(env);
  const database = await connectDatabase(config);
  const engine = createSearchClient(env.SEARCH_URL!, 30_000);
  try {
    await ensureIndexes(database.db);
    const { organization, key } = await createBenchOrganization(database, 100_000_000);
    const orgId = organization._id;
    const yearStart = Date.now() - YEAR_MS;
    const words = await seed(database, orgId, callCount, sentences, yearStart);
    log(`stored ${callCount} calls, ${fmt(words / 1e6, 1)} million words`);

    // Indexed by the product's own function, a page of calls at a time as the rebuild workflow does.
    const indexStarted = Date.now();
    let indexed = 0;
    for (let offset = 0; offset < callCount; offset += SEARCH_INDEX_BATCH) {
      const ids = Array.from({ length: Math.min(SEARCH_INDEX_BATCH, callCount - offset) }, (_, index) =>
        callIdOf(offset + index),
      );
      indexed += await indexCalls({ collections: database.collections, search: engine }, orgId, ids);
      if (indexed % 10_000 === 0) log(`indexed ${indexed}/${callCount}`);
    }
    const indexSeconds = (Date.now() - indexStarted) / 1000;
    log(`indexed ${indexed} calls in ${fmt(indexSeconds)} s: ${fmt(indexed / indexSeconds, 0)} calls/s`);

    const apiPort = await freePort();
    children.push(
      await startBenchProcess(
        'rest',
        'api/rest/server.ts',
        { ...env, REST_PORT: String(apiPort) },
        answersOn(apiPort, '/readyz'),
      ),
    );
    const random = seeded(7);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const vocabulary = sentences.flatMap((sentence) => sentence.match(/[A-Za-z']{4,}/g) ?? []);
    const month = () => {
      const from = yearStart + Math.floor(random() * (YEAR_MS - MONTH_MS));
      return { from: new Date(from).toISOString(), to: new Date(from + MONTH_MS).toISOString() };
    };
    const kinds: Record<string, () => string> = {
      'single word': () => pick(vocabulary),
      'two words': () => `${pick(vocabulary)} ${pick(vocabulary)}`,
      phrase: () => {
        const sentenceWords = pick(sentences).match(/[A-Za-z']+/g) ?? ['rate'];
        const start = Math.floor(random() * Math.max(1, sentenceWords.length - 1));
        return `"${sentenceWords.slice(start, start + 2).join(' ')}"`;
      },
    };
    const rows: string[][] = [['', 'p50 ms', 'p99 ms', 'mean hits', 'engine p50', 'engine p99']];
    const misses: string[] = [];
    for (const [kind, makeQuery] of Object.entries(kinds)) {
      const viaApi: number[] = [];
      const direct: number[] = [];
      let hits = 0;
      for (let index = 0; index < queriesPerKind; index++) {
        const q = makeQuery();
        const window = month();
        const request: SearchRequest = {
          org_id: orgId,
          q,
          from_ms: Date.parse(window.from),
          to_ms: Date.parse(window.to),
          offset: 0,
          limit: 10,
        };
        let started = performance.now();
        await engine.search(request);
        direct.push(performance.now() - started);
        const query = new URLSearchParams({ q, from: window.from, to: window.to });
        started = performance.now();
        const response = await fetch(`http://127.0.0.1:${apiPort}/api/v1/search/calls?${query}`, {
          headers: { authorization: `Bearer ${key}` },
        });
        const body = (await response.json()) as { pagination?: { total: number } };
        viaApi.push(performance.now() - started);
        if (!response.ok) misses.push(`${kind} "${q}": HTTP ${response.status}`);
        hits += body.pagination?.total ?? 0;
      }
      viaApi.sort((a, b) => a - b);
      direct.sort((a, b) => a - b);
      const [p50, p99] = [percentile(viaApi, 50), percentile(viaApi, 99)];
      rows.push([
        `GET /search/calls, ${kind}`,
        fmt(p50),
        fmt(p99),
        fmt(hits / queriesPerKind, 0),
        fmt(percentile(direct, 50)),
        fmt(percentile(direct, 99)),
      ]);
      if (p50 > 50) misses.push(`${kind}: p50 ${fmt(p50)} ms > 50 ms`);
      if (p99 > 250) misses.push(`${kind}: p99 ${fmt(p99)} ms > 250 ms`);
    }
    log(`${callCount} calls; ${queriesPerKind} queries per kind, one at a time, each with a one-month date filter`);
    printTable(log, rows, 36);
    log(
      misses.length
        ? `targets missed:\n  ${[...new Set(misses)].slice(0, 20).join('\n  ')}`
        : 'targets met: p50 ≤ 50 ms and p99 ≤ 250 ms for every kind',
    );
  } finally {
    for (const child of children.reverse()) await child.stop();
    await database.db.dropDatabase().catch(() => undefined);
    await database.close();
    await servers.stop();
  }
}

/** Completed calls over the past year with transcripts drawn from the corpus's turns; returns the word count. */
async function seed(
  database: Database,
  orgId: string,
  callCount: number,
  sentences: string[],
  yearStart: number,
): Promise<number> {
  const random = seeded(1);
  let words = 0;
  const started = Date.now();
  for (let offset = 0; offset < callCount; offset += INSERT_BATCH) {
    const calls: CallDoc[] = [];
    const transcripts: TranscriptDoc[] = [];
    for (let index = offset; index < Math.min(callCount, offset + INSERT_BATCH); index++) {
      const recordedAt = new Date(yearStart + Math.floor((index / callCount) * YEAR_MS));
      const call = makeCall(orgId, {
        _id: callIdOf(index),
        recorded_at: recordedAt,
        recorded_day: recordedAt.toISOString().slice(0, 10),
        agent_email: `agent${index % 50}@acme.example`,
        status: 'completed',
      });
      const segments = Array.from({ length: SEGMENTS_PER_CALL }, (_, segment) => {
        // Whole turns of the corpus, joined until the segment has its words.
        const segmentWords: string[] = [];
        while (segmentWords.length < WORDS_PER_SEGMENT)
          segmentWords.push(...sentences[Math.floor(random() * sentences.length)]!.split(/\s+/));
        const text = segmentWords.slice(0, WORDS_PER_SEGMENT).join(' ');
        words += text.split(/\s+/).length;
        return {
          speaker: segment % 2 ? ('customer' as const) : ('agent' as const),
          start: segment * 6,
          end: segment * 6 + 5,
          text,
          confidence: 0.9,
        };
      });
      calls.push(call);
      transcripts.push({
        _id: call._id,
        org_id: orgId,
        call_id: call._id,
        language: 'en',
        segments,
        created_at: recordedAt,
      });
    }
    await database.collections.calls.insertMany(calls, { ordered: false });
    await database.collections.transcripts.insertMany(transcripts, { ordered: false });
    const done = Math.min(callCount, offset + INSERT_BATCH);
    if (done % 10_000 === 0 || done === callCount)
      log(`stored ${done}/${callCount} calls (${fmt((Date.now() - started) / 1000)} s)`);
  }
  return words;
}
