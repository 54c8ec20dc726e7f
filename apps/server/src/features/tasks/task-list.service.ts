import type { Kysely } from 'kysely';
import type { CalendarDate } from '@rtms/shared/calendar-date';
import { DUE_SOON_DAYS, type Task, type TaskListQuery, type TaskPage } from '@rtms/shared/schemas/tasks';
import { heavyReads, recountReads } from '../../db/off-thread-reads';
import { findListRevisions } from '../../db/revisions';
import type { Database } from '../../db/schema';
import type { Principal } from '../../platform/auth';
import { createAnswerCache } from '../../platform/answer-cache';
import { createKept, valueBytes } from '../../platform/kept';
import type { Clock } from '../../platform/clock';
import { facilityScopeOf, scopeFacilityIds } from '../user-facilities/facility-scope';
import { createFacilityPartsCache, createFacilityRevisions, facilityIdsOf } from './facility-parts-cache';
import { decodeCursor, encodeCursor, sortOf } from './task-cursor';
import { createSearchWords } from './search-words';
import { dayMemo, toTask } from './task-view';
import {
  CURSOR_SORTS,
  cursorValues,
  findPageBoundaries,
  listTasks,
  type TaskPageWindow,
  type TaskSort,
} from './task-page.repository';
import { countTasksByFacility, type TaskFilters, type TodayGroup } from './task-filters.repository';
import { findFacilityZones } from './task-lookups.repository';
import { findTasksRevision } from './tasks.repository';

/** The filters of the task list (and of the calendar, which adds its own date range). */
export type TaskFilterQuery = Omit<TaskListQuery, 'page' | 'pageSize' | 'sort' | 'cursor'>;

/** Planning and reading the Tasks Tracker's list: filters in the caller's scope, pages, cached totals. */
export interface TaskListService {
  /** The list's filters as the caller's scope and today make them; null = a facility outside the scope. */
  filtersFor(
    principal: Pick<Principal, 'id' | 'role'>,
    query: TaskFilterQuery,
    options: { todays: boolean },
  ): Promise<TaskFilters | null>;
  /** The first `limit` tasks by due date that match the filters in the user's current scope (for feeds). */
  listAll(principal: Pick<Principal, 'id' | 'role'>, query: TaskFilterQuery, limit: number): Promise<Task[]>;
  /**
   * The tasks in the caller's scope, filtered, sorted and paginated (offset or keyset cursor): the
   * answer serialized, kept while the tasks, their labels and every facility's today hold.
   */
  listAnswer(principal: Principal, query: TaskListQuery): Promise<Buffer>;
}

/** Deep pages seek from every BOUNDARY_EVERY-th row (kept per filter and order while the tasks revision holds). */
const BOUNDARY_EVERY = 500;

