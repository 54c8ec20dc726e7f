import { type HandOverResult, handOverResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** POST /api/users/:id/hand-over: every open task and default assignment of the user goes to `toUserId`. */
export function handOver({ fromUserId, toUserId }: { fromUserId: string; toUserId: string }): Promise<{
  data: HandOverResult;
}> {
  return apiRequest('POST', `/users/${encodeURIComponent(fromUserId)}/hand-over`, handOverResponseSchema, {
    body: { toUserId },
  });
}

export function useHandOver() {
  return useInvalidatingMutation(handOver, [['tasks'], ['requirements']]);
}
