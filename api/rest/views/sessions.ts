import { sessionEndsAt } from '../../../lib/consoleSessions';
import type { InvitationDoc, SessionDoc, UserDoc } from '../../../lib/documents';
import { ROLE_PERMISSIONS } from '../../../lib/permissions';

export function sessionUserView(user: Pick<UserDoc, '_id' | 'org_id' | 'email' | 'name' | 'role'>) {
  return { id: user._id, organization_id: user.org_id, email: user.email, name: user.name, role: user.role };
}

/** The caller as GET /auth/session shows it: a session's CSRF token and end, or an API key's caller. */
export function sessionView(user: UserDoc, session: SessionDoc | null) {
  return {
    user: sessionUserView(user),
    via: session ? ('session' as const) : ('api_key' as const),
    permissions: [...ROLE_PERMISSIONS[user.role]],
    csrf_token: session?.csrf_token ?? null,
    expires_at: session ? sessionEndsAt(session).toISOString() : null,
  };
}

export function invitationCreatedView(invitation: InvitationDoc, token: string, acceptPath: string, link: string) {
  return {
    user_id: invitation.user_id,
    token,
    expires_at: invitation.expires_at.toISOString(),
    accept_path: acceptPath,
    link,
  };
}
