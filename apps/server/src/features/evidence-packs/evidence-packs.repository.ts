import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { facilityLabelColumns, userNameColumnsAs } from '../../db/columns';
import { inScope, nothing, whereEqual } from '../../platform/list-query';
import { tasksWithRequirements } from '../tasks/tasks.repository';

/**
 * Read-only queries of the evidence pack: the tasks of a facility, requirement and/or program area due
 * in a period, with what an auditor's index shows (requirement, facility, who completed them).
 */

export interface PackTaskFilters {
  facilityId?: string;
  requirementId?: string;
  programAreaId?: string;
  /** Inclusive bounds on the effective due date. */
  from: string;
  to: string;
  /** The caller's facilities; undefined = every facility. */
  facilityIds?: string[];
}

export async function findPackTasks(db: Db, filters: PackTaskFilters, limit: number) {
  let query = tasksWithRequirements(db)
    .innerJoin('facilities', 'facilities.id', 'tasks.facilityId')
    .leftJoin('users as completer', 'completer.id', 'tasks.completedBy')
    .select([...facilityLabelColumns('facilities'), ...userNameColumnsAs('completer', 'completer')])
    .select([
      'tasks.id',
      'tasks.title',
      'tasks.sequence',
      'tasks.periodLabel',
      'tasks.scheduledDueDate',
      'tasks.dueDate',
      'tasks.status',
      'tasks.awaitingReview',
      'tasks.timeliness',
      'tasks.completedAt',
      'tasks.completedOn',
      'tasks.completionNote',
      'tasks.notApplicableReason',
      'tasks.facilityId',
      'tasks.requirementId',
      'requirements.title as requirementTitle',
      'requirements.citation',
      'requirements.graceDays',
      'requirements.evidenceRequired',
      'requirements.minEvidence',
      'facilities.timeZone',
      'completer.email as completerEmail',
    ])
    .where('tasks.dueDate', '>=', filters.from)
    .where('tasks.dueDate', '<=', filters.to);
  query = whereEqual(query, {
    'tasks.facilityId': filters.facilityId,
    'tasks.requirementId': filters.requirementId,
    'requirements.programAreaId': filters.programAreaId,
  });
  if (filters.facilityIds) query = query.where(inScope('tasks.facilityId', filters.facilityIds));
  return query
    .orderBy('facilities.nameKey')
    .orderBy(sql`lower(${sql.ref('requirements.title')})`)
    .orderBy('tasks.requirementId')
    .orderBy('tasks.dueDate')
    .orderBy('tasks.id')
    .limit(limit)
    .execute();
}

export type PackTaskRow = Awaited<ReturnType<typeof findPackTasks>>[number];

/**
 * The title of a requirement the caller may see: with `facilityIds` (a facility role's scope), only one bound
 * to at least one of them — the same rule as `GET /api/requirements/:id`, so that an out-of-scope
 * requirement is not found rather than named in a pack.
 */
export function findRequirementTitle(
  db: Db,
  id: string,
  facilityIds: string[] | undefined,
): Promise<{ title: string } | undefined> {
  let query = db.selectFrom('requirements').select('title').where('id', '=', id);
  if (facilityIds) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('requirement_facilities as b')
          .select('b.id')
          .whereRef('b.requirementId', '=', 'requirements.id')
          .where('b.bound', '=', 1)
          .where((inner) => (facilityIds.length ? inner('b.facilityId', 'in', facilityIds) : nothing)),
      ),
    );
  }
  return query.executeTakeFirst();
}
