import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Task, type UpdateTaskBody, taskResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTasks } from './invalidate';

/** PATCH /api/tasks/:id: assign, reschedule (a new dueDate needs a rescheduleReason) or mark not applicable. */
export function updateTask({ id, body }: { id: string; body: UpdateTaskBody }): Promise<{ data: Task }> {
  return apiRequest('PATCH', `/tasks/${encodeURIComponent(id)}`, taskResponseSchema, { body });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSuccess: () => invalidateTasks(queryClient) });
}
