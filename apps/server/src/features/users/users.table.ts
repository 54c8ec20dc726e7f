import type { Generated, Selectable } from 'kysely';
import type { Role } from '@rtms/shared/enums';
import type { SettingsColumns } from '../../db/columns';

/**
 * Booleans are stored as 0/1 integers so that one row type serves SQLite and PostgreSQL. The search text folds
 * the name and email (lower-cased, accent-folded): case-insensitive search that works alike on both databases.
 */
export interface UsersTable extends SettingsColumns {
  id: string;
  email: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  role: Role;
  passwordHash: string;
  mustChangePassword: Generated<number>;
  lastSignInAt: string | null;
  /** JSON of the interface settings, or null for defaults. */
  preferences: string | null;
}

export type UserRow = Selectable<UsersTable>;
