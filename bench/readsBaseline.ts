/**
 * The `reads` benchmark's baseline: a bare Koa app whose routes run exactly the driver queries
 * GET /calls (every filter, built by the route's own `callListFilter`), GET /contacts and the team
 * metrics run, with no key lookup, rate limit, validation or response views. Started as its own
 * process by bench/reads.ts.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { teamMetrics } from '../api/rest/services/analytics';
import { listCallsPage, type CallListQuery } from '../api/rest/services/calls';
import { listContactsPage } from '../api/rest/services/contacts';
import { loadConfigOrExit } from '../lib/config';
import { ownerAuth } from '../test/support/seed';
import { connectDatabase } from '../lib/mongo';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const orgId = process.env.BENCH_ORG_ID!;
  const pageSize = Number(process.env.BENCH_PAGE_SIZE);
  const { collections } = await connectDatabase(config);
  const owner = ownerAuth(orgId);
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/calls', async (ctx) => {
    ctx.body = await listCallsPage(collections.calls, owner, ctx.query as CallListQuery, pageSize);
  });
  router.get('/contacts', async (ctx) => {
    const contacts = await listContactsPage(collections.contacts, orgId, {}, pageSize);
    const calls = await collections.calls
      .find(
        { org_id: orgId, contact_id: { $in: contacts.slice(0, pageSize).map((contact) => contact._id) } },
        { projection: { contact_id: 1, recorded_at: 1, duration_seconds: 1, agent_email: 1 } },
      )
      .toArray();
    ctx.body = { contacts, calls: calls.length };
  });
  router.get('/analytics/team-metrics', async (ctx) => {
    const { from, to } = ctx.query as { from: string; to: string };
    ctx.body = await teamMetrics(collections, orgId, { from: new Date(from), to: new Date(to), groupBy: 'agent' });
  });
  const app = new Koa();
  app.use(router.routes());
  app.listen(config.REST_PORT, '127.0.0.1', () => process.stdout.write('listening\n'));
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
