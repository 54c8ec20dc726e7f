import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { OPEN_FINDING_STATUSES } from '@rtms/shared/enums';
import type { FindingListQuery } from '@rtms/shared/schemas/findings';
import type { Db, NewRow } from '../../db/schema';
import { recordRows } from '../../db/rows';
import { isPostgres } from '../../db/dialect';
import { countRows } from '../../db/count-rows';
import { countedRows, emptyLast, inScope, lowerCase, nothing, type ListRequest } from '../../platform/list-query';
import type { FindingRow } from './findings.table';

/**
 * The facilities grouped by their calendar date today (each facility's own zone): an action is overdue when it is
 * open and due before its facility's today. There are only as many groups as dates on Earth at one instant (two
 * or three), so the condition stays short however many facilities there are.
 */
export type TodayGroups = { today: string; facilityIds: string[] }[];

export const findingRows = recordRows('findings');
export const actionRows = recordRows('corrective_actions');

/** Every facility with its time zone (to group them by their today). */
export function findFacilityZones(db: Db) {
  return db.selectFrom('facilities').select(['id', 'timeZone']).execute();
}

/** `column` (a corrective action's due date) before its facility's today, for the facility column `facility`. */
export function overdueCondition(groups: TodayGroups, due: string, facility: string): RawBuilder<SqlBool> {
  const parts = groups
    .filter((group) => group.facilityIds.length > 0)
    .map((group) => sql<SqlBool>`(${sql.ref(due)} < ${group.today} and ${inScope(facility, group.facilityIds)})`);
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : nothing;
}

/** The condition "an open action of this finding is overdue". */
function hasOverdueAction(groups: TodayGroups): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from corrective_actions oa where oa.finding_id = findings.id
    and oa.status = 'OPEN' and ${overdueCondition(groups, 'oa.due_date', 'oa.facility_id')})`;
}

export interface FindingFilters extends Omit<FindingListQuery, 'page' | 'pageSize' | 'sort' | 'search'> {
  /** The caller's facilities; undefined for every facility. */
  facilityIds: string[] | undefined;
  searchPatterns: string[];
  todays: TodayGroups;
}

function filteredFindings(db: Db, filters: FindingFilters) {
  let query = db.selectFrom('findings');
  if (filters.facilityIds) query = query.where(inScope('findings.facilityId', filters.facilityIds));
  for (const column of ['facilityId', 'source', 'severity', 'status', 'ownerId', 'taskId', 'permitId'] as const) {
    const value = filters[column];
    if (value) query = query.where(`findings.${column}`, '=', value as never);
  }
  if (filters.open === true) query = query.where('findings.status', 'in', [...OPEN_FINDING_STATUSES]);
  if (filters.open === false) query = query.where('findings.status', 'not in', [...OPEN_FINDING_STATUSES]);
  if (filters.highSeverity !== undefined)
    query = query.where('findings.severity', filters.highSeverity ? 'in' : 'not in', ['HIGH', 'CRITICAL']);
  if (filters.reportPending !== undefined) {
    const pending = sql<SqlBool>`(findings.reportable = 1 and findings.reported_on is null and findings.status <> 'CANCELLED')`;
    query = query.where(filters.reportPending ? pending : sql<SqlBool>`not ${pending}`);
  }
  if (filters.overdueActions !== undefined) {
    const overdue = hasOverdueAction(filters.todays);
    query = query.where(filters.overdueActions ? overdue : sql<SqlBool>`not ${overdue}`);
  }
  for (const pattern of filters.searchPatterns)
    query = query.where(sql<SqlBool>`findings.search_text like ${pattern} escape '\\'`);
  return query;
}

const SEVERITY_RANK = sql`case findings.severity when 'LOW' then 1 when 'MEDIUM' then 2 when 'HIGH' then 3 else 4 end`;
const STATUS_RANK = sql`case findings.status when 'OPEN' then 1 when 'ACTIONS_IN_PROGRESS' then 2
  when 'PENDING_VERIFICATION' then 3 when 'CLOSED' then 4 else 5 end`;

type FindingSort =
  'identifiedOn' | 'severity' | 'status' | 'title' | 'source' | 'reportDueDate' | 'createdAt' | 'updatedAt';

function findingOrder(field: FindingSort): RawBuilder<unknown> {
  if (field === 'severity') return SEVERITY_RANK;
  if (field === 'status') return STATUS_RANK;
  if (field === 'title') return lowerCase('findings.title');
  return sql.ref(`findings.${field}`);
}

/** A finding with the names it shows and its action counts. */
function findingsWithLabels(db: Db, todays: TodayGroups) {
  return db
    .selectFrom('findings')
    .innerJoin('facilities', 'facilities.id', 'findings.facilityId')
    .leftJoin('users as owner', 'owner.id', 'findings.ownerId')
    .leftJoin('users as verifier', 'verifier.id', 'findings.verifiedBy')
    .leftJoin('tasks', 'tasks.id', 'findings.taskId')
    .leftJoin('permits', 'permits.id', 'findings.permitId')
    .selectAll('findings')
    .select([
      'facilities.name as facilityName',
      'permits.number as permitNumber',
      'permits.title as permitTitle',
      'owner.firstName as ownerFirstName',
      'owner.lastName as ownerLastName',
      'verifier.firstName as verifierFirstName',
      'verifier.lastName as verifierLastName',
      'tasks.title as taskTitle',
      'tasks.periodLabel as taskPeriodLabel',
      sql<number>`(select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN')`.as('openActions'),
      sql<number>`(select count(*) from corrective_actions ca where ca.finding_id = findings.id
        and ca.status = 'OPEN' and ${overdueCondition(todays, 'ca.due_date', 'ca.facility_id')})`.as('overdueActions'),
    ]);
}

