import { sql } from 'kysely';
import type { Db, NewRow, RowUpdate } from '../../db/schema';
import {
  countedRows,
  pageBySearchText,
  whereSearchMatches,
  type CountedRows,
  type ListRequest,
} from '../../platform/list-query';
import type { ProgramAreaRow } from './program-areas.table';

export function findProgramAreaById(db: Db, id: string): Promise<ProgramAreaRow | undefined> {
  return db.selectFrom('program_areas').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProgramAreaByNameKey(db: Db, nameKey: string): Promise<ProgramAreaRow | undefined> {
  return db.selectFrom('program_areas').selectAll().where('nameKey', '=', nameKey).executeTakeFirst();
}

export function findProgramAreasByIds(db: Db, ids: string[]): Promise<ProgramAreaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('program_areas').selectAll().where('id', 'in', ids).execute();
}

export async function insertProgramArea(db: Db, row: NewRow<'program_areas'>): Promise<void> {
  await db.insertInto('program_areas').values(row).execute();
}

export async function updateProgramArea(db: Db, id: string, changes: RowUpdate<'program_areas'>): Promise<void> {
  await db.updateTable('program_areas').set(changes).where('id', '=', id).execute();
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

/** One page of program areas and how many match. */
export function listProgramAreas(
  db: Db,
  { filters, sort, window }: ListRequest<ProgramAreaFilters, ProgramAreaSortField>,
): Promise<CountedRows<ProgramAreaRow>> {
  // search_text starts with the folded name, so "Ärztehaus" sorts with the A's on both databases.
  const order = sql.ref(
    { name: 'searchText', active: 'active', createdAt: 'createdAt', updatedAt: 'updatedAt' }[sort.field],
  );
  return countedRows(filtered(db, filters), (query) =>
    pageBySearchText(query.selectAll(), order, sort.direction, window),
  );
}
