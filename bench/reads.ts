/**
 * Reads benchmark: GET /calls with each documented filter, GET /contacts and the team metrics,
 * with 100,000 calls stored (and 10,000 contacts): requests per second, p50 and p99 with
 * autocannon, next to a bare Koa route running the same driver queries (bench/readsBaseline.ts),
 * each server in a process of its own, in the same run on the same database. Before the load it
 * prints each query's plan as the server reports it. Targets (issue 16): p50 ≤ 100 ms, p99 ≤
 * 500 ms, every plan on an index, the API at ≥ 50 % of the bare route's requests/s.
 *
 *   npm run bench -- reads [--calls 100000] [--contacts 10000] [--duration 10] [--connections 10]
 *                          [--routes calls,contacts,metrics]
 *
 * `--duration` is the length each run aims at; the number of requests is fixed up front (see load).
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Document, Sort } from 'mongodb';
import { CALL_LIST_SORT, callListFilter, type CallListQuery } from '../api/rest/services/calls';
import { CONTACT_LIST_SORT, contactListFilter } from '../api/rest/services/contacts';
import { loadConfig } from '../lib/config';
import type { CallDoc, ContactDoc } from '../lib/documents';
import { backfillLeadResponses } from '../lib/leadResponse';
import { COLLECTIONS, connectDatabase, ensureIndexes, onOrAfter, type Database } from '../lib/mongo';
import { freePort, type ManagedProcess } from '../scripts/stack';
import { makeCall } from '../test/support/seed';
import { ownerAuth } from '../test/support/seed';
import { createBenchOrganization } from './api';
import { answersOn, benchServers, fmt, printTable, startBenchProcess } from './stack';

const log = (line: string) => process.stdout.write(`[bench:reads] ${line}\n`);
const PAGE_SIZE = 25; // the API's default page size
const AGENTS = 50;
const INSERT_BATCH = 1_000;

export async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      calls: { type: 'string', default: '100000' },
      contacts: { type: 'string', default: '10000' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
      routes: { type: 'string', default: 'calls,contacts,metrics' },
    },
  });
  const routeKinds = new Set(values.routes!.split(','));
  const callCount = Number(values.calls);
  const contactCount = Number(values.contacts);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const servers = await benchServers(log);
  const env: NodeJS.ProcessEnv = {
    ...servers.env,
    MONGODB_DB: `bench_reads_${randomBytes(4).toString('hex')}`,
    SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    // No workers and no speech-to-text server here: readiness is the database and Temporal.
    READYZ_CHECKS_WORKER_TOOLS: 'false',
  };
  const config = loadConfig(env);
  const database = await connectDatabase(config);
  const children: ManagedProcess[] = [];
  try {
    await ensureIndexes(database.db);
    const { organization, key } = await createBenchOrganization(database, 100_000_000);
    await seed(database, organization._id, callCount, contactCount);
    // The seed writes contacts as an earlier version did: the worker's start-up backfill keeps
    // each one's speed-to-lead, as it would on upgrading (timed: a one-off cost per data set).
    await database.collections.organizations.updateOne(
      { _id: organization._id },
      { $unset: { lead_responses_complete: '' } },
    );
    const backfillStarted = Date.now();
    await backfillLeadResponses(database.collections, (message) => log(message));
    log(`speed-to-lead backfill of ${contactCount} contacts: ${fmt((Date.now() - backfillStarted) / 1000)} s`);
    const server = await database.db.admin().command({ buildInfo: 1 });
    log(`server: ${server.version} (MONGODB_URI ${servers.env.MONGODB_URI?.replace(/\/\/[^@]*@/, '//')})`);
    const plans = await printPlans(database, organization._id);
    const apiPort = await freePort();
    const barePort = await freePort();
    children.push(
      await startBenchProcess(
        'rest',
        'api/rest/server.ts',
        { ...env, REST_PORT: String(apiPort) },
        answersOn(apiPort, '/readyz'),
      ),
      await startBenchProcess(
        'bare koa',
        'bench/readsBaseline.ts',
        { ...env, REST_PORT: String(barePort), BENCH_ORG_ID: organization._id, BENCH_PAGE_SIZE: String(PAGE_SIZE) },
        answersOn(barePort, '/healthz'),
      ),
    );
    const headers = { authorization: `Bearer ${key}` };
    const rows: string[][] = [['', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'API/bare req/s']];
    const misses: string[] = [];
    for (const route of measuredRoutes().filter((route) => routeKinds.has(routeKind(route)))) {
      const viaApi = await load(`http://127.0.0.1:${apiPort}/api/v1${route}`, headers, duration, connections);
      const bare = await load(`http://127.0.0.1:${barePort}${route}`, {}, duration, connections);
      const ratio = viaApi.requests.average / bare.requests.average;
      rows.push(
        [...resultRow(`GET ${route}`, viaApi), fmt(ratio, 2)],
        [...resultRow('  bare Koa, same query', bare), ''],
      );
      if (viaApi.latency.p50 > 100) misses.push(`GET ${route}: p50 ${fmt(viaApi.latency.p50)} ms > 100 ms`);
      if (viaApi.latency.p99 > 500) misses.push(`GET ${route}: p99 ${fmt(viaApi.latency.p99)} ms > 500 ms`);
      if (ratio < 0.5) misses.push(`GET ${route}: API at ${fmt(ratio * 100, 0)} % of the bare route's requests/s`);
      if (viaApi.non2xx + viaApi.errors > 0)
        misses.push(`GET ${route}: ${viaApi.non2xx + viaApi.errors} failed requests`);
    }
    log(`${callCount} calls, ${contactCount} contacts; ${connections} connections, runs of about ${duration} s`);
    printTable(log, rows, 44);
    const scans = plans.filter((plan) => !plan.onIndex);
    log(`plans on an index: ${plans.length - scans.length} / ${plans.length}`);
    for (const plan of scans) misses.push(`${plan.name}: ${plan.description}`);
    log(
      misses.length
        ? `targets missed:\n  ${misses.join('\n  ')}`
        : 'targets met: p50 ≤ 100 ms, p99 ≤ 500 ms, every plan on an index, API ≥ 50 % of bare',
    );
  } finally {
    for (const child of children) await child.stop();
    await database.db.dropDatabase().catch(() => undefined);
    await database.close();
    await servers.stop();
  }
}

/** 100,000 calls over the year before today, 50 agents and `contactCount` contacts, as the workflows store them. */
async function seed(database: Database, orgId: string, callCount: number, contactCount: number): Promise<void> {
  const started = Date.now();
  const yearStart = SEED_START;
  const contactId = (index: number) => `cnt_bench${String(index).padStart(8, '0')}`;
  // New leads all year round: the contacts' creation is spread over the year like the calls.
  const contacts: ContactDoc[] = Array.from({ length: contactCount }, (_, index) => {
    const created = new Date(yearStart + Math.floor((index / contactCount) * 365 * 86_400_000));
    return {
      _id: contactId(index),
      org_id: orgId,
      name: `Contact ${index}`,
      names: [`Contact ${index}`],
      phones: [`+1415555${String(index).padStart(4, '0')}`],
      emails: [`contact${index}@example.com`],
      crm_ids: {},
      lead_created_at: null,
      created_at: created,
      updated_at: created,
    };
  });
  for (let offset = 0; offset < contacts.length; offset += INSERT_BATCH)
    await database.collections.contacts.insertMany(contacts.slice(offset, offset + INSERT_BATCH), { ordered: false });
  for (let offset = 0; offset < callCount; offset += INSERT_BATCH) {
    const calls: CallDoc[] = [];
    for (let index = offset; index < Math.min(callCount, offset + INSERT_BATCH); index++) {
      const recordedAt = new Date(yearStart + Math.floor((index / callCount) * 365 * 86_400_000));
      calls.push(
        makeCall(orgId, {
          _id: `call_bench${String(index).padStart(8, '0')}`,
          external_id: `bench-${index}`,
          recorded_at: recordedAt,
          recorded_day: recordedAt.toISOString().slice(0, 10),
          agent_email: `agent${index % AGENTS}@acme.example`,
          batch_id: `bat_bench${String(Math.floor(index / 100)).padStart(6, '0')}`,
          status: index % 50 === 0 ? 'failed' : 'completed',
          direction: index % 2 ? 'inbound' : 'outbound',
          tags: index % 10 === 0 ? ['hot'] : [],
          contact_id: contactCount ? contactId(index % contactCount) : null,
          duration_seconds: 60 + (index % 600),
          created_at: recordedAt,
          updated_at: recordedAt,
        }),
      );
    }
    await database.collections.calls.insertMany(calls, { ordered: false });
    const done = Math.min(callCount, offset + INSERT_BATCH);
    if (done % 10_000 === 0 || done === callCount)
      log(`seeded ${done}/${callCount} calls (${fmt((Date.now() - started) / 1000)} s)`);
  }
}

