import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TaskSummary, taskSummaryResponseSchema } from '@rtms/shared/schemas/task-summary';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/tasks/summary: the dashboard's figures (the whole scope, or one facility). */
export function getTaskSummary(facilityId?: string, signal?: AbortSignal): Promise<{ data: TaskSummary }> {
  return apiRequest('GET', `/tasks/summary${toQueryString({ facilityId })}`, taskSummaryResponseSchema, { signal });
}

export const taskSummaryQueryOptions = (facilityId?: string) =>
  queryOptions({
    queryKey: ['tasks', 'summary', facilityId ?? null],
    queryFn: ({ signal }) => getTaskSummary(facilityId, signal),
  });

export function useTaskSummary(facilityId?: string) {
  return useQuery(taskSummaryQueryOptions(facilityId));
}
