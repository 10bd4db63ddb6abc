/**
 * The `reads` benchmark's baseline: a bare Koa app whose two routes run exactly the driver queries
 * GET /calls and GET /contacts run (same filter, sort, limit, projection), with no key lookup,
 * rate limit, validation or response views. Started as its own process by bench/reads.ts.
 */
import Router from '@koa/router';
import Koa from 'koa';
import { CALL_LIST_SORT } from '../api/rest/services/calls';
import { CONTACT_LIST_SORT } from '../api/rest/services/contacts';
import { loadConfigOrExit } from '../lib/config';
import { connectDatabase } from '../lib/mongo';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const orgId = process.env.BENCH_ORG_ID!;
  const pageSize = Number(process.env.BENCH_PAGE_SIZE);
  const { collections } = await connectDatabase(config);
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/calls', async (ctx) => {
    ctx.body = await collections.calls
      .find({ org_id: orgId })
      .sort(CALL_LIST_SORT)
      .limit(pageSize + 1)
      .toArray();
  });
  router.get('/contacts', async (ctx) => {
    const contacts = await collections.contacts
      .find({ org_id: orgId })
      .sort(CONTACT_LIST_SORT)
      .limit(pageSize + 1)
      .toArray();
    const calls = await collections.calls
      .find(
        { org_id: orgId, contact_id: { $in: contacts.slice(0, pageSize).map((contact) => contact._id) } },
        { projection: { contact_id: 1, recorded_at: 1, duration_seconds: 1, agent_email: 1 } },
      )
      .toArray();
    ctx.body = { contacts, calls: calls.length };
  });
  const app = new Koa();
  app.use(router.routes());
  app.listen(config.REST_PORT, '127.0.0.1', () => process.stdout.write('listening\n'));
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
