import type { Generated, Selectable } from 'kysely';

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
  /** 1 when the user's role requires a second factor they have not set up: only enrolment is allowed. */
  mfaEnrolmentRequired: Generated<number>;
}

export type SessionRow = Selectable<SessionsTable>;
