import { addDays, type CalendarDate } from './calendar-date';
import type { TaskStatus } from './enums';

/**
 * The one derived state of a task (PRODUCT §4), never stored: lists, figures, calendar colours and
 * feeds all read it, so a task whose window has not opened is never counted as open work.
 */
export const TASK_STATES = ['UPCOMING', 'OPEN', 'DUE_SOON', 'OVERDUE', 'COMPLETED', 'NOT_APPLICABLE'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The states of work still to do (window open); UPCOMING is not among them. */
export const OPEN_WORK_STATES = ['OPEN', 'DUE_SOON', 'OVERDUE'] as const satisfies readonly TaskState[];

/** A task is DUE_SOON when its window is open and it is due within this many days of today (today included). */
export const DUE_SOON_WITHIN_DAYS = 7;

export interface TaskStateInput {
  readonly status: TaskStatus;
  readonly notApplicableReason: string | null;
  /** The effective due date (a calendar date in the facility's time zone). */
  readonly dueDate: CalendarDate;
  /** Days before the due date that the task's window opens (its requirement's lead time). */
  readonly leadTimeDays: number;
}

/**
 * The state of a task on `today` (the facility's calendar date). In order: completed, not applicable,
 * OVERDUE once the due date has passed (grace does not change the state, only the timeliness of a later
 * completion), UPCOMING before the window opens (`dueDate - leadTimeDays`, so a lead time shorter than
 * the due-soon span keeps the task upcoming until it opens), DUE_SOON from `dueDate - 7` to the due date,
 * otherwise OPEN. Dates are compared as `YYYY-MM-DD` text, which sorts like the dates.
 */
export function taskState(task: TaskStateInput, today: CalendarDate): TaskState {
  if (task.status === 'COMPLETED') return 'COMPLETED';
  if (task.notApplicableReason !== null) return 'NOT_APPLICABLE';
  if (task.dueDate < today) return 'OVERDUE';
  if (task.dueDate > addDays(today, task.leadTimeDays)) return 'UPCOMING';
  if (task.dueDate <= addDays(today, DUE_SOON_WITHIN_DAYS)) return 'DUE_SOON';
  return 'OPEN';
}
