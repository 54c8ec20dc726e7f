import { TASK_STATES } from './task-state';
import { monthBounds, type ReportFilters, type ReportGroupBy } from './schemas/reports';
import type { TrackerQuery } from './summary-links';

/**
 * The Tasks Tracker query behind each number of the reports: the report links to `/tasks?<query>` and a
 * server test asserts that the list's total equals the number, for every cell. One place, so the report's
 * counting and its links cannot drift apart.
 */

export const SCORECARD_FIGURES = ['due', 'onTime', 'late', 'missed', 'notApplicable', 'openOverdue'] as const;
export type ScorecardFigure = (typeof SCORECARD_FIGURES)[number];

export const TREND_FIGURES = ['due', 'onTime', 'late', 'missed', 'overdueAtMonthEnd'] as const;
export type TrendFigure = (typeof TREND_FIGURES)[number];

/** The Tracker's address for "every state" (its default without a `state` is open work only). */
export const EVERY_STATE = 'ALL';

/** The task list API's query of a Tracker address: `state=ALL` is no state filter there. */
export function apiQueryOf(link: TrackerQuery): TrackerQuery {
  const { state, ...rest } = link;
  return state === EVERY_STATE || state === undefined ? rest : { ...rest, state };
}

/** Every state but NOT_APPLICABLE: the tasks that apply. */
const APPLICABLE_STATES = TASK_STATES.filter((state) => state !== 'NOT_APPLICABLE').join(',');

const GROUP_FILTER: Record<ReportGroupBy, keyof ReportFilters> = {
  facility: 'facilityId',
  category: 'category',
  programArea: 'programAreaId',
  regulation: 'regulationId',
};

/** The report's own filters and the group's key, as Tracker parameters (`state=ALL` lists every state). */
function groupQuery(filters: ReportFilters, groupBy: ReportGroupBy, key: string): TrackerQuery {
  const query: TrackerQuery = {};
  for (const [name, value] of Object.entries(filters)) if (typeof value === 'string') query[name] = value;
  query[GROUP_FILTER[groupBy]] = key;
  return query;
}

function outcomeQuery(figure: Exclude<ScorecardFigure, 'openOverdue'> | 'openOverdue'): TrackerQuery {
  switch (figure) {
    case 'due':
      return { state: APPLICABLE_STATES };
    case 'onTime':
      return { state: 'COMPLETED', timeliness: 'ON_TIME' };
    case 'late':
      return { state: 'COMPLETED', timeliness: 'LATE' };
    case 'missed':
      return { state: 'COMPLETED', timeliness: 'MISSED' };
    case 'notApplicable':
      return { state: 'NOT_APPLICABLE' };
    case 'openOverdue':
      return { state: 'OVERDUE' };
  }
}

/** The Tracker query of one scorecard number: the group's tasks due from `from` to `to` with that outcome. */
export function scorecardCellQuery(
  period: { from: string; to: string },
  filters: ReportFilters,
  groupBy: ReportGroupBy,
  key: string,
  figure: ScorecardFigure,
): TrackerQuery {
  return {
    ...groupQuery(filters, groupBy, key),
    dueFrom: period.from,
    dueTo: period.to,
    ...outcomeQuery(figure),
    sort: 'dueDate',
  };
}

/** The day a month's "overdue at month end" is judged on: its last day, or `today` while the month runs. */
export function overdueDayOf(month: string, today: string): string {
  const { last } = monthBounds(month);
  return last < today ? last : today;
}

/**
 * The Tracker query of one trend number. A month's tasks are those due in it within the period; its
 * `overdueAtMonthEnd` lists the group's tasks not done by the end of its judging day (`overdueOn`), whatever
 * their due date.
 */
export function trendCellQuery(
  period: { from: string; to: string },
  filters: ReportFilters,
  groupBy: ReportGroupBy,
  key: string,
  month: string,
  figure: TrendFigure,
  today: string,
): TrackerQuery {
  const group = groupQuery(filters, groupBy, key);
  if (figure === 'overdueAtMonthEnd') {
    return { ...group, overdueOn: overdueDayOf(month, today), state: EVERY_STATE, sort: 'dueDate' };
  }
  const { first, last } = monthBounds(month);
  return {
    ...group,
    dueFrom: first > period.from ? first : period.from,
    dueTo: last < period.to ? last : period.to,
    ...outcomeQuery(figure),
    sort: 'dueDate',
  };
}
