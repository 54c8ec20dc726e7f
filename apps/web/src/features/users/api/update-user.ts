import { type UpdateUserBody, type User, userResponseSchema } from '@rtms/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** PATCH /api/users/:id: names, email, role, or `{active}` to deactivate/reactivate. */
export function updateUser({ id, body }: { id: string; body: UpdateUserBody }): Promise<{ data: User }> {
  return apiRequest('PATCH', `/users/${encodeURIComponent(id)}`, userResponseSchema, { body });
}

export function useUpdateUser() {
  return useInvalidatingMutation(updateUser, [['users'], ['user-facilities'], ['facilities', 'detail']]);
}
