import { useQuery } from '@tanstack/react-query';
import { type HandOverPreview, handOverPreviewResponseSchema } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/:id/hand-over: what a hand-over of this user would move (counts), changing nothing. */
export function getHandOverPreview(userId: string, signal?: AbortSignal): Promise<{ data: HandOverPreview }> {
  return apiRequest('GET', `/users/${encodeURIComponent(userId)}/hand-over`, handOverPreviewResponseSchema, { signal });
}

/** Asked afresh each time the confirmation opens (`enabled`), so its counts are the current ones. */
export function useHandOverPreview(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'hand-over-preview', userId ?? ''],
    queryFn: ({ signal }) => getHandOverPreview(userId!, signal),
    enabled: enabled && Boolean(userId),
    staleTime: 0,
    gcTime: 0,
  });
}
