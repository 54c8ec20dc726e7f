import type { SelectQueryBuilder } from 'kysely';

/**
 * The number of rows a query selects, as one `count(*)`. Every repository's list count goes through it:
 * PostgreSQL answers a count as text (bigint) and SQLite as a number, so the conversion lives here once.
 */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // The selection's type is lost in the generic builder; the row has exactly the one `count` column.
  const row = (await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()) as unknown as {
    count: number | string | bigint;
  };
  return Number(row.count);
}
