import type { Db } from '../../db/schema';
import { findRow, recordRows } from '../../db/rows';
import { whereSearchMatches, searchableList, type SearchableSorts } from '../../platform/list-query';
import type { ProgramAreaRow } from './program-areas.table';

/** A program area's row by id, several by ids, insert and update by id (db/rows.ts). */
export const programAreaRows = recordRows('program_areas');

export function findProgramAreaByNameKey(db: Db, nameKey: string): Promise<ProgramAreaRow | undefined> {
  return findRow(db, 'program_areas', { nameKey });
}

export type ProgramAreaSortField = 'name' | 'active' | 'createdAt' | 'updatedAt';

export interface ProgramAreaFilters {
  search?: string;
  active?: boolean;
}

function filtered(db: Db, filters: ProgramAreaFilters) {
  let query = db.selectFrom('program_areas');
  if (filters.active !== undefined) query = query.where('active', '=', filters.active ? 1 : 0);
  return whereSearchMatches(query, 'program_areas.searchText', filters.search);
}

const sorts: SearchableSorts<ProgramAreaSortField> = { bySearchText: 'name' };

/** One page of program areas and how many match. */
export const listProgramAreas = searchableList(filtered, sorts);
