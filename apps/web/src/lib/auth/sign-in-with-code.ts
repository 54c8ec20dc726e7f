import type { SessionResponse } from '@rtms/shared/schemas/auth';
import type { LoginMfaBody } from '@rtms/shared/schemas/mfa';
import { apiRequest } from '../api-client';
import { auth } from './answers';

/** POST /api/users/login/mfa: the second sign-in step (a TOTP or backup code) → `{data: {token, user}}`. */
export function signInWithCode(body: LoginMfaBody): Promise<SessionResponse> {
  return apiRequest('POST', '/users/login/mfa', () => auth().then((schemas) => schemas.sessionResponseSchema), {
    body,
    endsSessionOn401: false,
    token: null,
  });
}
