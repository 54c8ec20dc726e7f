import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../../lib/api-client';
import { invalidateAssignments } from './invalidate';

/** DELETE /api/user-facilities/:id: unassigns one user from one facility. */
export function deleteUserFacility(id: string): Promise<unknown> {
  return apiRequest('DELETE', `/user-facilities/${encodeURIComponent(id)}`, noContent);
}

export function useDeleteUserFacility() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUserFacility, onSuccess: () => invalidateAssignments(queryClient) });
}
