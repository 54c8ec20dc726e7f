import { z } from 'zod';
import { ROLES } from '../enums';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { isCommonPassword } from '../common-passwords';
import { emailSchema, idSchema } from './common';

/** POST /api/users/login body. Messages are the original application’s sign-in form messages. */
export const loginBodySchema = z
  .object({
    email: emailSchema,
    password: z.string({ message: 'Please enter your Password!' }).min(1, 'Please enter your Password!').max(1024),
  })
  .strict();
export type LoginBody = z.input<typeof loginBodySchema>;

/** The user as the sign-in and current-user calls return it, plus what the shell needs. */
export const sessionUserSchema = z.object({
  _id: idSchema,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  mustChangePassword: z.boolean(),
  /** The user's role requires a second factor they have not set up: the session may only enrol. */
  mfaEnrolmentRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** A signed-in session: the answer of sign-in (without a second factor) and of the second-factor step. */
export const sessionResponseSchema = z.object({
  data: z.object({ token: z.string(), user: sessionUserSchema }),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Sign-in of a user with a second factor: the password was right; `mfaToken` goes with the code. */
export const mfaChallengeSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** POST /api/users/login answer: a session, or a second-factor challenge. */
export const loginResponseSchema = z.object({
  data: z.union([z.object({ token: z.string(), user: sessionUserSchema }), mfaChallengeSchema]),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ data: sessionUserSchema });

/** POST /api/users/logout answer. */
export const signOutResponseSchema = z.object({ data: z.object({ signedOut: z.boolean() }) });

/** POST /api/auth/oidc/link answer: the provider address to open. */
export const ssoLinkResponseSchema = z.object({ data: z.object({ url: z.string() }) });

/**
 * A single sign-on link waiting for an ALL_FACILITY_ADMIN (decision 036): the provider's email was not the
 * account's, or not verified. `mappedRole` is the role the provider's claims map to (null: none).
 */
export const ssoLinkRequestSchema = z.object({
  _id: idSchema,
  userId: idSchema,
  userEmail: z.string(),
  userName: z.string(),
  userRole: z.enum(ROLES),
  issuer: z.string(),
  subject: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  mappedRole: z.enum(ROLES).nullable(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type SsoLinkRequest = z.infer<typeof ssoLinkRequestSchema>;

/** GET /api/auth/oidc/link-requests answer: the requests still pending, oldest first. */
export const ssoLinkRequestListResponseSchema = z.object({ data: z.array(ssoLinkRequestSchema) });

/** POST /api/auth/oidc/link-requests/{id}/decide body and answer. */
export const ssoLinkDecisionBodySchema = z
  .object({ decision: z.enum(['APPROVE', 'REJECT'], { message: 'Choose APPROVE or REJECT' }) })
  .strict();
export type SsoLinkDecisionBody = z.infer<typeof ssoLinkDecisionBodySchema>;
export const ssoLinkRequestResponseSchema = z.object({ data: ssoLinkRequestSchema });

/** What is wrong with a new password, by the strength rule below (undefined: nothing). */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooEasy' | 'common';

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  tooEasy: 'Password is too easy to guess',
  common: 'This password is one of the most common or breached passwords. Choose another one.',
};

/**
 * Password strength rule, shared by every form that sets a password and by the server:
 * 12 to 128 characters, not only a few repeated characters, and not on the list of common and breached
 * passwords (common-passwords.ts; the web forms load the list on demand). Length and the list, not
 * composition (ASVS 5.0, NIST 800-63B).
 */
export function passwordProblemOf(password: string): PasswordProblem | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (new Set(password).size <= 3) return 'tooEasy';
  if (isCommonPassword(password)) return 'common';
  return undefined;
}

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_PROBLEM_MESSAGES.tooLong)
  .refine((value) => new Set(value).size > 3, PASSWORD_PROBLEM_MESSAGES.tooEasy)
  .refine((value) => !isCommonPassword(value), PASSWORD_PROBLEM_MESSAGES.common);

export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
    newPassword: newPasswordSchema,
  })
  .strict()
  .refine((body) => body.currentPassword !== body.newPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = z.object({ data: z.object({ token: z.string() }) });
