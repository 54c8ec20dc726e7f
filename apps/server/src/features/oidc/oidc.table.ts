/** A provider account (issuer + subject) linked to a user. */
export interface UserIdentitiesTable {
  id: string;
  userId: string;
  issuer: string;
  subject: string;
  createdAt: string;
  lastSignInAt: string | null;
}

/** One single sign-on attempt (see migration 0055). */
export interface OidcLoginsTable {
  id: string;
  stateHash: string;
  codeVerifier: string;
  nonce: string;
  linkUserId: string | null;
  expiresAt: string;
  handoffHash: string | null;
  userId: string | null;
  usedAt: string | null;
  createdAt: string;
  /** SHA-256 of the secret in the HttpOnly cookie of the browser that started the attempt (migration 0175). */
  browserHash: string | null;
  /** For a link: the session that asked for it, which must still be live at the callback. */
  sessionId: string | null;
  /** SIGN_IN (also a link) or SIGN: a fresh sign-in that grants one signature (migration 0210). */
  purpose: string;
  /** A signing attempt: the provider's auth_time (ISO) of the fresh sign-in. */
  authTime: string | null;
  /** A signing attempt: the web app's page to return to. */
  returnTo: string | null;
}

export const LINK_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type LinkRequestStatus = (typeof LINK_REQUEST_STATUSES)[number];

/**
 * A link of a provider account to a user that waits for an ALL_FACILITY_ADMIN: the provider's email was not
 * the account's, or not verified (decision 036).
 */
export interface OidcLinkRequestsTable {
  id: string;
  userId: string;
  issuer: string;
  subject: string;
  email: string;
  emailVerified: number;
  mappedRole: string | null;
  status: LinkRequestStatus;
  decidedById: string | null;
  decidedAt: string | null;
  createdAt: string;
}
