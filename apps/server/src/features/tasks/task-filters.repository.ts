import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { addDays } from '@rtms/shared/calendar-date';
import type { TaskCategory, TaskFrequency, TaskStatus, Timeliness } from '@rtms/shared/enums';
import { DUE_SOON_WITHIN_DAYS, type TaskState } from '@rtms/shared/task-state';
import { isPostgres } from '../../db/dialect';
import type { Db } from '../../db/schema';
import { nothing, whereEqual } from '../../platform/list-query';

/**
 * The Tasks Tracker's filters in SQL: which tasks a list, a total, the calendar or the dashboard reads,
 * with the task state's rules (`taskState`'s SQL twin) judged in each facility's today.
 */

/** Facilities that share a "today" (the same calendar day in their time zones). */
export interface TodayGroup {
  today: string;
  /** The facilities of the group; null = every facility the query can reach. */
  facilityIds: string[] | null;
}

export interface TaskFilters {
  /** Facilities the caller may see; undefined = all. */
  scopeFacilityIds?: string[];
  facilityId?: string;
  requirementId?: string;
  /** A program area's id, or null for requirements without one. */
  programAreaId?: string | null;
  /** A regulation's id, or null for requirements without one. */
  regulationId?: string | null;
  category?: TaskCategory;
  frequency?: TaskFrequency;
  status?: TaskStatus;
  /** A user id, or null for unassigned tasks. */
  assigneeId?: string | null;
  dueFrom?: string;
  dueTo?: string;
  timeliness?: Timeliness;
  /** Inclusive bounds on the completion day. */
  completedFrom?: string;
  completedTo?: string;
  /** Tasks overdue at the end of this day (`overdueOnCondition`). */
  overdueOn?: string;
  overdue?: boolean;
  dueSoon?: { value: boolean; withinDays: number };
  /** Derived states (task-state.ts), any of them; needs `todays`. */
  states?: TaskState[];
  /** Today per group of facilities (needed for overdue and dueSoon). */
  todays?: TodayGroup[];
  /** Per search word: the requirements and facilities it matches (a task matches when either does). */
  searchWords?: { requirementIds: string[]; facilityIds: string[] }[];
}

export function inGroup(group: TodayGroup, condition: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  if (group.facilityIds === null) return condition;
  if (group.facilityIds.length === 0) return nothing;
  return sql<SqlBool>`(${sql.ref('tasks.facilityId')} in (${sql.join(group.facilityIds)}) and ${condition})`;
}

/**
 * `column in (ids)`. On PostgreSQL one array parameter (`= any($1)`): a search word can match hundreds of
 * requirements, and an IN list of that many parameters made a statement text per number of ids. The plan is
 * still made per request (PostgreSQL keeps custom plans for it: about 1 ms to bind, planning against each
 * id's statistics, and 0.05 ms to run, under load); hiding the array from the planner behind a sub-select
 * saved a fifth of that and was not kept.
 */
function inIds(db: Db, column: 'tasks.requirementId' | 'tasks.facilityId', ids: string[]): RawBuilder<SqlBool> {
  return isPostgres(db)
    ? sql<SqlBool>`${sql.ref(column)} = any(${ids}::text[])`
    : sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})`;
}

function anyOf(conditions: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  if (conditions.length === 0) return nothing;
  if (conditions.length === 1) return conditions[0]!;
  return sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
}

const open = sql<SqlBool>`(${sql.ref('tasks.status')} = 'INCOMPLETE' and ${sql.ref('tasks.notApplicableReason')} is null)`;

/** Open, not applicable-exempt and due before today in its facility's zone. */
function overdueCondition(todays: TodayGroup[]): RawBuilder<SqlBool> {
  const due = sql.ref('tasks.dueDate');
  return sql<SqlBool>`(${open} and ${anyOf(todays.map((group) => inGroup(group, sql<SqlBool>`${due} < ${group.today}`)))})`;
}

function dueSoonCondition(todays: TodayGroup[], withinDays: number): RawBuilder<SqlBool> {
  const due = sql.ref('tasks.dueDate');
  return sql<SqlBool>`(${open} and ${anyOf(
    todays.map((group) =>
      inGroup(group, sql<SqlBool>`${due} >= ${group.today} and ${due} <= ${addDays(group.today, withinDays)}`),
    ),
  )})`;
}

/**
 * Whether the task row, due before `day`, was still to do at the end of `day`: applicable and not completed,
 * or completed after `day`. (A task marked not applicable counts as never due.)
 */
export function overdueOnCondition(day: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${open} or (${sql.ref('tasks.status')} = 'COMPLETED' and ${sql.ref('tasks.completedOn')} > ${day}))`;
}

