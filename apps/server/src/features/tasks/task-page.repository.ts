import { CompiledQuery, sql, type Expression, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { compiledByKey, executeAsNamed } from '../../db/compiled-once';
import { isPostgres } from '../../db/dialect';
import type { Database, Db } from '../../db/schema';
import { createKept, type Kept } from '../../platform/kept';
import { filteredTasks, type TaskFilters } from './task-filters.repository';
import { findTasksRevision } from './tasks.repository';
import type { TaskRow } from './tasks.table';

/** The Tasks Tracker's pages: sort orders, cursors, deep-page boundaries and the rows with their labels. */

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

/** The rows each alias of `withLabels` reads (the users of the two left joins may be absent). */
interface LabelSources {
  tasks: Selectable<Database['tasks']>;
  facilities: Selectable<Database['facilities']>;
  requirements: Selectable<Database['requirements']>;
  assignee: { [K in keyof Selectable<Database['users']>]: Selectable<Database['users']>[K] | null };
  completer: { [K in keyof Selectable<Database['users']>]: Selectable<Database['users']>[K] | null };
}
/** A column of LIST_COLUMNS: an alias of `withLabels` and one of its columns (checked, so no name is mistyped). */
type ListColumn = { [Alias in keyof LabelSources]: readonly [Alias, keyof LabelSources[Alias]] }[keyof LabelSources];

/**
 * The columns of a task row as the list and detail answers need them — the one definition of a list row:
 * each name in the row, with the table (or join alias of `withLabels`) and column it is read from. The
 * SQL select list and the row's type are both made from it.
 */
const LIST_COLUMNS = {
  id: ['tasks', 'id'],
  requirementId: ['tasks', 'requirementId'],
  bindingId: ['tasks', 'bindingId'],
  facilityId: ['tasks', 'facilityId'],
  sequence: ['tasks', 'sequence'],
  title: ['tasks', 'title'],
  category: ['tasks', 'category'],
  frequency: ['tasks', 'frequency'],
  periodLabel: ['tasks', 'periodLabel'],
  scheduledDueDate: ['tasks', 'scheduledDueDate'],
  dueDate: ['tasks', 'dueDate'],
  rescheduleReason: ['tasks', 'rescheduleReason'],
  shiftHoliday: ['tasks', 'shiftHoliday'],
  status: ['tasks', 'status'],
  notApplicableReason: ['tasks', 'notApplicableReason'],
  timeliness: ['tasks', 'timeliness'],
  assigneeId: ['tasks', 'assigneeId'],
  completedAt: ['tasks', 'completedAt'],
  completedOn: ['tasks', 'completedOn'],
  completedBy: ['tasks', 'completedBy'],
  completionNote: ['tasks', 'completionNote'],
  touched: ['tasks', 'touched'],
  awaitingReview: ['tasks', 'awaitingReview'],
  createdAt: ['tasks', 'createdAt'],
  updatedAt: ['tasks', 'updatedAt'],
  facilityName: ['facilities', 'name'],
  timeZone: ['facilities', 'timeZone'],
  requirementTitle: ['requirements', 'title'],
  leadTimeDays: ['requirements', 'leadTimeDays'],
  assigneeFirstName: ['assignee', 'firstName'],
  assigneeLastName: ['assignee', 'lastName'],
  completerFirstName: ['completer', 'firstName'],
  completerLastName: ['completer', 'lastName'],
} as const satisfies Record<string, ListColumn>;

type ListColumns = typeof LIST_COLUMNS;

/** A task row of the list and the detail page, as LIST_COLUMNS reads it. */
export type TaskListRow = {
  -readonly [Name in keyof ListColumns]: LabelSources[ListColumns[Name][0]][ListColumns[Name][1] &
    keyof LabelSources[ListColumns[Name][0]]];
};

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
  const key = JSON.stringify([filters, sort, window]);
  // The ids statement, compiled once per filters, order and window (the same first page is asked for
  // again and again): building and compiling it cost as much CPU as running it.
  const ids = pageIdsStatement(db, key, () => {
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

  const pageKeys = await cachedPageKeys(db, key, sort, async () =>
    (await db.executeQuery(ids)).rows.map((row) => row.id),
  );
  if (postgres) {
    const pageIds = pageKeys.map(String);
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
  const rowids = pageKeys.map(Number);
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

/** Per database (a process can serve several, as the tests do): revisions of two databases are unrelated. */
const pageKeysKept = new WeakMap<Db, Kept<(string | number)[]>>();

/**
 * The page's ids (rowids on SQLite), kept per filters, order and window while the tasks revision holds —
 * every change of a task bumps it (tasks.repository.ts), the same rule as the cached totals and deep-page
 * boundaries. A search's ids statement cost PostgreSQL about 1 ms to plan on every request; reading the
 * revision costs a primary-key probe. The facility order is not kept: a facility's rename moves it
 * without a change of any task. Kept in the process's one store (platform/kept.ts).
 */
async function cachedPageKeys(
  db: Db,
  key: string,
  sort: TaskSort,
  read: () => Promise<(string | number)[]>,
): Promise<(string | number)[]> {
  if (sort.field === 'facility') return read();
  let kept = pageKeysKept.get(db);
  if (!kept) pageKeysKept.set(db, (kept = createKept((keys) => 32 + keys.length * 48)));
  return kept.get(key, await findTasksRevision(db), read);
}

/**
 * The page's columns named in SQL as the rows need them (`"tasks"."due_date" as "dueDate"`), so that
 * the rows are used as read, without the camel-case plugin's renaming of every column of every row;
 * with the tasks revision read in the same statement.
 */
const PAGE_SELECT = `select ${Object.entries(LIST_COLUMNS)
  .map(
    ([name, [table, column]]) =>
      `"${table}"."${column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}" as "${name}"`,
  )
  .join(', ')}, (select revision from tasks_revision where id = 1) as "revision"`;

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
/** The SQL that reads one task by id with its labels, per dialect (its placeholder differs). */
const labelsByIdText = new Map<boolean, string>();

/** One task row with its labels (the detail page, and a command's answer): the page's statement for one id. */
export async function findTaskListRowById(db: Db, id: string): Promise<TaskListRow | undefined> {
  const postgres = isPostgres(db);
  let text = labelsByIdText.get(postgres);
  if (!text) labelsByIdText.set(postgres, (text = pageRowsSql(db, sql<SqlBool>`${sql.ref('tasks.id')} = ${id}`)));
  const [row] = await executeAsNamed<TaskListRow & { revision?: number }>(db, CompiledQuery.raw(text, [id]));
  if (row) delete row.revision;
  return row;
}
