import type { Jurisdiction } from '@rtms/shared/enums';
import type { Db } from '../../db/schema';
import { recordRows } from '../../db/rows';
import { whereSearchMatches, searchableList, type SearchableSorts } from '../../platform/list-query';
import type { RegulationRow } from './regulations.table';

/** A regulation's row by id, several by ids, insert and update by id (db/rows.ts). */
export const regulationRows = recordRows('regulations');

/** The regulation with this exact title (the demo loader's natural key). */
export function findRegulationByTitle(db: Db, title: string): Promise<RegulationRow | undefined> {
  return db.selectFrom('regulations').selectAll().where('title', '=', title).orderBy('createdAt').executeTakeFirst();
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

const sorts: SearchableSorts<RegulationSortField> = { bySearchText: 'title', byLowerCase: ['citation', 'agency'] };

/** One page of regulations and how many match. */
export const listRegulations = searchableList(filtered, sorts);
