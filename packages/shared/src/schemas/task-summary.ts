import { z } from 'zod';
import { addMonthsClamped } from '../calendar-date';
import { TASK_CATEGORIES } from '../enums';
import { dataOf, idSchema, querySchema } from './common';

/** The dashboard's wider look-ahead: open tasks due within this many days (today included). */
export const DUE_WINDOW_DAYS = 30;
/** Months of completions the dashboard's trend and on-time rate cover (the current month included). */
export const TREND_MONTHS = 12;
/** Facilities listed in "overdue by facility" (those with the most overdue tasks first). */
export const OVERDUE_FACILITIES_LISTED = 10;

/**
 * The first completion days the completion figures count, from the summary's `today`: "completed this
 * month" from `monthFrom`, the on-time rate and its trend from `trendFrom`. The Tracker lists them with
 * `completedFrom=` (a completion day is never after its facility's today, so no upper bound is needed).
 */
export function completionPeriodsOf(today: string): { monthFrom: string; trendFrom: string } {
  const monthFrom = `${today.slice(0, 8)}01`;
  return { monthFrom, trendFrom: addMonthsClamped(monthFrom, -(TREND_MONTHS - 1)) };
}

/** GET /api/tasks/summary: the whole scope, or one facility of it. */
export const taskSummaryQuerySchema = querySchema({
  facilityId: idSchema.optional(),
});
export type TaskSummaryQuery = z.infer<typeof taskSummaryQuerySchema>;

const count = z.number().int();

/**
 * The dashboard's figures for the tasks in the caller's scope, each judged against today in the
 * facility's time zone by the derived task state (task-state.ts): `open` is open work (OPEN, DUE_SOON,
 * OVERDUE), never a task whose window has not opened and that is not due within 7 days (`upcoming`, shown
 * apart) nor one marked not applicable. "Due within 7 days" (`dueSoon`) and "within 30 days"
 * (`dueInWindow`) count every task still to do due in that range, whatever its lead time; the states are
 * ranked by `STATE_URGENCY`, so a task due sooner is never less urgent than one due later. Each figure
 * equals the Tracker list it links to (summary-links.ts).
 */
export const taskSummarySchema = z.object({
  /** The latest facility "today" the figures were judged on (facilities in other zones may be a day behind). */
  today: z.string(),
  /** State OPEN, DUE_SOON or OVERDUE. */
  open: count,
  /** State OVERDUE. */
  overdue: count,
  /** State DUE_SOON: every task still to do due from today to today + 7, whatever its window. */
  dueSoon: count,
  /** State UPCOMING: still to do, its window not open yet. */
  upcoming: count,
  /** Still to do and not overdue (UPCOMING, OPEN, DUE_SOON), due on or before today + DUE_WINDOW_DAYS. */
  dueInWindow: count,
  /** Completed on a day of the current month (the facility's calendar). */
  completedThisMonth: count,
  /** State PENDING_REVIEW: completed, awaiting a reviewer's signature (not counted as done). */
  awaitingReview: count,
  /** Completions of the last TREND_MONTHS months by recorded timeliness; `rate` = on time / all (null without any). */
  timeliness: z.object({
    onTime: count,
    late: count,
    missed: count,
    rate: z.number().nullable(),
  }),
  /** Oldest month first, TREND_MONTHS months ending with the current one (`YYYY-MM`). */
  completionsByMonth: z.array(z.object({ month: z.string(), onTime: count, late: count, missed: count })),
  /** The facilities with the most overdue tasks (at most OVERDUE_FACILITIES_LISTED). */
  overdueByFacility: z.array(
    z.object({ facilityId: idSchema, facilityName: z.string(), facilityCode: z.string(), count }),
  ),
  /** How many facilities have at least one overdue task. */
  facilitiesWithOverdue: count,
  /** Every category with at least one overdue task, most first. */
  overdueByCategory: z.array(z.object({ category: z.enum(TASK_CATEGORIES), count })),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;
export const taskSummaryResponseSchema = dataOf(taskSummarySchema);
