import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CompleteTaskBody, type Task, taskResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTasks } from './invalidate';

/** POST /api/tasks/:id/complete: timeliness is recorded from the completion date (default today at the facility). */
export function completeTask({ id, body }: { id: string; body: CompleteTaskBody }): Promise<{ data: Task }> {
  return apiRequest('POST', `/tasks/${encodeURIComponent(id)}/complete`, taskResponseSchema, { body });
}

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeTask, onSuccess: () => invalidateTasks(queryClient) });
}
