import type { Kysely } from 'kysely';
import { addDays, addMonthsClamped, type CalendarDate, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { TaskCategory } from '@rtms/shared/enums';
import {
  DUE_WINDOW_DAYS,
  OVERDUE_FACILITIES_LISTED,
  TREND_MONTHS,
  type TaskSummary,
  type TaskSummaryQuery,
} from '@rtms/shared/schemas/task-summary';
import { heavyReads } from '../../db/off-thread-reads';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import type { Clock } from '../../platform/clock';
import { facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import {
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
  /** The dashboard's figures for the caller's scope (or one facility of it); zeros for a facility outside it. */
  summary(principal: Principal, query: TaskSummaryQuery): Promise<TaskSummary>;
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
}

/** Aggregates cached per scope and day, and within each per facility (facility-parts-cache.ts). */
const CACHE_SIZE = 200;

function noCounts(): Counts {
  return { open: { open: 0, overdue: 0, dueSoon: 0, upcoming: 0, dueInWindow: 0 }, overdue: [], completions: [] };
}

/** The counts of several facilities, summed. */
function sumOf(parts: Counts[]): Counts {
  const counts = noCounts();
  for (const part of parts) {
    counts.open.open += part.open.open;
    counts.open.overdue += part.open.overdue;
    counts.open.dueSoon += part.open.dueSoon;
    counts.open.upcoming += part.open.upcoming;
    counts.open.dueInWindow += part.open.dueInWindow;
    counts.overdue.push(...part.overdue);
    counts.completions.push(...part.completions);
  }
  return counts;
}

function monthStart(day: CalendarDate): CalendarDate {
  return `${day.slice(0, 8)}01`;
}

export function createTaskSummaryService(db: Kysely<Database>, clock: Clock): TaskSummaryService {
  const cache = createFacilityPartsCache<Counts>(CACHE_SIZE, noCounts());
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
    // Every facility's counts (the first count of a key) read off SQLite's main thread; a few facilities' on it.
    const reader = only === null ? heavyReads(db) : db;
    for (const { today, facilityIds } of groups) {
      const restrict =
        only === null ? facilityIds : only.filter((id) => facilityIds === null || facilityIds.includes(id));
      if (restrict !== null && restrict.length === 0) continue;
      const [open, overdue, completions] = await Promise.all([
        countOpenTasks(reader, restrict, { today, windowEnd }),
        countOverdueByFacilityAndCategory(reader, restrict, today),
        countCompletionsByMonth(reader, restrict, addMonthsClamped(monthStart(today), -(TREND_MONTHS - 1))),
      ]);
      for (const [facilityId, counts] of open) countsOf(facilityId).open = counts;
      for (const row of overdue) countsOf(row.facilityId).overdue.push(row);
      for (const { facilityId, ...row } of completions) countsOf(facilityId).completions.push(row);
    }
    return byFacility;
  }

  /** The counts of the groups' facilities, summed; recounted only for the facilities whose tasks moved. */
  async function cachedCounts(groups: DayGroup[], facilityIds: string[], windowEnd: CalendarDate): Promise<Counts> {
    const revisions = await facilityRevisions();
    return cache.get(
      JSON.stringify({ groups, windowEnd }),
      facilityIds,
      revisions,
      (stale) => countGroups(groups, windowEnd, stale),
      sumOf,
    );
  }

  return {
    async summary(principal, query) {
      const scopeIds = scopeFacilityIds(await facilityScopeOf(db, principal));
      let restrict: FacilitySet = scopeIds ? [...scopeIds].sort() : null;
      if (query.facilityId) restrict = !scopeIds || scopeIds.includes(query.facilityId) ? [query.facilityId] : [];
      const { groups, facilityIds } = await dayGroups(restrict);
      const today = groups.reduce<CalendarDate>(
        (latest, group) => (group.today > latest ? group.today : latest),
        todayInTimeZone('UTC', clock()),
      );
      const windowEnd = addDays(today, DUE_WINDOW_DAYS);
      const counts = groups.length ? await cachedCounts(groups, facilityIds, windowEnd) : noCounts();

      // The trend and "this month" are by month of the latest "today" (completion days are the facilities'
      // own calendar days), so that each figure is the Tracker list `completedFrom=<month start>`
      // (see completionPeriodsOf), to the task.
      const months = Array.from({ length: TREND_MONTHS }, (_, index) =>
        addMonthsClamped(monthStart(today), index - (TREND_MONTHS - 1)).slice(0, 7),
      );
      const byMonth = new Map(months.map((month) => [month, { month, onTime: 0, late: 0, missed: 0 }]));
      for (const row of counts.completions) {
        const bucket = byMonth.get(row.month);
        if (!bucket) continue;
        if (row.timeliness === 'ON_TIME') bucket.onTime += row.count;
        else if (row.timeliness === 'LATE') bucket.late += row.count;
        else if (row.timeliness === 'MISSED') bucket.missed += row.count;
      }
      const trend = [...byMonth.values()];
      const onTime = trend.reduce((sum, month) => sum + month.onTime, 0);
      const late = trend.reduce((sum, month) => sum + month.late, 0);
      const missed = trend.reduce((sum, month) => sum + month.missed, 0);
      const completed = onTime + late + missed;

      const perFacility = new Map<string, number>();
      const perCategory = new Map<TaskCategory, number>();
      for (const row of counts.overdue) {
        perFacility.set(row.facilityId, (perFacility.get(row.facilityId) ?? 0) + row.count);
        perCategory.set(row.category, (perCategory.get(row.category) ?? 0) + row.count);
      }
      const top = [...perFacility]
        .sort(([idA, a], [idB, b]) => b - a || (idA < idB ? -1 : 1))
        .slice(0, OVERDUE_FACILITIES_LISTED);
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
        completedThisMonth: counts.completions
          .filter((row) => row.month === today.slice(0, 7))
          .reduce((sum, row) => sum + row.count, 0),
        timeliness: { onTime, late, missed, rate: completed ? onTime / completed : null },
        completionsByMonth: trend,
        overdueByFacility: top.map(([facilityId, count]) => ({
          facilityId,
          facilityName: labels.get(facilityId)?.name ?? '',
          facilityCode: labels.get(facilityId)?.code ?? '',
          count,
        })),
        facilitiesWithOverdue: perFacility.size,
        overdueByCategory: [...perCategory]
          .sort(([catA, a], [catB, b]) => b - a || (catA < catB ? -1 : 1))
          .map(([category, count]) => ({ category, count })),
      };
    },
  };
}
