import { sql, type Kysely, type SqlBool } from 'kysely';
import { TASK_STATUSES } from '@rtms/shared/enums';
import type { TaskState } from '@rtms/shared/task-state';
import type { Database } from '../../db/schema';
import {
  filteredTasks,
  inGroup,
  stateExpression,
  type TaskFilters,
  type TodayGroup,
} from '../tasks/task-filters.repository';

export interface DayStateCount {
  facilityId: string;
  date: string;
  state: TaskState;
  count: number;
}

/**
 * Tasks per due date and state between `from` and `to` (inclusive) for the facilities of one "today"
 * group: counted in SQL on the due-date range (the tasks' due-date indexes), one row per facility, day and
 * state (the service caches each facility's part).
 */
export async function countByDayAndState(
  db: Kysely<Database>,
  filters: TaskFilters,
  group: TodayGroup,
  from: string,
  to: string,
): Promise<DayStateCount[]> {
  let query = filteredTasks(db, { ...filters, dueFrom: from, dueTo: to }).where(inGroup(group, sql<SqlBool>`1 = 1`));
  // A recount of a few facilities (after a write): every status named, so that the planner seeks
  // (facility, status, due date) instead of walking the month on the due-date index (0.1 ms, not 11 ms).
  if (filters.scopeFacilityIds && filters.scopeFacilityIds.length <= 20 && !filters.status) {
    query = query.where('tasks.status', 'in', TASK_STATUSES);
  }
  const rows = await query
    .select([
      'tasks.facilityId',
      'tasks.dueDate as date',
      stateExpression(db, group.today).as('state'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`])
    .execute();
  return rows.map((row) => ({
    facilityId: row.facilityId,
    date: row.date,
    state: row.state,
    count: Number(row.count),
  }));
}
