import { generateApiKey } from './crypto';
import type { ApiKeyDoc, OrganizationDoc, Plan, Role, UserDoc } from './documents';
import { conflict, notFound } from './errors';
import { newId } from './ids';
import { isDuplicateKeyError, type Collections } from './mongo';
import { credentialsChanged } from './requestGate';
import { encryptSecret, generateDialerSecret } from './secrets';

/** Organizations, users and API keys: used by the admin CLI, the dev seed and the REST API. */
export const STANDARD_PLAN_REQUESTS_PER_HOUR = 1_000;

export async function createOrganization(
  collections: Collections,
  input: { name: string; plan?: Plan; rateLimitPerHour?: number },
  now = new Date(),
): Promise<OrganizationDoc> {
  const plan = input.plan ?? 'standard';
  const organization: OrganizationDoc = {
    _id: newId('org'),
    name: input.name,
    plan,
    // Only Enterprise has its own figure; Standard is always the spec's 1,000 per hour.
    rate_limit_per_hour:
      plan === 'enterprise'
        ? (input.rateLimitPerHour ?? STANDARD_PLAN_REQUESTS_PER_HOUR)
        : STANDARD_PLAN_REQUESTS_PER_HOUR,
    // A new organization has no contacts yet: each one keeps its speed-to-lead from the start.
    lead_responses_complete: true,
    created_at: now,
  };
  await collections.organizations.insertOne(organization);
  return organization;
}

export async function findOrganization(collections: Collections, orgId: string): Promise<OrganizationDoc> {
  const organization = await collections.organizations.findOne({ _id: orgId });
  if (!organization) throw notFound('Organization');
  return organization;
}

export async function createUser(
  collections: Collections,
  input: { orgId: string; email: string; name: string; role: Role },
  now = new Date(),
): Promise<UserDoc> {
  await findOrganization(collections, input.orgId);
  const user: UserDoc = {
    _id: newId('usr'),
    org_id: input.orgId,
    email: input.email.toLowerCase(),
    name: input.name,
    role: input.role,
    active: true,
    created_at: now,
  };
  try {
    await collections.users.insertOne(user);
  } catch (error) {
    if (isDuplicateKeyError(error)) throw conflict(`A user with e-mail ${user.email} already exists`);
    throw error;
  }
  return user;
}

export async function findUser(collections: Collections, orgId: string, userId: string): Promise<UserDoc> {
  const user = await collections.users.findOne({ _id: userId, org_id: orgId });
  if (!user) throw notFound('User');
  return user;
}

export interface CreatedApiKey {
  record: ApiKeyDoc;
  /** The full key: returned once, never stored. */
  key: string;
}

export async function createApiKey(
  collections: Collections,
  input: { orgId: string; userId: string; name: string },
  now = new Date(),
): Promise<CreatedApiKey> {
  await findUser(collections, input.orgId, input.userId);
  const { key, prefix, hash } = generateApiKey();
  const record: ApiKeyDoc = {
    _id: newId('key'),
    org_id: input.orgId,
    user_id: input.userId,
    name: input.name,
    prefix,
    key_hash: hash,
    created_at: now,
    last_used_at: null,
    revoked_at: null,
  };
  await collections.apiKeys.insertOne(record);
  return { record, key };
}

/** The public view of a key: never the hash. */
/** The organization's API keys, newest first (revoked ones included: the list is their audit trail). */
export function listApiKeys(collections: Collections, orgId: string): Promise<ApiKeyDoc[]> {
  return collections.apiKeys.find({ org_id: orgId }).sort({ created_at: -1, _id: -1 }).toArray();
}

export function apiKeyView(record: ApiKeyDoc) {
  return {
    id: record._id,
    name: record.name,
    prefix: record.prefix,
    created_by: record.user_id,
    created_at: record.created_at.toISOString(),
    last_used_at: record.last_used_at?.toISOString() ?? null,
    revoked_at: record.revoked_at?.toISOString() ?? null,
  };
}

/** Revokes a key (idempotent: revoking twice keeps the first time). */
export async function revokeApiKey(collections: Collections, orgId: string, keyId: string): Promise<ApiKeyDoc> {
  await collections.apiKeys.updateOne(
    { _id: keyId, org_id: orgId, revoked_at: null },
    { $set: { revoked_at: new Date() } },
  );
  await credentialsChanged(collections, orgId);
  const key = await collections.apiKeys.findOne({ _id: keyId, org_id: orgId });
  if (!key) throw notFound('API key');
  return key;
}

export async function setUserRole(
  collections: Collections,
  orgId: string,
  userId: string,
  role: Role,
): Promise<UserDoc> {
  const result = await collections.users.updateOne({ _id: userId, org_id: orgId }, { $set: { role } });
  if (result.matchedCount === 0) throw notFound('User');
  await credentialsChanged(collections, orgId);
  return findUser(collections, orgId, userId);
}

export async function disableUser(collections: Collections, orgId: string, userId: string): Promise<UserDoc> {
  const result = await collections.users.updateOne({ _id: userId, org_id: orgId }, { $set: { active: false } });
  if (result.matchedCount === 0) throw notFound('User');
  await credentialsChanged(collections, orgId);
  // Its console sessions end now (a request would be refused anyway: the user is read each time).
  await collections.sessions.deleteMany({ org_id: orgId, user_id: userId });
  return findUser(collections, orgId, userId);
}

export function userView(user: UserDoc) {
  return {
    id: user._id,
    org_id: user.org_id,
    email: user.email,
    name: user.name,
    role: user.role,
    active: user.active,
    created_at: user.created_at.toISOString(),
  };
}

export function organizationView(organization: OrganizationDoc) {
  return {
    id: organization._id,
    name: organization.name,
    plan: organization.plan,
    rate_limit_per_hour: organization.rate_limit_per_hour,
    created_at: organization.created_at.toISOString(),
  };
}

/** An organization with one user and an API key for that user: the demo seed, benchmarks and tests. */
export async function createOrganizationWithUserAndKey(
  collections: Collections,
  input: {
    name: string;
    plan?: Plan;
    rateLimitPerHour?: number;
    user: { email: string; name: string; role: Role };
    keyName: string;
  },
) {
  const organization = await createOrganization(collections, input);
  const user = await createUser(collections, { orgId: organization._id, ...input.user });
  const { key, record } = await createApiKey(collections, {
    orgId: organization._id,
    userId: user._id,
    name: input.keyName,
  });
  return { organization, user, key, keyRecord: record };
}

/**
 * A new dialer webhook secret for the organization (returned once; stored encrypted). From then
 * on every dialer webhook must carry a valid signature made with it (docs/api.md).
 */
export async function rotateDialerSecret(
  collections: Collections,
  encryptionKey: string | undefined,
  orgId: string,
): Promise<string> {
  const secret = generateDialerSecret();
  const result = await collections.organizations.updateOne(
    { _id: orgId },
    { $set: { dialer_secret_encrypted: encryptSecret(encryptionKey, secret) } },
  );
  if (result.matchedCount === 0) throw notFound('Organization');
  return secret;
}
