import type { Context, Middleware } from 'koa';
import { hashApiKey, isWellFormedApiKey } from '../../../lib/crypto';
import type { Role } from '../../../lib/documents';
import { forbidden, notFound, unauthorized } from '../../../lib/errors';
import type { Collections } from '../../../lib/mongo';
import { roleHas, type Permission } from '../../../lib/permissions';

export interface AuthContext {
  orgId: string;
  userId: string;
  userEmail: string;
  role: Role;
  keyId: string;
  /** The organization's current hourly limit (Standard 1,000; Enterprise its own figure). */
  rateLimitPerHour: number;
}

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * Resolves `Authorization: Bearer <key>` on every request, with no cache: a revoked key, a
 * disabled or deleted creator, or a changed role takes effect on the very next request.
 */
export function authenticate(collections: Collections): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!header) throw unauthorized('Missing API key: send Authorization: Bearer <API_KEY>');
    if (!match || !isWellFormedApiKey(match[1]!)) throw unauthorized('Malformed API key');
    const key = await collections.apiKeys.findOne({ key_hash: hashApiKey(match[1]!) });
    if (!key || key.revoked_at) throw unauthorized('Invalid or revoked API key');
    // Both depend on the key alone: read at once, so a request waits for two round trips, not three.
    const [user, organization] = await Promise.all([
      collections.users.findOne({ _id: key.user_id, org_id: key.org_id }),
      collections.organizations.findOne({ _id: key.org_id }),
    ]);
    if (!user || !user.active) throw unauthorized("The API key's creator is disabled or deleted");
    if (!organization) throw unauthorized("The API key's organization no longer exists");

    const auth: AuthContext = {
      orgId: key.org_id,
      userId: user._id,
      userEmail: user.email,
      role: user.role,
      keyId: key._id,
      rateLimitPerHour: organization.rate_limit_per_hour,
    };
    ctx.state.auth = auth;
    await touchLastUsed(collections, key._id, key.last_used_at);
    await next();
  };
}

/** At most one write a minute per key, so a busy key does not turn every read into a write. */
async function touchLastUsed(collections: Collections, keyId: string, lastUsed: Date | null): Promise<void> {
  const now = new Date();
  if (lastUsed && now.getTime() - lastUsed.getTime() < LAST_USED_WRITE_INTERVAL_MS) return;
  await collections.apiKeys.updateOne(
    {
      _id: keyId,
      $or: [{ last_used_at: null }, { last_used_at: { $lt: new Date(now.getTime() - LAST_USED_WRITE_INTERVAL_MS) } }],
    },
    { $set: { last_used_at: now } },
  );
}

export function authOf(ctx: Context): AuthContext {
  const auth = ctx.state.auth as AuthContext | undefined;
  if (!auth) throw unauthorized('Missing API key');
  return auth;
}

export function requirePermission(ctx: Context, permission: Permission): AuthContext {
  const auth = authOf(ctx);
  if (!roleHas(auth.role, permission)) {
    throw forbidden(`This API key lacks the permission ${permission} (role ${auth.role})`);
  }
  return auth;
}

/** The organization in a path (`/organizations/{orgId}/…`) must be the key's own: any other is "not found". */
export function ownOrganization(auth: AuthContext, orgId: string): string {
  if (orgId !== auth.orgId) throw notFound('Organization');
  return orgId;
}
