import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import http from 'node:http';
import { createWebhookActivities } from '../../activities/webhooks';
import type { WebhookEndpointDoc } from '../../lib/documents';
import type { Config } from '../../lib/config';
import { deliveryIdFor, newDelivery, recordEvent, storeEvent, webhookRetrySettings } from '../../lib/eventLog';
import { connectDatabase, ensureIndexes, type Database } from '../../lib/mongo';
import { deliveryWorkflowId, type DeliverWebhookInput } from '../../lib/temporal';
import { generateWebhookSecret, serviceSignature } from '../../lib/webhookSignature';
import { deliverWebhook } from '../../workflows';
import { describeNeeding, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { makeWebhookEndpoint } from '../support/seed';
import { quietLogger, registerSearchAttributes } from '../support/temporal';

/** A receiver whose answer to each request is scripted: a status, or `hang` (never answers). */
function scriptedReceiver(script: (number | 'hang')[]) {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const handler: http.RequestListener = (req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const step = script[Math.min(received.length - 1, script.length - 1)]!;
      if (step === 'hang') return; // the attempt's timeout must cut it
      res.writeHead(step, { 'Content-Type': 'text/plain' }).end(`answer ${received.length}: ${'x'.repeat(2000)}`);
    });
  };
  return { received, handler };
}

