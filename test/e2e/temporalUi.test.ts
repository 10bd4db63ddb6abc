import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { callWorkflowId } from '../../lib/temporal';
import { startTemporalDevServerOnFreePorts, type ManagedProcess } from '../../scripts/stack';
import { toolPath } from '../../scripts/tools';
import { makeWav } from '../support/audio';
import { describeNeeding, testConfig } from '../support/env';
import { startLocalServer, type LocalServer } from '../support/httpServer';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';
import { waitFor } from '../support/wait';

/**
 * What ops see in the Temporal UI, in a real headless Chromium against a Temporal dev server with
 * its Web UI: each call's workflow carries a summary and details naming the call, organization
 * and agent, and "current details" with its status, stages and a failure's reason; the saved
 * view `CallStatus = "failed"` lists exactly the failed calls. Screenshots go to
 * docs/operations/ with UPDATE_SCREENSHOTS=1 (docs/operations.md shows them).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing =
  process.env.CIS_STACK_UNAVAILABLE ??
  (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ??
  (existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install -y chromium)`) ??
  (existsSync(toolPath('temporal')) ? null : `${toolPath('temporal')} is missing (npm run tools)`);
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? path.resolve(__dirname, '..', '..', 'docs', 'operations')
    : path.join(os.tmpdir(), 'cis-temporal-ui-screenshots');

describeNeeding('MongoDB, Chromium and the Temporal CLI', missing, 'the Temporal UI in headless Chromium', () => {
  let temporal: ManagedProcess;
  let uiPort: number;
  let stack: TestStack;
  let recordings: LocalServer;
  let browser: Browser;
  const wav = makeWav(1.5);

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const started = await startTemporalDevServerOnFreePorts({
      binary: toolPath('temporal'),
      ui: true,
      dbFile: null,
      sink: () => undefined,
    });
    temporal = started.server;
    uiPort = started.uiPort!;
    const port = started.port;
    recordings = await startLocalServer((req, res) => {
      if (req.url === '/calls/missing.wav') {
        res.writeHead(404).end('not here');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': wav.length }).end(wav);
    });
    stack = await startTestStack(
      testConfig({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', TEMPORAL_ADDRESS: `127.0.0.1:${port}` }),
      { workers: true },
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await recordings?.close();
    await temporal?.stop();
  });

  test('summary, details and current details name the call; the failed-calls view finds the failed one', async () => {
    const tenant = await seedTenant(stack.database);
    const created = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
      calls: [
        {
          audio_url: `${recordings.url}/calls/one.wav`,
          recorded_at: '2026-03-10T15:04:00-05:00',
          agent_name: 'Sarah Miller',
          agent_email: 'sarah.miller@acme-lending.example',
          external_id: 'dialer-ui-1',
        },
        {
          audio_url: `${recordings.url}/calls/missing.wav`,
          recorded_at: '2026-03-10T16:00:00Z',
          agent_name: 'Dev Patel',
          agent_email: 'dev.patel@acme-lending.example',
        },
      ],
    });
    expect(created.status).toBe(202);
    const [good, bad] = created.body.data.calls as { call_id: string }[];
    await waitFor('both calls to finish', async () => {
      const statuses = await Promise.all(
        [good!, bad!].map(
          async (call) => (await api(stack, tenant.key, 'GET', `/calls/${call.call_id}`)).body.data.status,
        ),
      );
      return statuses.every((status) => status === 'completed' || status === 'failed') ? statuses : undefined;
    });

    // The metadata as the UI reads it: summary and details at start, current details from the worker.
    const client = stack.temporal.client;
    const failedHandle = client.workflow.getHandle(callWorkflowId(bad!.call_id));
    const description = await failedHandle.describe();
    expect(await description.staticSummary()).toBe(`Call ${bad!.call_id} · dev.patel@acme-lending.example`);
    expect(await description.staticDetails()).toContain(tenant.organization._id);
    const metadata = (await failedHandle.query('__temporal_workflow_metadata')) as { currentDetails?: string };
    expect(metadata.currentDetails).toContain('**failed**: Recording URL answered HTTP 404');
    expect(metadata.currentDetails).toContain('- fetch: failed');
    const completed = (await client.workflow
      .getHandle(callWorkflowId(good!.call_id))
      .query('__temporal_workflow_metadata')) as { currentDetails?: string };
    expect(completed.currentDetails).toMatch(/^\*\*completed\*\*/);
    expect(completed.currentDetails).toContain('- transcription: completed');

    // The saved view of failed calls, in the UI itself.
    const ui = `http://127.0.0.1:${uiPort}`;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const failedView = `${ui}/namespaces/default/workflows?query=${encodeURIComponent('CallStatus="failed"')}`;
    await page.goto(failedView);
    await page.getByText(callWorkflowId(bad!.call_id)).first().waitFor({ timeout: 60_000 });
    expect(await page.getByText(callWorkflowId(good!.call_id)).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'temporal-ui-failed-calls.png') });

    // The failed call's page: its summary, details and current details.
    const runId = description.runId;
    await page.goto(`${ui}/namespaces/default/workflows/${callWorkflowId(bad!.call_id)}/${runId}/history`);
    await page.getByText('Recording URL answered HTTP 404').first().waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'temporal-ui-failed-call.png'), fullPage: false });
    await page.getByText('User Metadata', { exact: true }).first().click();
    // The UI renders each metadata field's markdown in a sandboxed frame of its own.
    const shown = async (text: string) => {
      for (const frame of page.frames()) {
        const body = await frame
          .locator('body')
          .innerText({ timeout: 1_000 })
          .catch(() => '');
        if (body.includes(text)) return true;
      }
      return undefined;
    };
    await waitFor('the summary in the UI', () => shown(`Call ${bad!.call_id} · dev.patel@acme-lending.example`));
    await waitFor('the current details in the UI', () => shown('fetch: failed (Recording URL answered HTTP 404)'));
    await page.screenshot({ path: path.join(SCREENSHOTS, 'temporal-ui-call-metadata.png'), fullPage: false });
    await page.close();
  }, 240_000);
});
