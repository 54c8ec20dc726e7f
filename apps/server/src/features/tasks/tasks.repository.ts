import {
  CompiledQuery,
  PostgresAdapter,
  sql,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import { addDays } from '@rtms/shared/calendar-date';
import type { TaskCategory, TaskFrequency, TaskStatus, Timeliness } from '@rtms/shared/enums';
import { DUE_SOON_WITHIN_DAYS, type TaskState } from '@rtms/shared/task-state';
import { compiledByKey, compiledOnce, executeAsNamed } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import { nothing } from '../../platform/list-query';
import type { NewTaskRow, TaskCommentRow, TaskRow } from './tasks.table';

type Db = Kysely<Database>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The columns the bulk insert writes, each with its PostgreSQL array type and its value in a new row:
 * one list, so that the column names and the bound values cannot fall out of step.
 */
const TASK_COLUMNS: readonly (readonly [name: string, type: 'text' | 'int4', value: (row: NewTaskRow) => unknown])[] = [
  ['id', 'text', (row) => row.id],
  ['requirement_id', 'text', (row) => row.requirementId],
  ['binding_id', 'text', (row) => row.bindingId],
  ['facility_id', 'text', (row) => row.facilityId],
  ['sequence', 'int4', (row) => row.sequence],
  ['title', 'text', (row) => row.title],
  ['category', 'text', (row) => row.category],
  ['frequency', 'text', (row) => row.frequency],
  ['period_label', 'text', (row) => row.periodLabel],
  ['scheduled_due_date', 'text', (row) => row.scheduledDueDate],
  ['due_date', 'text', (row) => row.dueDate],
  ['status', 'text', (row) => row.status],
  ['assignee_id', 'text', (row) => row.assigneeId ?? null],
  ['touched', 'int4', (row) => row.touched ?? 0],
  ['shift_holiday', 'text', (row) => row.shiftHoliday ?? null],
  ['created_at', 'text', (row) => row.createdAt],
  ['updated_at', 'text', (row) => row.updatedAt],
];

function taskValues(row: NewTaskRow): unknown[] {
  return TASK_COLUMNS.map(([, , value]) => value(row));
}

/** Rows per INSERT statement on SQLite (17 parameters each, well under its 32766 limit). */
const SQLITE_ROWS_PER_STATEMENT = 500;
const sqliteStatements = new Map<number, string>();

function sqliteInsert(rows: number): string {
  let text = sqliteStatements.get(rows);
  if (!text) {
    const tuple = `(${TASK_COLUMNS.map(() => '?').join(',')})`;
    text = `insert into tasks (${TASK_COLUMNS.map(([name]) => name).join(',')}) values ${Array.from({ length: rows }, () => tuple).join(',')} on conflict (binding_id, sequence) do nothing`;
    sqliteStatements.set(rows, text);
  }
  return text;
}

/** PostgreSQL: one array parameter per column, unnested into rows (far cheaper to parse than a VALUES list). */
const POSTGRES_INSERT = `insert into tasks (${TASK_COLUMNS.map(([name]) => name).join(',')}) select * from unnest(${TASK_COLUMNS.map(
  ([, type], index) => `$${index + 1}::${type}[]`,
).join(',')}) on conflict (binding_id, sequence) do nothing`;

/**
 * Inserts tasks; a row whose (binding, sequence) already exists is skipped, so generation can never
 * make a duplicate. Returns the number of rows inserted. Call inside a transaction.
 */
export async function insertTasks(db: Db, rows: readonly NewTaskRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  let inserted = 0;
  if (isPostgres(db)) {
    for (let start = 0; start < rows.length; start += 10_000) {
      const chunk = rows.slice(start, start + 10_000);
      const columns = TASK_COLUMNS.map(([, , value]) => chunk.map(value));
      const result = await db.executeQuery(CompiledQuery.raw(POSTGRES_INSERT, columns));
      inserted += Number(result.numAffectedRows ?? 0);
    }
  } else {
    for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + SQLITE_ROWS_PER_STATEMENT);
      const result = await db.executeQuery(CompiledQuery.raw(sqliteInsert(chunk.length), chunk.flatMap(taskValues)));
      inserted += Number(result.numAffectedRows ?? 0);
    }
  }
  if (inserted > 0) await bumpTasksRevision(db);
  return inserted;
}

