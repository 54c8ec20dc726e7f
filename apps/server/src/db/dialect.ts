import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema';

/** Whether `db` runs on PostgreSQL (else SQLite): for the statements whose SQL differs between the two. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
