import type { Selectable } from 'kysely';
import { findRow, type RowKey } from '../db/rows';
import type { Database } from '../db/schema';
import type { TestApp } from './test-app';

/**
 * The stored row of `table` whose columns equal `where`, as a test reads what an endpoint wrote (db/rows.ts
 * findRow, every column); the test fails when there is none.
 */
export async function storedRow<T extends keyof Database & string>(
  t: TestApp,
  table: T,
  where: RowKey<T>,
): Promise<Selectable<Database[T]>> {
  const row = await findRow(t.database.db, table, where);
  if (!row) throw new Error(`No ${table} row where ${JSON.stringify(where)}`);
  return row;
}