export function createTaskListService(db: Kysely<Database>, clock: Clock): TaskListService {
  const facilityRevisions = createFacilityRevisions(db);
  const counts = createFacilityPartsCache<number>(0, () => 16);
  const boundaryCache = createKept<string[][]>(valueBytes);
  const searchWords = createSearchWords(db);
  const answers = createAnswerCache();

  /**
   * The total for the filters: counted per facility and cached per filter, so that after a write only the
   * facilities whose tasks moved are recounted (facility-parts-cache.ts).
   */
  async function cachedCount(filters: TaskFilters, revision: number): Promise<number> {
    // A search is cached too: its words are resolved to requirement and facility ids in `filters`, so
    // the key follows a change of those texts, and the tasks of the ids follow the revisions.
    const revisions = await facilityRevisions(revision);
    const facilityIds = filters.facilityId
      ? [filters.facilityId]
      : (filters.scopeFacilityIds ?? facilityIdsOf(revisions.revisions));
    return counts.get(
      JSON.stringify(filters),
      facilityIds,
      revisions,
      (stale) =>
        countTasksByFacility(recountReads(db, stale), stale ? { ...filters, scopeFacilityIds: stale } : filters),
      (parts) => parts.reduce((sum, part) => sum + part, 0),
    );
  }

  /**
   * The window of a page deep in the list: from the nearest cached boundary before it (see
   * `findPageBoundaries`), so that page 1,000 skips at most a boundary's worth of rows, not 20,000.
   * Boundaries are computed once per filter and order, and used while the tasks revision holds.
   */
  async function seekWindow(
    filters: TaskFilters,
    sort: TaskSort,
    offset: number,
    limit: number,
  ): Promise<TaskPageWindow> {
    if (offset < 2 * BOUNDARY_EVERY || !CURSOR_SORTS.includes(sort.field) || filters.searchWords) {
      return { limit, offset };
    }
    // One computation per key and revision: concurrent requests for the same deep page wait for it
    // (fifty of them used to compute it fifty times, each a pass over the whole list).
    const boundaries = await boundaryCache.get(JSON.stringify([filters, sort]), await findTasksRevision(db), () =>
      findPageBoundaries(heavyReads(db), filters, sort, BOUNDARY_EVERY),
    );
    const index = Math.min(Math.floor(offset / BOUNDARY_EVERY), boundaries.length) - 1;
    const boundary = index >= 0 ? boundaries[index] : undefined;
    return boundary ? { limit, offset: offset - (index + 1) * BOUNDARY_EVERY, after: boundary } : { limit, offset };
  }

  /** Facilities grouped by their "today"; one group without ids when they all share it. */
  async function todayGroups(
    facilityIds: string[] | undefined,
    today: (zone: string) => CalendarDate,
  ): Promise<TodayGroup[]> {
    const zones = await findFacilityZones(db, facilityIds);
    const groups = new Map<CalendarDate, string[]>();
    for (const { id, timeZone } of zones) {
      const day = today(timeZone);
      const group = groups.get(day);
      if (group) group.push(id);
      else groups.set(day, [id]);
    }
    if (groups.size <= 1) {
      const [day] = groups.keys();
      return day ? [{ today: day, facilityIds: null }] : [];
    }
    return [...groups]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([day, ids]) => ({ today: day, facilityIds: ids.sort() }));
  }

  /**
   * The list's filters for the caller: their facility scope, the query's filters, each facility's today
   * (when a filter judges dates against it, or always with `todays: true`) and the search words resolved
   * to ids. Null when the query names a facility outside the scope (the answer is then empty).
   */
  async function filtersFor(
    principal: Pick<Principal, 'id' | 'role'>,
    query: TaskFilterQuery,
    options: { todays: boolean },
  ): Promise<TaskFilters | null> {
    const scope = await facilityScopeOf(db, principal);
    const scopeIds = scopeFacilityIds(scope);
    if (query.facilityId && scopeIds && !scopeIds.includes(query.facilityId)) return null;
    const filters: TaskFilters = {
      ...(scopeIds ? { scopeFacilityIds: [...scopeIds].sort() } : {}),
      ...(query.facilityId ? { facilityId: query.facilityId } : {}),
      ...(query.requirementId ? { requirementId: query.requirementId } : {}),
      ...(query.programAreaId ? { programAreaId: query.programAreaId === 'none' ? null : query.programAreaId } : {}),
      ...(query.regulationId ? { regulationId: query.regulationId === 'none' ? null : query.regulationId } : {}),
      ...(query.category ? { category: query.category } : {}),
      ...(query.frequency ? { frequency: query.frequency } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.assigneeId ? { assigneeId: query.assigneeId === 'none' ? null : query.assigneeId } : {}),
      ...(query.dueFrom ? { dueFrom: query.dueFrom } : {}),
      ...(query.dueTo ? { dueTo: query.dueTo } : {}),
      ...(query.timeliness ? { timeliness: query.timeliness } : {}),
      ...(query.completedFrom ? { completedFrom: query.completedFrom } : {}),
      ...(query.completedTo ? { completedTo: query.completedTo } : {}),
      ...(query.overdueOn ? { overdueOn: query.overdueOn } : {}),
      ...(query.overdue !== undefined ? { overdue: query.overdue } : {}),
      ...(query.dueSoon !== undefined ? { dueSoon: { value: query.dueSoon, withinDays: DUE_SOON_DAYS } } : {}),
      ...(query.state ? { states: query.state } : {}),
    };
    if (options.todays || query.overdue !== undefined || query.dueSoon !== undefined || query.state) {
      filters.todays = await todayGroups(query.facilityId ? [query.facilityId] : scopeIds, dayMemo(clock));
    }
    const words = (query.search ?? '').split(/\s+/).filter(Boolean);
    if (words.length) filters.searchWords = await searchWords(words);
    return filters;
  }

  /** A page of the list for `filters` (null: a facility outside the scope, an empty page). */
  async function pageOf(filters: TaskFilters | null, query: TaskListQuery): Promise<TaskPage> {
    const sort = sortOf(query.sort);
    const meta = { page: query.page, pageSize: query.pageSize };
    const day = dayMemo(clock);
    if (!filters) return { data: [], meta: { ...meta, total: 0, nextCursor: null } };
    const after = query.cursor ? decodeCursor(query.cursor, sort) : undefined;
    const window = after
      ? { limit: query.pageSize, offset: 0, after }
      : await seekWindow(filters, sort, (query.page - 1) * query.pageSize, query.pageSize);
    const { rows, revision } = await listTasks(db, filters, sort, window);
    const total = await cachedCount(filters, revision);
    const last = rows[rows.length - 1];
    const nextCursor =
      last && rows.length === query.pageSize && CURSOR_SORTS.includes(sort.field)
        ? encodeCursor(cursorValues(sort, last))
        : null;
    return {
      data: rows.map((row) => toTask(row, day(row.timeZone))),
      meta: { ...meta, total, nextCursor },
    };
  }

  return {
    filtersFor,

    async listAll(principal, query, limit) {
      const filters = await filtersFor(principal, query, { todays: false });
      if (!filters) return [];
      const day = dayMemo(clock);
      const { rows } = await listTasks(db, filters, { field: 'dueDate', direction: 'asc' }, { limit, offset: 0 });
      return rows.map((row) => toTask(row, day(row.timeZone)));
    },

    async listAnswer(principal, query) {
      const filters = await filtersFor(principal, query, { todays: false });
      const { tasks, labels } = await findListRevisions(db, principal.listRevisions);
      // A row's overdue and due-soon flags are judged against its facility's today, which can only
      // change on a minute boundary (dayMemo): the minute is part of the stamp.
      const minute = Math.floor(clock().getTime() / 60_000);
      const key = JSON.stringify([filters, query.sort ?? null, query.page, query.pageSize, query.cursor ?? null]);
      return answers.get(key, `${tasks}.${labels}.${minute}`, () => pageOf(filters, query));
    },
  };
}
