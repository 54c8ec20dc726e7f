import type { Kysely } from 'kysely';
import { seesAllFacilities } from '@rtms/shared/permissions';
import type { Database } from '../../db/schema';
import { invalid } from '../../platform/errors';
import { findFacilityIdsOfUser } from '../user-facilities/user-facilities.repository';
import { userRows } from '../users/users.repository';

/**
 * Refuses (400 on `path`) an assignee who is unknown, deactivated, or cannot see one of the facilities:
 * a task assigned to someone who cannot open it would be a task nobody does.
 */
export async function assertAssignable(
  db: Kysely<Database>,
  userId: string,
  facilityIds: readonly string[],
  path: string,
): Promise<void> {
  const user = await userRows.findById(db, userId);
  if (!user || !user.active) {
    throw invalid('Choose an active user as assignee', [{ path, message: 'Unknown or deactivated user' }]);
  }
  if (seesAllFacilities(user.role)) return;
  const own = new Set(await findFacilityIdsOfUser(db, userId));
  if (facilityIds.some((facilityId) => !own.has(facilityId))) {
    throw invalid('The assignee is not assigned to this facility', [
      { path, message: 'This user is not assigned to the facility (see User Facilities)' },
    ]);
  }
}