interface HotQuery {
  name: string;
  collection: keyof typeof COLLECTIONS;
  filter: Document;
  sort?: Sort;
}

/** GET /calls with each documented filter; a month for the date filters and the team metrics. */
const CALL_FILTERS: Record<string, string> = {
  agent_email: 'agent7@acme.example',
  contact_id: 'cnt_bench00000042',
  status: 'failed',
  direction: 'inbound',
  external_id: 'bench-4242',
  tag: 'hot',
  batch_id: 'bat_bench000420',
};
/**
 * The calls span the 365 days before today (UTC midnight), as a year of a team's work does; calls
 * recorded in the future would all fall in the first window of a page (lib/newestFirstPage.ts).
 */
const TODAY = new Date(new Date().toISOString().slice(0, 10));
const SEED_START = TODAY.getTime() - 365 * 86_400_000;
/** The whole calendar month that began six months ago. */
const MONTH = {
  from: new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth() - 6, 1)).toISOString(),
  to: new Date(Date.UTC(TODAY.getUTCFullYear(), TODAY.getUTCMonth() - 5, 1)).toISOString(),
};

const routeKind = (route: string) =>
  route.startsWith('/calls') ? 'calls' : route.startsWith('/contacts') ? 'contacts' : 'metrics';

function measuredRoutes(): string[] {
  return [
    '/calls',
    ...Object.entries(CALL_FILTERS).map(([name, value]) => `/calls?${name}=${encodeURIComponent(value)}`),
    `/calls?from=${MONTH.from}&to=${MONTH.to}`,
    `/calls?agent_email=${CALL_FILTERS.agent_email}&from=${MONTH.from}&to=${MONTH.to}`,
    '/contacts',
    `/analytics/team-metrics?from=${MONTH.from}&to=${MONTH.to}`,
  ];
}

