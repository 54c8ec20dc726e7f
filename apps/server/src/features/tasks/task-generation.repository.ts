import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { inBatches } from '../../db/in-batches';
import type { Db } from '../../db/schema';
import { bindingsWithRequirements } from '../requirements/requirements.repository';
import type { TaskRow } from './tasks.table';

/**
 * Reads and writes of the series bookkeeping: which bindings have live series, and through which
 * date each has tasks (`requirement_facilities.materialized_to`). The rest of the binding belongs to
 * the requirements feature.
 */

/**
 * Writes the same column values to many tasks (a requirement edit refreshing its series' copied fields), 500
 * ids per statement so no statement approaches SQLite's or PostgreSQL's parameter limits.
 */
export async function updateColumnsOfTasks(
  db: Db,
  ids: readonly string[],
  changes: Partial<Omit<TaskRow, 'id'>>,
): Promise<void> {
  await inBatches(ids, 500, (batch) => db.updateTable('tasks').set(changes).where('id', 'in', batch).execute());
}

/** How many generation batches may be written at once: several on PostgreSQL, one on SQLite (one writer). */
export function writeConcurrency(db: Db): number {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 2 : 1;
}

/** The distinct time zones of the active facilities. */
export async function findActiveFacilityZones(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('facilities').select('timeZone').distinct().where('status', '=', 'ACTIVE').execute();
  return rows.map((row) => row.timeZone);
}

/**
 * The live series after `afterId` in id order (bound, applicable bindings of ACTIVE requirements at
 * ACTIVE facilities) that may need tasks: never materialized, or materialized only up to a date before
 * the horizon of their facility's time zone (`horizons`; zones not listed use `otherwise`). A series
 * materialized up to its horizon needs nothing: a re-run the same day reads almost nothing.
 */
export function findSeriesForGeneration(
  db: Db,
  afterId: string,
  limit: number,
  horizons: ReadonlyMap<string, string>,
  otherwise: string,
) {
  const horizon = horizons.size
    ? sql<string>`case ${sql.ref('f.timeZone')} ${sql.join(
        [...horizons].map(([zone, date]) => sql`when ${zone} then ${date}`),
        sql` `,
      )} else ${otherwise} end`
    : sql<string>`${otherwise}`;
  return bindingsWithRequirements(db)
    .innerJoin('facilities as f', 'f.id', 'b.facilityId')
    .select([
      'b.id',
      'b.requirementId',
      'b.facilityId',
      'b.firstDueDate as bindingFirstDueDate',
      'b.generateFrom',
      'b.sequenceOffset',
      'b.materializedTo',
      'b.revision',
      'b.assigneeId as bindingAssigneeId',
      'r.title',
      'r.category',
      'r.frequency',
      'r.scheduleMode',
      'r.firstDueDate',
      'r.weekendShift',
      'r.periodStartMonth',
      'r.periodDueDays',
      'r.periodDueDayOfMonth',
      'r.activeFrom',
      'r.activeUntil',
      'r.defaultAssigneeId',
      'f.timeZone',
      'f.country',
      'f.state',
    ])
    .where('b.bound', '=', 1)
    .where('b.applicable', '=', 1)
    .where('r.status', '=', 'ACTIVE')
    .where('f.status', '=', 'ACTIVE')
    .where('b.id', '>', afterId)
    .where((eb) => eb.or([eb('b.materializedTo', 'is', null), eb('b.materializedTo', '<', horizon)]))
    .orderBy('b.id')
    .limit(limit)
    .execute();
}
export type SeriesForGeneration = Awaited<ReturnType<typeof findSeriesForGeneration>>[number];

/**
 * Moves the watermark of each binding to its new `materializedTo`, but only where the binding's
 * revision is still the one read (an edit in between wins; the job leaves that binding for its next
 * run). Returns the ids of the bindings updated. On PostgreSQL the rows stay locked until commit.
 */
export async function markMaterialized(
  db: Db,
  updates: readonly { id: string; revision: number; materializedTo: string }[],
): Promise<Set<string>> {
  const done = new Set<string>();
  if (updates.length === 0) return done;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (let start = 0; start < updates.length; start += 10_000) {
      const chunk = updates.slice(start, start + 10_000);
      const result = await db.executeQuery<{ id: string }>(
        CompiledQuery.raw(
          `update requirement_facilities as b set materialized_to = v.m
           from unnest($1::text[], $2::int4[], $3::text[]) as v(id, rev, m)
           where b.id = v.id and b.revision = v.rev returning b.id`,
          [chunk.map((u) => u.id), chunk.map((u) => u.revision), chunk.map((u) => u.materializedTo)],
        ),
      );
      for (const row of result.rows) done.add(row.id);
    }
  } else {
    for (let start = 0; start < updates.length; start += 2000) {
      const chunk = updates.slice(start, start + 2000);
      const values = chunk.map(() => '(?,?,?)').join(',');
      const result = await db.executeQuery<{ id: string }>(
        CompiledQuery.raw(
          `update requirement_facilities set materialized_to = v.m
           from (select column1 as id, column2 as rev, column3 as m from (values ${values})) as v
           where requirement_facilities.id = v.id and requirement_facilities.revision = v.rev
           returning requirement_facilities.id`,
          chunk.flatMap((u) => [u.id, u.revision, u.materializedTo]),
        ),
      );
      for (const row of result.rows) done.add(row.id);
    }
  }
  return done;
}

/**
 * Gives PostgreSQL's planner statistics for the tables a large generation wrote to or reads. On a fresh
 * database nothing has been analyzed yet when the first generation ends (autovacuum comes later), and
 * the planner, guessing a row or two per table, joined the 40,000 series by a nested loop of 400,000 index
 * probes: the next (idle) run took 2–3 s instead of tens of milliseconds. ANALYZE samples a bounded
 * number of rows, so it costs a fraction of a second whatever the table's size. SQLite's planner does
 * well without statistics here (its plan walks the series by primary key), so it is left as it is.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`analyze requirement_facilities, requirements, facilities, tasks`.execute(db);
}
