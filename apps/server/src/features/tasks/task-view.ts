import { type CalendarDate, todayInTimeZone } from '@rtms/shared/calendar-date';
import { displayNameOf } from '@rtms/shared/display-name';
import { isDueSoon, isOverdue } from '@rtms/shared/recurrence';
import { DUE_SOON_DAYS, type Task } from '@rtms/shared/schemas/tasks';
import { taskState } from '@rtms/shared/task-state';
import type { Clock } from '../../platform/clock';
import type { TaskListRow } from './task-page.repository';

/**
 * The calendar date of each time zone, remembered for the current UTC minute. Every zone's offset is a
 * whole number of minutes, so a zone's date only changes on a minute boundary: within one minute the
 * remembered day is exact. (Asking `Intl` costs more than the rest of a list row.)
 */
const daysByZone = new Map<string, { minute: number; day: CalendarDate }>();

export function dayMemo(clock: Clock): (timeZone: string) => CalendarDate {
  const now = clock();
  const minute = Math.floor(now.getTime() / 60_000);
  return (timeZone) => {
    const known = daysByZone.get(timeZone);
    if (known && known.minute === minute) return known.day;
    const day = todayInTimeZone(timeZone, now);
    if (daysByZone.size > 1000) daysByZone.clear();
    daysByZone.set(timeZone, { minute, day });
    return day;
  };
}

function nameOf(first: string | null, last: string | null): string | null {
  if (first === null && last === null) return null;
  return displayNameOf({ firstName: first, lastName: last }) || null;
}

/**
 * Why the rule's date was moved by the business-day shift (for example "4 July 2027 is Independence
 * Day"): null when the task is due on its scheduled day or was rescheduled by a person (the
 * reschedule reason says why then).
 */
function dueDateShiftOf(row: Pick<TaskListRow, 'scheduledDueDate' | 'dueDate' | 'rescheduleReason' | 'shiftHoliday'>) {
  if (row.dueDate === row.scheduledDueDate || row.rescheduleReason !== null) return null;
  return row.shiftHoliday === null
    ? { scheduledDueDate: row.scheduledDueDate, reason: 'WEEKEND' as const, holidayName: null }
    : { scheduledDueDate: row.scheduledDueDate, reason: 'HOLIDAY' as const, holidayName: row.shiftHoliday };
}

/**
 * The task as the API answers it. Overdue and due soon are the shared rules (`isOverdue`, `isDueSoon`);
 * a task marked not applicable is neither.
 */
export function toTask(row: TaskListRow, today: CalendarDate): Task {
  const applicable = row.notApplicableReason === null;
  // Small objects for the shared rules, not copies of the 40-column row: a page's worth of row copies was
  // most of what toTask gave the garbage collector.
  const { dueDate, status } = row;
  return {
    _id: row.id,
    requirementId: row.requirementId,
    facilityId: row.facilityId,
    facilityName: row.facilityName,
    requirementTitle: row.requirementTitle,
    sequence: Number(row.sequence),
    title: row.title,
    category: row.category,
    frequency: row.frequency,
    periodLabel: row.periodLabel,
    scheduledDueDate: row.scheduledDueDate,
    dueDate: row.dueDate,
    rescheduleReason: row.rescheduleReason,
    dueDateShift: dueDateShiftOf(row),
    status: row.status,
    notApplicableReason: row.notApplicableReason,
    timeliness: row.timeliness,
    overdue: applicable && isOverdue({ dueDate, status, today }),
    dueSoon: applicable && isDueSoon({ dueDate, status, today, withinDays: DUE_SOON_DAYS }),
    state: taskState(
      {
        dueDate,
        status,
        notApplicableReason: row.notApplicableReason,
        leadTimeDays: Number(row.leadTimeDays),
        awaitingReview: Number(row.awaitingReview) === 1,
      },
      today,
    ),
    assigneeId: row.assigneeId,
    assigneeName: nameOf(row.assigneeFirstName, row.assigneeLastName),
    completedAt: row.completedAt,
    completedOn: row.completedOn,
    completedBy: row.completedBy,
    completedByName: nameOf(row.completerFirstName, row.completerLastName),
    completionNote: row.completionNote,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A task read now, judged on its facility's today. */
export function toTaskToday(row: TaskListRow, clock: Clock): Task {
  return toTask(row, todayInTimeZone(row.timeZone, clock()));
}
