import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { resetSecondFactorResponseSchema } from '@rtms/shared/schemas/users';

/** DELETE /api/users/:id/mfa: removes a user's second factor (a lost device) and signs them out. */
export function resetSecondFactor(id: string): Promise<{ data: { mfaEnabled: false } }> {
  return apiRequest('DELETE', `/users/${encodeURIComponent(id)}/mfa`, resetSecondFactorResponseSchema);
}

export function useResetSecondFactor() {
  return useInvalidatingMutation(resetSecondFactor, [['users']]);
}
