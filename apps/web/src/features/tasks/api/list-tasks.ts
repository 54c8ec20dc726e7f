import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskPage } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString, type QueryValue } from '../../../components/data/query-string';

/**
 * GET /api/tasks query: page, pageSize, sort, search, facilityId, requirementId, category, frequency,
 * status, overdue, dueSoon ('true'|'false'), assigneeId ('none' = unassigned), dueFrom, dueTo.
 */
export type TasksQuery = Record<string, QueryValue>;

/** GET /api/tasks: the tasks of the caller's facilities. */
export function listTasks(query: TasksQuery, signal?: AbortSignal): Promise<TaskPage> {
  return apiRequest('GET', `/tasks${toQueryString(query)}`, { signal });
}

export const tasksQueryOptions = (query: TasksQuery) =>
  queryOptions({
    queryKey: ['tasks', 'list', query],
    queryFn: ({ signal }) => listTasks(query, signal),
    placeholderData: keepPreviousData,
  });

export function useTasks(query: TasksQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...tasksQueryOptions(query), ...options });
}
