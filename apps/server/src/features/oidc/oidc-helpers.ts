import type { Role } from '@rtms/shared/enums';
import type { SsoLinkRequest } from '@rtms/shared/schemas/auth';
import type { Db } from '../../db/schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { findUserByEmail } from '../users/users.repository';
import type { LinkRequestWithUser } from './oidc.repository';

/** Helpers of the single sign-on service: a raced callback run again, an email's owner, a link request's answer. */

/**
 * Runs `step` again when it lost a race to a concurrent callback of the same provider account (the unique
 * issuer+subject or email): the second run finds what the other one wrote (its identity, its user) and
 * answers as for a later sign-in or link, instead of a 500.
 */
export async function onceMoreIfRaced<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return step();
  }
}

/** Whether `email` is the email of a user other than `userId`. */
export async function belongsToAnotherUser(db: Db, email: string, userId: string): Promise<boolean> {
  const owner = await findUserByEmail(db, email);
  return Boolean(owner && owner.id !== userId);
}

export function toLinkRequest(row: LinkRequestWithUser): SsoLinkRequest {
  return {
    _id: row.id,
    userId: row.userId,
    userEmail: row.userEmail,
    userName: `${row.userFirstName} ${row.userLastName}`.trim(),
    userRole: row.userRole,
    issuer: row.issuer,
    subject: row.subject,
    email: row.email,
    emailVerified: row.emailVerified === 1,
    mappedRole: (row.mappedRole as Role | null) ?? null,
    status: row.status,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}
