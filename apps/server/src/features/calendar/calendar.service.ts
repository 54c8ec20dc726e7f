import type { Kysely } from 'kysely';
import { calendarDaysResponseSchema, type CalendarDay, type CalendarDaysQuery } from '@rtms/shared/schemas/calendar';
import { TASK_STATES, type TaskState } from '@rtms/shared/task-state';
import { recountReads } from '../../db/off-thread-reads';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import { createAnswerCache } from '../../platform/answer-cache';
import type { Principal } from '../../platform/auth';
import { createFacilityPartsCache, createFacilityRevisions, facilityIdsOf } from '../tasks/facility-parts-cache';
import type { TasksService } from '../tasks/tasks.service';
import { countByDayAndState, type DayStateCount } from './calendar.repository';

type TaskFilters = NonNullable<Awaited<ReturnType<TasksService['filtersFor']>>>;

export interface CalendarService {
  /**
   * Per day of `from`..`to` that has tasks: the count of each state, in the caller's scope and filters.
   * The answer (`{data}`) serialized, kept while the tasks and their labels hold (decision 034).
   */
  daysAnswer(principal: Principal, query: CalendarDaysQuery): Promise<Buffer>;
}

function emptyCounts(): Record<TaskState, number> {
  return Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as Record<TaskState, number>;
}

export function createCalendarService(db: Kysely<Database>, tasks: TasksService): CalendarService {
  const cache = createFacilityPartsCache<DayStateCount[]>([], (rows) => 16 + rows.length * 120);
  const facilityRevisions = createFacilityRevisions(db);

  /** The counts per facility, day and state of the filters (of the `only` facilities when given). */
  async function count(filters: TaskFilters, from: string, to: string, only: string[] | null) {
    const restricted = only ? { ...filters, scopeFacilityIds: only } : filters;
    const reader = recountReads(db, only);
    const byFacility = new Map<string, DayStateCount[]>();
    for (const group of filters.todays ?? []) {
      if (only && group.facilityIds && !only.some((id) => group.facilityIds!.includes(id))) continue;
      for (const row of await countByDayAndState(reader, restricted, group, from, to)) {
        const rows = byFacility.get(row.facilityId);
        if (rows) rows.push(row);
        else byFacility.set(row.facilityId, [row]);
      }
    }
    return byFacility;
  }

  function daysOf(counts: Iterable<DayStateCount>): CalendarDay[] {
    const byDate = new Map<string, CalendarDay>();
    for (const { date, state, count: n } of counts) {
      let day = byDate.get(date);
      if (!day) {
        day = { date, total: 0, byState: emptyCounts() };
        byDate.set(date, day);
      }
      day.total += n;
      day.byState[state] += n;
    }
    return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  }

  /** The days of `filters` (null: a facility outside the scope, no days). */
  async function daysIn(filters: TaskFilters | null, from: string, to: string): Promise<CalendarDay[]> {
    if (!filters) return [];
    // Search words are resolved to ids in `filters`: the key follows a change of the searched texts.
    const revisions = await facilityRevisions();
    const facilityIds = filters.facilityId
      ? [filters.facilityId]
      : (filters.scopeFacilityIds ?? facilityIdsOf(revisions.revisions));
    return cache.get(
      JSON.stringify([filters, from, to]),
      facilityIds,
      revisions,
      (stale) => count(filters, from, to, stale),
      (parts) => daysOf(parts.flat()),
    );
  }

  const answers = createAnswerCache();
  return {
    async daysAnswer(principal, query) {
      const { from, to, ...filterQuery } = query;
      // The filters carry each facility's today: the key follows a change of day.
      const filters = await tasks.filtersFor(principal, filterQuery, { todays: true });
      const { tasks: tasksRevision, labels } = await findListRevisions(db, principal.listRevisions);
      return answers.get(JSON.stringify([filters, from, to]), `${tasksRevision}.${labels}`, async () =>
        // Checked once per kept answer, as the route's schema checked every answer before it was kept.
        calendarDaysResponseSchema.parse({ data: await daysIn(filters, from, to) }),
      );
    },
  };
}
