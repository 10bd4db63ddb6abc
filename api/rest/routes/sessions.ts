import type { Context } from 'koa';
import { z } from 'zod';
import {
  acceptInvitation,
  findSession,
  issueInvitation,
  SESSION_COOKIE,
  SESSION_MAX_MS,
  signIn,
  signOut,
  signOutEverywhere,
} from '../../../lib/consoleSessions';
import { invitationLink } from '../../../lib/config';
import { badRequest } from '../../../lib/errors';
import { findUser } from '../../../lib/tenancy';
import type { RestDeps } from '../deps';
import { ownOrganization } from '../middleware/auth';
import { defineRoute, type RouteDefinition } from '../routing';
import { envelope } from '../schemas/responses';
import {
  AcceptInvitationRequest,
  InvitationCreated,
  SessionUser,
  SessionView,
  SignedOut,
  SignInRequest,
} from '../schemas/sessions';
import { invitationCreatedView, sessionUserView, sessionView } from '../views/sessions';

const ACCEPT_PATH = '/auth/invitations/accept';
const UserParams = z.object({ orgId: z.string().min(1).max(64), userId: z.string().min(1).max(64) });

/** The session cookie: never readable by scripts, sent to this site only, over TLS when we are behind it. */
function setSessionCookie(ctx: Context, token: string | null): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/',
    maxAge: token ? SESSION_MAX_MS : 0,
    overwrite: true,
  });
}

/** Console sign-in: invitations that set a password, sessions, sign-out (docs/console.md). */
export function sessionRoutes(deps: RestDeps): RouteDefinition[] {
  const { collections } = deps.database;
  return [
    defineRoute({
      method: 'post',
      path: '/auth/sessions',
      operationId: 'signIn',
      summary: 'Sign in to the console with e-mail and password (sets the session cookie)',
      description:
        'Answers with the user and the CSRF token of the new session, and sets the `cis_session` cookie (HttpOnly, SameSite=Strict, Secure behind TLS). A cookie sent with the request is never reused: every sign-in gets a new session. Throttled to 10 attempts per account and 100 per client address in 15 minutes (429 with Retry-After).',
      tag: 'Console sign-in',
      permission: null,
      public: true,
      body: SignInRequest,
      success: { status: 201, description: 'Signed in', schema: envelope(SessionView) },
      errors: [409, 413, 415],
      async handler(ctx, { body }) {
        const { token, session, user } = await signIn(collections, {
          email: body.email,
          password: body.password,
          organizationId: body.organization_id,
          address: ctx.ip,
          userAgent: ctx.get('User-Agent'),
        });
        setSessionCookie(ctx, token);
        ctx.status = 201;
        ctx.body = { success: true, data: sessionView(user, session) };
      },
    }),
    defineRoute({
      method: 'post',
      path: ACCEPT_PATH,
      operationId: 'acceptInvitation',
      summary: "Set the invited user's console password with the invitation's token (once)",
      description:
        'The token works once and for 7 days. Setting the password ends every session the user had. Then sign in with POST /auth/sessions.',
      tag: 'Console sign-in',
      permission: null,
      public: true,
      body: AcceptInvitationRequest,
      success: { status: 200, description: 'The password is set', schema: envelope(SessionUser) },
      errors: [413, 415],
      async handler(ctx, { body }) {
        const user = await acceptInvitation(collections, body.token, body.password, ctx.ip);
        ctx.body = { success: true, data: sessionUserView(user) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/auth/session',
      operationId: 'getSession',
      summary: 'Who is calling: the user, and for a console session its CSRF token and end',
      tag: 'Console sign-in',
      permission: null,
      success: { status: 200, description: 'The caller', schema: envelope(SessionView) },
      errors: [],
      async handler(ctx, { auth }) {
        const user = await findUser(collections, auth.orgId, auth.userId);
        const session = auth.sessionId ? await findSession(collections, auth.orgId, auth.sessionId) : null;
        ctx.body = { success: true, data: sessionView(user, session) };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/auth/session',
      operationId: 'signOut',
      summary: 'Sign out: end this console session and clear its cookie',
      tag: 'Console sign-in',
      permission: null,
      success: { status: 200, description: 'Signed out', schema: envelope(SignedOut) },
      errors: [400, 403],
      async handler(ctx, { auth }) {
        if (!auth.sessionId) throw badRequest('This request came with an API key: there is no session to end');
        await signOut(collections, auth.orgId, auth.sessionId);
        setSessionCookie(ctx, null);
        ctx.body = { success: true, data: { sessions_ended: 1 } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/auth/sessions',
      operationId: 'signOutEverywhere',
      summary: "Sign out everywhere: end every console session of the caller's user",
      tag: 'Console sign-in',
      permission: null,
      success: { status: 200, description: 'Every session ended', schema: envelope(SignedOut) },
      errors: [403],
      async handler(ctx, { auth }) {
        const ended = await signOutEverywhere(collections, auth.orgId, auth.userId);
        if (auth.sessionId) setSessionCookie(ctx, null);
        ctx.body = { success: true, data: { sessions_ended: ended } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/organizations/{orgId}/users/{userId}/invitations',
      operationId: 'inviteUser',
      summary: 'Invite a user to the console: a one-time token to set their password (shown once)',
      description:
        'An earlier unused invitation of the user stops working. The token is valid for 7 days; the person posts it with a new password to /auth/invitations/accept.',
      tag: 'Console sign-in',
      permission: 'users:manage',
      returnsSecret: true,
      params: UserParams,
      success: { status: 201, description: 'The invitation, with its token', schema: envelope(InvitationCreated) },
      errors: [403, 404, 409],
      async handler(ctx, { auth, params }) {
        const orgId = ownOrganization(auth, params.orgId);
        const { token, invitation } = await issueInvitation(collections, orgId, params.userId);
        ctx.status = 201;
        ctx.body = {
          success: true,
          data: invitationCreatedView(invitation, token, `/api/v1${ACCEPT_PATH}`, invitationLink(deps.config, token)),
        };
      },
    }),
  ];
}
