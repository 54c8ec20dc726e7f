import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BulkTaskBody, bulkTaskResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTasks } from './invalidate';

/** POST /api/tasks/bulk: complete or assign many tasks at once, all or nothing. */
export function bulkTasks(body: BulkTaskBody): Promise<{ data: { action: BulkTaskBody['action']; updated: number } }> {
  return apiRequest('POST', '/tasks/bulk', bulkTaskResponseSchema, { body });
}

export function useBulkTasks() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkTasks, onSuccess: () => invalidateTasks(queryClient) });
}
