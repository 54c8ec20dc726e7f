import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The cheapest round trip to the database: resolves when it answers, rejects when it cannot. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1 as ok`.execute(db);
}
