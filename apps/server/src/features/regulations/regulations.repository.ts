import { sql, type Kysely } from 'kysely';
import type { Jurisdiction } from '@rtms/shared/enums';
import type { Database } from '../../db/schema';
import { searchMatches, type SortSpec } from '../../platform/list-query';
import type { NewRegulationRow, RegulationRow, RegulationUpdate } from './regulations.table';
import { countRows } from '../../db/count-rows';

type Db = Kysely<Database>;

export function findRegulationById(db: Db, id: string): Promise<RegulationRow | undefined> {
  return db.selectFrom('regulations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The regulation with this exact title (the demo loader's natural key). */
export function findRegulationByTitle(db: Db, title: string): Promise<RegulationRow | undefined> {
  return db.selectFrom('regulations').selectAll().where('title', '=', title).orderBy('createdAt').executeTakeFirst();
}

export function findRegulationsByIds(db: Db, ids: string[]): Promise<RegulationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('regulations').selectAll().where('id', 'in', ids).execute();
}

export async function insertRegulation(db: Db, row: NewRegulationRow): Promise<void> {
  await db.insertInto('regulations').values(row).execute();
}

export async function updateRegulation(db: Db, id: string, changes: RegulationUpdate): Promise<void> {
  await db.updateTable('regulations').set(changes).where('id', '=', id).execute();
}

export type RegulationSortField =
  'title' | 'citation' | 'agency' | 'jurisdiction' | 'active' | 'createdAt' | 'updatedAt';

export interface RegulationFilters {
  search?: string;
  active?: boolean;
  jurisdiction?: Jurisdiction;
}

function filtered(db: Db, filters: RegulationFilters) {
  let query = db.selectFrom('regulations');
  if (filters.active !== undefined) query = query.where('active', '=', filters.active ? 1 : 0);
  if (filters.jurisdiction) query = query.where('jurisdiction', '=', filters.jurisdiction);
  const search = searchMatches('regulations.searchText', filters.search);
  if (search) query = query.where(search);
  return query;
}

export async function countRegulations(db: Db, filters: RegulationFilters): Promise<number> {
  return countRows(filtered(db, filters));
}

export function listRegulations(
  db: Db,
  filters: RegulationFilters,
  sort: SortSpec<RegulationSortField>,
  window: { limit: number; offset: number },
): Promise<RegulationRow[]> {
  // Text columns sort by lower case, so that "npdes" and "NERC" interleave as a reader expects.
  const order = {
    // search_text starts with the folded title: accents and case sort alike on both databases.
    title: sql.ref('searchText'),
    citation: sql`lower(${sql.ref('citation')})`,
    agency: sql`lower(${sql.ref('agency')})`,
    jurisdiction: sql.ref('jurisdiction'),
    active: sql.ref('active'),
    createdAt: sql.ref('createdAt'),
    updatedAt: sql.ref('updatedAt'),
  }[sort.field];
  return (
    filtered(db, filters)
      .selectAll()
      // Empty values last in either direction, on both databases (they disagree by default).
      .orderBy(sql`case when ${order} is null then 1 else 0 end`)
      .orderBy(order, sort.direction)
      .orderBy('searchText')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute()
  );
}
