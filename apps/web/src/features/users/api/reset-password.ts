import { type ResetPasswordResponse, resetPasswordResponseSchema } from '@rtms/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** POST /api/users/:id/reset-password → a temporary password, shown once, to change at next sign-in. */
export function resetUserPassword(id: string): Promise<ResetPasswordResponse> {
  return apiRequest('POST', `/users/${encodeURIComponent(id)}/reset-password`, resetPasswordResponseSchema);
}

export function useResetUserPassword() {
  return useInvalidatingMutation(resetUserPassword, [['users']]);
}
