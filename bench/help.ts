/**
 * Help benchmark: docs search queries per second on one core (MiniSearch over the corpus) next to
 * a naive substring scan of the same chunks, and POST /api/ask time to first event with the
 * embedded engine next to a GET /healthz round trip on the same server.
 *
 *   npm run bench -- help [--queries 5000] [--asks 200]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createHelpApp } from '../api/help/app';
import { loadConfig } from '../lib/config';
import { loadHelpCorpus } from '../api/help/engine/corpus';
import { buildHelpIndex, searchDocs } from '../api/help/engine/search';
import { newId } from '../lib/ids';
import { createLogger } from '../lib/logger';
import { connectDatabase, ensureIndexes } from '../lib/mongo';
import { benchServers, fmt, percentile } from './stack';

const log = (line: string) => process.stdout.write(`[bench:help] ${line}\n`);
const QUERIES = ['verify webhook signature', 'batch status', 'revoke api key', 'mismo file', 'rate limit', 'upload size', 'dialer secret', 'scorecard template', 'idempotency', 'team metrics']; // prettier-ignore

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { queries: { type: 'string', default: '5000' }, asks: { type: 'string', default: '200' } },
  });
  const queryCount = Number(values.queries);
  const askCount = Number(values.asks);

  const corpus = loadHelpCorpus(path.resolve(__dirname, '../docs/help'), 'https://docs.example.com');
  const index = buildHelpIndex(corpus);
  log(`corpus: ${corpus.chunks.length} doc sections, ${corpus.videos.length} videos`);
  const time = (work: () => void) => {
    const started = performance.now();
    work();
    return performance.now() - started;
  };
  const searchMs = time(() => {
    for (let i = 0; i < queryCount; i++) searchDocs(index, QUERIES[i % QUERIES.length]!, 10);
  });
  const scanMs = time(() => {
    for (let i = 0; i < queryCount; i++) {
      const words = QUERIES[i % QUERIES.length]!.split(' ');
      corpus.chunks.filter((chunk) => words.some((word) => chunk.text.toLowerCase().includes(word))).slice(0, 10);
    }
  });
  log(`docs search, one core: ${fmt((queryCount / searchMs) * 1000, 0)} queries/s (MiniSearch: ranked, prefix, fuzzy)`);
  log(`baseline, naive substring scan: ${fmt((queryCount / scanMs) * 1000, 0)} queries/s (unranked)`);
  log(`ratio (scan speed / search speed): ${fmt(searchMs / scanMs, 2)}×`);

  const servers = await benchServers(log);
  const config = loadConfig({
    ...servers.env,
    MONGODB_DB: `bench_${newId('req').slice(4, 14)}`,
    LOG_LEVEL: 'silent',
    ASK_SERVICE_KEY: 'bench-service-key-0123456789',
    ASK_RATE_LIMIT_PER_IP: '1000000',
    ASK_RATE_LIMIT_GLOBAL: '1000000',
  });
  const database = await connectDatabase(config);
  await ensureIndexes(database.db);
  const server = http.createServer(
    createHelpApp({ config, database, logger: createLogger(config, 'bench') }).callback(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const firstEvent: number[] = [];
    for (let i = 0; i < askCount; i++) {
      const started = performance.now();
      const response = await fetch(`${url}/api/ask`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.ASK_SERVICE_KEY}` },
        body: JSON.stringify({ messages: [{ role: 'user', content: `How do I ${QUERIES[i % QUERIES.length]}?` }] }),
      });
      const reader = response.body!.getReader();
      await reader.read();
      firstEvent.push(performance.now() - started);
      while (!(await reader.read()).done) {
        // drain
      }
    }
    const health: number[] = [];
    for (let i = 0; i < askCount; i++) {
      const started = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      health.push(performance.now() - started);
    }
    firstEvent.sort((a, b) => a - b);
    health.sort((a, b) => a - b);
    log(
      `ask, time to first event (embedded engine): p50 ${fmt(percentile(firstEvent, 50))} ms, p99 ${fmt(percentile(firstEvent, 99))} ms`,
    );
    log(
      `baseline, GET /healthz round trip: p50 ${fmt(percentile(health, 50))} ms, p99 ${fmt(percentile(health, 99))} ms`,
    );
    log(
      `ratio (p50): ${fmt(percentile(firstEvent, 50) / percentile(health, 50), 1)}× (the ask pays two rate-limit writes and the retrieval)`,
    );
  } finally {
    server.close();
    await database.db.dropDatabase().catch(() => undefined);
    await database.close();
    await servers.stop();
  }
}