export type FindingListRow = Awaited<ReturnType<typeof findFindingWithLabels>> & {};

export function findFindingWithLabels(db: Db, id: string, todays: TodayGroups) {
  return findingsWithLabels(db, todays).where('findings.id', '=', id).executeTakeFirst();
}

/** How many findings the filters match. */
export function countFindings(db: Db, filters: FindingFilters): Promise<number> {
  return countRows(filteredFindings(db, filters));
}

export function listFindingRows(db: Db, { filters, sort, window }: ListRequest<FindingFilters, FindingSort>) {
  const order = findingOrder(sort.field);
  return countedRows(filteredFindings(db, filters), (query) =>
    findingsWithLabels(db, filters.todays)
      .where('findings.id', 'in', query.select('findings.id'))
      .orderBy(emptyLast(order))
      .orderBy(order, sort.direction)
      .orderBy('findings.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  );
}

/**
 * Inserts automatic findings under their unique `autoKey`, skipping every key that exists already (another sweep,
 * instance or completion wrote it first): the insert itself decides, there is no read before it. Answers the
 * rows this statement inserted.
 */
export async function insertAutomaticFindings(db: Db, rows: NewRow<'findings'>[]): Promise<{ id: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('findings')
    .values(rows)
    .onConflict((conflict) => conflict.column('autoKey').doNothing())
    .returning('id')
    .execute();
}

/** The automatic findings of one task (at most one per source). */
export function findTaskFindings(db: Db, taskId: string): Promise<FindingRow[]> {
  return db.selectFrom('findings').selectAll().where('taskId', '=', taskId).where('autoKey', 'is not', null).execute();
}

/**
 * A facility's incomplete, applicable tasks due before `before` that have no MISSED_TASK finding yet, with their
 * requirement's grace: the candidates of the missed-task sweep (the caller keeps those past their grace).
 */
export function findMissedCandidates(db: Db, facilityId: string, before: string) {
  return db
    .selectFrom('tasks')
    .innerJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .select([
      'tasks.id',
      'tasks.title',
      'tasks.periodLabel',
      'tasks.dueDate',
      'tasks.requirementId',
      'tasks.assigneeId',
      'requirements.graceDays',
      'requirements.defaultAssigneeId',
    ])
    .where('tasks.facilityId', '=', facilityId)
    .where('tasks.status', '=', 'INCOMPLETE')
    .where('tasks.notApplicableReason', 'is', null)
    .where('tasks.dueDate', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('findings')
            .select('findings.id')
            .where(
              'findings.autoKey',
              '=',
              sql<string>`${'MISSED_TASK:'} || tasks.id` as unknown as Expression<string>,
            ),
        ),
      ),
    )
    .orderBy('tasks.dueDate')
    .orderBy('tasks.id')
    .execute();
}

/** Active facilities with their zone and go-live day, for the sweep. */
export function findActiveFacilityZones(db: Db) {
  return db
    .selectFrom('facilities')
    .select(['id', 'timeZone', 'notifyFrom'])
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
}

export function findFindingSettings(db: Db) {
  return db.selectFrom('finding_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function updateFindingSettings(
  db: Db,
  settings: { missedTaskFindings: number; lateCompletionFindings: number; updatedAt: string },
): Promise<void> {
  await db.updateTable('finding_settings').set(settings).where('id', '=', 1).execute();
}

/** Locks a finding's row for the rest of the transaction (PostgreSQL; SQLite's writer lock already serialises). */
export async function lockFinding(db: Db, id: string): Promise<void> {
  if (isPostgres(db)) await sql`select id from findings where id = ${id} for update`.execute(db);
}

/** The facility of a permit, or undefined when there is no such permit (a finding names a permit of its facility). */
export async function findPermitFacilityId(db: Db, permitId: string): Promise<string | undefined> {
  const row = await db.selectFrom('permits').select('facilityId').where('id', '=', permitId).executeTakeFirst();
  return row?.facilityId;
}
