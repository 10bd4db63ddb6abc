import { createHash, randomBytes } from 'node:crypto';
import type { InvitationDoc, SessionDoc, UserDoc } from './documents';
import { AppError, conflict, rateLimited } from './errors';
import type { Collections } from './mongo';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { consumeRateLimit } from './rateLimit';
import { findUser } from './tenancy';

/*
 * Console access: one-time invitations that set a user's password, and sign-in sessions. Tokens
 * (the invitation's, the session cookie's) are 256 random bits given to the person once; only
 * their SHA-256 is stored, so a database copy signs nobody in. Roles and permissions stay the
 * API's: a session acts as its user, as the user is at each request (api/rest/middleware/auth.ts).
 */

export const SESSION_COOKIE = 'cis_session';
/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 12 * 3600_000;
/** …and this long after sign-in, whatever happens. */
export const SESSION_MAX_MS = 7 * 86_400_000;
/** `last_seen_at` is written at most this often per session. */
const LAST_SEEN_WRITE_INTERVAL_MS = 5 * 60_000;
export const INVITATION_TTL_MS = 7 * 86_400_000;
/** Sign-in attempts allowed per 15 minutes, per account (e-mail) and per client address. */
export const SIGN_IN_LIMITS = {
  windowSeconds: 900,
  perAccount: 10,
  perAddress: 100,
} as const;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Invalid e-mail or password');
const invalidInvitation = () =>
  new AppError(400, 'invalid_invitation', 'The invitation link is invalid, already used or expired');

/** A new invitation for the user (any earlier unused one stops working); the token is returned once. */
export async function issueInvitation(
  collections: Collections,
  orgId: string,
  userId: string,
  now = new Date(),
): Promise<{ token: string; invitation: InvitationDoc }> {
  const user = await findUser(collections, orgId, userId);
  if (!user.active) throw conflict('The user is disabled: enable them before inviting them');
  await collections.invitations.deleteMany({ org_id: orgId, user_id: userId, used_at: null });
  const token = newToken();
  const invitation: InvitationDoc = {
    _id: tokenHash(token),
    org_id: orgId,
    user_id: userId,
    created_at: now,
    expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    used_at: null,
  };
  await collections.invitations.insertOne(invitation);
  return { token, invitation };
}

/**
 * Sets the invited user's password (the invitation is used up first, so a link works once even
 * when opened twice at the same moment) and ends the user's existing sessions.
 */
export async function acceptInvitation(
  collections: Collections,
  token: string,
  password: string,
  address: string,
  now = new Date(),
): Promise<UserDoc> {
  await throttle(collections, `accept:address:${address}`, SIGN_IN_LIMITS.perAddress, now);
  const claimed = await collections.invitations.findOneAndUpdate(
    { _id: tokenHash(token), used_at: null },
    { $set: { used_at: now } },
    { returnDocument: 'after' },
  );
  if (!claimed || claimed.expires_at <= now) throw invalidInvitation();
  const user = await collections.users.findOne({ _id: claimed.user_id, org_id: claimed.org_id });
  if (!user || !user.active) throw invalidInvitation();
  const password_hash = await hashPassword(password);
  await collections.users.updateOne(
    { _id: user._id, org_id: user.org_id },
    { $set: { password_hash, password_set_at: now } },
  );
  await collections.sessions.deleteMany({ org_id: user.org_id, user_id: user._id });
  return { ...user, password_hash, password_set_at: now };
}

async function throttle(collections: Collections, key: string, limit: number, now: Date): Promise<void> {
  const decision = await consumeRateLimit(collections.rateLimitWindows, key, limit, SIGN_IN_LIMITS.windowSeconds, now);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

export interface SignInRequest {
  email: string;
  password: string;
  /** Needed only when the e-mail and password open accounts in several organizations. */
  organizationId?: string;
  address: string;
  userAgent: string;
}

/**
 * A new session for the user whose e-mail and password these are. Throttled per account and per
 * client address; an unknown e-mail costs the same time as a wrong password and gets the same answer.
 */
export async function signIn(
  collections: Collections,
  request: SignInRequest,
  now = new Date(),
): Promise<{ token: string; session: SessionDoc; user: UserDoc }> {
  const email = request.email.toLowerCase();
  await throttle(collections, `signin:account:${email}`, SIGN_IN_LIMITS.perAccount, now);
  await throttle(collections, `signin:address:${request.address}`, SIGN_IN_LIMITS.perAddress, now);
  const candidates = (
    await collections.users
      .find({ email, ...(request.organizationId ? { org_id: request.organizationId } : {}) })
      .toArray()
  ).filter((user) => user.active && typeof user.password_hash === 'string');
  if (candidates.length === 0) {
    await verifyPassword(request.password, await decoyPasswordHash());
    throw invalidCredentials();
  }
  const matching: UserDoc[] = [];
  for (const user of candidates) if (await verifyPassword(request.password, user.password_hash!)) matching.push(user);
  if (matching.length === 0) throw invalidCredentials();
  if (matching.length > 1) {
    throw new AppError(
      409,
      'organization_required',
      'This e-mail and password open accounts in several organizations: send organization_id',
    );
  }
  const user = matching[0]!;
  const token = newToken();
  const session: SessionDoc = {
    _id: tokenHash(token),
    org_id: user.org_id,
    user_id: user._id,
    csrf_token: newToken(),
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + SESSION_MAX_MS),
    ip: request.address,
    user_agent: request.userAgent.slice(0, 256),
  };
  await collections.sessions.insertOne(session);
  return { token, session, user };
}

/** When the session stops working if nothing else happens: idle time or its end, the earlier. */
export function sessionEndsAt(session: Pick<SessionDoc, 'last_seen_at' | 'expires_at'>): Date {
  return new Date(Math.min(session.last_seen_at.getTime() + SESSION_IDLE_MS, session.expires_at.getTime()));
}

/** Keeps an active session alive (at most one write per few minutes); false when it has ended. */
export async function touchSession(collections: Collections, session: SessionDoc, now = new Date()): Promise<boolean> {
  if (sessionEndsAt(session) <= now) {
    await collections.sessions.deleteOne({ _id: session._id, org_id: session.org_id });
    return false;
  }
  if (now.getTime() - session.last_seen_at.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) {
    await collections.sessions.updateOne({ _id: session._id, org_id: session.org_id }, { $set: { last_seen_at: now } });
  }
  return true;
}

export function findSession(collections: Collections, orgId: string, sessionId: string): Promise<SessionDoc | null> {
  return collections.sessions.findOne({ _id: sessionId, org_id: orgId });
}

export async function signOut(collections: Collections, orgId: string, sessionId: string): Promise<void> {
  await collections.sessions.deleteOne({ _id: sessionId, org_id: orgId });
}

/** Ends every session of the user (all browsers); returns how many there were. */
export async function signOutEverywhere(collections: Collections, orgId: string, userId: string): Promise<number> {
  return (await collections.sessions.deleteMany({ org_id: orgId, user_id: userId })).deletedCount;
}
