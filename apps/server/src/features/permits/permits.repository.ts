/**
 * The permits feature's SQL: permit versions with their facility's name and zone, conditions, the tasks of
 * the requirements a permit owns (next task, renewal task, what a new version or termination supersedes) and
 * the documents linked to a permit.
 */
import { sql, type SqlBool } from 'kysely';
import type { PermitType } from '@rtms/shared/enums';
import { isPostgres } from '../../db/dialect';
import type { Db, NewRow } from '../../db/schema';
import { insertRow, updateRows } from '../../db/rows';
import { inScope, searchMatches } from '../../platform/list-query';
import type { PermitConditionRow, PermitRow } from './permits.table';

/** A permit version with its facility's labels and zone and its next version's effective date. */
export type PermitListRow = PermitRow & {
  facilityName: string;
  facilityCode: string;
  timeZone: string;
  nextVersionEffectiveOn: string | null;
};

export interface PermitFilters {
  scopeFacilityIds?: string[] | undefined;
  facilityId?: string | undefined;
  type?: PermitType | undefined;
  expiresFrom?: string | undefined;
  expiresTo?: string | undefined;
  search?: string | undefined;
}

function selectPermits(db: Db) {
  return db
    .selectFrom('permits')
    .innerJoin('facilities', 'facilities.id', 'permits.facilityId')
    .leftJoin('permits as next', 'next.id', 'permits.nextVersionId')
    .selectAll('permits')
    .select([
      'facilities.name as facilityName',
      'facilities.code as facilityCode',
      'facilities.timeZone as timeZone',
      'next.effectiveOn as nextVersionEffectiveOn',
    ]);
}

/**
 * Every permit version matching the filters that can be judged in SQL; the derived status (which depends on
 * each facility's today) is filtered, sorted and paged by the service. A register holds a few permits per
 * facility, so the whole filtered set is small.
 */
export function findPermits(db: Db, filters: PermitFilters): Promise<PermitListRow[]> {
  let query = selectPermits(db);
  if (filters.scopeFacilityIds) query = query.where(inScope('permits.facility_id', filters.scopeFacilityIds));
  if (filters.facilityId) query = query.where('permits.facilityId', '=', filters.facilityId);
  if (filters.type) query = query.where('permits.type', '=', filters.type);
  if (filters.expiresFrom) query = query.where('permits.expiresOn', '>=', filters.expiresFrom);
  if (filters.expiresTo) query = query.where('permits.expiresOn', '<=', filters.expiresTo);
  const matches = searchMatches('permits.search_text', filters.search);
  if (matches) query = query.where(matches);
  return query.orderBy('permits.id').execute() as Promise<PermitListRow[]>;
}

export function findPermitById(db: Db, id: string): Promise<PermitListRow | undefined> {
  return selectPermits(db).where('permits.id', '=', id).executeTakeFirst() as Promise<PermitListRow | undefined>;
}

/** Every version of one permit, oldest first. */
export function findVersions(db: Db, lineageId: string): Promise<PermitListRow[]> {
  return selectPermits(db).where('permits.lineageId', '=', lineageId).orderBy('permits.version').execute() as Promise<
    PermitListRow[]
  >;
}

/** Whether another permit (not a version of `lineageId`) on the facility has the number. */
export async function isNumberTaken(db: Db, facilityId: string, numberKey: string, lineageId: string | null) {
  let query = db
    .selectFrom('permits')
    .select('id')
    .where('facilityId', '=', facilityId)
    .where('numberKey', '=', numberKey);
  if (lineageId) query = query.where('lineageId', '<>', lineageId);
  return Boolean(await query.executeTakeFirst());
}

export function insertPermit(db: Db, row: NewRow<'permits'>) {
  return insertRow(db, 'permits', row);
}

export function updatePermitRow(db: Db, id: string, values: Partial<Omit<PermitRow, 'id'>>) {
  return updateRows(db, 'permits', { id }, values);
}

