import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TaskComment, taskCommentResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/tasks/:id/comments */
export function addTaskComment({ id, body }: { id: string; body: string }): Promise<{ data: TaskComment }> {
  return apiRequest('POST', `/tasks/${encodeURIComponent(id)}/comments`, taskCommentResponseSchema, { body: { body } });
}

export function useAddTaskComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTaskComment,
    onSuccess: (_data, { id }) => queryClient.invalidateQueries({ queryKey: ['tasks', 'detail', id] }),
  });
}
