import type { Kysely, Selectable } from 'kysely';
import type { Database, Db, NewRow, RowUpdate } from './schema';

/**
 * The whole-row reads and writes that every repository would otherwise write again, named by table: one row by
 * the values of some of its columns (its id, or a natural key such as issuer and subject), and the update of the
 * rows whose columns hold given values. A query that joins, selects some columns or compares otherwise than by
 * equality is the repository's own.
 */

type Table = keyof Database & string;

/** The columns of `table` that pick rows, with the values they must equal. */
export type RowKey<T extends Table> = Partial<Selectable<Database[T]>>;

/**
 * The database as the helpers below see it: any table, any column. Kysely cannot check a query whose table is a
 * type parameter; the helpers' own signatures carry the table's types.
 */
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** `where` as equality conditions, in the order written; every given column must hold its value. */
function equalities(where: Record<string, unknown>): [string, unknown][] {
  const entries = Object.entries(where);
  if (entries.length === 0) throw new Error('A row lookup names at least one column');
  return entries;
}

/** The row of `table` whose columns equal `where`, or undefined (the first one when several match). */
export function findRow<T extends Table>(
  db: Db,
  table: T,
  where: RowKey<T>,
): Promise<Selectable<Database[T]> | undefined> {
  let query = (db as unknown as AnyDb).selectFrom(table as string).selectAll();
  for (const [column, value] of equalities(where)) query = query.where(column, '=', value);
  return query.executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The rows of `table` with these ids, in no particular order (none for no ids: `in ()` is not SQL). */
export function findRowsByIds<T extends Table>(
  db: Db,
  table: T,
  ids: readonly string[],
): Promise<Selectable<Database[T]>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const query = (db as unknown as AnyDb)
    .selectFrom(table as string)
    .selectAll()
    .where('id', 'in', ids);
  return query.execute() as Promise<Selectable<Database[T]>[]>;
}

/** Inserts one row into `table`. */
export async function insertRow<T extends Table>(db: Db, table: T, row: NewRow<T>): Promise<void> {
  await (db as unknown as AnyDb)
    .insertInto(table as string)
    .values(row as Record<string, unknown>)
    .execute();
}

/** Sets `changes` on the rows of `table` whose columns equal `where`; returns how many rows it changed. */
export async function updateRows<T extends Table>(
  db: Db,
  table: T,
  where: RowKey<T>,
  changes: RowUpdate<T>,
): Promise<number> {
  let query = (db as unknown as AnyDb).updateTable(table as string).set(changes as Record<string, unknown>);
  for (const [column, value] of equalities(where)) query = query.where(column, '=', value);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The whole-row reads and writes of a record table (one with a string `id`): by id, by ids, insert, update by id.
 * A feature's repository exports them once (`export const facilityRows = recordRows('facilities')`) and writes
 * only its other queries.
 */
export function recordRows<T extends Table>(table: T) {
  // Every record table's key is its `id` column; the generic row type cannot show that.
  const byId = (id: string) => ({ id }) as RowKey<T>;
  return {
    findById: (db: Db, id: string) => findRow(db, table, byId(id)),
    findByIds: (db: Db, ids: readonly string[]) => findRowsByIds(db, table, ids),
    insert: (db: Db, row: NewRow<T>) => insertRow(db, table, row),
    update: async (db: Db, id: string, changes: RowUpdate<T>): Promise<void> => {
      await updateRows(db, table, byId(id), changes);
    },
  };
}
