import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, type CalendarDate, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { TaskCategory } from '@rtms/shared/enums';
import {
  DUE_WINDOW_DAYS,
  OVERDUE_FACILITIES_LISTED,
  TREND_MONTHS,
  taskSummaryResponseSchema,
  type TaskSummary,
  type TaskSummaryQuery,
} from '@rtms/shared/schemas/task-summary';
import { recountReads } from '../../db/off-thread-reads';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import { valueBytes } from '../../platform/kept';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import {
  countAwaitingReview,
  countCompletionsByMonth,
  countOpenTasks,
  countOverdueByFacilityAndCategory,
  findFacilityLabels,
  findFacilityZonesForSummary,
  type FacilitySet,
  type OpenCounts,
} from './task-summary.repository';
import { createFacilityPartsCache, createFacilityRevisions } from './facility-parts-cache';

export interface TaskSummaryService {
  /**
   * The dashboard's figures for the caller's scope (or one facility of it); zeros for a facility outside
   * it. The answer (`{data}`) serialized, kept while the tasks, their labels and the minute hold (decision 034).
   */
  summaryAnswer(principal: Principal, query: TaskSummaryQuery): Promise<Buffer>;
}

/** Facilities that share a "today"; `facilityIds` null = every facility the query may reach. */
interface DayGroup {
  today: CalendarDate;
  facilityIds: FacilitySet;
}

interface Counts {
  open: OpenCounts;
  overdue: { facilityId: string; category: TaskCategory; count: number }[];
  completions: { month: string; timeliness: string | null; count: number }[];
  /** Completed, awaiting a reviewer's signature. */
  awaitingReview: number;
}

function noCounts(): Counts {
  return {
    open: { open: 0, overdue: 0, dueSoon: 0, upcoming: 0, dueInWindow: 0 },
    overdue: [],
    completions: [],
    awaitingReview: 0,
  };
}

/** A month's completions by timeliness; `all` counts those without one too. */
interface MonthCompletions {
  onTime: number;
  late: number;
  missed: number;
  all: number;
}

/**
 * The counts of several facilities, summed down to what the dashboard shows. Made once per cached answer
 * (facility-parts-cache.ts keeps it while no part moves), not per request: the parts of 200 facilities
 * hold about 7,000 completion rows and 1,000 overdue rows, which every dashboard request used to walk.
 */
interface Summed {
  open: OpenCounts;
  /** Facilities with overdue tasks and their count, most first (ties by id). */
  overdueByFacility: [string, number][];
  /** Overdue tasks per category, most first (ties by category). */
  overdueByCategory: [TaskCategory, number][];
  completionsByMonth: Map<string, MonthCompletions>;
  awaitingReview: number;
}

function sumOf(parts: Counts[]): Summed {
  const open = noCounts().open;
  const perFacility = new Map<string, number>();
  const perCategory = new Map<TaskCategory, number>();
  const completionsByMonth = new Map<string, MonthCompletions>();
  let awaitingReview = 0;
  for (const part of parts) {
    awaitingReview += part.awaitingReview;
    open.open += part.open.open;
    open.overdue += part.open.overdue;
    open.dueSoon += part.open.dueSoon;
    open.upcoming += part.open.upcoming;
    open.dueInWindow += part.open.dueInWindow;
    for (const row of part.overdue) {
      perFacility.set(row.facilityId, (perFacility.get(row.facilityId) ?? 0) + row.count);
      perCategory.set(row.category, (perCategory.get(row.category) ?? 0) + row.count);
    }
    for (const row of part.completions) {
      let month = completionsByMonth.get(row.month);
      if (!month) completionsByMonth.set(row.month, (month = { onTime: 0, late: 0, missed: 0, all: 0 }));
      month.all += row.count;
      if (row.timeliness === 'ON_TIME') month.onTime += row.count;
      else if (row.timeliness === 'LATE') month.late += row.count;
      else if (row.timeliness === 'MISSED') month.missed += row.count;
    }
  }
  return {
    open,
    overdueByFacility: [...perFacility].sort(([idA, a], [idB, b]) => b - a || (idA < idB ? -1 : 1)),
    overdueByCategory: [...perCategory].sort(([catA, a], [catB, b]) => b - a || (catA < catB ? -1 : 1)),
    completionsByMonth,
    awaitingReview,
  };
}

