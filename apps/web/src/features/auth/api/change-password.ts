import { useMutation } from '@tanstack/react-query';
import { type ChangePasswordBody, changePasswordResponseSchema } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/users/change-password → a new token (every other session is signed out). */
export function changePassword(body: ChangePasswordBody): Promise<{ data: { token: string } }> {
  return apiRequest('POST', '/users/change-password', changePasswordResponseSchema, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
