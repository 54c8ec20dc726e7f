import { PostgresAdapter, sql } from 'kysely';
import { dropPlannerSamples } from '../../db/planner-samples';
import type { Database, Db } from '../../db/schema';

/** Bulk statements of the benchmark's seeding (not used by the product). */

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Removes every task (and what hangs on tasks) and rewinds every series, so generation starts from scratch. */
export async function resetTasks(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`truncate table notification_deliveries, notifications, task_comments, tasks`.execute(db);
  } else {
    await db.deleteFrom('notification_deliveries').execute();
    await db.deleteFrom('notifications').execute();
    await db.deleteFrom('task_comments').execute();
    await db.deleteFrom('tasks').execute();
  }
  await db.updateTable('requirement_facilities').set({ materializedTo: null, sequenceOffset: 0 }).execute();
  await db
    .updateTable('tasks_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .execute();
}

/**
 * Completes most of the history, as a site that keeps up would have it: of the tasks due before
 * `today`, those whose id does not end in 0–2 (about 81%) are completed; a quarter of those late.
 */
export async function completeMostHistory(db: Db, today: string, completedBy: string): Promise<number> {
  const result = await db
    .updateTable('tasks')
    .set((eb) => ({
      status: 'COMPLETED',
      completedOn: eb.ref('dueDate'),
      completedAt: sql<string>`${sql.ref('due_date')} || 'T15:00:00.000Z'`,
      completedBy,
      timeliness: sql<
        'ON_TIME' | 'LATE'
      >`case when substr(${sql.ref('id')}, 35, 1) in ('0', '1', '2', '3') then 'LATE' else 'ON_TIME' end`,
      touched: 1,
    }))
    .where('dueDate', '<', today)
    .where(sql<boolean>`substr(${sql.ref('id')}, 36, 1) not in ('0', '1', '2')`)
    .executeTakeFirst();
  await db
    .updateTable('tasks_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .execute();
  return Number(result.numUpdatedRows);
}

/**
 * Refreshes planner statistics and, on PostgreSQL, the visibility map that index-only scans need: every
 * table, as autovacuum leaves a database in steady state (this machine's PostgreSQL runs with autovacuum
 * off, so without it the requirements' bindings were read from the heap, 400 rows a requirements page), or
 * only `tables`, written after that (the soak's users: with `users` counted at the one row it had when the
 * seeding analyzed it, SQLite read every user on each session check instead of one by its key).
 */
export async function analyze(db: Db, tables: readonly (keyof Database)[] = []): Promise<void> {
  if (isPostgres(db)) {
    const named = sql.join(tables.map((table) => sql.table(table)));
    await (tables.length ? sql`vacuum analyze ${named}` : sql`vacuum analyze`).execute(db);
    return;
  }
  if (tables.length) for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(db);
  else await sql`analyze`.execute(db);
  // The summary only, as the app keeps it at start (db/planner-samples.ts).
  await dropPlannerSamples(db);
}

export async function countRows(db: Db, table: 'tasks' | 'requirements' | 'requirement_facilities' | 'facilities') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
