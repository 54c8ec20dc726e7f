import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@rtms/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/users/:id: names, email, role, or `{active}` to deactivate/reactivate. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<{ data: User }> {
  return apiRequest('PATCH', `/users/${encodeURIComponent(id)}`, { body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['user-facilities'] }),
        queryClient.invalidateQueries({ queryKey: ['facilities', 'detail'] }),
      ]);
    },
  });
}
