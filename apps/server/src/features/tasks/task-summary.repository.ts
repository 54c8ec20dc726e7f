import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TaskCategory, Timeliness } from '@rtms/shared/enums';
import type { TaskState } from '@rtms/shared/task-state';
import type { Db } from '../../db/schema';
import { nothing } from '../../platform/list-query';
import { stateCondition } from './task-filters.repository';

/** The dashboard's aggregate queries over `tasks` (kept apart from the Tasks Tracker's list queries). */

/** Facilities to count: a list of ids, or null for every facility. */
export type FacilitySet = readonly string[] | null;

function restrictTo(facilityIds: FacilitySet): RawBuilder<SqlBool> {
  if (facilityIds === null) return sql<SqlBool>`1 = 1`;
  if (facilityIds.length === 0) return nothing;
  return sql<SqlBool>`${sql.ref('tasks.facilityId')} in (${sql.join(facilityIds)})`;
}

/** The time zone of each facility among `ids` (all facilities when null). */
export function findFacilityZonesForSummary(db: Db, ids: FacilitySet) {
  let query = db.selectFrom('facilities').select(['id', 'timeZone']);
  if (ids !== null) query = ids.length ? query.where('id', 'in', ids) : query.where(nothing);
  return query.execute();
}

export interface OpenCounts {
  /** Open work: OPEN, DUE_SOON or OVERDUE (a task whose window has not opened is not open work). */
  open: number;
  overdue: number;
  dueSoon: number;
  /** Not completed, applicable, window not open yet (shown apart from open work). */
  upcoming: number;
  /** Still to do and not overdue (UPCOMING, OPEN, DUE_SOON), due on or before `windowEnd`. */
  dueInWindow: number;
}

/**
 * The open figures of each facility by derived state (task-state.ts, through its SQL twin
 * `stateCondition`) on `today`, in one pass (facilities without open tasks are absent).
 */
export async function countOpenTasks(
  db: Db,
  facilityIds: FacilitySet,
  days: { today: string; windowEnd: string },
): Promise<Map<string, OpenCounts>> {
  const is = (state: TaskState) => stateCondition(db, state, days.today);
  const sumOf = (condition: RawBuilder<SqlBool>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const rows = await db
    .selectFrom('tasks')
    .where('tasks.status', '=', 'INCOMPLETE')
    .where('tasks.notApplicableReason', 'is', null)
    .where(restrictTo(facilityIds))
    .select([
      'tasks.facilityId',
      sumOf(sql<SqlBool>`(${is('OPEN')} or ${is('DUE_SOON')} or ${is('OVERDUE')})`).as('open'),
      sumOf(is('OVERDUE')).as('overdue'),
      sumOf(is('DUE_SOON')).as('dueSoon'),
      sumOf(is('UPCOMING')).as('upcoming'),
      sumOf(
        sql<SqlBool>`(${sql.ref('tasks.dueDate')} >= ${days.today} and ${sql.ref('tasks.dueDate')} <= ${days.windowEnd})`,
      ).as('dueInWindow'),
    ])
    .groupBy('tasks.facilityId')
    .execute();
  return new Map(
    rows.map((row) => [
      row.facilityId,
      {
        open: Number(row.open),
        overdue: Number(row.overdue),
        dueSoon: Number(row.dueSoon),
        upcoming: Number(row.upcoming),
        dueInWindow: Number(row.dueInWindow),
      },
    ]),
  );
}

/** Overdue tasks (open, due before `today`) per facility and category. */
export async function countOverdueByFacilityAndCategory(
  db: Db,
  facilityIds: FacilitySet,
  today: string,
): Promise<{ facilityId: string; category: TaskCategory; count: number }[]> {
  const rows = await db
    .selectFrom('tasks')
    .where('tasks.status', '=', 'INCOMPLETE')
    .where('tasks.notApplicableReason', 'is', null)
    .where('tasks.dueDate', '<', today)
    .where(restrictTo(facilityIds))
    .select(['tasks.facilityId', 'tasks.category', sql<number>`count(*)`.as('count')])
    .groupBy(['tasks.facilityId', 'tasks.category'])
    .execute();
  return rows.map((row) => ({ facilityId: row.facilityId, category: row.category, count: Number(row.count) }));
}

/**
 * Completed tasks per facility, month (`YYYY-MM` of the completion day) and timeliness, completed on or
 * after `from`.
 */
export async function countCompletionsByMonth(
  db: Db,
  facilityIds: FacilitySet,
  from: string,
): Promise<{ facilityId: string; month: string; timeliness: Timeliness | null; count: number }[]> {
  const month = sql<string>`substr(${sql.ref('tasks.completedOn')}, 1, 7)`;
  const rows = await db
    .selectFrom('tasks')
    .where('tasks.status', '=', 'COMPLETED')
    // A completion awaiting review is not done yet: it counts once a reviewer has signed it.
    .where('tasks.awaitingReview', '=', 0)
    .where('tasks.completedOn', '>=', from)
    .where(restrictTo(facilityIds))
    .select(['tasks.facilityId', month.as('month'), 'tasks.timeliness', sql<number>`count(*)`.as('count')])
    .groupBy(['tasks.facilityId', month, 'tasks.timeliness'])
    .execute();
  return rows.map((row) => ({
    facilityId: row.facilityId,
    month: row.month,
    timeliness: row.timeliness,
    count: Number(row.count),
  }));
}

/** Completed tasks awaiting a reviewer's signature (state PENDING_REVIEW), per facility. */
export async function countAwaitingReview(db: Db, facilityIds: FacilitySet): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('tasks')
    .where('tasks.awaitingReview', '=', 1)
    .where('tasks.status', '=', 'COMPLETED')
    .where(restrictTo(facilityIds))
    .select(['tasks.facilityId', sql<number>`count(*)`.as('count')])
    .groupBy('tasks.facilityId')
    .execute();
  return new Map(rows.map((row) => [row.facilityId, Number(row.count)]));
}

/** Name and code of each facility among `ids`. */
export function findFacilityLabels(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('facilities').select(['id', 'name', 'code']).where('id', 'in', ids).execute();
}
