import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import type { RequirementStatus, ScheduleMode, TaskCategory, TaskFrequency } from '@rtms/shared/enums';
import { inBatches } from '../../db/in-batches';
import type { Db, NewRow, RowUpdate } from '../../db/schema';
import { facilityLabelColumns, userNameColumnsAs } from '../../db/columns';
import { findRow, insertRow, updateRows } from '../../db/rows';
import {
  nothing,
  whereEqual,
  whereSearchMatches,
  type SortSpec,
  sortExpression,
  lowerCase,
  emptyLast,
} from '../../platform/list-query';
import type { BindingRow, RequirementRow } from './requirements.table';
import { countRows } from '../../db/count-rows';
import { compiledByKey, compiledOnce } from '../../db/compiled-once';

export function findRequirementRowById(db: Db, id: string): Promise<RequirementRow | undefined> {
  return findRow(db, 'requirements', { id });
}

/**
 * Locks the requirement and its bindings until the end of the transaction (PostgreSQL), so that two
 * edits, or an edit and the daily job, never plan the same series at once. SQLite has one writer.
 */
export async function lockRequirement(db: Db, id: string): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from requirements where id = ${id} for update`.execute(db);
  await sql`select id from requirement_facilities where requirement_id = ${id} for update`.execute(db);
}

export async function insertRequirement(db: Db, row: NewRow<'requirements'>): Promise<void> {
  await insertRow(db, 'requirements', row);
}

export async function updateRequirementRow(db: Db, id: string, changes: RowUpdate<'requirements'>): Promise<void> {
  await updateRows(db, 'requirements', { id }, changes);
}

export function findBindingRows(db: Db, requirementId: string): Promise<BindingRow[]> {
  return db.selectFrom('requirement_facilities').selectAll().where('requirementId', '=', requirementId).execute();
}

/** The facilities each requirement binds (bound bindings only, in or out of any caller's scope). */
export async function findBoundFacilityIds(db: Db, requirementIds: readonly string[]): Promise<Map<string, string[]>> {
  const byRequirement = new Map<string, string[]>();
  if (requirementIds.length === 0) return byRequirement;
  const rows = await db
    .selectFrom('requirement_facilities')
    .select(['requirementId', 'facilityId', 'bound'])
    .where('requirementId', 'in', requirementIds)
    .execute();
  for (const row of rows) {
    if (!row.bound) continue;
    byRequirement.set(row.requirementId, [...(byRequirement.get(row.requirementId) ?? []), row.facilityId]);
  }
  return byRequirement;
}

export function insertBindings(db: Db, rows: NewRow<'requirement_facilities'>[]): Promise<void> {
  return inBatches(rows, 100, (batch) => db.insertInto('requirement_facilities').values(batch).execute());
}

export async function updateBindingRow(db: Db, id: string, changes: Partial<Omit<BindingRow, 'id'>>): Promise<void> {
  await updateRows(db, 'requirement_facilities', { id }, changes);
}

/** The bound bindings of requirements with their facility's and assignee's labels, for the detail view. */
export function findBindingsWithLabels(db: Db, requirementIds: readonly string[]) {
  if (requirementIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('requirement_facilities as b')
    .innerJoin('facilities as f', 'f.id', 'b.facilityId')
    .leftJoin('users as u', 'u.id', 'b.assigneeId')
    .select([...facilityLabelColumns('f'), ...userNameColumnsAs('u', 'assignee')])
    .select([
      'b.id',
      'b.requirementId',
      'b.facilityId',
      'b.applicable',
      'b.notApplicableReason',
      'b.assigneeId',
      'b.firstDueDate',
      'b.generateFrom',
      'b.createdAt',
      'b.updatedAt',
      'f.timeZone',
      'f.nameKey',
    ])
    .where('b.requirementId', 'in', requirementIds)
    .where('b.bound', '=', 1)
    .orderBy('f.nameKey')
    .execute();
}

export type RequirementSortField =
  'title' | 'category' | 'frequency' | 'status' | 'firstDueDate' | 'citation' | 'createdAt' | 'updatedAt';

export interface RequirementFilters {
  search?: string;
  status?: RequirementStatus;
  category?: TaskCategory;
  frequency?: TaskFrequency;
  scheduleMode?: ScheduleMode;
  programAreaId?: string;
  regulationId?: string;
  /** Only requirements bound to this facility. */
  facilityId?: string;
  /** Only requirements bound to one of these facilities (the caller's scope); undefined = all. */
  scopeFacilityIds?: string[];
}

function boundTo(facilityIds: readonly string[]) {
  if (facilityIds.length === 0) return nothing;
  return sql<SqlBool>`exists (select 1 from requirement_facilities b where b.requirement_id = ${sql.ref(
    'requirements.id',
  )} and b.bound = 1 and b.facility_id in (${sql.join(facilityIds)}))`;
}

function filtered(db: Db, filters: RequirementFilters) {
  let query = db.selectFrom('requirements');
  query = whereEqual(query, {
    'requirements.status': filters.status,
    'requirements.category': filters.category,
    'requirements.frequency': filters.frequency,
    'requirements.scheduleMode': filters.scheduleMode,
    'requirements.programAreaId': filters.programAreaId,
    'requirements.regulationId': filters.regulationId,
  });
  if (filters.facilityId) query = query.where(boundTo([filters.facilityId]));
  if (filters.scopeFacilityIds) query = query.where(boundTo(filters.scopeFacilityIds));
  return whereSearchMatches(query, 'requirements.searchText', filters.search);
}

export async function countRequirements(db: Db, filters: RequirementFilters): Promise<number> {
  return countRows(filtered(db, filters));
}

const LABELLED_COLUMNS = [
  'requirements.id',
  'requirements.title',
  'requirements.description',
  'requirements.regulationId',
  'requirements.citation',
  'requirements.programAreaId',
  'requirements.category',
  'requirements.frequency',
  'requirements.scheduleMode',
  'requirements.firstDueDate',
  'requirements.weekendShift',
  'requirements.periodStartMonth',
  'requirements.periodDueDays',
  'requirements.periodDueDayOfMonth',
  'requirements.leadTimeDays',
  'requirements.graceDays',
  'requirements.evidenceRequired',
  'requirements.minEvidence',
  'requirements.reviewRequired',
  'requirements.permitNumber',
  'requirements.activeFrom',
  'requirements.activeUntil',
  'requirements.defaultAssigneeId',
  'requirements.reminderFirstBeforeDays',
  'requirements.reminderSecondBeforeDays',
  'requirements.escalateFacilityAfterDays',
  'requirements.escalateAllAfterDays',
  'requirements.status',
  'requirements.createdAt',
  'requirements.updatedAt',
  'regulations.title as regulationTitle',
  'program_areas.name as programAreaName',
  ...userNameColumnsAs('users', 'assignee'),
] as const;

function labelled(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('regulations', 'regulations.id', 'requirements.regulationId')
    .leftJoin('program_areas', 'program_areas.id', 'requirements.programAreaId')
    .leftJoin('users', 'users.id', 'requirements.defaultAssigneeId')
    .select(LABELLED_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('requirement_facilities as b')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('b.requirementId', '=', 'requirements.id')
        // A literal: the page's labels statement then has the id list as its one parameter.
        .where('b.bound', '=', sql.lit(1))
        .as('facilityCount'),
    );
}

/** Page statements compiled once per filters, order and window (the same pages are asked for again and again). */
const pageIdsStatements = compiledByKey(200);

/**
 * The labels of the requirements of an id list, the list its one parameter (a JSON array on SQLite, an
 * array on PostgreSQL): one statement text for every page, kept prepared; each id is a primary-key probe.
 */
const labelsOfIds = compiledOnce((db) =>
  labelled(
    db
      .selectFrom('requirements')
      .where(
        db.getExecutor().adapter instanceof PostgresAdapter
          ? sql<SqlBool>`${sql.ref('requirements.id')} = any(${[]})`
          : sql<SqlBool>`${sql.ref('requirements.id')} in (select value from json_each(${''}))`,
      ),
  ),
);

/**
 * One page of requirements with their labels and facility counts, in two statements: the page's ids from
 * the requirements table alone (on the title index for the default order), then the labels and facility
 * counts of those rows only. As one statement, PostgreSQL planned it anew on every request (2 ms) and
 * hashed the whole table to join the page's ids back (decision 029); it counted the facilities of every
 * row a deep page skips before decision 027.
 */
export async function listRequirements(
  db: Db,
  filters: RequirementFilters,
  sort: SortSpec<RequirementSortField>,
  window: { limit: number; offset: number },
) {
  const statement = pageIdsStatements(db, JSON.stringify([filters, sort, window]), () => {
    const order = sortExpression(
      sort.field,
      { title: lowerCase('requirements.title'), citation: lowerCase('requirements.citation') },
      'requirements',
    );
    let ids = filtered(db, filters).select('requirements.id');
    // Only the citation can be empty; a null-first key on the other columns would keep the index on
    // (lower(title), id) from serving the default order.
    if (sort.field === 'citation') ids = ids.orderBy(emptyLast(order), 'asc');
    ids = ids.orderBy(order, sort.direction);
    if (sort.field !== 'title') ids = ids.orderBy(lowerCase('requirements.title'), 'asc');
    // The id in the direction of the title: one index scan, forwards or backwards, gives the page.
    ids = ids.orderBy('requirements.id', sort.field === 'title' ? sort.direction : 'asc');
    return ids.limit(window.limit).offset(window.offset);
  });
  const ids = (await db.executeQuery(statement)).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { rows } = await labelsOfIds(db, [postgres ? ids : JSON.stringify(ids)]);
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
export type RequirementListRow = Awaited<ReturnType<typeof listRequirements>>[number];

export function findLabelledRequirement(db: Db, id: string): Promise<RequirementListRow | undefined> {
  return labelled(filtered(db, {}).where('requirements.id', '=', id)).executeTakeFirst();
}

/** The facilities (with time zone and status) among `ids`. */
export function findFacilitiesForBinding(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('facilities')
    .select(['id', 'name', 'code', 'timeZone', 'status'])
    .where('id', 'in', ids)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Hand-over

/** Moves the default assignee of every requirement from one user to another; returns how many. */
export function reassignRequirementDefaults(db: Db, fromUserId: string, toUserId: string, now: string) {
  return updateRows(
    db,
    'requirements',
    { defaultAssigneeId: fromUserId },
    { defaultAssigneeId: toUserId, updatedAt: now },
  );
}

/** Moves the assignee override of every binding from one user to another; returns how many. */
export function reassignBindingAssignees(db: Db, fromUserId: string, toUserId: string, now: string) {
  return updateRows(db, 'requirement_facilities', { assigneeId: fromUserId }, { assigneeId: toUserId, updatedAt: now });
}

/** Requirement bindings (`b`) joined with their requirement (`r`). */
export function bindingsWithRequirements(db: Db) {
  return db.selectFrom('requirement_facilities as b').innerJoin('requirements as r', 'r.id', 'b.requirementId');
}

/**
 * Facilities where the user is a default or binding assignee of a live requirement binding. Two reads, each from
 * its own assignee index, joined by a union: one condition with an OR over both tables scanned every binding.
 */
export async function findFacilitiesOfAssignments(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('requirement_facilities as b')
    .select('b.facilityId')
    .where('b.assigneeId', '=', userId)
    .where('b.bound', '=', 1)
    .union(
      db
        .selectFrom('requirements as r')
        .innerJoin('requirement_facilities as b', 'b.requirementId', 'r.id')
        .select('b.facilityId')
        .where('r.defaultAssigneeId', '=', userId)
        .where('b.assigneeId', 'is', null)
        .where('b.bound', '=', 1),
    )
    .execute();
  return rows.map((row) => row.facilityId);
}
