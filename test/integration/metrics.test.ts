import { freePort, type ManagedProcess } from '../../scripts/stack';
import { describeWithStack, testConfig } from '../support/env';
import { startWorkerProcess } from '../support/processes';
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

describeWithStack('Prometheus metrics of the API and of a worker', () => {
  let stack: TestStack;
  let worker: ManagedProcess | undefined;
  const output: string[] = [];
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(async () => {
    await worker?.stop();
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

  test("a worker with WORKER_METRICS_PORT exports the Temporal SDK's metrics", async () => {
    const port = await freePort();
    worker = startWorkerProcess(stack.config, 'webhooks', output, { WORKER_METRICS_PORT: String(port) });
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
  });
});
