import { Client } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { createRetentionActivities } from '../../activities/retention';
import { SYSTEM_ACTOR } from '../../lib/auditLog';
import { searchUrl, type Config } from '../../lib/config';
import { createSearchClient } from '../../lib/search/client';
import { connectDatabase, ensureIndexes, type Database } from '../../lib/mongo';
import { DEFAULT_PRIVACY_POLICY } from '../../lib/pii/policy';
import { enforceRetention } from '../../workflows';
import { describeNeeding, testConfig } from '../support/env';
import { insertCalls, insertScriptTranscript, makeCall } from '../support/seed';
import { seedTenant } from '../support/stackApp';
import { quietLogger, registerSearchAttributes } from '../support/temporal';

const DAY_MS = 86_400_000;
const missing =
  (process.env.TEMPORAL_TEST_SERVER_PATH ? null : 'TEMPORAL_TEST_SERVER_PATH not set') ??
  (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ??
  process.env.CIS_STACK_UNAVAILABLE ??
  null;

/*
 * Retention with time that passes: the workflow's own clock (no `asOf`) on the time-skipping
 * server decides what is old, so skipping 15 days makes exactly the calls that crossed their
 * period go, and nothing else.
 */
describeNeeding('the time-skipping server and MongoDB', missing, 'enforceRetention on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundleWithSourceMap;
  let database: Database;
  let config: Config;

  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: process.env.TEMPORAL_TEST_SERVER_PATH! } },
    });
    await registerSearchAttributes(env.connection);
    bundle = await bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: quietLogger });
    config = testConfig();
    database = await connectDatabase(config);
    await ensureIndexes(database.db);
  });
  afterAll(async () => {
    await database?.close();
    await env?.teardown();
  });

  test('what crosses its period while time passes is deleted, exactly; the rest and held calls stay', async () => {
    const { organization } = await seedTenant(database);
    const orgId = organization._id;
    await database.collections.organizations.updateOne(
      { _id: orgId },
      {
        $set: {
          privacy_policy: {
            ...DEFAULT_PRIVACY_POLICY,
            retention: { recordings_days: null, transcripts_days: 10, calls_days: 30 },
            version: 1,
            updated_at: new Date(),
          },
        },
      },
    );
    const start = (await env.currentTimeMs()) as number;
    const daysAgo = (days: number) => new Date(start - days * DAY_MS);
    const calls = {
      // After the 15 days skipped: 35 days old (gone), 29 days old (transcript gone, call kept).
      crosses: makeCall(orgId, { _id: 'call_ts_crosses', recorded_at: daysAgo(20), status: 'completed' }),
      stays: makeCall(orgId, { _id: 'call_ts_stays', recorded_at: daysAgo(14), status: 'completed' }),
      held: makeCall(orgId, {
        _id: 'call_ts_held',
        recorded_at: daysAgo(40),
        status: 'completed',
        legal_hold: { reason: 'litigation', set_at: new Date(), set_by: SYSTEM_ACTOR },
      }),
      fresh: makeCall(orgId, { _id: 'call_ts_fresh', recorded_at: daysAgo(1), status: 'completed' }),
    };
    await insertCalls(database, Object.values(calls));
    for (const call of Object.values(calls)) {
      await insertScriptTranscript(database, call, [{ speaker: 'agent', text: 'Thanks for calling.' }]);
    }

    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: 'retention-test',
      workflowBundle: bundle,
      activities: createRetentionActivities({
        db: database.db,
        collections: database.collections,
        config,
        search: createSearchClient(searchUrl(config), 10_000),
      }),
    });
    // A plain client keeps time locked while the workflow runs (the environment's own client lets
    // the server skip ahead whenever it waits): time moves only by env.sleep.
    const client = new Client({ connection: env.connection });
    const run = (id: string) =>
      client.workflow.execute(enforceRetention, { workflowId: id, taskQueue: 'retention-test', args: [] });
    const ids = async () =>
      (await database.collections.calls.find({ org_id: orgId }).toArray()).map((call) => call._id).sort();
    const transcripts = async () =>
      (await database.collections.transcripts.find({ org_id: orgId }).toArray()).map((t) => t._id).sort();

    await worker.runUntil(async () => {
      // The counts span every organization in this database; what matters is this one's records.
      await run(`retention-now-${orgId}`);
      expect(await ids()).toEqual(['call_ts_crosses', 'call_ts_fresh', 'call_ts_held', 'call_ts_stays']);
      // 20 and 14 days old: past the 10-day transcript period already.
      expect(await transcripts()).toEqual(['call_ts_fresh', 'call_ts_held']);

      await env.sleep('15 days');
      const later = await run(`retention-later-${orgId}`);
      expect(later.calls).toBeGreaterThanOrEqual(1);
      expect(await ids()).toEqual(['call_ts_fresh', 'call_ts_held', 'call_ts_stays']);
      expect(await transcripts()).toEqual(['call_ts_held']);
      const audit = await database.collections.auditEvents.find({ org_id: orgId, action: 'retention.calls' }).toArray();
      expect(audit.map((entry) => entry.details.call_ids)).toEqual([['call_ts_crosses']]);
    });
  });
});
