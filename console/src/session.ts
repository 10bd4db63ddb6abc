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
  permissions: string[];
  csrf_token: string | null;
  expires_at: string | null;
}

/** Whether the signed-in user's role may do this: the API's own list, sent with the session. */
export const can = (session: SessionState, permission: string) => session.permissions.includes(permission);

export const SessionContext = createContext<{
  session: SessionState;
  signOut(everywhere: boolean): Promise<void>;
} | null>(null);

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in page');
  return value;
}
