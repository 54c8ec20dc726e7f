import type { Db } from '../../db/schema';
import { findRow, insertRow, updateRows } from '../../db/rows';
import { countRows } from '../../db/count-rows';
import { searchMatches, type ListRequest } from '../../platform/list-query';
import type { ExtensionRequestRow, ExtensionRequestsTable, TaskSignatureRow } from './reviews.table';

/** Reviews and signatures of task completions, and extension requests: their rows. */

export async function insertSignature(db: Db, row: TaskSignatureRow): Promise<void> {
  await insertRow(db, 'task_signatures', row);
}

/** A task's signatures, oldest first. */
export function findSignaturesOfTask(db: Db, taskId: string): Promise<TaskSignatureRow[]> {
  return db
    .selectFrom('task_signatures')
    .selectAll()
    .where('taskId', '=', taskId)
    .orderBy('signedAt')
    .orderBy('id')
    .execute();
}

/** A task's latest signature, or undefined. */
export function findLatestSignature(db: Db, taskId: string): Promise<TaskSignatureRow | undefined> {
  return db
    .selectFrom('task_signatures')
    .selectAll()
    .where('taskId', '=', taskId)
    .orderBy('signedAt', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The signatures of many tasks (an evidence pack), oldest first. */
export function findSignaturesOfTasks(db: Db, taskIds: readonly string[]): Promise<TaskSignatureRow[]> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('task_signatures')
    .selectAll()
    .where('taskId', 'in', taskIds)
    .orderBy('signedAt')
    .orderBy('id')
    .execute();
}

/**
 * Every stored version of the task's evidence documents (archived ones included: they were evidence when
 * reviewed), in the order of the documents' creation and their versions.
 */
export function findEvidenceVersionsOfTask(db: Db, taskId: string) {
  return db
    .selectFrom('documents')
    .innerJoin('document_versions', 'document_versions.documentId', 'documents.id')
    .select([
      'documents.id as documentId',
      'documents.title',
      'document_versions.version',
      'document_versions.fileName',
      'document_versions.sha256',
    ])
    .where('documents.taskId', '=', taskId)
    .where('documents.kind', '=', 'TASK')
    .orderBy('documents.createdAt')
    .orderBy('documents.id')
    .orderBy('document_versions.version')
    .execute();
}

/**
 * Who may review a completion at a facility: active all-facility users and admins, and the facility's own
 * FACILITY_ADMINs, never `exceptUserId` (the completer).
 */
export async function findReviewerIds(db: Db, facilityId: string, exceptUserId: string | null): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('users.role', 'in', ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER']),
        eb.and([
          eb('users.role', '=', 'FACILITY_ADMIN'),
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('user_facilities')
              .select('user_facilities.userId')
              .where('user_facilities.facilityId', '=', facilityId),
          ),
        ]),
      ]),
    )
    .execute();
  return rows.map((row) => row.id).filter((id) => id !== exceptUserId);
}

/** In-app notifications about a task (one per user; a repeat of the same step for a user is ignored). */
export async function insertTaskNotifications(
  db: Db,
  rows: { id: string; userId: string; taskId: string; facilityId: string; step: string; at: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        id: row.id,
        userId: row.userId,
        taskId: row.taskId,
        facilityId: row.facilityId,
        step: row.step,
        category: 'REVIEW' as const,
        availableAt: row.at,
        readAt: null,
        createdAt: row.at,
      })),
    )
    .onConflict((oc) => oc.columns(['taskId', 'step', 'userId']).doNothing())
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Extension requests

export async function insertExtensionRequest(db: Db, row: ExtensionRequestRow): Promise<void> {
  await insertRow(db, 'extension_requests', row);
}

export function findExtensionRequest(db: Db, id: string): Promise<ExtensionRequestRow | undefined> {
  return findRow(db, 'extension_requests', { id });
}

export function findPendingExtensionOfTask(db: Db, taskId: string): Promise<ExtensionRequestRow | undefined> {
  return findRow(db, 'extension_requests', { taskId, status: 'PENDING' });
}

/** Decides a pending request; false when it was decided meanwhile. */
export async function decideExtensionRequest(
  db: Db,
  id: string,
  values: Pick<ExtensionRequestsTable, 'status' | 'decidedById' | 'decidedAt' | 'decisionReason' | 'updatedAt'>,
): Promise<boolean> {
  return (await updateRows(db, 'extension_requests', { id, status: 'PENDING' }, values)) === 1;
}

export interface ExtensionRequestFilters {
  id?: string;
  /** Words the task's requirement (title, citation…) or facility must match. */
  search?: string;
  /** Facilities the caller may see; undefined = all. */
  scopeFacilityIds?: string[];
  status?: ExtensionRequestsTable['status'];
  facilityId?: string;
  taskId?: string;
}
export type ExtensionRequestSort = 'createdAt' | 'requestedDueDate';

function filtered(db: Db, filters: ExtensionRequestFilters) {
  let query = db
    .selectFrom('extension_requests')
    .innerJoin('tasks', 'tasks.id', 'extension_requests.taskId')
    .innerJoin('requirements', 'requirements.id', 'tasks.requirementId')
    .innerJoin('facilities', 'facilities.id', 'extension_requests.facilityId');
  if (filters.id) query = query.where('extension_requests.id', '=', filters.id);
  const words = searchMatches('requirements.searchText', filters.search);
  if (words) query = query.where(words);
  if (filters.scopeFacilityIds) {
    const ids = filters.scopeFacilityIds;
    query = ids.length
      ? query.where('extension_requests.facilityId', 'in', ids)
      : query.where('extension_requests.id', 'is', null);
  }
  if (filters.status) query = query.where('extension_requests.status', '=', filters.status);
  if (filters.facilityId) query = query.where('extension_requests.facilityId', '=', filters.facilityId);
  if (filters.taskId) query = query.where('extension_requests.taskId', '=', filters.taskId);
  return query;
}

export function countExtensionRequests(db: Db, filters: ExtensionRequestFilters): Promise<number> {
  return countRows(filtered(db, filters));
}

/** One page of extension requests with the names that label them. */
export function listExtensionRequests(
  db: Db,
  { filters, sort, window }: ListRequest<ExtensionRequestFilters, ExtensionRequestSort>,
) {
  return filtered(db, filters)
    .innerJoin('users as requester', 'requester.id', 'extension_requests.requesterId')
    .leftJoin('users as decider', 'decider.id', 'extension_requests.decidedById')
    .selectAll('extension_requests')
    .select([
      'tasks.title as taskTitle',
      'facilities.name as facilityName',
      'requester.firstName as requesterFirstName',
      'requester.lastName as requesterLastName',
      'decider.firstName as deciderFirstName',
      'decider.lastName as deciderLastName',
    ])
    .orderBy(`extension_requests.${sort.field}`, sort.direction)
    .orderBy('extension_requests.id', sort.direction)
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}
export type ExtensionRequestListRow = Awaited<ReturnType<typeof listExtensionRequests>>[number];
