import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnManaged, type ManagedProcess } from '../../scripts/stack';

/** Debian's Radicale: a real CalDAV server, started on a free port with one user and calendar. */
export const RADICALE = '/usr/bin/radicale';

export function radicaleMissing(): string | null {
  if (!existsSync(RADICALE)) return `${RADICALE} is not installed (apt-get install -y radicale)`;
  try {
    execFileSync(RADICALE, ['--version'], { stdio: 'ignore' });
    return null;
  } catch (error) {
    return `${RADICALE} does not run: ${(error as Error).message}`;
  }
}

export interface RadicaleServer {
  url: string;
  username: string;
  password: string;
  calendar: string;
  /** Authenticated request to the server (the test reads back what the product wrote). */
  request(
    method: string,
    pathname: string,
    init?: { body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRadicale(): Promise<RadicaleServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cis-radicale-'));
  mkdirSync(path.join(dir, 'collections'));
  const username = 'alice';
  const password = 'correct-horse';
  writeFileSync(path.join(dir, 'users'), `${username}:${password}\n`);
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
    ].join('\n'),
  );
  const server: ManagedProcess = spawnManaged('radicale', RADICALE, ['--config', path.join(dir, 'config')], {
    sink:
      process.env.CIS_TEST_STACK_LOGS === '1'
        ? (line) => process.stderr.write(`[radicale] ${line}\n`)
        : () => undefined,
  });
  const url = `http://127.0.0.1:${port}`;
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const request: RadicaleServer['request'] = (method, pathname, init = {}) =>
    fetch(`${url}${pathname}`, { method, headers: { Authorization: authorization, ...init.headers }, body: init.body });
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await request('PROPFIND', `/${username}/`, { headers: { Depth: '0' } });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`Radicale did not start on ${url}: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const calendar = `/${username}/sales/`;
  const created = await request('MKCALENDAR', calendar);
  if (created.status !== 201) throw new Error(`MKCALENDAR answered ${created.status}`);
  return {
    url,
    username,
    password,
    calendar,
    request,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
