import type { SessionUser } from '@rtms/shared/schemas/auth';
import { apiRequest } from '../api-client';
import { auth } from './answers';

/** POST /api/users/auth/me with the stored token → the signed-in user. */
export async function getCurrentUser(token: string): Promise<SessionUser> {
  const response = await apiRequest(
    'POST',
    '/users/auth/me',
    () => auth().then((schemas) => schemas.meResponseSchema),
    {
      token,
      endsSessionOn401: false,
    },
  );
  return response.data;
}

let startUpCheck: { token: string; answer: Promise<SessionUser> } | null = null;
/** Once the session has taken the start-up check's answer (or had no stored token), start-up is over. */
let startUpOver = false;

/**
 * The stored session's check at start-up, asked once however many callers want it: main.tsx starts it as the
 * scripts start rather than after React's first render has committed, and the router waits for it before
 * asking for a screen's data (router.tsx). On a cold signed-in load its answer is then on its way while the
 * screens' code downloads. Null after start-up: the session (auth-context) knows the user by then.
 */
export function startUpSessionCheck(token: string): Promise<SessionUser> | null {
  if (startUpOver) return null;
  if (startUpCheck?.token !== token) {
    const answer = getCurrentUser(token);
    // Read (and its failure handled) by the session's first check; an unread failure is not an error.
    answer.catch(() => undefined);
    startUpCheck = { token, answer };
  }
  return startUpCheck.answer;
}

/** The start-up check's answer for the stored token, given once to the session (auth-context); ends start-up. */
export function takeStartUpCheck(token: string | null): Promise<SessionUser> | null {
  const check = startUpCheck;
  startUpCheck = null;
  startUpOver = true;
  return token && check?.token === token ? check.answer : null;
}
