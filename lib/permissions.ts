import type { Role } from './documents';

/**
 * The one table from roles to permissions (docs/api-keys.md repeats it for people). A key has
 * the permissions of its creator's role as it is at the time of each request.
 */
export const PERMISSIONS = [
  'calls:read',
  'calls:read_all',
  'calls:write',
  'contacts:read',
  'analytics:read',
  'webhooks:manage',
  'settings:manage',
  'connections:manage',
  'keys:manage',
  'users:manage',
  // Privacy: the policy, erasures and legal holds; revealing redacted values; reading the audit log.
  'privacy:manage',
  'pii:read',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  // Managers run the team but hold neither its API keys, its members' console access, nor its
  // privacy controls (redacted values, erasure, the audit log): those stay with owners and admins.
  manager: PERMISSIONS.filter(
    (permission) => !['keys:manage', 'users:manage', 'privacy:manage', 'pii:read', 'audit:read'].includes(permission),
  ),
  // Agents see only their own calls: `calls:read` without `calls:read_all`.
  agent: ['calls:read', 'calls:write'],
  viewer: ['calls:read', 'calls:read_all', 'contacts:read', 'analytics:read'],
};

export function roleHas(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
