import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/users/:id/mfa: removes a user's second factor (a lost device) and signs them out. */
export function resetSecondFactor(id: string): Promise<{ data: { mfaEnabled: false } }> {
  return apiRequest('DELETE', `/users/${encodeURIComponent(id)}/mfa`);
}

export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
