import { CompiledQuery, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import { isPostgres } from '../../db/dialect';
import { inBatches } from '../../db/in-batches';
import type { Db, NewRow } from '../../db/schema';
import { userNameColumns } from '../../db/columns';
import { findRow, insertRow, updateRows } from '../../db/rows';
import type { TaskCommentRow, TaskRow } from './tasks.table';

/**
 * The tasks' rows: writing them (generation, completion, hand-over), the revisions the caches follow,
 * and reading single rows for the commands. The list's filters, its pages and the look-ups of the
 * detail page have their own files (task-filters, task-page, task-lookups).
 */

/**
 * The columns the bulk insert writes, each with its PostgreSQL array type and its value in a new row:
 * one list, so that the column names and the bound values cannot fall out of step.
 */
const TASK_COLUMNS: readonly (readonly [
  name: string,
  type: 'text' | 'int4',
  value: (row: NewRow<'tasks'>) => unknown,
])[] = [
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

function taskValues(row: NewRow<'tasks'>): unknown[] {
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
export async function insertTasks(db: Db, rows: readonly NewRow<'tasks'>[]): Promise<number> {
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
  return inserted;
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
  await inBatches(ids, 500, (batch) => db.deleteFrom('tasks').where('id', 'in', batch).execute());
}

/** Updates some columns of one task (its revisions follow by trigger: migration 0180). */
export async function updateTaskColumns(db: Db, id: string, changes: Partial<Omit<TaskRow, 'id'>>): Promise<void> {
  await updateRows(db, 'tasks', { id }, changes);
}

export function findTaskRowById(db: Db, id: string): Promise<TaskRow | undefined> {
  return findRow(db, 'tasks', { id });
}

/** Locks a task row until the end of the transaction (PostgreSQL; SQLite has one writer at a time). */
export async function lockTask(db: Db, id: string): Promise<void> {
  if (isPostgres(db)) await sql`select id from tasks where id = ${id} for update`.execute(db);
}

export function findTaskByBindingSequence(db: Db, bindingId: string, sequence: number): Promise<TaskRow | undefined> {
  return findRow(db, 'tasks', { bindingId, sequence });
}

/** A task joined with its requirement: where the reads that need the requirement's rules or texts start. */
export function tasksWithRequirements(db: Db) {
  return db.selectFrom('tasks').innerJoin('requirements', 'requirements.id', 'tasks.requirementId');
}

/** The context a task's rules need: its requirement's windows and evidence gate, its binding, its facility's zone. */
export function findTaskContext(db: Db, taskId: string) {
  return tasksWithRequirements(db)
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
      'requirements.reviewRequired',
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
// Comments

export async function insertTaskComment(db: Db, row: TaskCommentRow): Promise<void> {
  await insertRow(db, 'task_comments', row);
}

export function findCommentsOfTask(db: Db, taskId: string) {
  return db
    .selectFrom('task_comments')
    .leftJoin('users', 'users.id', 'task_comments.authorId')
    .select(userNameColumns('users'))
    .select([
      'task_comments.id',
      'task_comments.taskId',
      'task_comments.body',
      'task_comments.authorId',
      'task_comments.createdAt',
      'task_comments.updatedAt',
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
