import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeWithStack, testConfig } from '../support/env';
import { api, startTestStack, type TestStack } from '../support/stackApp';

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');

describeWithStack('admin CLI (npm run --silent admin -- … --json)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig(), { workers: false });
  });
  afterAll(() => stack?.close());

  async function admin(...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
    const env = {
      ...process.env,
      MONGODB_URI: process.env.MONGODB_URI,
      MONGODB_DB: stack.config.MONGODB_DB,
      SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY,
      LOG_LEVEL: 'silent',
    };
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', ...args, '--json'], {
        cwd: REPO,
        env,
      });
      return { code: 0, json: JSON.parse(stdout), stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, json: failed.stdout ? JSON.parse(failed.stdout) : null, stderr: failed.stderr };
    }
  }

  test('org, user and key commands work as written, and the key works against the API', async () => {
    const org = await admin('org', 'create', '--name', 'Acme Lending', '--plan', 'enterprise', '--rate-limit', '5000');
    expect(org.code).toBe(0);
    expect(org.json).toMatchObject({
      id: expect.stringMatching(/^org_/),
      name: 'Acme Lending',
      plan: 'enterprise',
      rate_limit_per_hour: 5000,
    });

    const user = await admin(
      'user',
      'create',
      '--org',
      org.json.id,
      '--email',
      'Sarah@Acme.example',
      '--name',
      'Sarah',
      '--role',
      'manager',
    );
    expect(user.json).toMatchObject({
      id: expect.stringMatching(/^usr_/),
      email: 'sarah@acme.example',
      role: 'manager',
      active: true,
    });
    // The new user's console invitation; `user invite` issues a new one and the first stops working.
    expect(user.json.invitation).toMatchObject({ user_id: user.json.id, token: expect.any(String) });
    const reinvited = await admin('user', 'invite', '--org', org.json.id, '--id', user.json.id);
    expect(reinvited.code).toBe(0);
    expect(reinvited.json.token).not.toBe(user.json.invitation.token);
    const accept = (token: string) =>
      api(stack, null, 'POST', '/auth/invitations/accept', { token, password: 'a long enough password' });
    expect((await accept(user.json.invitation.token)).status).toBe(400);
    expect((await accept(reinvited.json.token)).status).toBe(200);
    expect((await admin('user', 'invite', '--org', org.json.id, '--id', 'usr_unknown')).code).toBe(1);

    const key = await admin('key', 'create', '--org', org.json.id, '--user', user.json.id, '--name', 'dialer');
    expect(key.json).toMatchObject({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^cis_live_[a-z2-7]{40}$/),
      name: 'dialer',
    });
    expect(key.json.key.startsWith(key.json.prefix)).toBe(true);

    const allowed = await api(stack, key.json.key, 'GET', '/calls');
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('x-ratelimit-limit')).toBe('5000');

    const listed = await admin('key', 'list', '--org', org.json.id);
    expect(listed.json.keys).toHaveLength(1);
    expect(JSON.stringify(listed.json)).not.toContain(key.json.key);
    expect(JSON.stringify(listed.json)).not.toMatch(/hash/);

    const demoted = await admin('user', 'set-role', '--org', org.json.id, '--id', user.json.id, '--role', 'viewer');
    expect(demoted.json.role).toBe('viewer');
    const calls = [
      {
        audio_url: 'https://r.example/a.wav',
        recorded_at: '2026-03-10T15:04:00Z',
        agent_name: 'A',
        agent_email: 'a@x.example',
      },
    ];
    expect((await api(stack, key.json.key, 'POST', '/calls/upload/batch', { calls })).status).toBe(403);

    const disabled = await admin('user', 'disable', '--org', org.json.id, '--id', user.json.id);
    expect(disabled.json.active).toBe(false);
    expect((await api(stack, key.json.key, 'GET', '/calls')).status).toBe(401);

    const revoked = await admin('key', 'revoke', '--org', org.json.id, '--id', key.json.id);
    expect(revoked.json.revoked_at).toEqual(expect.any(String));
  });

  test('org set-dialer-secret prints the secret once and stores it only encrypted', async () => {
    const org = await admin('org', 'create', '--name', 'Dialer Org');
    const set = await admin('org', 'set-dialer-secret', '--org', org.json.id);
    expect(set.code).toBe(0);
    expect(set.json).toEqual({ organization_id: org.json.id, secret: expect.stringMatching(/^dsec_[a-z2-7]{40}$/) });
    const stored = await stack.database.collections.organizations.findOne({ _id: org.json.id });
    expect(stored!.dialer_secret_encrypted).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(set.json.secret);
    expect((await admin('org', 'set-dialer-secret', '--org', 'org_missing')).code).toBe(1);
  });

  test('bad usage exits 2 with a JSON error naming the option; unknown ids exit 1', async () => {
    const badRole = await admin(
      'user',
      'create',
      '--org',
      'org_x',
      '--email',
      'not-an-email',
      '--name',
      'X',
      '--role',
      'emperor',
    );
    expect(badRole.code).toBe(2);
    expect(badRole.json.error.code).toBe('usage');
    expect(badRole.json.error.message).toMatch(/--email/);
    expect(badRole.json.error.message).toMatch(/--role/);

    const unknownCommand = await admin('org', 'explode');
    expect(unknownCommand.code).toBe(2);

    const standardWithLimit = await admin('org', 'create', '--name', 'X', '--rate-limit', '10');
    expect(standardWithLimit.code).toBe(2);

    const missing = await admin('key', 'revoke', '--org', 'org_nope', '--id', 'key_nope');
    expect(missing.code).toBe(1);
    expect(missing.json.error.code).toBe('not_found');
  });
});
