/**
 * A permit version as the API answers it: its stored fields, its status and days to expiry on its facility's
 * today, and the tasks of its page in their derived state. Pure functions.
 */
import { addDays, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Permit, PermitTask } from '@rtms/shared/schemas/permits';
import { daysToExpiry, permitStatusOn, type PermitDates } from '@rtms/shared/permit-status';
import { taskState } from '@rtms/shared/task-state';
import type { PermitListRow, PermitTaskRow } from './permits.repository';

export function permitDatesOf(row: PermitListRow): PermitDates {
  return {
    effectiveOn: row.effectiveOn,
    expiresOn: row.expiresOn,
    renewalLeadDays: Number(row.renewalLeadDays),
    renewalSubmittedOn: row.renewalSubmittedOn,
    terminatedOn: row.terminatedOn,
    nextVersionEffectiveOn: row.nextVersionEffectiveOn,
  };
}

/** The facility's calendar date at `now`. */
export function todayOf(row: Pick<PermitListRow, 'timeZone'>, now: Date): string {
  return todayInTimeZone(row.timeZone, now);
}

export function toPermit(row: PermitListRow, now: Date): Permit {
  const today = todayOf(row, now);
  const leadDays = Number(row.renewalLeadDays);
  return {
    _id: row.id,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    facilityCode: row.facilityCode,
    number: row.number,
    title: row.title,
    agency: row.agency,
    type: row.type,
    issuedOn: row.issuedOn,
    effectiveOn: row.effectiveOn,
    expiresOn: row.expiresOn,
    renewalLeadDays: leadDays,
    renewalSubmittedOn: row.renewalSubmittedOn,
    version: Number(row.version),
    previousVersionId: row.previousVersionId,
    nextVersionId: row.nextVersionId,
    terminatedOn: row.terminatedOn,
    terminationReason: row.terminationReason,
    status: permitStatusOn(permitDatesOf(row), today),
    daysToExpiry: daysToExpiry(row.expiresOn, today),
    renewalWindowFrom: row.expiresOn ? addDays(row.expiresOn, -leadDays) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toPermitTask(task: PermitTaskRow, today: string): PermitTask {
  return {
    _id: task.id,
    title: task.title,
    dueDate: task.dueDate,
    scheduledDueDate: task.scheduledDueDate,
    rescheduleReason: task.rescheduleReason,
    shiftHoliday: task.shiftHoliday,
    state: taskState(
      {
        status: task.status,
        notApplicableReason: task.notApplicableReason,
        dueDate: task.dueDate,
        leadTimeDays: Number(task.leadTimeDays),
      },
      today,
    ),
  };
}

type Sortable = Permit[keyof Permit];

function compareValues(a: Sortable, b: Sortable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/** Sorts permits by a field (empty values last), then by facility and number so that pages are stable. */
export function sortPermits(permits: Permit[], field: keyof Permit, direction: 'asc' | 'desc'): Permit[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...permits].sort((a, b) => {
    const primary = compareValues(a[field], b[field]);
    if (primary !== 0) return a[field] === null || b[field] === null ? primary : sign * primary;
    return compareValues(a.facilityName, b.facilityName) || compareValues(a.number, b.number) || a.version - b.version;
  });
}
