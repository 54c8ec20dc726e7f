import type { z } from 'zod';
import { type CreateUserBody, createUserResponseSchema } from '@rtms/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

/** POST /api/users: without `password` the answer carries a generated `temporaryPassword` (shown once). */
export function createUser(body: CreateUserBody): Promise<CreateUserResponse> {
  return apiRequest('POST', '/users', createUserResponseSchema, { body });
}

export function useCreateUser() {
  return useInvalidatingMutation(createUser, [['users'], ['user-facilities'], ['facilities', 'detail']]);
}
