import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildConsole } from '../../scripts/buildConsole';
import { newId } from '../../lib/ids';
import { recordingsBucket } from '../../lib/mongo';
import { createUser } from '../../lib/tenancy';
import { makeWav } from '../support/audio';
import { describeNeeding, testConfig } from '../support/env';
import { serviceSignatureValid, startTlsReceiver, type TlsReceiver } from '../support/tlsReceiver';
import { startFakeHubSpot } from '../support/hubspotServer';
import { startLocalServer } from '../support/httpServer';
import { insertCalls, makeCall } from '../support/seed';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * The web console in a real headless Chromium (Debian `chromium`, driven by playwright-core)
 * against the real REST app and database: invitation → password → sign in, API keys shown once
 * and revoked, a viewer's Settings, a call whose transcript holds markup, evidence that seeks the
 * player. Screenshots of every page go to a temporary folder, or to docs/console/ with
 * UPDATE_SCREENSHOTS=1 (those are the ones docs/console.md shows).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing =
  process.env.CIS_STACK_UNAVAILABLE ??
  (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ??
  (existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install -y chromium)`);
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? path.resolve(__dirname, '..', '..', 'docs', 'console')
    : path.join(os.tmpdir(), 'cis-console-screenshots');
const PASSWORD = 'correct horse battery staple';

/** What the page sets on `window` if an injected script ever runs (it must not). */
declare const window: { __xss?: number };
declare const document: {
  querySelector(selector: string): { currentTime: number } | null;
  querySelectorAll(selector: string): { length: number };
};

describeNeeding('MongoDB and Chromium', missing, 'the web console in headless Chromium', () => {
  let stack: TestStack;
  let browser: Browser;
  let origin: string;
  let receiver: TlsReceiver;

  beforeAll(async () => {
    await buildConsole();
    mkdirSync(SCREENSHOTS, { recursive: true });
    receiver = await startTlsReceiver();
    // Workers deliver the webhooks; a failed delivery is final at once so the test can retry it.
    stack = await startTestStack(
      testConfig({
        OUTBOUND_ALLOWED_HOSTS: 'localhost,127.0.0.1',
        OUTBOUND_CA_FILE: receiver.caFile,
        WEBHOOK_MAX_RETRIES: '0',
        TEMPORAL_UI_URL: 'http://temporal-ui.example:8233',
      }),
      { workers: true },
    );
    origin = stack.baseUrl.replace(/\/api\/v1$/, '');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    await receiver?.close();
  });

  /** A member of a new organization, with a console invitation; the organization's owner key. */
  async function invited(role: 'owner' | 'viewer') {
    const tenant = await seedTenant(stack.database);
    const orgId = tenant.organization._id;
    const member = await createUser(stack.database.collections, {
      orgId,
      email: `${role}-${newId('usr')}@example.com`,
      name: role === 'owner' ? 'Olivia Owner' : 'Vic Viewer',
      role,
    });
    const invitation = await api(stack, tenant.key, 'POST', `/organizations/${orgId}/users/${member._id}/invitations`);
    return { tenant, orgId, member, token: invitation.body.data.token as string };
  }

  async function signIn(page: Page, email: string) {
    await page.goto(`${origin}/app/#/sign-in`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Calls' }).waitFor();
  }

  async function setPassword(page: Page, token: string, screenshot?: string) {
    await page.goto(`${origin}/app/#/accept?token=${encodeURIComponent(token)}`);
    await page.getByLabel(/New password/).fill(PASSWORD);
    await page.getByLabel('Repeat it').fill(PASSWORD);
    if (screenshot) await page.screenshot({ path: path.join(SCREENSHOTS, screenshot) });
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Password set' }).waitFor();
  }

  test('invite → set password → sign in; a key is shown once, works, and is 401 after Revoke', async () => {
    const { member, token } = await invited('owner');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const response = await page.goto(`${origin}/app/`);
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'sign-in.png') });

    await setPassword(page, token, 'accept-invitation.png');
    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await signIn(page, member.email);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'calls.png') });
    // The session cookie is out of scripts' reach; nothing is kept in storage.
    const cookie = (await page.context().cookies()).find((each) => each.name === 'cis_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate('JSON.stringify([localStorage.length, sessionStorage.length])')).toBe('[0,0]');

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Key name').fill('Dialer integration');
    await page.getByRole('button', { name: 'Generate API Key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^cis_live_/);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-connections.png') });
    expect((await api(stack, key, 'GET', '/calls')).status).toBe(200);

    // Shown once: after a reload the page has only its prefix.
    await page.reload();
    await page.getByRole('cell', { name: 'Dialer integration' }).waitFor();
    expect(await page.content()).not.toContain(key);

    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row', { name: /Dialer integration/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByText(/^Revoked/).waitFor();
    expect((await api(stack, key, 'GET', '/calls')).status).toBe(401);

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.close();
  });

  test("a viewer's Settings offer no key actions, and the API refuses them anyway", async () => {
    const { orgId, member, token } = await invited('viewer');
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await setPassword(page, token);
    await signIn(page, member.email);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByText('cannot manage API keys').waitFor();
    expect(await page.getByRole('button', { name: 'Generate API Key' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Privacy' }).click();
    await page.getByText('cannot change the privacy policy').waitFor();
    await page.getByRole('link', { name: 'Connections' }).click();
    // The request the page would make, from the page with its session and CSRF token: the role is refused.
    const refused = await page.evaluate(`
      fetch('/api/v1/auth/session')
        .then((r) => r.json())
        .then(({ data }) => fetch('/api/v1/organizations/${orgId}/api-keys', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': data.csrf_token },
          body: '{"name":"x"}',
        }))
        .then(async (r) => [r.status, (await r.json()).error.code])`);
    expect(refused).toEqual([403, 'forbidden']);
    await page.close();
  });

  test('a transcript holding markup shows it as text and runs nothing; an evidence quote seeks the player', async () => {
    const { tenant, member, token } = await invited('owner');
    const orgId = tenant.organization._id;
    const call = makeCall(orgId, { contact_name: 'Dana <b>Okafor</b>', recording_file_id: `rec_${newId('call')}` });
    await pipeline(
      Readable.from([makeWav(20)]),
      recordingsBucket(stack.database.db).openUploadStreamWithId(call.recording_file_id as never, call._id, {
        metadata: { org_id: orgId, call_id: call._id, content_type: 'audio/wav' },
      }),
    );
    await insertCalls(stack.database, [call]);
    const hostile = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 1">';
    await stack.database.collections.transcripts.insertOne({
      _id: call._id,
      org_id: orgId,
      call_id: call._id,
      language: 'en',
      segments: [
        { speaker: 'agent', start: 0.5, end: 4, text: 'Thanks for calling Acme Lending.', confidence: null },
        { speaker: 'customer', start: 4, end: 9, text: hostile, confidence: null },
        { speaker: 'agent', start: 12.5, end: 16, text: 'I will send the disclosures today.', confidence: null },
      ],
      created_at: new Date(),
    });
    await stack.database.collections.scorecards.insertOne({
      _id: call._id,
      org_id: orgId,
      call_id: call._id,
      template_id: 'default',
      template_name: 'Default QA',
      criteria: [
        {
          id: 'next_steps',
          label: 'Agreed next steps',
          type: 'pass_fail',
          weight: 1,
          score: 1,
          max_score: 1,
          passed: true,
          evidence: [{ quote: 'I will send the disclosures today.', start: 12.5, end: 16, speaker: 'agent' }],
        },
      ],
      total: { score: 1, max_score: 1, percentage: 100 },
      created_at: new Date(),
    });

    await stack.database.collections.extractions.insertOne({
      _id: call._id,
      org_id: orgId,
      call_id: call._id,
      is_lending_call: true,
      lending_reasons: ['refinance'],
      results: [
        {
          dataset: 'mortgage_lead',
          data: { loan_amount: 350000, borrower_first_name: '<script>window.__xss = 1</script>' },
          evidence: { loan_amount: [{ quote: 'about three fifty', start: 6, end: 8, speaker: 'customer' }] },
          missing_required: ['borrower_email'],
        },
      ],
      created_at: new Date(),
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await setPassword(page, token);
    await signIn(page, member.email);
    await page.goto(`${origin}/app/#/calls/${call._id}`);
    await page.getByRole('heading', { name: /Call with/ }).waitFor();
    // The markup is shown as characters, and nothing it holds ran.
    await page.getByText(hostile).waitFor();
    expect(await page.getByRole('heading', { name: /Call with Dana <b>Okafor<\/b>/ }).count()).toBe(1);
    expect(await page.evaluate(() => window.__xss ?? 0)).toBe(0);
    expect(await page.locator('img').count()).toBe(0);

    await page.locator('audio').evaluate(
      (audio) =>
        new Promise((resolve) => {
          const element = audio as unknown as {
            readyState: number;
            addEventListener(type: string, f: () => void): void;
          };
          if (element.readyState >= 1) resolve(null);
          else element.addEventListener('loadedmetadata', () => resolve(null));
        }),
    );
    await page
      .getByRole('button', { name: /I will send the disclosures today\..*0:12/ })
      .first()
      .click();
    await page.waitForFunction(() => Math.abs((document.querySelector('audio')?.currentTime ?? 0) - 12.5) < 0.3);
    // Extracted fields with their evidence (a quote seeks too), and the workflow in the Temporal UI.
    await page.getByText('Not said in the call: borrower_email').waitFor();
    await page.getByRole('button', { name: /about three fifty/ }).click();
    await page.waitForFunction(() => Math.abs((document.querySelector('audio')?.currentTime ?? 0) - 6) < 0.3);
    expect(await page.getByRole('link', { name: 'The workflow in the Temporal UI' }).getAttribute('href')).toBe(
      `http://temporal-ui.example:8233/namespaces/default/workflows/call-${call._id}`,
    );
    await page
      .getByRole('button', { name: /I will send the disclosures today\..*0:12/ })
      .first()
      .click();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'call-detail.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a webhook registered in Settings: secret shown once, test.ping arrives signed, a failed delivery is retried', async () => {
    const { member, token } = await invited('owner');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await setPassword(page, token);
    await signIn(page, member.email);
    await page.getByRole('link', { name: 'Settings' }).click();
    const hookUrl = `${receiver.url}/hooks/console-${newId('req')}`;
    await page.getByLabel('Endpoint URL (HTTPS)').fill(hookUrl);
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.locator(`li[data-endpoint-url="${hookUrl}"]`);

    // test.ping: delivered to the receiver, signed with the secret shown once, and in the log.
    await endpoint.getByRole('button', { name: 'Send test' }).click();
    await endpoint.getByTestId('delivery-status').first().filter({ hasText: 'succeeded' }).waitFor();
    const ping = receiver.received.find((delivery) => delivery.path === new URL(hookUrl).pathname)!;
    expect(JSON.parse(ping.body).type).toBe('test.ping');
    expect(serviceSignatureValid(secret, ping)).toBe(true);

    // The receiver fails: the delivery fails (no retries configured here); Retry from the log succeeds.
    receiver.failing.add(new URL(hookUrl).pathname);
    await endpoint.getByRole('button', { name: 'Send test' }).click();
    await endpoint.getByTestId('delivery-status').filter({ hasText: 'failed' }).first().waitFor();
    await endpoint
      .getByRole('button', { name: /^1 \(HTTP 500\)$/ })
      .first()
      .click();
    await endpoint.getByText('receiver is down').waitFor();
    receiver.failing.delete(new URL(hookUrl).pathname);
    await endpoint.getByRole('button', { name: 'Retry' }).click();
    await endpoint.getByText('retry', { exact: true }).waitFor();
    await endpoint.getByTestId('delivery-status').filter({ hasText: 'succeeded' }).nth(1).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-webhooks.png'), fullPage: true });
    await page.close();
  });

  test('a recording dropped on the Calls page uploads with its progress and is followed to completed', async () => {
    const { member, token } = await invited('owner');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await setPassword(page, token);
    await signIn(page, member.email);
    await page.getByLabel('Customer phone (E.164, optional)').fill('+14155550123');
    // A real drop: a DataTransfer holding the file, dispatched on the drop zone.
    const dataTransfer = await page.evaluateHandle(
      `(() => {
        const bytes = Uint8Array.from(atob('${makeWav(2).toString('base64')}'), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], 'call.wav', { type: 'audio/wav' }));
        return transfer;
      })()`,
    );
    await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer });
    await page.getByTestId('upload-outcome').filter({ hasText: 'queued' }).waitFor();
    // The list shows the new call and follows it while it is processed by the real workers.
    await page.getByTestId('call-status').filter({ hasText: 'completed' }).waitFor({ timeout: 90_000 });
    const stored = await stack.database.collections.calls.findOne({ org_id: member.org_id });
    expect(stored).toMatchObject({ source: 'upload', agent_email: member.email, contact_phone: '+14155550123' });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'calls-upload.png') });
    await page.close();
  }, 120_000);

  test('Team shows the period as charts and a table; Contacts lists who was called; no CSP violation', async () => {
    const { tenant, member, token } = await invited('owner');
    const orgId = tenant.organization._id;
    const now = Date.now();
    const contactId = `ct_${newId('req')}`;
    await insertCalls(
      stack.database,
      Array.from({ length: 6 }, (_, index) =>
        makeCall(orgId, {
          recorded_at: new Date(now - index * 86_400_000 - 3_600_000),
          agent_email: index % 2 ? 'ana@acme.example' : 'ben@acme.example',
          direction: index % 3 ? 'outbound' : 'inbound',
          duration_seconds: 120 + index * 30,
          ...(index === 0 ? { contact_id: contactId, contact_name: 'Priya <i>Raman</i>' } : {}),
        }),
      ),
    );
    await stack.database.collections.contacts.insertOne({
      _id: contactId,
      org_id: orgId,
      name: 'Priya <i>Raman</i>',
      names: ['Priya <i>Raman</i>'],
      phones: ['+14155550188'],
      emails: [],
      crm_ids: {},
      lead_created_at: null,
      created_at: new Date(),
      updated_at: new Date(),
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(error.message));
    await setPassword(page, token);
    await signIn(page, member.email);
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByTestId('team-calls').filter({ hasText: '6' }).waitFor();
    // Calls per day and talk time per agent; no lead was answered in this data, which the page says.
    expect(await page.locator('canvas[role=img]').count()).toBe(2);
    await page.getByText('No new leads were answered in this period').waitFor();
    await page.getByRole('cell', { name: 'ana@acme.example' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'team.png'), fullPage: true });
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('cell', { name: 'Priya <i>Raman</i>' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'contacts.png') });
    // The contact's page: its history links to the call.
    await page.getByRole('link', { name: 'Priya <i>Raman</i>' }).click();
    await page.getByRole('heading', { name: 'Priya <i>Raman</i>' }).waitFor();
    await page.getByRole('heading', { name: 'Conversation history' }).waitFor();
    expect(await page.locator('ul.history li').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'contact.png') });
    await page.locator('ul.history a').click();
    await page.getByRole('heading', { name: /Call with Priya <i>Raman<\/i>/ }).waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  test('a CRM connection is tested from Settings (refused, then accepted) and the dialer secret is shown once', async () => {
    const hubspot = await startFakeHubSpot();
    const { tenant, member, token } = await invited('owner');
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    try {
      await setPassword(page, token);
      await signIn(page, member.email);
      await page.getByRole('link', { name: 'Settings' }).click();
      const connect = async (accessToken: string) => {
        await page.getByLabel('Private app access token').fill(accessToken);
        await page.getByLabel('API base URL (optional)').fill(hubspot.url);
        await page.getByRole('button', { name: 'Connect', exact: true }).click();
      };
      const crm = page.locator('li[data-connection-type=hubspot]');
      await connect('pat-wrong');
      await crm.getByRole('button', { name: 'Test' }).click();
      await crm
        .getByTestId('connection-test')
        .filter({ hasText: /^Refused/ })
        .waitFor({ timeout: 30_000 });
      page.once('dialog', (dialog) => void dialog.accept());
      await crm.getByRole('button', { name: 'Disconnect' }).click();
      await crm.waitFor({ state: 'detached' });
      await connect(hubspot.token);
      await crm.getByRole('button', { name: 'Test' }).click();
      await crm.getByTestId('connection-test').filter({ hasText: 'accepted' }).waitFor({ timeout: 30_000 });
      // The credentials never come back to the page.
      expect(await page.content()).not.toContain(hubspot.token);

      expect(await page.getByTestId('dialer-url').textContent()).toBe(`${stack.baseUrl}/integrations/dialer/webhook`);
      await page.getByRole('button', { name: 'Set a signing secret' }).click();
      const secret = (await page.getByTestId('dialer-secret').textContent())!;
      expect(secret.length).toBeGreaterThan(20);
      await page.getByRole('button', { name: 'Replace the signing secret' }).waitFor();
      const stored = await stack.database.collections.organizations.findOne({ _id: tenant.organization._id });
      expect(stored!.dialer_secret_encrypted).toEqual(expect.any(String));
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-integrations.png'), fullPage: true });
    } finally {
      await page.close();
      await hubspot.close();
    }
  });

  test('Settings › Privacy changes the policy, starts its re-application, and shows the audit log', async () => {
    const { tenant, member, token } = await invited('owner');
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    try {
      await setPassword(page, token);
      await signIn(page, member.email);
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('link', { name: 'Privacy' }).click();
      await page.getByRole('heading', { name: 'Redaction and retention' }).waitFor();
      // The defaults: what GLBA and PCI DSS want out of clear text.
      expect(await page.getByLabel(/Social Security numbers/).isChecked()).toBe(true);
      expect(await page.getByLabel(/Phone numbers/).isChecked()).toBe(false);
      await page.getByLabel(/Phone numbers/).check();
      await page.getByLabel(/Keep redacted values encrypted/).check();
      await page.getByLabel('Transcripts').fill('30');
      await page.getByRole('button', { name: 'Save policy' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved (version 1)' }).waitFor();
      expect(await page.getByRole('status').textContent()).toContain(`privacy-policy-${tenant.organization._id}-v1`);
      const policy = (await api(stack, tenant.key, 'GET', '/privacy/policy')).body.data;
      expect(policy).toMatchObject({ keep_originals: true, retention: { transcripts_days: 30, calls_days: null } });
      expect(policy.redact_types).toContain('phone');
      // A period under a day is refused by the form itself, and nothing changes.
      await page.getByLabel('Whole calls').fill('0');
      await page.getByRole('button', { name: 'Save policy' }).click();
      expect(
        await page
          .getByLabel('Whole calls')
          .evaluate((input) => (input as { validity: { valid: boolean } }).validity.valid),
      ).toBe(false);
      expect((await api(stack, tenant.key, 'GET', '/privacy/policy')).body.data.version).toBe(1);
      await page.getByLabel('Whole calls').fill('');

      await page.reload();
      await page.getByRole('cell', { name: 'updatePrivacyPolicy' }).waitFor();
      expect(await page.getByLabel('Transcripts').inputValue()).toBe('30');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-privacy.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });

  test("a batch's page follows its progress to the end and links its calls", async () => {
    const wav = makeWav(1.5);
    const recordings = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.length }).end(wav);
    });
    const { tenant, member, token } = await invited('owner');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const batch = await api(stack, tenant.key, 'POST', '/calls/upload/batch', {
        calls: ['a', 'b'].map((name) => ({
          audio_url: `${recordings.url}/${name}.wav`,
          recorded_at: new Date().toISOString(),
          agent_name: 'Ana',
          agent_email: 'ana@acme.example',
          external_id: `console-batch-${name}-${newId('req')}`,
        })),
      });
      expect(batch.status).toBe(202);
      await setPassword(page, token);
      await signIn(page, member.email);
      await page.goto(`${origin}/app/#/batches/${batch.body.data.batch_id}`);
      await page
        .getByTestId('batch-status')
        .filter({ hasText: /^completed$/ })
        .waitFor({ timeout: 90_000 });
      await page.getByText('2 of 2 processed').waitFor();
      await page.locator('ul.history a').nth(1).waitFor();
      expect(await page.locator('ul.history a').count()).toBe(2);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'batch.png') });
    } finally {
      await page.close();
      await recordings.close();
    }
  }, 120_000);

  test('the Calls filters narrow the list (days, tag, batch), and a date shows the time at the call on hover', async () => {
    const { tenant, member, token } = await invited('owner');
    const orgId = tenant.organization._id;
    const day = 86_400_000;
    const now = Date.now();
    await insertCalls(stack.database, [
      makeCall(orgId, { recorded_at: new Date(now - 1 * day), tags: ['hot'], recorded_utc_offset_minutes: -300 }),
      makeCall(orgId, { recorded_at: new Date(now - 2 * day), tags: ['hot'], batch_id: 'batch_console_1' }),
      makeCall(orgId, { recorded_at: new Date(now - 10 * day), batch_id: 'batch_console_1' }),
      makeCall(orgId, { recorded_at: new Date(now - 20 * day) }),
    ]);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await setPassword(page, token);
      await signIn(page, member.email);
      const rows = page.getByTestId('call-status');
      const expectRows = async (count: number) => {
        await page.waitForFunction(
          (expected) => document.querySelectorAll('[data-testid=call-status]').length === expected,
          count,
        );
      };
      await expectRows(4);
      await page.getByLabel('Tag').fill('hot');
      await page.getByLabel('Tag').press('Tab');
      await expectRows(2);
      await page.getByLabel('Tag').fill('');
      await page.getByLabel('Tag').press('Tab');
      await expectRows(4);
      await page.getByLabel('Batch').fill('batch_console_1');
      await page.getByLabel('Batch').press('Tab');
      await expectRows(2);
      await page.getByLabel('Batch').fill('');
      await page.getByLabel('Batch').press('Tab');
      await expectRows(4);
      const iso = (at: number) => new Date(at).toISOString().slice(0, 10);
      await page.getByLabel('From').fill(iso(now - 5 * day));
      await page.getByLabel('From').press('Tab');
      await expectRows(2);
      expect(await rows.count()).toBe(2);
      // The call made at UTC-05:00 shows that time on hover.
      await page.locator('td[title*="at the call (UTC-05:00)"]').waitFor();
    } finally {
      await page.close();
    }
  });

  test('keyboard-only sign-in; a planted session cookie is replaced; another site cannot act with the session', async () => {
    const { orgId, member, token } = await invited('owner');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Another site on this machine, as an attacker would host it.
    const evil = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>evil</body></html>');
    });
    try {
      await setPassword(page, token);
      // Session fixation: a cookie planted before sign-in is not the one the session gets.
      await context.addCookies([{ name: 'cis_session', value: 'planted-by-an-attacker', url: origin }]);
      // Keyboard only: Tab to each field, type, Enter. A "next" address from a link is never followed.
      await page.goto(`${origin}/app/#/sign-in?next=https://evil.example/`);
      await page.getByLabel('E-mail').focus();
      await page.keyboard.type(member.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Calls' }).waitFor();
      expect(page.url()).toBe(`${origin}/app/#/calls`);
      const cookie = (await context.cookies(origin)).find((each) => each.name === 'cis_session')!;
      expect(cookie.value).not.toBe('planted-by-an-attacker');

      // CSRF: from the other site, with the session cookie in the browser, nothing is created.
      const attacker = await context.newPage();
      await attacker.goto(evil.url);
      const attempts = await attacker.evaluate(`Promise.all([
        fetch('${origin}/api/v1/organizations/${orgId}/api-keys', {
          method: 'POST', credentials: 'include', mode: 'no-cors',
          headers: { 'Content-Type': 'text/plain' }, body: '{"name":"csrf"}',
        }).then(() => 'sent', (error) => 'blocked: ' + error.message),
        fetch('${origin}/api/v1/organizations/${orgId}/api-keys', {
          method: 'POST', credentials: 'include',
          headers: { 'Content-Type': 'application/json' }, body: '{"name":"csrf"}',
        }).then((r) => 'answered ' + r.status, (error) => 'blocked: ' + error.message),
      ])`);
      expect(attempts).toHaveLength(2);
      expect(await stack.database.collections.apiKeys.countDocuments({ org_id: orgId, name: 'csrf' })).toBe(0);
      // A plain form post needs no preflight and, from this same-site origin, carries the cookie:
      // only the CSRF token check stops it (the route takes no body, so no content type helps).
      const [formAnswer] = await Promise.all([
        attacker.waitForResponse((response) => response.url().endsWith('/dialer/secret')),
        attacker.evaluate(`(() => {
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = '${origin}/api/v1/organizations/${orgId}/dialer/secret';
          document.body.appendChild(form);
          form.submit();
        })()`),
      ]);
      expect(formAnswer.status()).toBe(403);
      expect((await formAnswer.json()).error.code).toBe('csrf_failed');
      expect(
        (await stack.database.collections.organizations.findOne({ _id: orgId }))!.dialer_secret_encrypted,
      ).toBeFalsy();
      // The same page of ours still works with its token.
      expect(await page.evaluate(`fetch('/api/v1/calls').then((r) => r.status)`)).toBe(200);
    } finally {
      await context.close();
      await evil.close();
    }
  });
});
