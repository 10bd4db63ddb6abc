import { generateApiKey } from './crypto';
import type { ApiKeyDoc, OrganizationDoc, Plan, Role, UserDoc } from './documents';
import { conflict, notFound } from './errors';
import { newId } from './ids';
import { isDuplicateKeyError, type Collections } from './mongo';

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
