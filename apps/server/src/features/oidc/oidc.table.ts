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
}
