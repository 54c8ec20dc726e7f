import type { Kysely } from 'kysely';
import { seesAllFacilities } from '@rtms/shared/permissions';
import type { Role } from '@rtms/shared/enums';
import type { Database } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { findFacilityIdsOfUser } from './user-facilities.repository';

/**
 * The facilities a caller may see and touch: every facility for the "all" roles, the facilities
 * assigned in User Facilities for FACILITY_ADMIN and FACILITY_USER.
 */
export type FacilityScope = { all: true } | { all: false; facilityIds: string[] };

/** Reads the caller's facility scope (one query for the facility roles, none for the "all" roles). */
export async function facilityScopeOf(
  db: Kysely<Database>,
  principal: { id: string; role: Role },
): Promise<FacilityScope> {
  if (seesAllFacilities(principal.role)) return { all: true };
  return { all: false, facilityIds: await findFacilityIdsOfUser(db, principal.id) };
}

/** Whether a facility lies within the scope; an object without a facility (null) lies only in the "all" scope. */
export function isFacilityInScope(scope: FacilityScope, facilityId: string | null | undefined): boolean {
  if (scope.all) return true;
  return Boolean(facilityId) && scope.facilityIds.includes(facilityId as string);
}

/**
 * Throws 404 (`<what> not found`) when the facility lies outside the scope: an object outside the
 * caller's facilities is answered as if it did not exist.
 */
export function assertFacilityInScope(
  scope: FacilityScope,
  facilityId: string | null | undefined,
  what = 'Facility',
): void {
  if (!isFacilityInScope(scope, facilityId)) throw notFound(what);
}

/**
 * The one rule for facility ids a caller writes (the bodies of creates and updates): an id outside the
 * caller's scope answers 404, as a read of it does, whether or not such a facility exists elsewhere — so a
 * facility role learns nothing about other facilities. Ids in scope are then checked for existence by the
 * caller (a 400 field error: only an all-facility role can name a facility that does not exist).
 */
export function assertFacilitiesInScope(scope: FacilityScope, facilityIds: readonly string[]): void {
  for (const facilityId of facilityIds) assertFacilityInScope(scope, facilityId);
}

/**
 * The facility ids to restrict a query to: undefined for the "all" scope (no restriction), otherwise the
 * assigned ids (possibly empty, which must match nothing).
 */
export function scopeFacilityIds(scope: FacilityScope): string[] | undefined {
  return scope.all ? undefined : scope.facilityIds;
}
