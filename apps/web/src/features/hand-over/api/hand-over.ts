import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandOverResult } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/:id/hand-over: every open task and default assignment of the user goes to `toUserId`. */
export function handOver({ fromUserId, toUserId }: { fromUserId: string; toUserId: string }): Promise<{
  data: HandOverResult;
}> {
  return apiRequest('POST', `/users/${encodeURIComponent(fromUserId)}/hand-over`, { body: { toUserId } });
}

export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handOver,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
        queryClient.invalidateQueries({ queryKey: ['requirements'] }),
      ]),
  });
}
