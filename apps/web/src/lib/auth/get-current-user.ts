import type { SessionUser } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../api-client';

/** POST /api/users/auth/me with the stored token → the signed-in user. */
export async function getCurrentUser(token: string): Promise<SessionUser> {
  const response = await apiRequest<{ data: SessionUser }>('POST', '/users/auth/me', {
    token,
    endsSessionOn401: false,
  });
  return response.data;
}
