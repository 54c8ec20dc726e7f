import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { countRows } from '../../db/count-rows';
import type { Db } from '../../db/schema';
import type { EntitySet } from './entity-set';

/** The feed reads tables by their declarations, not by their types: one untyped view of the database. */
type AnyTables = Record<string, Record<string, unknown>>;
const untyped = (db: Db) => db as unknown as Kysely<AnyTables>;

export interface PageRequest {
  where: RawBuilder<SqlBool>[];
  orderBy: { property: string; descending: boolean }[];
  /** Keyset paging on the key (only without orderBy): rows whose id is greater. */
  after: string | undefined;
  skip: number;
  limit: number;
  properties: string[];
}

function filtered(db: Db, set: EntitySet, where: RawBuilder<SqlBool>[]) {
  let query = untyped(db).selectFrom(set.table);
  for (const condition of where) query = query.where(condition);
  return query;
}

/** One page of rows, each with the requested properties (and the key), in the order asked, then by key. */
export async function readPage(db: Db, set: EntitySet, page: PageRequest): Promise<Record<string, unknown>[]> {
  const ref = (property: string) => sql.ref(`${set.table}.${set.properties[property]!.column}`);
  let query = filtered(db, set, page.after ? [...page.where, sql<SqlBool>`${ref('id')} > ${page.after}`] : page.where);
  const properties = page.properties.includes('id') ? page.properties : ['id', ...page.properties];
  query = query.select(properties.map((property) => ref(property).as(property)));
  for (const order of page.orderBy) query = query.orderBy(ref(order.property), order.descending ? 'desc' : 'asc');
  query = query.orderBy(ref('id'), 'asc').limit(page.limit);
  if (page.skip) query = query.offset(page.skip);
  return (await query.execute()) as Record<string, unknown>[];
}

/** How many rows match (only when a client asks with $count=true). */
export function countMatching(db: Db, set: EntitySet, where: RawBuilder<SqlBool>[]): Promise<number> {
  return countRows(filtered(db, set, where));
}
