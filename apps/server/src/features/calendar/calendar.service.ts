import type { Kysely } from 'kysely';
import type { CalendarDay, CalendarDaysQuery } from '@rtms/shared/schemas/calendar';
import { TASK_STATES, type TaskState } from '@rtms/shared/task-state';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { findTasksRevision } from '../tasks/tasks.repository';
import type { TasksService } from '../tasks/tasks.service';
import { countByDayAndState, type DayStateCount } from './calendar.repository';

export interface CalendarService {
  /** Per day of `from`..`to` that has tasks: the count of each state, in the caller's scope and filters. */
  days(principal: Principal, query: CalendarDaysQuery): Promise<CalendarDay[]>;
}

/** Cached answers per filter set, valid while the tasks revision holds (the key carries each today). */
const CACHE_SIZE = 500;

function emptyCounts(): Record<TaskState, number> {
  return Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as Record<TaskState, number>;
}

export function createCalendarService(db: Kysely<Database>, tasks: TasksService): CalendarService {
  const cache = new Map<string, { revision: number; days: CalendarDay[] }>();

  async function count(
    filters: NonNullable<Awaited<ReturnType<TasksService['filtersFor']>>>,
    from: string,
    to: string,
  ) {
    const counts: DayStateCount[] = [];
    for (const group of filters.todays ?? []) counts.push(...(await countByDayAndState(db, filters, group, from, to)));
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

  return {
    async days(principal, query) {
      const { from, to, ...filterQuery } = query;
      const filters = await tasks.filtersFor(principal, filterQuery, { todays: true });
      if (!filters) return [];
      // Search results depend on requirement and facility texts, which the tasks revision does not follow.
      if (filters.searchWords) return count(filters, from, to);
      const key = JSON.stringify([filters, from, to]);
      const revision = await findTasksRevision(db);
      const hit = cache.get(key);
      if (hit && hit.revision === revision) {
        cache.delete(key);
        cache.set(key, hit);
        return hit.days;
      }
      const days = await count(filters, from, to);
      cache.set(key, { revision, days });
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return days;
    },
  };
}
