import type { LoginBody, LoginResponse } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../api-client';

/** POST /api/users/login → `{data: {token, user}}`. A 401 here is a wrong password, not an ended session. */
export function signIn(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/users/login', { body, endsSessionOn401: false, token: null });
}
