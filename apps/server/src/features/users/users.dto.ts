import { displayNameOf } from '@rtms/shared/display-name';
import type { SessionUser } from '@rtms/shared/schemas/auth';
import type { UserRow } from './users.table';

/** The user as the sign-in and current-user calls return it. */
export function toSessionUser(
  row: Pick<UserRow, 'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'mustChangePassword'>,
  session: { mfaEnrolmentRequired?: boolean } = {},
): SessionUser {
  return {
    _id: row.id,
    email: row.email,
    name: displayNameOf(row),
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    mustChangePassword: Boolean(row.mustChangePassword),
    mfaEnrolmentRequired: Boolean(session.mfaEnrolmentRequired),
  };
}