/** The queries the list requests run, built by the same functions the routes use. */
function hotQueries(orgId: string): HotQuery[] {
  const owner = ownerAuth(orgId);
  const firstContacts = Array.from({ length: PAGE_SIZE }, (_, index) => `cnt_bench${String(index).padStart(8, '0')}`);
  const callQueries: [string, CallListQuery][] = [
    ['GET /calls', {}],
    ...Object.entries(CALL_FILTERS).map(([name, value]): [string, CallListQuery] => [
      `GET /calls?${name}=`,
      { [name]: value },
    ]),
    ['GET /calls?from=&to=', MONTH],
    ['GET /calls?agent_email=&from=&to=', { agent_email: CALL_FILTERS.agent_email, ...MONTH }],
  ];
  return [
    ...callQueries.map(([name, query]): HotQuery => ({
      name,
      collection: 'calls',
      filter: callListFilter(owner, query),
      sort: CALL_LIST_SORT,
    })),
    { name: 'GET /contacts', collection: 'contacts', filter: contactListFilter(orgId, {}), sort: CONTACT_LIST_SORT },
    {
      name: 'GET /contacts: call metrics of the page',
      collection: 'calls',
      filter: { org_id: orgId, contact_id: { $in: firstContacts } },
    },
    {
      name: 'team metrics: the month by agent',
      collection: 'calls',
      filter: { org_id: orgId, recorded_at: { ...onOrAfter(new Date(MONTH.from)), $lt: new Date(MONTH.to) } },
    },
    {
      name: 'team metrics: the contacts first answered in the month',
      collection: 'contacts',
      filter: {
        org_id: orgId,
        'lead_response.responded_at': { ...onOrAfter(new Date(MONTH.from)), $lt: new Date(MONTH.to) },
      },
    },
  ];
}

async function printPlans(database: Database, orgId: string) {
  const plans: { name: string; onIndex: boolean; description: string }[] = [];
  for (const query of hotQueries(orgId)) {
    let cursor = database.db.collection(COLLECTIONS[query.collection].name).find(query.filter);
    if (query.sort) cursor = cursor.sort(query.sort);
    const description = describePlan(await cursor.limit(PAGE_SIZE + 1).explain('queryPlanner'));
    log(`plan of ${query.name}: ${description}`);
    plans.push({ name: query.name, onIndex: !description.startsWith('COLLECTION SCAN'), description });
  }
  return plans;
}

/** The winning plan's stages and index names, as the server reports them. */
export function describePlan(explained: Document): string {
  const planner = explained.queryPlanner ?? {};
  const stages: string[] = [];
  const walk = (stage: Document | undefined) => {
    if (!stage) return;
    stages.push(stage.indexName ? `${stage.stage} ${stage.indexName}` : String(stage.stage));
    walk(stage.inputStage);
    for (const input of stage.inputStages ?? []) walk(input);
  };
  walk(planner.winningPlan?.queryPlan ?? planner.winningPlan);
  const collectionScan = stages.some((stage) => stage.startsWith('COLLSCAN'));
  return `${collectionScan ? 'COLLECTION SCAN' : 'index'} (${stages.join(' ← ')})`;
}

/**
 * One measured run of about `seconds`. A slow route can take seconds per request, so a
 * fixed-duration run could finish none: the warm-up times one request and the run asks for as
 * many requests as fit in `seconds`, never fewer than two per connection. The first round of the
 * warm-up is not timed: it pays one-off work (team metrics adding up days nobody asked for yet).
 */
async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<autocannon.Result> {
  await autocannon({ url, headers, amount: connections, connections, timeout: 600 });
  const warmUp = await autocannon({ url, headers, amount: connections, connections, timeout: 600 });
  const perRequestMs = Math.max(1, warmUp.latency.average);
  const amount = Math.max(2 * connections, Math.round(((seconds * 1000) / perRequestMs) * connections));
  const result = await autocannon({ url, headers, amount, connections, timeout: 600 });
  log(`${url}: ${result.requests.total} requests in ${fmt(result.duration)} s`);
  if (result.non2xx > 0 || result.errors > 0)
    log(`!!! ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts)`);
  return result;
}

function resultRow(name: string, result: autocannon.Result): string[] {
  return [
    name,
    // A scanning server answers well under one request a second: keep the digits that say so.
    fmt(result.requests.average, result.requests.average < 10 ? 3 : 1),
    fmt(result.latency.p50),
    fmt(result.latency.p99),
    String(result.requests.total),
    String(result.non2xx + result.errors),
  ];
}
