import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface SessionUser {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'manager' | 'agent' | 'viewer';
}

export interface SessionState {
  user: SessionUser;
  csrf_token: string | null;
  expires_at: string | null;
}

/** What each role may do, as the API's table says (docs/api.md): the console hides what it would refuse. */
const ROLE_PERMISSIONS: Record<SessionUser['role'], string[]> = {
  owner: [
    'keys:manage',
    'users:manage',
    'webhooks:manage',
    'connections:manage',
    'calls:write',
    'contacts:read',
    'analytics:read',
  ],
  admin: [
    'keys:manage',
    'users:manage',
    'webhooks:manage',
    'connections:manage',
    'calls:write',
    'contacts:read',
    'analytics:read',
  ],
  manager: ['webhooks:manage', 'connections:manage', 'calls:write', 'contacts:read', 'analytics:read'],
  agent: ['calls:write'],
  viewer: ['contacts:read', 'analytics:read'],
};

export const can = (user: SessionUser, permission: string) => ROLE_PERMISSIONS[user.role].includes(permission);

export const SessionContext = createContext<{
  session: SessionState;
  signOut(everywhere: boolean): Promise<void>;
} | null>(null);

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in page');
  return value;
}
