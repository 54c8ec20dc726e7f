import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Task, taskResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTasks } from './invalidate';

/** POST /api/tasks/:id/reopen: the completion and its timeliness are cleared (the history keeps them). */
export function reopenTask({ id, reason }: { id: string; reason?: string | null }): Promise<{ data: Task }> {
  return apiRequest('POST', `/tasks/${encodeURIComponent(id)}/reopen`, taskResponseSchema, {
    body: { reason: reason ?? null },
  });
}

export function useReopenTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reopenTask, onSuccess: () => invalidateTasks(queryClient) });
}
