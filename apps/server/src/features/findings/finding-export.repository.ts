import type { Db } from '../../db/schema';
import { inScope } from '../../platform/list-query';

/** The scope of an evidence pack: its facility, requirement or program area, its period, the caller's facilities. */
export interface FindingExportScope {
  facilityIds: string[] | undefined;
  facilityId?: string | undefined;
  requirementId?: string | undefined;
  programAreaId?: string | undefined;
  from: string;
  to: string;
}

/**
 * The findings identified in the period within the scope, each with its actions (a finding without actions once,
 * with empty action columns), ordered by facility, date and title: the rows of an evidence pack's findings.csv.
 */
export function findExportFindings(db: Db, scope: FindingExportScope) {
  let query = db
    .selectFrom('findings')
    .innerJoin('facilities', 'facilities.id', 'findings.facilityId')
    .leftJoin('requirements', 'requirements.id', 'findings.requirementId')
    .leftJoin('users as owner', 'owner.id', 'findings.ownerId')
    .leftJoin('corrective_actions', 'corrective_actions.findingId', 'findings.id')
    .leftJoin('users as actionOwner', 'actionOwner.id', 'corrective_actions.ownerId')
    .select([
      'findings.id',
      'findings.title',
      'findings.source',
      'findings.severity',
      'findings.status',
      'findings.identifiedOn',
      'findings.taskId',
      'findings.permitId',
      'findings.rootCause',
      'findings.rootCauseCategory',
      'findings.reportable',
      'findings.reportDueDate',
      'findings.reportedOn',
      'findings.verifiedOn',
      'findings.verificationEffective',
      'findings.cancelReason',
      'facilities.code as facilityCode',
      'facilities.name as facilityName',
      'requirements.title as requirementTitle',
      'owner.firstName as ownerFirstName',
      'owner.lastName as ownerLastName',
      'corrective_actions.title as actionTitle',
      'corrective_actions.type as actionType',
      'corrective_actions.status as actionStatus',
      'corrective_actions.dueDate as actionDueDate',
      'corrective_actions.completedOn as actionCompletedOn',
      'corrective_actions.note as actionNote',
      'actionOwner.firstName as actionOwnerFirstName',
      'actionOwner.lastName as actionOwnerLastName',
    ])
    .where('findings.identifiedOn', '>=', scope.from)
    .where('findings.identifiedOn', '<=', scope.to);
  if (scope.facilityIds) query = query.where(inScope('findings.facilityId', scope.facilityIds));
  if (scope.facilityId) query = query.where('findings.facilityId', '=', scope.facilityId);
  if (scope.requirementId) query = query.where('findings.requirementId', '=', scope.requirementId);
  if (scope.programAreaId) query = query.where('requirements.programAreaId', '=', scope.programAreaId);
  return query
    .orderBy('facilities.code')
    .orderBy('findings.identifiedOn')
    .orderBy('findings.title')
    .orderBy('findings.id')
    .orderBy('corrective_actions.createdAt')
    .execute();
}

export type ExportFindingRow = Awaited<ReturnType<typeof findExportFindings>>[number];
