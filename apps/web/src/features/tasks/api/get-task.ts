import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tasks/:id: the task with its windows, evidence gate, comments and history. */
export function getTask(id: string, signal?: AbortSignal): Promise<{ data: TaskDetail }> {
  return apiRequest('GET', `/tasks/${encodeURIComponent(id)}`, { signal });
}

export const taskQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tasks', 'detail', id], queryFn: ({ signal }) => getTask(id, signal) });

export function useTask(id: string) {
  return useQuery(taskQueryOptions(id));
}
