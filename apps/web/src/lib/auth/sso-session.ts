import type { SessionResponse } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../api-client';
import { auth } from './answers';

/** POST /api/auth/oidc/session: the one-time code the single sign-on callback put in the address → a session. */
export function exchangeSsoCode(code: string): Promise<SessionResponse> {
  return apiRequest('POST', '/auth/oidc/session', () => auth().then((schemas) => schemas.sessionResponseSchema), {
    body: { code },
    endsSessionOn401: false,
    token: null,
  });
}
