import { SESSION_COOKIE, SESSION_IDLE_MS } from '../../lib/consoleSessions';
import { createUser, disableUser, setUserRole } from '../../lib/tenancy';
import { newId } from '../../lib/ids';
import { describeWithStack, testConfig } from '../support/env';
import { api, seedTenant, startTestStack, type TestStack } from '../support/stackApp';

/**
 * Console sign-in against the real stack: invitations, sessions as cookies, CSRF, fixation,
 * sign-out, expiry, throttling, and the API's own roles through a session.
 */
describeWithStack('console sign-in and sessions', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack(testConfig({ TRUST_PROXY: 'true' }), { workers: false });
  });
  afterAll(() => stack?.close());

  const PASSWORD = 'correct horse battery staple';

  /** A request as a browser makes it: the session cookie, and the CSRF token when given. */
  async function browser(
    method: string,
    path: string,
    options: { cookie?: string; csrf?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: {
        ...(options.cookie ? { Cookie: `${SESSION_COOKIE}=${options.cookie}` } : {}),
        ...(options.csrf ? { 'X-CSRF-Token': options.csrf } : {}),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  const cookieOf = (setCookie: string | null) => new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(setCookie ?? '')?.[1];

  /** An organization with an owner key, and a member of `role` who has set a password through an invitation. */
  async function invitedMember(role: 'owner' | 'viewer' | 'agent' = 'owner') {
    const tenant = await seedTenant(stack.database);
    const orgId = tenant.organization._id;
    const member = await createUser(stack.database.collections, {
      orgId,
      email: `member-${newId('usr')}@example.com`,
      name: 'Member',
      role,
    });
    const invited = await api(stack, tenant.key, 'POST', `/organizations/${orgId}/users/${member._id}/invitations`);
    expect(invited.status).toBe(201);
    const accepted = await browser('POST', invited.body.data.accept_path.replace('/api/v1', ''), {
      body: { token: invited.body.data.token, password: PASSWORD },
    });
    expect(accepted.status).toBe(200);
    return { tenant, orgId, member, token: invited.body.data.token as string };
  }

  async function signedIn(email: string, extra: { headers?: Record<string, string>; cookie?: string } = {}) {
    const response = await browser('POST', '/auth/sessions', { body: { email, password: PASSWORD }, ...extra });
    expect(response.status).toBe(201);
    return {
      cookie: cookieOf(response.headers.get('set-cookie'))!,
      csrf: response.body.data.csrf_token as string,
      response,
    };
  }

  test('invite → set a password (once, with the rules named) → sign in → the API answers the session', async () => {
    const tenant = await seedTenant(stack.database);
    const orgId = tenant.organization._id;
    const member = await createUser(stack.database.collections, {
      orgId,
      email: `new-${newId('usr')}@example.com`,
      name: 'New Person',
      role: 'manager',
    });
    const invited = await api(stack, tenant.key, 'POST', `/organizations/${orgId}/users/${member._id}/invitations`);
    expect(invited.body.data).toMatchObject({ user_id: member._id, accept_path: '/api/v1/auth/invitations/accept' });
    // Only the token's hash is stored.
    const stored = await stack.database.collections.invitations.findOne({ user_id: member._id });
    expect(JSON.stringify(stored)).not.toContain(invited.body.data.token);

    const weak = await browser('POST', '/auth/invitations/accept', {
      body: { token: invited.body.data.token, password: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.details).toEqual([{ path: 'password', message: 'must be at least 12 characters' }]);
    const accepted = await browser('POST', '/auth/invitations/accept', {
      body: { token: invited.body.data.token, password: PASSWORD },
    });
    expect(accepted.body.data).toEqual({
      id: member._id,
      organization_id: orgId,
      email: member.email,
      name: 'New Person',
      role: 'manager',
    });
    const again = await browser('POST', '/auth/invitations/accept', {
      body: { token: invited.body.data.token, password: PASSWORD },
    });
    expect([again.status, again.body.error.code]).toEqual([400, 'invalid_invitation']);
    const storedUser = await stack.database.collections.users.findOne({ _id: member._id });
    expect(storedUser!.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);

    const { cookie, csrf, response } = await signedIn(member.email);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=strict/i);
    expect(setCookie).toMatch(/path=\//i);
    expect(setCookie).not.toMatch(/secure/i); // plain HTTP here; see the TLS test below
    expect(response.body.data.user).toMatchObject({ id: member._id, role: 'manager' });

    const calls = await browser('GET', '/calls', { cookie });
    expect(calls.status).toBe(200);
    expect(calls.headers.get('x-ratelimit-limit')).toBe('1000');
    const me = await browser('GET', '/auth/session', { cookie });
    expect(me.body.data).toMatchObject({ via: 'session', csrf_token: csrf, user: { id: member._id } });
    // The role's permissions, as the API's table has them: the console shows only these actions.
    expect(me.body.data.permissions).toContain('webhooks:manage');
    expect(me.body.data.permissions).not.toContain('keys:manage');
    // A manager holds neither keys:manage nor users:manage.
    expect((await browser('GET', `/organizations/${orgId}/api-keys`, { cookie })).status).toBe(403);
    // The same answer with the owner's key: one API.
    expect((await api(stack, tenant.key, 'GET', '/auth/session')).body.data).toMatchObject({
      via: 'api_key',
      csrf_token: null,
    });
  });

  test('a wrong password and an unknown e-mail get the same 401; the account is throttled after 10 tries', async () => {
    const { member } = await invitedMember();
    const wrong = await browser('POST', '/auth/sessions', {
      body: { email: member.email, password: 'not the password' },
    });
    const unknown = await browser('POST', '/auth/sessions', {
      body: { email: `nobody-${newId('usr')}@example.com`, password: PASSWORD },
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(unknown.body.error).toMatchObject({ code: wrong.body.error.code, message: wrong.body.error.message });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    // 9 more tries make 10 in the window; the 11th is refused before the password is checked.
    for (let attempt = 0; attempt < 9; attempt++) {
      await browser('POST', '/auth/sessions', { body: { email: member.email, password: 'not the password' } });
    }
    const throttled = await browser('POST', '/auth/sessions', { body: { email: member.email, password: PASSWORD } });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('a session must send its CSRF token, from this origin, to change anything', async () => {
    const { orgId, member } = await invitedMember('owner');
    const { cookie, csrf } = await signedIn(member.email);
    const create = (options: { csrf?: string; headers?: Record<string, string> }) =>
      browser('POST', `/organizations/${orgId}/api-keys`, { cookie, body: { name: 'from the console' }, ...options });

    const missing = await create({});
    expect([missing.status, missing.body.error.code]).toEqual([403, 'csrf_failed']);
    expect((await create({ csrf: 'a'.repeat(csrf.length) })).status).toBe(403);
    expect((await create({ csrf, headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect(await stack.database.collections.apiKeys.countDocuments({ org_id: orgId, name: 'from the console' })).toBe(
      0,
    );
    const made = await create({ csrf, headers: { Origin: stack.baseUrl.replace(/\/api\/v1$/, '') } });
    expect(made.status).toBe(201);
    expect(made.body.data.created_by).toBe(member._id);
    // Reads need no token.
    expect((await browser('GET', '/calls', { cookie })).status).toBe(200);
  });

  test('session fixation: a cookie the browser already had is never adopted', async () => {
    const { member } = await invitedMember();
    const planted = 'attacker-chosen-session-value';
    const { cookie } = await signedIn(member.email, { cookie: planted });
    expect(cookie).not.toBe(planted);
    expect((await browser('GET', '/calls', { cookie: planted })).status).toBe(401);
    expect((await browser('GET', '/calls', { cookie })).status).toBe(200);
    // The stored session is keyed by the token's hash: the cookie value is not in the database.
    expect(await stack.database.collections.sessions.countDocuments({ _id: cookie })).toBe(0);
  });

  test('sign out, sign out everywhere, a disabled user, a new password and an idle session all end sessions', async () => {
    const { tenant, orgId, member } = await invitedMember('viewer');
    const first = await signedIn(member.email);
    const second = await signedIn(member.email);

    const out = await browser('DELETE', '/auth/session', { cookie: first.cookie, csrf: first.csrf });
    expect(out.body.data).toEqual({ sessions_ended: 1 });
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${SESSION_COOKIE}=;`));
    expect((await browser('GET', '/calls', { cookie: first.cookie })).status).toBe(401);
    expect((await browser('GET', '/calls', { cookie: second.cookie })).status).toBe(200);

    const third = await signedIn(member.email);
    const everywhere = await browser('DELETE', '/auth/sessions', { cookie: third.cookie, csrf: third.csrf });
    expect(everywhere.body.data).toEqual({ sessions_ended: 2 });
    for (const { cookie } of [second, third]) expect((await browser('GET', '/calls', { cookie })).status).toBe(401);

    // A role change applies on the next request; disabling ends the session.
    const fourth = await signedIn(member.email);
    expect((await browser('GET', '/contacts', { cookie: fourth.cookie })).status).toBe(200);
    await setUserRole(stack.database.collections, orgId, member._id, 'agent');
    expect((await browser('GET', `/contacts`, { cookie: fourth.cookie })).status).toBe(403);
    await disableUser(stack.database.collections, orgId, member._id);
    expect((await browser('GET', '/calls', { cookie: fourth.cookie })).status).toBe(401);

    // A password set through a new invitation ends the sessions the user had.
    const { tenant: otherTenant, member: other } = await invitedMember();
    const before = await signedIn(other.email);
    const invitePath = `/organizations/${other.org_id}/users/${other._id}/invitations`;
    const stranger = await seedTenant(stack.database);
    expect((await api(stack, stranger.key, 'POST', invitePath)).status).toBe(404); // not its organization
    const reinvited = await api(stack, otherTenant.key, 'POST', invitePath);
    const reset = await browser('POST', '/auth/invitations/accept', {
      body: { token: reinvited.body.data.token, password: PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await browser('GET', '/calls', { cookie: before.cookie })).status).toBe(401);
    expect(tenant.organization._id).not.toBe(other.org_id);

    // Idle for longer than the idle time: the session is over, and removed.
    const idle = await signedIn(other.email);
    await stack.database.collections.sessions.updateMany(
      { user_id: other._id },
      { $set: { last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 60_000) } },
    );
    expect((await browser('GET', '/calls', { cookie: idle.cookie })).status).toBe(401);
    expect(await stack.database.collections.sessions.countDocuments({ user_id: other._id })).toBe(0);
  });

  test('behind TLS (a trusted proxy says https) the cookie is Secure', async () => {
    const { member } = await invitedMember();
    const { response } = await signedIn(member.email, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(response.headers.get('set-cookie')).toMatch(/;\s*secure/i);
  });

  test('only users:manage invites, and the invitation token is never stored or replayed', async () => {
    const tenant = await seedTenant(stack.database);
    const manager = await seedTenant(stack.database, 'manager');
    const orgId = tenant.organization._id;
    const user = await createUser(stack.database.collections, {
      orgId,
      email: `x-${newId('usr')}@example.com`,
      name: 'X',
      role: 'viewer',
    });
    const path = `/organizations/${orgId}/users/${user._id}/invitations`;
    expect(
      (
        await api(
          stack,
          manager.key,
          'POST',
          `/organizations/${manager.organization._id}/users/${manager.user._id}/invitations`,
        )
      ).status,
    ).toBe(403);
    const first = await api(stack, tenant.key, 'POST', path);
    const second = await api(stack, tenant.key, 'POST', path);
    expect(second.body.data.token).not.toBe(first.body.data.token);
    // A new invitation replaces the unused one.
    const stale = await browser('POST', '/auth/invitations/accept', {
      body: { token: first.body.data.token, password: PASSWORD },
    });
    expect(stale.body.error.code).toBe('invalid_invitation');
    const unknownUser = await api(stack, tenant.key, 'POST', `/organizations/${orgId}/users/usr_unknown/invitations`);
    expect(unknownUser.status).toBe(404);
  });
});