const missing =
  (process.env.TEMPORAL_TEST_SERVER_PATH ? null : 'TEMPORAL_TEST_SERVER_PATH not set') ??
  (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ??
  process.env.CIS_STACK_UNAVAILABLE ??
  null;

describeNeeding('the time-skipping server and MongoDB', missing, 'deliverWebhook on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;
  let bundle: WorkflowBundleWithSourceMap;
  let database: Database;
  let config: Config;
  let receiver: LocalServer | undefined;

  beforeAll(async () => {
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: process.env.TEMPORAL_TEST_SERVER_PATH! } },
    });
    await registerSearchAttributes(env.connection);
    bundle = await bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: quietLogger });
    config = testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
    database = await connectDatabase(config);
    await ensureIndexes(database.db);
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });
  afterAll(async () => {
    await database?.db.dropDatabase().catch(() => undefined);
    await database?.close();
    await env?.teardown();
  });

  /** An endpoint at the receiver and a stored `call.completed` event with its delivery record. */
  async function deliveryTo(handler: http.RequestListener, orgId: string) {
    receiver = await startLocalServer(handler);
    const secret = generateWebhookSecret();
    const endpoint = makeWebhookEndpoint(orgId, secret, config.SECRETS_ENCRYPTION_KEY, {
      _id: `whe_${orgId}`,
      url: `${receiver.url}/hook`,
      events: ['call.completed'],
    });
    await database.collections.webhookEndpoints.insertOne(endpoint);
    const event = await storeEvent(
      { collections: database.collections },
      {
        orgId,
        type: 'test.ping',
        subjectId: `ping_${orgId}`,
        data: { endpoint_id: endpoint._id, message: 'hello' },
      },
    );
    const delivery = newDelivery(event, endpoint._id, deliveryIdFor(event._id, endpoint._id), null);
    await database.collections.webhookDeliveries.insertOne(delivery);
    return { endpoint, event, delivery, secret };
  }

  async function deliver(orgId: string, deliveryId: string) {
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue: `tq-${orgId}`,
      workflowBundle: bundle,
      activities: createWebhookActivities({ collections: database.collections, config }),
    });
    const input: DeliverWebhookInput = { orgId, deliveryId, retry: webhookRetrySettings(config) };
    const result = await worker.runUntil(
      env.client.workflow.execute(deliverWebhook, {
        workflowId: deliveryWorkflowId(deliveryId),
        taskQueue: `tq-${orgId}`,
        args: [input],
      }),
    );
    const stored = (await database.collections.webhookDeliveries.findOne({ _id: deliveryId, org_id: orgId }))!;
    return { result, stored };
  }

  test('fails 5 times, delivered on the 6th attempt; every attempt logged; same signed bytes each time', async () => {
    const script = scriptedReceiver([500, 502, 503, 429, 404, 200]);
    const { delivery, event, secret } = await deliveryTo(script.handler, 'org_six');
    const { result, stored } = await deliver('org_six', delivery._id);
    expect(result).toEqual({ deliveryId: delivery._id, status: 'succeeded' });
    expect(stored.status).toBe('succeeded');
    expect(stored.attempts.map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([
      [1, 500],
      [2, 502],
      [3, 503],
      [4, 429],
      [5, 404],
      [6, 200],
    ]);
    expect(stored.attempts[0]!.error).toBe('HTTP 500');
    expect(stored.attempts[5]!.error).toBeNull();
    expect(stored.attempts[0]!.response_excerpt).toHaveLength(1024);
    expect(new Set(script.received.map((request) => request.body)).size).toBe(1);
    for (const request of script.received) {
      expect(request.headers['x-service-signature']).toBe(serviceSignature(secret, request.body));
      expect(request.headers['x-service-delivery']).toBe(delivery._id);
      expect(request.headers['webhook-id']).toBe(event._id);
    }
  });

  test('fails 6 times: the delivery fails after exactly 6 attempts; a manual retry then delivers the same event', async () => {
    const script = scriptedReceiver([500, 500, 500, 500, 500, 500, 200]);
    const { delivery, event, endpoint } = await deliveryTo(script.handler, 'org_fail');
    const { result, stored } = await deliver('org_fail', delivery._id);
    expect(result).toEqual({ deliveryId: delivery._id, status: 'failed', reason: 'HTTP 500' });
    expect(stored).toMatchObject({ status: 'failed', failure_reason: 'HTTP 500' });
    expect(stored.attempts).toHaveLength(6);

    // The manual retry (POST …/retry does exactly this): a new delivery of the same event.
    const retry = newDelivery(event, endpoint._id, `${delivery._id}_retry`, delivery._id);
    await database.collections.webhookDeliveries.insertOne(retry);
    const again = await deliver('org_fail', retry._id);
    expect(again.stored).toMatchObject({ status: 'succeeded', retry_of: delivery._id });
    expect(script.received[6]!.headers['webhook-id']).toBe(event._id);
    expect(script.received[6]!.headers['x-service-delivery']).toBe(retry._id);
  });

  test('an attempt that hangs is cut before 10 s and counted; the retry succeeds', async () => {
    const script = scriptedReceiver(['hang', 200]);
    const { delivery } = await deliveryTo(script.handler, 'org_hang');
    const started = Date.now();
    const { result, stored } = await deliver('org_hang', delivery._id);
    expect(result.status).toBe('succeeded');
    expect(stored.attempts.map((attempt) => [attempt.status_code, attempt.error])).toEqual([
      [null, 'Timed out after 9500 ms'],
      [200, null],
    ]);
    expect(stored.attempts[0]!.latency_ms).toBeGreaterThanOrEqual(9_000);
    expect(stored.attempts[0]!.latency_ms).toBeLessThan(10_000);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);

  test('410 Gone disables the endpoint and stops retrying', async () => {
    const script = scriptedReceiver([410]);
    const { delivery, endpoint } = await deliveryTo(script.handler, 'org_gone');
    const { result, stored } = await deliver('org_gone', delivery._id);
    expect(result).toMatchObject({ status: 'failed', reason: 'HTTP 410: the endpoint is gone and has been disabled' });
    expect(stored.attempts).toHaveLength(1);
    expect(await database.collections.webhookEndpoints.findOne({ _id: endpoint._id })).toMatchObject({
      enabled: false,
      disabled_reason: 'the endpoint answered 410 Gone',
    });
  });

  test('a redirect is a failed attempt, not followed', async () => {
    const redirect: http.RequestListener = (req, res) => {
      req.resume();
      res.writeHead(302, { Location: 'http://127.0.0.1:1/elsewhere' }).end();
    };
    const { delivery } = await deliveryTo(redirect, 'org_redirect');
    const { stored } = await deliver('org_redirect', delivery._id);
    expect(stored.status).toBe('failed');
    expect(stored.attempts).toHaveLength(6);
    expect(stored.attempts.every((attempt) => attempt.status_code === 302)).toBe(true);
  });

  test('recordEvent fans out to subscribed, enabled endpoints only, once however often it runs', async () => {
    const orgId = 'org_fanout';
    const endpoint = (_id: string, events: WebhookEndpointDoc['events'], enabled: boolean) =>
      makeWebhookEndpoint(orgId, generateWebhookSecret(), config.SECRETS_ENCRYPTION_KEY, {
        _id,
        url: 'http://127.0.0.1:1/x',
        events,
        enabled,
      });
    await database.collections.webhookEndpoints.insertMany([
      endpoint('whe_sub', ['call.completed'], true),
      endpoint('whe_other_event', ['mismo.ready'], true),
      endpoint('whe_disabled', ['call.completed'], false),
    ]);
    const started: string[] = [];
    const temporal = {
      workflow: {
        start: async (_name: string, options: { workflowId: string }) => void started.push(options.workflowId),
      },
    } as never;
    const data = {
      call_id: 'call_1',
      external_id: null,
      batch_id: null,
      status: 'completed',
      recorded_at: new Date().toISOString(),
      agent_email: 'a@example.com',
      contact_id: null,
      duration_seconds: 12,
      transcript_segments: 3,
      summary: null,
      stages: { fetch: 'completed' },
    };
    const deps = { collections: database.collections, temporal, config };
    const first = await recordEvent(deps, { orgId, type: 'call.completed', subjectId: 'call_1', data });
    const second = await recordEvent(deps, { orgId, type: 'call.completed', subjectId: 'call_1', data });
    expect(second).toBe(first);
    const deliveries = await database.collections.webhookDeliveries.find({ org_id: orgId }).toArray();
    expect(deliveries.map((delivery) => delivery.endpoint_id)).toEqual(['whe_sub']);
    expect(started).toEqual([deliveryWorkflowId(deliveries[0]!._id), deliveryWorkflowId(deliveries[0]!._id)]);
    await expect(
      recordEvent(deps, { orgId, type: 'call.completed', subjectId: 'call_2', data: { ...data, status: 'failed' } }),
    ).rejects.toThrow();
  });
});
