import type { FacilityStatus, FacilityType } from '@rtms/shared/enums';
import type { Db } from '../../db/schema';
import { findRow, recordRows } from '../../db/rows';
import {
  inScope,
  whereEqual,
  whereSearchMatches,
  searchableList,
  type SearchableSorts,
} from '../../platform/list-query';
import type { FacilityRow } from './facilities.table';

/** A facility's row by id, several by ids, insert and update by id (db/rows.ts). */
export const facilityRows = recordRows('facilities');

/** The facilities among `codes` that exist (an unknown code is simply absent). */
export function findFacilitiesByCodes(db: Db, codes: string[]): Promise<Pick<FacilityRow, 'id' | 'code'>[]> {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('facilities').select(['id', 'code']).where('code', 'in', codes).execute();
}

export function findFacilityByNameKey(db: Db, nameKey: string): Promise<FacilityRow | undefined> {
  return findRow(db, 'facilities', { nameKey });
}

export function findFacilityByCode(db: Db, code: string): Promise<FacilityRow | undefined> {
  return findRow(db, 'facilities', { code });
}

/** The program area ids of each of the facilities. */
export async function findProgramAreaIdsOfFacilities(db: Db, facilityIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(facilityIds.map((id) => [id, []]));
  if (facilityIds.length === 0) return map;
  const rows = await db
    .selectFrom('facility_program_areas')
    .innerJoin('program_areas', 'program_areas.id', 'facility_program_areas.programAreaId')
    .select(['facility_program_areas.facilityId', 'facility_program_areas.programAreaId'])
    .where('facility_program_areas.facilityId', 'in', facilityIds)
    .orderBy('program_areas.searchText')
    .execute();
  for (const row of rows) map.get(row.facilityId)?.push(row.programAreaId);
  return map;
}

/** Makes the facility's program areas exactly `programAreaIds`. */
export async function replaceFacilityProgramAreas(db: Db, facilityId: string, programAreaIds: string[]): Promise<void> {
  await db.deleteFrom('facility_program_areas').where('facilityId', '=', facilityId).execute();
  if (programAreaIds.length) {
    await db
      .insertInto('facility_program_areas')
      .values(programAreaIds.map((programAreaId) => ({ facilityId, programAreaId })))
      .execute();
  }
}

export type FacilitySortField =
  | 'name'
  | 'code'
  | 'type'
  | 'status'
  | 'city'
  | 'state'
  | 'country'
  | 'capacityMw'
  | 'commercialOperationDate'
  | 'createdAt'
  | 'updatedAt';

export interface FacilityFilters {
  search?: string;
  type?: FacilityType;
  status?: FacilityStatus;
  state?: string;
  programAreaId?: string;
  /** The caller's facility ids; undefined = every facility. */
  facilityIds?: string[];
}

function filtered(db: Db, filters: FacilityFilters) {
  let query = db.selectFrom('facilities');
  query = whereEqual(query, {
    type: filters.type,
    status: filters.status,
    state: filters.state,
  });
  if (filters.programAreaId) {
    const programAreaId = filters.programAreaId;
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('facility_program_areas').select('facilityId').where('programAreaId', '=', programAreaId),
    );
  }
  if (filters.facilityIds) query = query.where(inScope('facilities.id', filters.facilityIds));
  return whereSearchMatches(query, 'facilities.searchText', filters.search);
}

const sorts: SearchableSorts<FacilitySortField> = { bySearchText: 'name', byLowerCase: ['city', 'state', 'country'] };

/** One page of facilities and how many match. */
export const listFacilities = searchableList(filtered, sorts);
