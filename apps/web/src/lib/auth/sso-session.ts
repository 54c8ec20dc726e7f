import type { SessionResponse } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../api-client';

/** POST /api/auth/oidc/session: the one-time code the single sign-on callback put in the address → a session. */
export function exchangeSsoCode(code: string): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('POST', '/auth/oidc/session', {
    body: { code },
    endsSessionOn401: false,
    token: null,
  });
}
