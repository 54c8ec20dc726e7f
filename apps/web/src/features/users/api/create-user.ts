import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateUserBody, createUserResponseSchema } from '@rtms/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

/** POST /api/users: without `password` the answer carries a generated `temporaryPassword` (shown once). */
export function createUser(body: CreateUserBody): Promise<CreateUserResponse> {
  return apiRequest('POST', '/users', { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['user-facilities'] }),
        queryClient.invalidateQueries({ queryKey: ['facilities', 'detail'] }),
      ]);
    },
  });
}
