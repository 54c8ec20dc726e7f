import type { LoginBody, LoginResponse } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../api-client';
import { auth } from './answers';

/** POST /api/users/login → `{data: {token, user}}`. A 401 here is a wrong password, not an ended session. */
export function signIn(body: LoginBody): Promise<LoginResponse> {
  return apiRequest('POST', '/users/login', () => auth().then((schemas) => schemas.loginResponseSchema), {
    body,
    endsSessionOn401: false,
    token: null,
  });
}