/** Records that tasks changed: cached counts taken at an older revision are no longer used. */
export async function bumpTasksRevision(db: Db): Promise<void> {
  await db
    .updateTable('tasks_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

/** The tasks revision of each facility (see migration 0090). */
export async function findTaskFacilityRevisions(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('task_facility_revisions').select(['facilityId', 'revision']).execute();
  return new Map(rows.map((row) => [row.facilityId, Number(row.revision)]));
}

/** Read with every page (compiled once: db/compiled-once.ts). */
const tasksRevision = compiledOnce((db) => db.selectFrom('tasks_revision').select('revision').where('id', '=', 1));
export async function findTasksRevision(db: Db): Promise<number> {
  const [row] = (await tasksRevision(db, [1])).rows;
  return Number(row?.revision ?? 0);
}

/** The series-relevant fields of every task of the bindings. */
export function findTasksOfBindings(db: Db, bindingIds: readonly string[]) {
  if (bindingIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .select([
      'id',
      'bindingId',
      'facilityId',
      'sequence',
      'scheduledDueDate',
      'dueDate',
      'status',
      'touched',
      'completedOn',
      'title',
      'category',
      'frequency',
      'periodLabel',
      'assigneeId',
      'shiftHoliday',
    ])
    .where('bindingId', 'in', bindingIds)
    .orderBy('bindingId')
    .orderBy('sequence')
    .execute();
}

export async function deleteTasks(db: Db, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    await db
      .deleteFrom('tasks')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  }
  if (ids.length) await bumpTasksRevision(db);
}

/** Updates some columns of one task (the caller bumps the revision once per transaction). */
export async function updateTaskColumns(db: Db, id: string, changes: Partial<Omit<TaskRow, 'id'>>): Promise<void> {
  await db.updateTable('tasks').set(changes).where('id', '=', id).execute();
}

export function findTaskRowById(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks a task row until the end of the transaction (PostgreSQL; SQLite has one writer at a time). */
export async function lockTask(db: Db, id: string): Promise<void> {
  if (isPostgres(db)) await sql`select id from tasks where id = ${id} for update`.execute(db);
}

export function findTaskByBindingSequence(db: Db, bindingId: string, sequence: number): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('bindingId', '=', bindingId)
    .where('sequence', '=', sequence)
    .executeTakeFirst();
}

/** The context a task's rules need: its requirement's windows and evidence gate, its binding, its facility's zone. */
export function findTaskContext(db: Db, taskId: string) {
  return db
    .selectFrom('tasks')
    .innerJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .innerJoin('requirement_facilities', 'requirement_facilities.id', 'tasks.bindingId')
    .innerJoin('facilities', 'facilities.id', 'tasks.facilityId')
    .select([
      'tasks.id',
      'tasks.facilityId',
      'facilities.timeZone',
      'requirements.status as requirementStatus',
      'requirements.scheduleMode',
      'requirements.frequency as requirementFrequency',
      'requirements.weekendShift',
      'requirements.activeUntil',
      'requirements.graceDays',
      'requirements.leadTimeDays',
      'requirements.evidenceRequired',
      'requirements.minEvidence',
      'requirements.title as requirementTitle',
      'requirements.category as requirementCategory',
      'requirements.defaultAssigneeId',
      'requirement_facilities.bound',
      'requirement_facilities.applicable',
      'requirement_facilities.assigneeId as bindingAssigneeId',
    ])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
}
export type TaskContext = NonNullable<Awaited<ReturnType<typeof findTaskContext>>>;

// ---------------------------------------------------------------------------------------------------
// The Tasks Tracker list

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
  programAreaId?: string;
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
      return sql<SqlBool>`${sql.ref('tasks.status')} = 'COMPLETED'`;
    case 'NOT_APPLICABLE':
      return sql<SqlBool>`(${sql.ref('tasks.status')} <> 'COMPLETED' and ${sql.ref('tasks.notApplicableReason')} is not null)`;
    case 'OVERDUE':
      return sql<SqlBool>`(${open} and ${due} < ${today})`;
    case 'UPCOMING':
      return sql<SqlBool>`(${open} and ${due} >= ${today} and ${due} > ${plusDays(db, today, leadTimeDays)})`;
    case 'DUE_SOON':
      return sql<SqlBool>`(${open} and ${due} >= ${today} and ${due} <= ${soonEnd} and ${due} <= ${plusDays(db, today, leadTimeDays)})`;
    case 'OPEN':
      return sql<SqlBool>`(${open} and ${due} > ${soonEnd} and ${due} <= ${plusDays(db, today, leadTimeDays)})`;
  }
}

