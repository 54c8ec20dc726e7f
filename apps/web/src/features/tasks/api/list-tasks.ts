import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TaskPage, taskListQuerySchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/tasks query, typed by its shared schema: a parameter the server does not know does not compile. */
export type TasksQuery = z.input<typeof taskListQuerySchema>;

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
