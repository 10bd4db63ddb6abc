import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { freePort, type ManagedProcess } from '../../scripts/stack';
import { describeWithStack, testConfig } from '../support/env';
import { startRestProcess, startWorkerProcess } from '../support/processes';
import { startTlsReceiver, type TlsReceiver } from '../support/tlsReceiver';
import { makeWav } from '../support/audio';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text
    .split('\n')
    .find(
      (each) =>
        each.startsWith(`${name}{`) &&
        Object.entries(labels).every(([label, value]) => each.includes(`${label}="${value}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const REPO = path.resolve(__dirname, '../..');

describeWithStack('Prometheus metrics of the API and of a worker', () => {
  let stack: TestStack;
  let worker: ManagedProcess | undefined;
  let rest: ManagedProcess | undefined;
  let receiver: TlsReceiver | undefined;
  let recordings: LocalServer | undefined;
  let callWorker: ManagedProcess | undefined;
  /** What each process exported, for the check of the alert rules and the dashboard. */
  const scraped: string[] = [];
  const output: string[] = [];
  beforeAll(async () => {
    // The webhook endpoint of the worker test is the local TLS receiver.
    stack = await startTestStack(testConfig({ OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1' }), { workers: false });
  });
  afterAll(async () => {
    await worker?.stop();
    await callWorker?.stop();
    await recordings?.close();
    await rest?.stop();
    await receiver?.close();
    await stack?.close();
  });
  const origin = () => stack.baseUrl.replace(/\/api\/v1$/, '');

  test('requests are counted by route template and status, with durations; refusals by the rate limit too', async () => {
    const { key } = await seedTenant(stack.database);
    for (const id of ['call_a', 'call_b', 'call_c']) {
      expect((await api(stack, key, 'GET', `/calls/${id}`)).status).toBe(404);
    }
    const tenant = await seedTenant(stack.database, 'owner', 'Tiny plan');
    await stack.database.collections.organizations.updateOne(
      { _id: tenant.organization._id },
      { $set: { rate_limit_per_hour: 1 } },
    );
    await api(stack, tenant.key, 'GET', '/calls');
    expect((await api(stack, tenant.key, 'GET', '/calls')).status).toBe(429);

    const response = await fetch(`${origin()}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    // One series for the template, whatever the id: the label set stays small.
    const labels = { app: 'rest', method: 'GET', route: '/api/v1/calls/:callId', status: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain('call_a');
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '10' })).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/^rate_limit_refusals_total [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  test('the REST API process reports task-queue backlogs and its MongoDB pool', async () => {
    const port = await freePort();
    rest = await startRestProcess(stack.config, port, output);
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    scraped.push(text);
    for (const queue of ['call-processing', 'transcription', 'webhooks', 'reprocessing']) {
      for (const kind of ['workflow', 'activity'])
        expect(sample(text, 'temporal_task_queue_backlog', { task_queue: queue, kind })).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'mongodb_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    expect(sample(text, 'mongodb_pool_connections', { state: 'checked_out' })).toBeGreaterThanOrEqual(0);
  });

  test("a worker with WORKER_METRICS_PORT exports the Temporal SDK's metrics and the product's", async () => {
    const port = await freePort();
    receiver = await startTlsReceiver();
    worker = startWorkerProcess(stack.config, 'webhooks', output, {
      WORKER_METRICS_PORT: String(port),
      OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1',
      OUTBOUND_CA_FILE: receiver.caFile,
    });
    const text = await waitFor(
      'the worker metrics endpoint',
      async () => {
        const answer = await fetch(`http://127.0.0.1:${port}/metrics`).catch(() => null);
        const body = answer?.ok ? await answer.text() : '';
        return body.includes('temporal_') ? body : undefined;
      },
      60_000,
    ).catch((error) => {
      process.stderr.write(`[metrics] worker output:\n${output.join('\n')}\n`);
      throw error;
    });
    expect(text).toMatch(/temporal_(num_pollers|worker_task_slots_available|request)/);

    // A webhook delivered by this worker: counted by outcome, with its latency.
    const { organization, key } = await seedTenant(stack.database);
    const endpoint = await api(stack, key, 'POST', `/organizations/${organization._id}/webhooks`, {
      url: `${receiver.url}/hooks/metrics`,
      events: ['call.completed'],
    });
    expect(endpoint.status).toBe(201);
    const ping = await api(
      stack,
      key,
      'POST',
      `/organizations/${organization._id}/webhooks/${endpoint.body.data.id}/test`,
    );
    expect(ping.body.data.status).toBe('succeeded');
    const delivered = await waitFor('the delivery metrics', async () => {
      const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      return sample(body, 'webhook_delivery_attempts', { outcome: 'delivered' }) ? body : undefined;
    });
    scraped.push(delivered);
    expect(sample(delivered, 'webhook_delivery_attempts', { outcome: 'delivered' })).toBe(1);
    expect(delivered).toMatch(/^webhook_delivery_latency_bucket\{[^}]*outcome="delivered"/m);
    expect(delivered).toMatch(/activityType="attemptDelivery"/);
  });

  test('after a processed call, the worker reports its stages and the speech-to-text real-time factor', async () => {
    const port = await freePort();
    const wav = makeWav(1.5);
    recordings = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length }).end(wav);
    });
    callWorker = startWorkerProcess(stack.config, 'call-processing,transcription', output, {
      WORKER_METRICS_PORT: String(port),
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    });
    const { key } = await seedTenant(stack.database);
    const created = await api(stack, key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: `${recordings.url}/calls/metrics.wav`,
          recorded_at: '2026-03-10T15:04:00-05:00',
          agent_name: 'Sarah Miller',
          agent_email: 'sarah.miller@acme-lending.example',
        },
      ],
    });
    expect(created.status).toBe(202);
    const callId = created.body.data.calls[0].call_id as string;
    await waitFor(
      'the call to complete',
      async () =>
        (await api(stack, key, 'GET', `/calls/${callId}`)).body.data.status === 'completed' ? true : undefined,
      120_000,
    );
    const text = await waitFor('the stage metrics', async () => {
      const body = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      // The call's status is written before its workflow returns: wait for both.
      return body.includes('speech_to_text_real_time_factor') &&
        /^temporal_workflow_completed\{[^}]*workflow_type="processCall"/m.test(body)
        ? body
        : undefined;
    });
    scraped.push(text);
    // The SDK labels the product's activity metrics activityType / taskQueue (its own: activity_type).
    expect(sample(text, 'speech_to_text_real_time_factor_count', { activityType: 'transcribeCall' })).toBe(1);
    expect(sample(text, 'speech_to_text_audio_seconds', { activityType: 'transcribeCall' })).toBeGreaterThan(0);
    // Buckets for a ratio, not the SDK's milliseconds.
    expect(text).toMatch(/^speech_to_text_real_time_factor_bucket\{[^}]*le="0\.5"\}/m);
    for (const stage of ['fetchRecording', 'transcribeCall', 'summarizeCall', 'scoreCall', 'extractCallData'])
      expect(
        sample(text, 'temporal_activity_execution_latency_count', { activity_type: stage }),
      ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^temporal_workflow_completed\{[^}]*workflow_type="processCall"/m);
  }, 180_000);

  test('the alert rules and the Grafana dashboard use only metrics the processes export', () => {
    const exported = new Set(scraped.flatMap((text) => text.match(/^[a-z_:][a-z0-9_:]*/gm) ?? []));
    expect(exported.size).toBeGreaterThan(50);
    const rules = load(readFileSync(path.join(REPO, 'deploy/prometheus/alerts.yml'), 'utf8')) as {
      groups: {
        rules: { alert: string; expr: string; labels: { severity: string }; annotations: { summary: string } }[];
      }[];
    };
    const dashboard = JSON.parse(readFileSync(path.join(REPO, 'deploy/grafana/call-intelligence.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['TaskQueueBacklogStuck', 'WebhookDeliveriesFailing', 'CallStageFailing']),
    );
    for (const rule of alerts) {
      expect(rule.labels.severity).toMatch(/^(page|ticket)$/);
      expect(rule.annotations.summary.length).toBeGreaterThan(10);
    }
    const expressions = [
      ...alerts.map((rule) => rule.expr),
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    ];
    const used = new Set(expressions.flatMap(metricNamesOf));
    expect(used.size).toBeGreaterThan(10);
    const unknown = [...used].filter(
      (name) => !exported.has(name) && !exported.has(`${name}_bucket`) && !ONLY_ONCE_SOMETHING_HAPPENS.has(name),
    );
    expect(unknown).toEqual([]);
  });
});

/**
 * Metrics that appear only after their event (a failed workflow or activity, a CRM sync), which
 * this test does not cause (named as activities/metrics.ts and the Temporal SDK record them).
 */
const ONLY_ONCE_SOMETHING_HAPPENS = new Set([
  'temporal_workflow_failed',
  'temporal_activity_execution_failed',
  'integration_syncs',
]);

/** The metric names of a PromQL expression (labels, grouping and functions left out). */
function metricNamesOf(expression: string): string[] {
  const withoutLabels = expression
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const functions = new Set(['histogram_quantile']);
  return (withoutLabels.match(/[a-z_:][a-z0-9_:]*/g) ?? [])
    .filter((token) => token.includes('_') && !functions.has(token))
    .map((token) => token.replace(/_(bucket|count|sum)$/, ''));
}
