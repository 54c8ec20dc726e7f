import type { Kysely } from 'kysely';
import { type HolidayLookup, NO_HOLIDAYS } from '@rtms/shared/business-days';
import type { Database } from '../../db/schema';
import { type HolidayChange, holidayLookupFor, regionOf } from './holiday-calendar';
import { findFacilityRegions, findHolidayChanges } from './holidays.repository';

/** Facility id → its holiday calendar; a facility not in the map has none. */
export interface HolidayLookups {
  forFacility(facilityId: string): HolidayLookup;
}

/**
 * The holiday calendars of these facilities (all when null), read with two queries and kept in memory
 * for one generation run or one requirement save: the business-day shift then never queries per task.
 */
export async function loadHolidayLookups(
  db: Kysely<Database>,
  facilityIds: readonly string[] | null,
): Promise<HolidayLookups> {
  const [facilities, changes] = await Promise.all([
    findFacilityRegions(db, facilityIds),
    findHolidayChanges(db, facilityIds),
  ]);
  const changesByFacility = new Map<string, HolidayChange[]>();
  for (const change of changes) {
    const list = changesByFacility.get(change.facilityId);
    if (list) list.push(change);
    else changesByFacility.set(change.facilityId, [change]);
  }
  const lookups = new Map<string, HolidayLookup>();
  for (const facility of facilities) {
    lookups.set(
      facility.id,
      holidayLookupFor(regionOf(facility.country, facility.state), changesByFacility.get(facility.id) ?? []),
    );
  }
  return { forFacility: (facilityId) => lookups.get(facilityId) ?? NO_HOLIDAYS };
}
