import { sql } from 'kysely';
import type { Jurisdiction } from '@rtms/shared/enums';
import type { Db, NewRow, RowUpdate } from '../../db/schema';
import {
  countedRows,
  pageBySearchText,
  whereSearchMatches,
  type CountedRows,
  type ListRequest,
} from '../../platform/list-query';
import type { RegulationRow } from './regulations.table';

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

export async function insertRegulation(db: Db, row: NewRow<'regulations'>): Promise<void> {
  await db.insertInto('regulations').values(row).execute();
}

export async function updateRegulation(db: Db, id: string, changes: RowUpdate<'regulations'>): Promise<void> {
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
  return whereSearchMatches(query, 'regulations.searchText', filters.search);
}

/** One page of regulations and how many match. */
export function listRegulations(
  db: Db,
  { filters, sort, window }: ListRequest<RegulationFilters, RegulationSortField>,
): Promise<CountedRows<RegulationRow>> {
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
  return countedRows(filtered(db, filters), (query) =>
    pageBySearchText(query.selectAll(), order, sort.direction, window),
  );
}
