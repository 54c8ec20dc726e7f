import type { Selectable } from 'kysely';

/** A sign-in session. Only the SHA-256 of the bearer token is stored. */
export interface SessionsTable {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

export type SessionRow = Selectable<SessionsTable>;
