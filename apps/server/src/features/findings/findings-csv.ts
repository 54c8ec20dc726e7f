import { csvDocument } from '@rtms/shared/csv';
import { displayNameOf } from '@rtms/shared/display-name';
import type { ExportFindingRow } from './finding-export.repository';

const HEADER = [
  'Facility code',
  'Facility',
  'Finding',
  'Source',
  'Severity',
  'Status',
  'Identified on',
  'Requirement',
  'Task id',
  'Permit id',
  'Owner',
  'Root cause category',
  'Root cause',
  'Reportable',
  'Report due',
  'Reported on',
  'Verified on',
  'Verified effective',
  'Cancel reason',
  'Action',
  'Action type',
  'Action owner',
  'Action due',
  'Action status',
  'Action done on',
  'Action note',
];

const nameOf = (first: string | null, last: string | null) =>
  first === null && last === null ? '' : displayNameOf({ firstName: first, lastName: last });

/** findings.csv of an evidence pack: one line per corrective action (a finding without actions on one line). */
export function findingsCsv(rows: readonly ExportFindingRow[]): string {
  return csvDocument([
    HEADER,
    ...rows.map((row) => [
      row.facilityCode,
      row.facilityName,
      row.title,
      row.source,
      row.severity,
      row.status,
      row.identifiedOn,
      row.requirementTitle,
      row.taskId,
      row.permitId,
      nameOf(row.ownerFirstName, row.ownerLastName),
      row.rootCauseCategory,
      row.rootCause,
      Number(row.reportable) === 1 ? 'yes' : 'no',
      row.reportDueDate,
      row.reportedOn,
      row.verifiedOn,
      row.verifiedOn === null ? '' : Number(row.verificationEffective) === 1 ? 'yes' : 'no',
      row.cancelReason,
      row.actionTitle,
      row.actionType,
      nameOf(row.actionOwnerFirstName, row.actionOwnerLastName),
      row.actionDueDate,
      row.actionStatus,
      row.actionCompletedOn,
      row.actionNote,
    ]),
  ]);
}
