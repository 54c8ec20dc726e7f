import { apiRequest } from '../api-client';

/** POST /api/users/logout: revokes the token on the server. */
export async function signOutOnServer(): Promise<void> {
  await apiRequest('POST', '/users/logout', { endsSessionOn401: false });
}