/** Locks the permit row until the end of the transaction on PostgreSQL (SQLite has one writer). */
export async function lockPermit(db: Db, id: string): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select id from permits where id = ${id} for update`.execute(db);
}

// Conditions ------------------------------------------------------------------------------------------------

export function findConditions(db: Db, permitIds: readonly string[]): Promise<PermitConditionRow[]> {
  if (permitIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('permit_conditions')
    .selectAll()
    .where('permitId', 'in', permitIds)
    .orderBy('position')
    .orderBy('createdAt')
    .execute();
}

export function findCondition(db: Db, permitId: string, id: string): Promise<PermitConditionRow | undefined> {
  return db
    .selectFrom('permit_conditions')
    .selectAll()
    .where('id', '=', id)
    .where('permitId', '=', permitId)
    .executeTakeFirst();
}

export function insertCondition(db: Db, row: NewRow<'permit_conditions'>) {
  return insertRow(db, 'permit_conditions', row);
}

export function updateConditionRow(db: Db, id: string, values: Partial<Omit<PermitConditionRow, 'id'>>) {
  return updateRows(db, 'permit_conditions', { id }, values);
}

export async function deleteConditionRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('permit_conditions').where('id', '=', id).execute();
}

/** Marks a requirement as coming from a permit (and a condition, or none for the renewal). */
export async function linkRequirement(db: Db, requirementId: string, permitId: string, conditionId: string | null) {
  await db.updateTable('requirements').set({ permitId, conditionId }).where('id', '=', requirementId).execute();
}

// Tasks of a permit's requirements -----------------------------------------------------------------------------

export interface PermitTaskRow {
  id: string;
  requirementId: string;
  title: string;
  dueDate: string;
  scheduledDueDate: string;
  rescheduleReason: string | null;
  shiftHoliday: string | null;
  status: 'COMPLETED' | 'INCOMPLETE';
  notApplicableReason: string | null;
  touched: number;
  leadTimeDays: number;
}

function selectRequirementTasks(db: Db, requirementIds: readonly string[]) {
  return db
    .selectFrom('tasks')
    .innerJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .select([
      'tasks.id',
      'tasks.requirementId',
      'tasks.title',
      'tasks.dueDate',
      'tasks.scheduledDueDate',
      'tasks.rescheduleReason',
      'tasks.shiftHoliday',
      'tasks.status',
      'tasks.notApplicableReason',
      'tasks.touched',
      'requirements.leadTimeDays',
    ])
    .where('tasks.requirementId', 'in', requirementIds);
}

/** The open tasks (incomplete, applicable) of the requirements, earliest due first. */
export function findOpenTasks(db: Db, requirementIds: readonly string[]): Promise<PermitTaskRow[]> {
  if (requirementIds.length === 0) return Promise.resolve([]);
  return selectRequirementTasks(db, requirementIds)
    .where('tasks.status', '=', 'INCOMPLETE')
    .where('tasks.notApplicableReason', 'is', null)
    .orderBy('tasks.dueDate')
    .execute() as Promise<PermitTaskRow[]>;
}

/** Every task of the requirements (the renewal task's page, whether a condition's tasks were touched). */
export function findAllTasks(db: Db, requirementIds: readonly string[]): Promise<PermitTaskRow[]> {
  if (requirementIds.length === 0) return Promise.resolve([]);
  return selectRequirementTasks(db, requirementIds).orderBy('tasks.dueDate').execute() as Promise<PermitTaskRow[]>;
}

const supersedable = (from: string) =>
  sql<SqlBool>`tasks.status = 'INCOMPLETE' and tasks.not_applicable_reason is null and tasks.touched = 0 and tasks.due_date >= ${from}`;

/** The open tasks nobody touched, due on or after `from`: what a new version or termination makes not applicable. */
export function findSupersedable(db: Db, requirementIds: readonly string[], from: string): Promise<PermitTaskRow[]> {
  if (requirementIds.length === 0) return Promise.resolve([]);
  return selectRequirementTasks(db, requirementIds)
    .where(supersedable(from))
    .orderBy('tasks.dueDate')
    .execute() as Promise<PermitTaskRow[]>;
}

/** Marks those tasks not applicable with the reason (and touched: later schedule edits leave them alone). */
export async function supersedeTasks(db: Db, ids: readonly string[], reason: string, now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('tasks')
    .set({ notApplicableReason: reason, touched: 1, updatedAt: now })
    .where('id', 'in', ids)
    .execute();
}

// Documents ---------------------------------------------------------------------------------------------------

export function findPermitDocuments(db: Db, permitIds: readonly string[]) {
  if (permitIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('documents')
    .select(['id', 'title', 'fileName', 'facilityId', 'kind', 'permitId'])
    .where('permitId', 'in', permitIds)
    .where('archivedAt', 'is', null)
    .orderBy('title')
    .execute();
}

export function findDocumentForLink(db: Db, id: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'title', 'kind', 'facilityId', 'permitId', 'archivedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setDocumentPermit(db: Db, documentId: string, permitId: string | null, now: string) {
  await db.updateTable('documents').set({ permitId, updatedAt: now }).where('id', '=', documentId).execute();
}
