import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Task, type UpdateTaskBody, taskResponseSchema } from '@rtms/shared/schemas/tasks';
import { invalidateTasks } from './invalidate';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/tasks/:id: assign, reschedule (a new dueDate needs a rescheduleReason) or mark not applicable. */
export const updateTask = recordUpdate<UpdateTaskBody, { data: Task }>('/tasks', taskResponseSchema);

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTask, onSuccess: () => invalidateTasks(queryClient) });
}
