import { z } from 'zod';
import { ROLES } from '../../../lib/documents';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../lib/passwords';
import { PERMISSIONS } from '../../../lib/permissions';
import { Email } from '../../../lib/schemas/common';

const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const SignInRequest = z
  .object({
    email: Email,
    // Any length is checked against the stored hash: a sign-in is never told the rules.
    password: z.string().min(1, 'is required').max(PASSWORD_MAX_LENGTH),
    organization_id: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Needed only when the e-mail and password open accounts in several organizations (409 otherwise)'),
  })
  .strict();

export const AcceptInvitationRequest = z
  .object({
    token: z.string().min(1, 'is required').max(128).describe('The token of the invitation link'),
    password: Password,
  })
  .strict();

export const SessionUser = z.object({
  id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});

export const SessionView = z.object({
  user: SessionUser,
  via: z.enum(['session', 'api_key']).describe('How this request was authenticated'),
  permissions: z
    .array(z.enum(PERMISSIONS))
    .describe("What the user's role may do now (docs/api.md): the console shows only these actions"),
  csrf_token: z
    .string()
    .nullable()
    .describe('Send it as X-CSRF-Token on every request of this session that changes something (null with an API key)'),
  expires_at: z
    .string()
    .nullable()
    .describe('When the session ends if no request comes before: 12 hours idle, 7 days at most (null with an API key)'),
});

export const SignedOut = z.object({ sessions_ended: z.number().int() });

export const InvitationCreated = z.object({
  user_id: z.string(),
  token: z.string().describe('Shown only in this response: give it to the person, e.g. in a link to the console'),
  expires_at: z.string(),
  accept_path: z.string().describe('Where the token and a new password are posted'),
  link: z.string().describe("The console's page for setting the password, with the token: give this to the person"),
});
