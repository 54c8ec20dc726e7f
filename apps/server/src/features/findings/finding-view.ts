import { todayInTimeZone } from '@rtms/shared/calendar-date';
import { displayNameOf } from '@rtms/shared/display-name';
import type { CorrectiveAction, Finding } from '@rtms/shared/schemas/findings';
import type { Db } from '../../db/schema';
import type { ActionListRow } from './corrective-actions.repository';
import { findFacilityZones, type FindingListRow, type TodayGroups } from './findings.repository';

/** Every facility grouped by its today (its own time zone) at `now`. */
export async function todayGroupsAt(db: Db, now: Date): Promise<TodayGroups> {
  const groups = new Map<string, string[]>();
  for (const facility of await findFacilityZones(db)) {
    const today = todayInTimeZone(facility.timeZone, now);
    groups.set(today, [...(groups.get(today) ?? []), facility.id]);
  }
  return [...groups].map(([today, facilityIds]) => ({ today, facilityIds }));
}

const nameOrNull = (firstName: string | null, lastName: string | null) =>
  firstName === null && lastName === null ? null : displayNameOf({ firstName, lastName });

/** A finding row with its labels as the API answers it. */
export function toFinding(row: NonNullable<FindingListRow>): Finding {
  return {
    _id: row.id,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    source: row.source,
    taskId: row.taskId,
    taskTitle: row.taskTitle ? `${row.taskTitle} (${row.taskPeriodLabel ?? ''})` : null,
    requirementId: row.requirementId,
    permitId: row.permitId,
    permitLabel: row.permitNumber === null ? null : `${row.permitNumber} · ${row.permitTitle ?? ''}`,
    title: row.title,
    description: row.description,
    severity: row.severity,
    identifiedOn: row.identifiedOn,
    ownerId: row.ownerId,
    ownerName: nameOrNull(row.ownerFirstName, row.ownerLastName),
    reportable: Boolean(Number(row.reportable)),
    reportDueDate: row.reportDueDate,
    reportedOn: row.reportedOn,
    rootCause: row.rootCause,
    rootCauseCategory: row.rootCauseCategory,
    status: row.status,
    daysLate: row.daysLate === null ? null : Number(row.daysLate),
    verification:
      row.verifiedOn === null
        ? null
        : {
            by: row.verifiedBy,
            byName: nameOrNull(row.verifierFirstName, row.verifierLastName),
            on: row.verifiedOn,
            effective: Boolean(Number(row.verificationEffective)),
            note: row.verificationNote,
          },
    cancelReason: row.cancelReason,
    openActions: Number(row.openActions),
    overdueActions: Number(row.overdueActions),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** An action row with its labels and evidence as the API answers it. */
export function toAction(row: ActionListRow, documentIds: string[]): CorrectiveAction {
  return {
    _id: row.id,
    findingId: row.findingId,
    findingTitle: row.findingTitle,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    title: row.title,
    type: row.type,
    ownerId: row.ownerId,
    ownerName: displayNameOf({ firstName: row.ownerFirstName, lastName: row.ownerLastName }) || row.ownerEmail,
    dueDate: row.dueDate,
    dueDateReason: row.dueDateReason,
    status: row.status,
    completedOn: row.completedOn,
    note: row.note,
    overdue: Number(row.overdue) === 1,
    documentIds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