/** The state of the task row on `today` as a SQL expression: `taskState` in one CASE. */
export function stateExpression(db: Db, today: string): RawBuilder<TaskState> {
  const due = sql.ref('tasks.dueDate');
  return sql<TaskState>`case
    when ${sql.ref('tasks.status')} = 'COMPLETED' then 'COMPLETED'
    when ${sql.ref('tasks.notApplicableReason')} is not null then 'NOT_APPLICABLE'
    when ${due} < ${today} then 'OVERDUE'
    when ${due} > ${plusDays(db, today, leadTimeDays)} then 'UPCOMING'
    when ${due} <= ${addDays(today, DUE_SOON_WITHIN_DAYS)} then 'DUE_SOON'
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
  if (filters.programAreaId) {
    const programAreaId = filters.programAreaId;
    query = query.where('tasks.requirementId', 'in', (eb) =>
      eb.selectFrom('requirements').select('requirements.id').where('requirements.programAreaId', '=', programAreaId),
    );
  }
  if (filters.category) query = query.where('tasks.category', '=', filters.category);
  if (filters.frequency) query = query.where('tasks.frequency', '=', filters.frequency);
  if (filters.status) query = query.where('tasks.status', '=', filters.status);
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
    if (states.length && states.every((state) => state === 'COMPLETED')) {
      query = query.where('tasks.status', '=', 'COMPLETED');
    } else if (states.length && !states.includes('COMPLETED')) {
      query = query.where('tasks.status', '=', 'INCOMPLETE');
    }
    query = query.where(statesCondition(db, todays, states));
  }
  for (const word of filters.searchWords ?? []) {
    const parts: RawBuilder<SqlBool>[] = [];
    if (word.requirementIds.length) {
      parts.push(sql<SqlBool>`${sql.ref('tasks.requirementId')} in (${sql.join(word.requirementIds)})`);
    }
    if (word.facilityIds.length) {
      parts.push(sql<SqlBool>`${sql.ref('tasks.facilityId')} in (${sql.join(word.facilityIds)})`);
    }
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

export type TaskSortField = 'dueDate' | 'title' | 'facility' | 'status' | 'completedAt' | 'updatedAt';
export interface TaskSort {
  field: TaskSortField;
  direction: 'asc' | 'desc';
}

/** The keys a page is ordered by, first to last (the id last makes the order total). */
function sortKeys(sort: TaskSort): Expression<unknown>[] {
  const due = sql.ref('tasks.dueDate');
  const id = sql.ref('tasks.id');
  switch (sort.field) {
    case 'dueDate':
      return [due, id];
    case 'title':
      return [sql.ref('tasks.title'), due, id];
    case 'status':
      return [sql.ref('tasks.status'), due, id];
    case 'facility':
      return [sql.ref('facilities.nameKey'), due, id];
    case 'completedAt':
      // Open tasks (no completion) last in either direction.
      return [
        sql`case when ${sql.ref('tasks.completedAt')} is null then 1 else 0 end`,
        sql.ref('tasks.completedAt'),
        id,
      ];
    case 'updatedAt':
      return [sql.ref('tasks.updatedAt'), id];
  }
}

/** Sorts whose keys are all non-null task columns: a keyset cursor can continue them. */
export const CURSOR_SORTS: readonly TaskSortField[] = ['dueDate', 'title', 'status'];

/** The cursor of a row: the values of its sort keys. */
export function cursorValues(sort: TaskSort, row: Pick<TaskRow, 'dueDate' | 'id' | 'title' | 'status'>): string[] {
  switch (sort.field) {
    case 'title':
      return [row.title, row.dueDate, row.id];
    case 'status':
      return [row.status, row.dueDate, row.id];
    default:
      return [row.dueDate, row.id];
  }
}

export interface TaskPageWindow {
  limit: number;
  /** Rows to skip (after `after`, when given). */
  offset: number;
  /** Continue after the row with these sort-key values (see `cursorValues`). */
  after?: string[];
}

/**
 * The sort-key values of every `every`-th row of the filtered list in `sort` order (rows every, 2·every,
 * …): where a deep page can start seeking instead of skipping every row before it. One pass over the
 * index; the caller caches the result while the tasks revision holds. Only for the cursor sorts.
 */
export async function findPageBoundaries(
  db: Db,
  filters: TaskFilters,
  sort: TaskSort,
  every: number,
): Promise<string[][]> {
  const keys = sortKeys(sort);
  const names = keys.map((_, index) => `k${index}`);
  const direction = sort.direction === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const numbered = filteredTasks(db, filters).select([
    ...keys.map((key, index) => sql<string>`${key}`.as(names[index]!)),
    sql<number>`row_number() over (order by ${sql.join(keys.map((key) => sql`${key} ${direction}`))})`.as('rn'),
  ]);
  const rows = await db
    .selectFrom(numbered.as('numbered'))
    .selectAll()
    .where(sql<SqlBool>`${sql.ref('numbered.rn')} % ${every} = 0`)
    .orderBy('numbered.rn')
    .execute();
  return rows.map((row) => names.map((name) => String((row as Record<string, unknown>)[name])));
}

/** The columns of a task row as the list and detail answers need them. */
const LIST_COLUMNS = [
  'tasks.id',
  'tasks.requirementId',
  'tasks.bindingId',
  'tasks.facilityId',
  'tasks.sequence',
  'tasks.title',
  'tasks.category',
  'tasks.frequency',
  'tasks.periodLabel',
  'tasks.scheduledDueDate',
  'tasks.dueDate',
  'tasks.rescheduleReason',
  'tasks.shiftHoliday',
  'tasks.status',
  'tasks.notApplicableReason',
  'tasks.timeliness',
  'tasks.assigneeId',
  'tasks.completedAt',
  'tasks.completedOn',
  'tasks.completedBy',
  'tasks.completionNote',
  'tasks.touched',
  'tasks.createdAt',
  'tasks.updatedAt',
  'facilities.name as facilityName',
  'facilities.timeZone',
  'requirements.title as requirementTitle',
  'requirements.leadTimeDays',
  'assignee.firstName as assigneeFirstName',
  'assignee.lastName as assigneeLastName',
  'completer.firstName as completerFirstName',
  'completer.lastName as completerLastName',
] as const;

function withLabels<T extends Db>(db: T) {
  return db
    .selectFrom('tasks')
    .innerJoin('facilities', 'facilities.id', 'tasks.facilityId')
    .innerJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .leftJoin('users as assignee', 'assignee.id', 'tasks.assigneeId')
    .leftJoin('users as completer', 'completer.id', 'tasks.completedBy');
}

/**
 * One page of tasks, and the tasks revision read with it (for the cached total). The page's ids are
 * found first, on the narrowest index that matches the filters and the order (deep pages skip index
 * entries, not rows), and only those rows are then read and joined with their labels.
 *
 * Both databases run the two parts as two statements. SQLite: in one statement its planner would walk
 * the whole due-date index to produce the outer order instead of reading the twenty rows, and a query
 * costs it no round trip. PostgreSQL: planning the one six-relation statement took 0.6–1.4 ms, three
 * times its execution, on every request (a generic plan of it is far worse: the page size is unknown to
 * it); the ids statement on one table plans in microseconds, and the labels statement by an id array
 * gets a generic plan as a prepared statement (db/postgres-prepared.ts).
 */
export async function listTasks(db: Db, filters: TaskFilters, sort: TaskSort, window: TaskPageWindow) {
  const postgres = isPostgres(db);
  // The ids statement, compiled once per filters, order and window (the same first page is asked for
  // again and again): building and compiling it cost as much CPU as running it.
  const ids = pageIdsStatement(db, JSON.stringify([filters, sort, window]), () => {
    const keys = sortKeys(sort);
    const direction = sort.direction;
    let query = filteredTasks(db, filters).select(
      postgres
        ? sql<string | number>`${sql.ref('tasks.id')}`.as('id')
        : sql<string | number>`${sql.ref('tasks.rowid')}`.as('id'),
    );
    if (sort.field === 'facility') query = query.innerJoin('facilities', 'facilities.id', 'tasks.facilityId');
    if (window.after) {
      const comparison = direction === 'asc' ? sql.raw('>') : sql.raw('<');
      query = query.where(sql<SqlBool>`(${sql.join(keys)}) ${comparison} (${sql.join(window.after)})`);
    }
    for (const key of keys) query = query.orderBy(key, direction);
    query = query.limit(window.limit);
    if (window.offset) query = query.offset(window.offset);
    return query;
  });

  if (postgres) {
    const pageIds = (await db.executeQuery(ids)).rows.map((row) => String(row.id));
    if (pageIds.length === 0) return { rows: [], revision: await findTasksRevision(db) };
    // One array parameter, so that the statement is the same for every page (a prepared statement
    // PostgreSQL can keep a plan of) whatever the page size; its text is built once.
    const rows = await executeAsNamed<TaskListRow & { revision: number }>(
      db,
      CompiledQuery.raw(labelsByIdArraySql(db), [pageIds]),
    );
    const position = new Map(pageIds.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    return { rows, revision: rows[0] ? Number(rows[0].revision) : await findTasksRevision(db) };
  }
  // SQLite: the page's rowids (in every index entry), so that each row is then read with one b-tree
  // descent instead of two (the id index, then the table); the revision is read with the rows, as above.
  const rowids = (await db.executeQuery(ids)).rows.map((row) => Number(row.id));
  if (rowids.length === 0) return { rows: [], revision: await findTasksRevision(db) };
  const rows = await executeAsNamed<TaskListRow & { rowid: number; revision: number }>(
    db,
    CompiledQuery.raw(labelsByRowidSql(db, rowids.length), rowids),
  );
  const position = new Map(rowids.map((rowid, index) => [rowid, index]));
  rows.sort((a, b) => position.get(Number(a.rowid))! - position.get(Number(b.rowid))!);
  return { rows, revision: rows[0] ? Number(rows[0].revision) : await findTasksRevision(db) };
}
const pageIdsStatement = compiledByKey(200);

/**
 * The page's columns named in SQL as the rows need them (`"tasks"."due_date" as "dueDate"`), so that
 * the rows are used as read, without the camel-case plugin's renaming of every column of every row;
 * with the tasks revision read in the same statement.
 */
const PAGE_SELECT = `select ${LIST_COLUMNS.map((column) => {
  const [reference, alias] = column.split(' as ') as [string, string | undefined];
  const [table, name] = reference.split('.') as [string, string];
  return `"${table}"."${name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}" as "${alias ?? name}"`;
}).join(', ')}, (select revision from tasks_revision where id = 1) as "revision"`;

/** `withLabels` with `where`, compiled, its select list replaced by PAGE_SELECT (and `extra` columns). */
function pageRowsSql(db: Db, where: RawBuilder<SqlBool>, extra = ''): string {
  const text = withLabels(db).select('tasks.id').where(where).compile().sql;
  return `${PAGE_SELECT}${extra}${text.slice(text.indexOf(' from '))}`;
}

/** The SQL that reads the tasks of an id array ($1) with their labels and the tasks revision (PostgreSQL). */
let labelsByIdArrayText: string | undefined;
function labelsByIdArraySql(db: Db): string {
  labelsByIdArrayText ??= pageRowsSql(db, sql<SqlBool>`${sql.ref('tasks.id')} = any(${[]})`);
  return labelsByIdArrayText;
}

/** The SQL that reads `count` tasks by rowid with their labels (SQLite), compiled once per count. */
const labelsSqlCache = new Map<number, string>();
function labelsByRowidSql(db: Db, count: number): string {
  let text = labelsSqlCache.get(count);
  if (!text) {
    const rowids = sql.join(Array.from({ length: count }, () => 0));
    text = pageRowsSql(db, sql<SqlBool>`${sql.ref('tasks.rowid')} in (${rowids})`, ', "tasks"."rowid" as "rowid"');
    labelsSqlCache.set(count, text);
  }
  return text;
}
export type TaskListRow = NonNullable<Awaited<ReturnType<typeof findTaskListRowById>>>;

export async function findTaskListRowById(db: Db, id: string) {
  return withLabels(db).select(LIST_COLUMNS).where('tasks.id', '=', id).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------------
// Comments

export async function insertTaskComment(db: Db, row: TaskCommentRow): Promise<void> {
  await db.insertInto('task_comments').values(row).execute();
}

export function findCommentsOfTask(db: Db, taskId: string) {
  return db
    .selectFrom('task_comments')
    .leftJoin('users', 'users.id', 'task_comments.authorId')
    .select([
      'task_comments.id',
      'task_comments.taskId',
      'task_comments.body',
      'task_comments.authorId',
      'task_comments.createdAt',
      'task_comments.updatedAt',
      'users.firstName',
      'users.lastName',
      'users.email',
    ])
    .where('task_comments.taskId', '=', taskId)
    .orderBy('task_comments.createdAt')
    .orderBy('task_comments.id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Hand-over

/** Reassigns every open task of `fromUserId` to `toUserId`; returns how many. */
export async function reassignOpenTasks(db: Db, fromUserId: string, toUserId: string, now: string): Promise<number> {
  const result = await db
    .updateTable('tasks')
    .set({ assigneeId: toUserId, updatedAt: now })
    .where('assigneeId', '=', fromUserId)
    .where('status', '=', 'INCOMPLETE')
    .executeTakeFirst();
  const count = Number(result.numUpdatedRows);
  if (count) await bumpTasksRevision(db);
  return count;
}

/** The distinct facilities of a user's open tasks. */
export async function findFacilitiesOfOpenTasks(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('facilityId')
    .distinct()
    .where('assigneeId', '=', userId)
    .where('status', '=', 'INCOMPLETE')
    .execute();
  return rows.map((row) => row.facilityId);
}

// ---------------------------------------------------------------------------------------------------
// Labels and look-ups the list needs from the directory

/** The time zone of each facility among `ids` (all facilities when undefined). */
export function findFacilityZones(db: Db, ids?: readonly string[]) {
  let query = db.selectFrom('facilities').select(['id', 'timeZone']);
  if (ids) query = ids.length ? query.where('id', 'in', ids) : query.where(nothing);
  return query.execute();
}

/** Ids of the requirements whose folded search text contains `pattern` (a LIKE pattern). */
export async function findRequirementIdsMatching(db: Db, pattern: string): Promise<string[]> {
  const rows = await db
    .selectFrom('requirements')
    .select('id')
    .where(sql<SqlBool>`${sql.ref('searchText')} like ${pattern} escape '\\'`)
    .execute();
  return rows.map((row) => row.id);
}

/** Ids of the facilities whose folded search text contains `pattern` (a LIKE pattern). */
export async function findFacilityIdsMatching(db: Db, pattern: string): Promise<string[]> {
  const rows = await db
    .selectFrom('facilities')
    .select('id')
    .where(sql<SqlBool>`${sql.ref('searchText')} like ${pattern} escape '\\'`)
    .execute();
  return rows.map((row) => row.id);
}

/** What the requirement tells the person doing a task: its description, citation, regulation and permit. */
export function findTaskInstructions(db: Db, taskId: string) {
  return db
    .selectFrom('tasks')
    .innerJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .leftJoin('regulations', 'regulations.id', 'requirements.regulationId')
    .select([
      'requirements.description',
      'requirements.citation',
      'requirements.permitNumber',
      'requirements.regulationId',
      'regulations.title as regulationTitle',
      'regulations.citation as regulationCitation',
    ])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
}

/** Every evidence document of a task, archived ones included (their events belong to its history). */
export function findEvidenceDocumentsOfTask(db: Db, taskId: string): Promise<{ id: string; title: string }[]> {
  return db.selectFrom('documents').select(['id', 'title']).where('taskId', '=', taskId).execute();
}