const NO_FIGURES = sumOf([]);

function monthStart(day: CalendarDate): CalendarDate {
  return `${day.slice(0, 8)}01`;
}

export function createTaskSummaryService(db: Kysely<Database>, clock: Clock): TaskSummaryService {
  const cache = createFacilityPartsCache<Counts>(noCounts(), valueBytes);
  const facilityRevisions = createFacilityRevisions(db);

  /** The facilities of `restrict` (all when null) grouped by their today, and their ids. */
  async function dayGroups(restrict: FacilitySet): Promise<{ groups: DayGroup[]; facilityIds: string[] }> {
    const now = clock();
    const zones = await findFacilityZonesForSummary(db, restrict);
    const todays = new Map<string, CalendarDate>();
    const groups = new Map<CalendarDate, string[]>();
    for (const { id, timeZone } of zones) {
      let today = todays.get(timeZone);
      if (!today) {
        today = todayInTimeZone(timeZone, now);
        todays.set(timeZone, today);
      }
      const group = groups.get(today);
      if (group) group.push(id);
      else groups.set(today, [id]);
    }
    const facilityIds = zones.map((zone) => zone.id);
    if (groups.size === 1 && restrict === null) {
      const [today] = groups.keys();
      return { groups: [{ today: today!, facilityIds: null }], facilityIds };
    }
    return {
      groups: [...groups]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([today, ids]) => ({ today, facilityIds: ids.sort() })),
      facilityIds,
    };
  }

  /**
   * The counts of each facility of the groups (all of them, or those of `only`). `windowEnd`: the last
   * due day of "due in 30 days", from the latest today for every facility (a facility a day behind is
   * judged on its own today for everything else), so that the figure is the Tracker list
   * `state=UPCOMING,OPEN,DUE_SOON&dueTo=<windowEnd>` exactly.
   */
  async function countGroups(
    groups: DayGroup[],
    windowEnd: CalendarDate,
    only: string[] | null,
  ): Promise<Map<string, Counts>> {
    const byFacility = new Map<string, Counts>();
    const countsOf = (facilityId: string) => {
      let counts = byFacility.get(facilityId);
      if (!counts) byFacility.set(facilityId, (counts = noCounts()));
      return counts;
    };
    const reader = recountReads(db, only);
    for (const { today, facilityIds } of groups) {
      const restrict =
        only === null ? facilityIds : only.filter((id) => facilityIds === null || facilityIds.includes(id));
      if (restrict !== null && restrict.length === 0) continue;
      const [open, overdue, completions, awaiting] = await Promise.all([
        countOpenTasks(reader, restrict, { today, windowEnd }),
        countOverdueByFacilityAndCategory(reader, restrict, today),
        countCompletionsByMonth(reader, restrict, addMonthsClamped(monthStart(today), -(TREND_MONTHS - 1))),
        countAwaitingReview(reader, restrict),
      ]);
      for (const [facilityId, count] of awaiting) countsOf(facilityId).awaitingReview = count;
      for (const [facilityId, counts] of open) countsOf(facilityId).open = counts;
      for (const row of overdue) countsOf(row.facilityId).overdue.push(row);
      for (const { facilityId, ...row } of completions) countsOf(facilityId).completions.push(row);
    }
    return byFacility;
  }

  /** The counts of the groups' facilities, summed; recounted only for the facilities whose tasks moved. */
  async function cachedCounts(groups: DayGroup[], facilityIds: string[], windowEnd: CalendarDate): Promise<Summed> {
    const revisions = await facilityRevisions();
    return cache.get(
      JSON.stringify({ groups, windowEnd }),
      facilityIds,
      revisions,
      (stale) => countGroups(groups, windowEnd, stale),
      sumOf,
    );
  }

  /** The figures of the scope (undefined: every facility), or of its facility `query.facilityId`. */
  async function summaryOf(scopeIds: readonly string[] | undefined, query: TaskSummaryQuery): Promise<TaskSummary> {
    let restrict: FacilitySet = scopeIds ? [...scopeIds].sort() : null;
    if (query.facilityId) restrict = !scopeIds || scopeIds.includes(query.facilityId) ? [query.facilityId] : [];
    const { groups, facilityIds } = await dayGroups(restrict);
    const today = groups.reduce<CalendarDate>(
      (latest, group) => (group.today > latest ? group.today : latest),
      todayInTimeZone('UTC', clock()),
    );
    const windowEnd = addDays(today, DUE_WINDOW_DAYS);
    const counts = groups.length ? await cachedCounts(groups, facilityIds, windowEnd) : NO_FIGURES;

    // The trend and "this month" are by month of the latest "today" (completion days are the facilities'
    // own calendar days), so that each figure is the Tracker list `completedFrom=<month start>`
    // (see completionPeriodsOf), to the task.
    const trend = Array.from({ length: TREND_MONTHS }, (_, index) => {
      const month = addMonthsClamped(monthStart(today), index - (TREND_MONTHS - 1)).slice(0, 7);
      const { onTime, late, missed } = counts.completionsByMonth.get(month) ?? { onTime: 0, late: 0, missed: 0 };
      return { month, onTime, late, missed };
    });
    const onTime = trend.reduce((sum, month) => sum + month.onTime, 0);
    const late = trend.reduce((sum, month) => sum + month.late, 0);
    const missed = trend.reduce((sum, month) => sum + month.missed, 0);
    const completed = onTime + late + missed;

    const top = counts.overdueByFacility.slice(0, OVERDUE_FACILITIES_LISTED);
    const labels = new Map(
      (
        await findFacilityLabels(
          db,
          top.map(([id]) => id),
        )
      ).map((facility) => [facility.id, facility]),
    );
    return {
      today,
      open: counts.open.open,
      overdue: counts.open.overdue,
      dueSoon: counts.open.dueSoon,
      upcoming: counts.open.upcoming,
      dueInWindow: counts.open.dueInWindow,
      completedThisMonth: counts.completionsByMonth.get(today.slice(0, 7))?.all ?? 0,
      awaitingReview: counts.awaitingReview,
      timeliness: { onTime, late, missed, rate: completed ? onTime / completed : null },
      completionsByMonth: trend,
      overdueByFacility: top.map(([facilityId, count]) => ({
        facilityId,
        facilityName: labels.get(facilityId)?.name ?? '',
        facilityCode: labels.get(facilityId)?.code ?? '',
        count,
      })),
      facilitiesWithOverdue: counts.overdueByFacility.length,
      overdueByCategory: counts.overdueByCategory.map(([category, count]) => ({ category, count })),
    };
  }

  const answers = createAnswerCache();
  return {
    async summaryAnswer(principal, query) {
      const scopeIds = scopeFacilityIds(await facilityScopeOf(db, principal));
      const { tasks, labels } = await findListRevisions(db, principal.listRevisions);
      // Every figure is judged against the facilities' todays, which only change on a minute boundary.
      const minute = Math.floor(clock().getTime() / 60_000);
      const key = JSON.stringify([scopeIds ? [...scopeIds].sort() : null, query.facilityId ?? null]);
      return answers.get(key, `${tasks}.${labels}.${minute}`, async () =>
        // Checked once per kept answer, as the route's schema checked every answer before it was kept.
        taskSummaryResponseSchema.parse({ data: await summaryOf(scopeIds, query) }),
      );
    },
  };
}
