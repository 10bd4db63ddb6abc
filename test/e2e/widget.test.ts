import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createHelpApp } from '../../api/help/app';
import { extractiveAnswerEngine, type AnswerEngine } from '../../api/help/engine/answer';
import { createLogger } from '../../lib/logger';
import { connectDatabase, ensureIndexes, type Database } from '../../lib/mongo';
import { describeNeeding, testConfig } from '../support/env';

/** The docs widget in a real headless Chromium (Debian `chromium`, driven by playwright-core). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing =
  process.env.CIS_STACK_UNAVAILABLE ??
  (process.env.MONGODB_URI ? null : 'MONGODB_URI not set') ??
  (existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install -y chromium)`);

/**
 * The page's document, inside browser callbacks (functions, not strings: the widget's CSP
 * forbids eval). Declared here because this project compiles without the DOM library.
 */
declare const document: { getElementById(id: string): { textContent: string | null } };

/** The embedded engine, slowed down so the test can see the answer grow before it is done. */
const slowEngine: AnswerEngine = {
  name: 'slow',
  async *answer(retrieved, history) {
    for await (const part of extractiveAnswerEngine.answer(retrieved, history)) {
      if (part.type === 'text') await new Promise((resolve) => setTimeout(resolve, 40));
      yield part;
    }
  },
};

describeNeeding('MongoDB and Chromium', missing, 'the docs widget in headless Chromium', () => {
  let browser: Browser;
  let database: Database;
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The widget is served by the help app itself, so its own origin is the allowed one.
    const config = testConfig({ ASK_ALLOWED_ORIGINS: origin });
    database = await connectDatabase(config);
    await ensureIndexes(database.db);
    server.on(
      'request',
      createHelpApp({ config, database, logger: createLogger(config, 'test'), engine: slowEngine }).callback(),
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  });
  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await database?.db.dropDatabase().catch(() => undefined);
    await database?.close();
  });

  test('a question streams its answer into the page, then citation links that start the video at the chapter', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/widget`);
    await page.fill('#question', 'How do I verify a webhook signature?');
    await page.click('button[type=submit]');
    // Streamed: text shows while the answer is not finished (no citations yet).
    await page.waitForFunction(() => (document.getElementById('answer').textContent || '').length > 10);
    expect(await page.locator('#citations li').count()).toBe(0);
    await page.waitForSelector('#citations li a');
    await page.waitForFunction(() => document.getElementById('status').textContent === 'Done.');
    expect(await page.textContent('#answer')).toMatch(/HMAC-SHA256/);
    const links: { href: string; text: string | null }[] = await page.$$eval('#citations a', (anchors) =>
      anchors.map((anchor) => ({ href: anchor.getAttribute('href') ?? '', text: anchor.textContent })),
    );
    const verify = links.find((link) => link.text?.includes('Verify the signature'))!;
    expect(verify.href).toMatch(/^https:\/\/youtu\.be\/jNQXAC9IVRw\?t=\d+$/);
    expect(Number(new URL(verify.href).searchParams.get('t'))).toBeGreaterThan(0);
    await page.close();
  });

  test('an error answer is shown, not swallowed', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/widget`);
    await page.evaluate(
      "Object.assign(document.getElementById('question'), { maxLength: 2000, value: 'x'.repeat(1001) })",
    );
    await page.click('button[type=submit]');
    await page.waitForFunction(() => (document.getElementById('status').textContent || '').startsWith('Error:'));
    expect(await page.textContent('#status')).toMatch(/longer than 1000 characters/);
    await page.close();
  });
});