/** The requirement's lead time of the task row (a primary-key look-up per row). */
const leadTimeDays = sql<number>`(select ${sql.ref('requirements.leadTimeDays')} from ${sql.table('requirements')} where ${sql.ref('requirements.id')} = ${sql.ref('tasks.requirementId')})`;

/** The calendar date `today + days` in SQL, `days` an integer expression (text in, text out). */
function plusDays(db: Db, today: string, days: Expression<number>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(cast(${today} as date) + ${days}, 'YYYY-MM-DD')`
    : sql<string>`date(${today}, '+' || ${days} || ' days')`;
}

/**
 * Whether a task is in `state` on `today`: the SQL twin of `taskState` (packages/shared/src/task-state.ts),
 * tested against it on both databases. Dates compare as `YYYY-MM-DD` text.
 */
export function stateCondition(db: Db, state: TaskState, today: string): RawBuilder<SqlBool> {
  const due = sql.ref('tasks.dueDate');
  const soonEnd = addDays(today, DUE_SOON_WITHIN_DAYS);
  switch (state) {
    case 'COMPLETED':
      return sql<SqlBool>`(${sql.ref('tasks.status')} = 'COMPLETED' and ${sql.ref('tasks.awaitingReview')} = 0)`;
    case 'PENDING_REVIEW':
      return sql<SqlBool>`(${sql.ref('tasks.status')} = 'COMPLETED' and ${sql.ref('tasks.awaitingReview')} = 1)`;
    case 'NOT_APPLICABLE':
      return sql<SqlBool>`(${sql.ref('tasks.status')} <> 'COMPLETED' and ${sql.ref('tasks.notApplicableReason')} is not null)`;
    case 'OVERDUE':
      return sql<SqlBool>`(${open} and ${due} < ${today})`;
    case 'UPCOMING':
      return sql<SqlBool>`(${open} and ${due} > ${soonEnd} and ${due} > ${plusDays(db, today, leadTimeDays)})`;
    case 'DUE_SOON':
      // Whatever the window: a task due within 7 days is due soon (STATE_URGENCY in the shared code).
      return sql<SqlBool>`(${open} and ${due} >= ${today} and ${due} <= ${soonEnd})`;
    case 'OPEN':
      return sql<SqlBool>`(${open} and ${due} > ${soonEnd} and ${due} <= ${plusDays(db, today, leadTimeDays)})`;
  }
}

/** The state of the task row on `today` as a SQL expression: `taskState` in one CASE. */
export function stateExpression(db: Db, today: string): RawBuilder<TaskState> {
  const due = sql.ref('tasks.dueDate');
  return sql<TaskState>`case
    when ${sql.ref('tasks.status')} = 'COMPLETED' and ${sql.ref('tasks.awaitingReview')} = 1 then 'PENDING_REVIEW'
    when ${sql.ref('tasks.status')} = 'COMPLETED' then 'COMPLETED'
    when ${sql.ref('tasks.notApplicableReason')} is not null then 'NOT_APPLICABLE'
    when ${due} < ${today} then 'OVERDUE'
    when ${due} <= ${addDays(today, DUE_SOON_WITHIN_DAYS)} then 'DUE_SOON'
    when ${due} > ${plusDays(db, today, leadTimeDays)} then 'UPCOMING'
    else 'OPEN' end`;
}

/** Any of `states`, each judged against its facility group's today. */
function statesCondition(db: Db, todays: TodayGroup[], states: TaskState[]): RawBuilder<SqlBool> {
  return anyOf(
    todays.map((group) => inGroup(group, anyOf(states.map((state) => stateCondition(db, state, group.today))))),
  );
}

/** The tasks that match `filters` (a query on `tasks` to select from). */
export function filteredTasks(db: Db, filters: TaskFilters) {
  let query = db.selectFrom('tasks');
  if (filters.scopeFacilityIds) {
    const ids = filters.scopeFacilityIds;
    query = ids.length ? query.where('tasks.facilityId', 'in', ids) : query.where(nothing);
  }
  if (filters.facilityId) query = query.where('tasks.facilityId', '=', filters.facilityId);
  if (filters.requirementId) {
    // Through the requirement's bindings and the unique (binding_id, sequence) index.
    const requirementId = filters.requirementId;
    query = query.where('tasks.bindingId', 'in', (eb) =>
      eb
        .selectFrom('requirement_facilities')
        .select('requirement_facilities.id')
        .where('requirement_facilities.requirementId', '=', requirementId),
    );
  }
  for (const column of ['programAreaId', 'regulationId'] as const) {
    const value = filters[column];
    if (value === undefined) continue;
    query = query.where('tasks.requirementId', 'in', (eb) => {
      const requirements = eb.selectFrom('requirements').select('requirements.id');
      return value === null
        ? requirements.where(`requirements.${column}`, 'is', null)
        : requirements.where(`requirements.${column}`, '=', value);
    });
  }
  query = whereEqual(query, {
    'tasks.category': filters.category,
    'tasks.frequency': filters.frequency,
    'tasks.status': filters.status,
  });
  if (filters.assigneeId !== undefined) {
    query =
      filters.assigneeId === null
        ? query.where('tasks.assigneeId', 'is', null)
        : query.where('tasks.assigneeId', '=', filters.assigneeId);
  }
  if (filters.dueFrom) query = query.where('tasks.dueDate', '>=', filters.dueFrom);
  if (filters.dueTo) query = query.where('tasks.dueDate', '<=', filters.dueTo);
  if (filters.timeliness) query = query.where('tasks.timeliness', '=', filters.timeliness);
  if (filters.completedFrom) query = query.where('tasks.completedOn', '>=', filters.completedFrom);
  if (filters.completedTo) query = query.where('tasks.completedOn', '<=', filters.completedTo);
  if (filters.overdueOn) {
    query = query.where('tasks.dueDate', '<', filters.overdueOn).where(overdueOnCondition(filters.overdueOn));
  }
  const todays = filters.todays ?? [];
  if (filters.overdue !== undefined) {
    const condition = overdueCondition(todays);
    if (filters.overdue) {
      query = query.where('tasks.status', '=', 'INCOMPLETE').where(condition);
      // A sargable bound for the index: nothing is overdue on or after the latest "today".
      const latest = todays.reduce((max, group) => (group.today > max ? group.today : max), '');
      if (latest) query = query.where('tasks.dueDate', '<', latest);
    } else {
      query = query.where(sql<SqlBool>`not ${condition}`);
    }
  }
  if (filters.dueSoon !== undefined) {
    const condition = dueSoonCondition(todays, filters.dueSoon.withinDays);
    query = filters.dueSoon.value
      ? query.where('tasks.status', '=', 'INCOMPLETE').where(condition)
      : query.where(sql<SqlBool>`not ${condition}`);
  }
  if (filters.states) {
    const states = filters.states;
    const done = (state: TaskState) => state === 'COMPLETED' || state === 'PENDING_REVIEW';
    if (states.length && states.every(done)) {
      query = query.where('tasks.status', '=', 'COMPLETED');
      // The few tasks awaiting review through their partial index.
      if (states.length === 1 && states[0] === 'PENDING_REVIEW') query = query.where('tasks.awaitingReview', '=', 1);
    } else if (states.length && !states.some(done)) {
      query = query.where('tasks.status', '=', 'INCOMPLETE');
    }
    query = query.where(statesCondition(db, todays, states));
  }
  for (const word of filters.searchWords ?? []) {
    const parts: RawBuilder<SqlBool>[] = [];
    if (word.requirementIds.length) parts.push(inIds(db, 'tasks.requirementId', word.requirementIds));
    if (word.facilityIds.length) parts.push(inIds(db, 'tasks.facilityId', word.facilityIds));
    query = query.where(anyOf(parts));
  }
  return query;
}

/** The tasks that match `filters`, counted per facility (facilities without any are absent). */
export async function countTasksByFacility(db: Db, filters: TaskFilters): Promise<Map<string, number>> {
  const rows = await filteredTasks(db, filters)
    .select(['tasks.facilityId', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('tasks.facilityId')
    .execute();
  return new Map(rows.map((row) => [row.facilityId, Number(row.count)]));
}
