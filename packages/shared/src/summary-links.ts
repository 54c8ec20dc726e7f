import { addDays } from './calendar-date';
import type { TaskCategory } from './enums';
import { completionPeriodsOf, DUE_WINDOW_DAYS } from './schemas/task-summary';
import { OPEN_WORK_STATES } from './task-state';

/**
 * The Tasks Tracker query behind each dashboard figure: the dashboard links to `/tasks?<query>` and a
 * server test asserts that the list's total equals the figure, in every role. One place, so the two
 * cannot drift apart.
 */
export const SUMMARY_FIGURES = [
  'open',
  'upcoming',
  'dueSoon',
  'dueInWindow',
  'overdue',
  'completedThisMonth',
  'awaitingReview',
  'onTime',
  'late',
  'missed',
] as const;
export type SummaryFigure = (typeof SUMMARY_FIGURES)[number];

export type TrackerQuery = Record<string, string>;

/** The Tracker query of each figure of a summary judged on `today` (optionally for one facility). */
export function summaryFigureQueries(today: string, facilityId?: string): Record<SummaryFigure, TrackerQuery> {
  const scope: TrackerQuery = facilityId ? { facilityId } : {};
  const { monthFrom, trendFrom } = completionPeriodsOf(today);
  const completed = (extra: TrackerQuery): TrackerQuery => ({
    ...scope,
    // COMPLETED the state: a completion awaiting review is not done yet.
    state: 'COMPLETED',
    ...extra,
    sort: '-completedAt',
  });
  return {
    open: { ...scope, state: OPEN_WORK_STATES.join(','), sort: 'dueDate' },
    upcoming: { ...scope, state: 'UPCOMING', sort: 'dueDate' },
    dueSoon: { ...scope, state: 'DUE_SOON', sort: 'dueDate' },
    dueInWindow: {
      ...scope,
      state: 'DUE_SOON,OPEN,UPCOMING',
      dueTo: addDays(today, DUE_WINDOW_DAYS),
      sort: 'dueDate',
    },
    overdue: { ...scope, state: 'OVERDUE', sort: 'dueDate' },
    completedThisMonth: completed({ completedFrom: monthFrom }),
    awaitingReview: { ...scope, state: 'PENDING_REVIEW', sort: '-completedAt' },
    onTime: completed({ timeliness: 'ON_TIME', completedFrom: trendFrom }),
    late: completed({ timeliness: 'LATE', completedFrom: trendFrom }),
    missed: completed({ timeliness: 'MISSED', completedFrom: trendFrom }),
  };
}

/** "Overdue by facility": one facility's overdue tasks. */
export function overdueAtFacilityQuery(facilityId: string): TrackerQuery {
  return { state: 'OVERDUE', facilityId, sort: 'dueDate' };
}

/** "Overdue by category": one category's overdue tasks (optionally at one facility). */
export function overdueInCategoryQuery(category: TaskCategory, facilityId?: string): TrackerQuery {
  return { state: 'OVERDUE', category, ...(facilityId ? { facilityId } : {}), sort: 'dueDate' };
}
