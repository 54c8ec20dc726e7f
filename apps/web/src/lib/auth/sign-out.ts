import { apiRequest } from '../api-client';
import { auth } from './answers';

/** POST /api/users/logout: revokes the token on the server. */
export async function signOutOnServer(): Promise<void> {
  await apiRequest('POST', '/users/logout', () => auth().then((schemas) => schemas.signOutResponseSchema), {
    endsSessionOn401: false,
  });
}
