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

let startUpCheck: { token: string; answer: Promise<SessionUser> } | null = null;

/**
 * Starts the stored session's check as the scripts start (main.tsx), not after React's first render has
 * committed: on a cold signed-in load the answer is then on its way while the screens' code downloads.
 */
export function checkStoredSessionEarly(token: string | null): void {
  if (!token) return;
  const answer = getCurrentUser(token);
  // Read (and its failure handled) by the session's first check; an unread failure is not an error.
  answer.catch(() => undefined);
  startUpCheck = { token, answer };
}

/** The early check's answer for this token, given once: a retry asks the server again. */
export function takeStartUpCheck(token: string): Promise<SessionUser> | null {
  const check = startUpCheck;
  startUpCheck = null;
  return check?.token === token ? check.answer : null;
}
