import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { describeNeeding, testConfig } from '../support/env';
import { insertCalls, makeCall } from '../support/seed';
import { seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * The API reference at /docs in a real headless Chromium: Swagger UI renders the OpenAPI document
 * with no script refused by the page's CSP, and "Try it out" with an API key lists the caller's
 * calls from the running API. The screenshots go to docs/api-reference*.png with
 * UPDATE_SCREENSHOTS=1 (docs/api.md shows them).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing =
  process.env.CIS_STACK_UNAVAILABLE ??
  (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ??
  (existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install -y chromium)`);
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? path.resolve(__dirname, '..', '..', 'docs')
    : path.join(os.tmpdir(), 'cis-reference-screenshots');

describeNeeding('MongoDB and Chromium', missing, 'the API reference (/docs) in headless Chromium', () => {
  let stack: TestStack;
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    stack = await startTestStack(testConfig(), { workers: false });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  test('renders every operation and "Try it out" calls the running API with the key', async () => {
    const { organization, key } = await seedTenant(stack.database);
    await insertCalls(stack.database, [makeCall(organization._id, { _id: `call_reference_${organization._id}` })]);
    const origin = stack.baseUrl.replace(/\/api\/v1$/, '');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${origin}/docs`);
    // Swagger UI ids operations `operations-<tag>-<operationId>`.
    const listCalls = page.locator('#operations-Calls-listCalls');
    await listCalls.waitFor({ timeout: 30_000 });
    expect(await page.locator('#operations-Search-searchCalls').count()).toBe(1);
    expect(await page.locator('.opblock').count()).toBeGreaterThan(50);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference.png') });

    await page.locator('.btn.authorize').first().click();
    await page.locator('.auth-container input').first().fill(key);
    await page.locator('.auth-btn-wrapper .authorize').first().click();
    await page.locator('.auth-btn-wrapper .btn-done').first().click();

    await listCalls.locator('.opblock-summary').first().click();
    await listCalls.locator('.try-out__btn').click();
    await listCalls.locator('.execute').click();
    const status = listCalls.locator('.live-responses-table tr.response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.textContent())?.trim()).toBe('200');
    expect(await listCalls.locator('.live-responses-table .microlight').first().textContent()).toContain(
      `call_reference_${organization._id}`,
    );
    await status.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'api-reference-try-it.png') });
    // Nothing refused by the Content-Security-Policy, no script error.
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
