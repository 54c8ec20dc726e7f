import type { Generated, Selectable } from 'kysely';
import type { TimestampColumns } from '../../db/columns';

/** A user's TOTP second factor (at most one). `confirmedAt` null = enrolment started, not yet confirmed. */
export interface UserMfaTable extends TimestampColumns {
  userId: string;
  secretEncrypted: string;
  confirmedAt: string | null;
  lastUsedStep: number | null;
}
export type UserMfaRow = Selectable<UserMfaTable>;

/** One single-use backup code, stored as an HMAC under the MFA key. */
export interface UserMfaBackupCodesTable {
  id: string;
  userId: string;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** A sign-in whose password was right and that waits for its second factor (`mfaToken`, stored hashed). */
export interface MfaChallengesTable {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: string;
  failedAttempts: Generated<number>;
  usedAt: string | null;
  createdAt: string;
}

/** Security settings by name, each a JSON value. */
export interface SecuritySettingsTable {
  name: string;
  value: string;
  updatedAt: string;
}
