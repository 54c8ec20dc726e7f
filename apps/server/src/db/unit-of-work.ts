import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * Key of the PostgreSQL advisory lock every unit of work takes first ("RTMS" in ASCII). It is also the audit
 * chain's lock (features/audit): a unit of work that appends an event already holds it, and an advisory lock
 * taken again by the same transaction is granted at once.
 */
export const WRITE_LOCK = 0x52544d53;

/** How many times a transaction is run in all when PostgreSQL aborts it as a deadlock or a serialization failure. */
export const WRITE_ATTEMPTS = 4;

/** SQLSTATE of the aborts that a replay can cure: deadlock detected, could not serialize access. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * The one way to write (decision 037): a transaction that takes its locks in one global order.
 *
 * On PostgreSQL its first statement takes the write lock, so the units of work run their writes one after
 * another, and whatever rows, triggers and revisions each then locks, in whatever order, none can wait for
 * another that waits for it. The revisions that gate the kept lists follow from the data by triggers
 * (migrations 0090, 0170, 0180): no caller bumps one. SQLite runs one write transaction at a time already.
 *
 * A transaction PostgreSQL still aborts with 40P01 or 40001 (a writer outside the units of work, such as a
 * migration) is run again from its start, reads included, at most `WRITE_ATTEMPTS` times in all. So `work`
 * must do nothing but database work: files and mail go before or after it, never inside (an upload stores its
 * file first; a replayed transaction writes the same rows for it).
 *
 * Called with a transaction (a unit of work inside another), it runs `work` in it: the outer one holds the lock.
 */
export async function unitOfWork<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  if (!isPostgres(db)) return db.transaction().execute(work);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${WRITE_LOCK})`.execute(trx);
        return work(trx);
      });
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isRetryable(error)) throw error;
      // A short random pause, longer with each attempt, so that two replays do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}

/** Whether PostgreSQL aborted the transaction as a deadlock or a serialization failure. */
export function isRetryable(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && RETRYABLE.has(String((error as { code?: unknown }).code)));
}
