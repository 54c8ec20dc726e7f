import { type UpdateUserBody, type User, userResponseSchema } from '@rtms/shared/schemas/users';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/users/:id: names, email, role, or `{active}` to deactivate/reactivate. */
export const updateUser = recordUpdate<UpdateUserBody, { data: User }>('/users', userResponseSchema);

export function useUpdateUser() {
  return useInvalidatingMutation(updateUser, [['users'], ['user-facilities'], ['facilities', 'detail']]);
}
