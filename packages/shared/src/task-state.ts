import { addDays, type CalendarDate } from './calendar-date';
import type { TaskStatus } from './enums';

/**
 * The one derived state of a task, never stored: lists, figures, calendar colours and
 * feeds all read it, so a task whose window has not opened is never counted as open work.
 */
export const TASK_STATES = [
  'UPCOMING',
  'OPEN',
  'DUE_SOON',
  'OVERDUE',
  'PENDING_REVIEW',
  'COMPLETED',
  'NOT_APPLICABLE',
] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The states of work still to do (window open, or due within 7 days); UPCOMING is not among them. */
export const OPEN_WORK_STATES = ['OPEN', 'DUE_SOON', 'OVERDUE'] as const satisfies readonly TaskState[];

/** A task is DUE_SOON when it is due within this many days of today (today included), whatever its window. */
export const DUE_SOON_WITHIN_DAYS = 7;

export interface TaskStateInput {
  readonly status: TaskStatus;
  readonly notApplicableReason: string | null;
  /** The effective due date (a calendar date in the facility's time zone). */
  readonly dueDate: CalendarDate;
  /** Days before the due date that the task's window opens (its requirement's lead time). */
  readonly leadTimeDays: number;
  /** Completed, and the completion waits for a reviewer's signature (its requirement asks for one). */
  readonly awaitingReview?: boolean;
}

/**
 * The state of a task on `today` (the facility's calendar date). In order: completed (PENDING_REVIEW while
 * the completion waits for a reviewer's signature: awaiting review, not done), not applicable,
 * OVERDUE once the due date has passed (grace does not change the state, only the timeliness of a later
 * completion), DUE_SOON from `dueDate - 7` to the due date whatever the lead time, UPCOMING before the
 * window opens (`dueDate - leadTimeDays`), otherwise OPEN. Dates are compared as `YYYY-MM-DD` text, which
 * sorts like the dates.
 *
 * Why DUE_SOON comes before the window: the urgency of a task must follow its due date alone, so that a
 * task due sooner is never shown as less urgent than one due later (a 3-day lead time once made 8 December
 * UPCOMING beside 10 December DUE_SOON and 15 December OPEN), and "Due within 7 days" counts every
 * incomplete task due by then. See `STATE_URGENCY` for the rule.
 */
export function taskState(task: TaskStateInput, today: CalendarDate): TaskState {
  if (task.status === 'COMPLETED') return task.awaitingReview ? 'PENDING_REVIEW' : 'COMPLETED';
  if (task.notApplicableReason !== null) return 'NOT_APPLICABLE';
  if (task.dueDate < today) return 'OVERDUE';
  if (task.dueDate <= addDays(today, DUE_SOON_WITHIN_DAYS)) return 'DUE_SOON';
  if (task.dueDate > addDays(today, task.leadTimeDays)) return 'UPCOMING';
  return 'OPEN';
}

/**
 * The urgency of each state of a task still to do (higher is more urgent). OVERDUE (past due) and
 * DUE_SOON (due within 7 days) depend on the due date alone; beyond 7 days OPEN and UPCOMING say only
 * whether the task's window (its lead time) has opened — whether work and reminders have started — and
 * rank the same, since two tasks' lead times differ. Hence, on any one day, a task due sooner is never
 * less urgent than a task due later (a shared test pins it for any dates and lead times).
 */
export const STATE_URGENCY = {
  OVERDUE: 3,
  DUE_SOON: 2,
  OPEN: 1,
  UPCOMING: 1,
} as const satisfies Record<(typeof OPEN_WORK_STATES)[number] | 'UPCOMING', number>;
