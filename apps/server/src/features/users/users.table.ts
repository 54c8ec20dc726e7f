import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@rtms/shared/enums';

/** Booleans are stored as 0/1 integers so that one row type serves SQLite and PostgreSQL. */
export interface UsersTable {
  id: string;
  email: string;
  firstName: Generated<string>;
  lastName: Generated<string>;
  role: Role;
  passwordHash: string;
  active: Generated<number>;
  mustChangePassword: Generated<number>;
  lastSignInAt: string | null;
  /** JSON of the interface settings, or null for defaults. */
  preferences: string | null;
  /** Lower-cased, accent-folded name and email: case-insensitive search that works alike on both databases. */
  searchText: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
