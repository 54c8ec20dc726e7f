import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionResponse, SessionUser } from '@rtms/shared/schemas/auth';
import { ApiError, setUnauthorizedListener } from '../api-client';
import { reportError } from '../error-reporting';
import { getCurrentUser, takeStartUpCheck } from './get-current-user';
import { signIn as signInCall } from './sign-in';
import { signInWithCode } from './sign-in-with-code';
import { exchangeSsoCode } from './sso-session';
import { signOutOnServer } from './sign-out';
import { NOTIFICATION_PREFERENCES_KEY, sendBrowserTimeZone } from './browser-time-zone';
import { clearStoredSession, readStoredToken, storeSession, storeToken } from './session-storage';

/** Session states: loading, then signed in or signed out. */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** The sign-in flow's loading flag and error message (cleared at the start of each attempt). */
  signingIn: boolean;
  signInError: string | null;
  /** Why the session ended when it was not the user's choice (e.g. token revoked). */
  sessionError: string | null;
  /** Whether the stored session cannot be checked now because the server does not answer (it is retried). */
  serverUnreachable: boolean;
  /** The password was right and the account has a second factor: the code step's token. */
  mfaToken: string | null;
}

interface AuthContextValue extends AuthState {
  signIn(body: LoginBody): Promise<boolean>;
  /** The second sign-in step: a code from the authenticator app or a backup code. */
  submitCode(code: string): Promise<boolean>;
  /** Back from the code step to email and password. */
  cancelCode(): void;
  /** Completes a single sign-on with the one-time code the callback put in the address. */
  completeSso(code: string): Promise<boolean>;
  /** After setting up a second factor that the role requires: the session may now do everything. */
  mfaEnrolled(): void;
  signOut(): Promise<void>;
  /** After a password change: keep the new token and clear the must-change flag. */
  passwordChanged(token: string): void;
}

/** Longest wait between two attempts to check the stored session while the server does not answer. */
const SESSION_RETRY_MAX_MS = 15_000;

/** Answers that say nothing about the token: none at all (0), a timeout, throttling, a server failure. */
function isPassingFailure(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => ({
    status: readStoredToken() ? 'loading' : 'signedOut',
    user: null,
    signingIn: false,
    signInError: null,
    sessionError: null,
    serverUnreachable: false,
    mfaToken: null,
  }));

  const endSession = useCallback(
    (reason: string | null) => {
      clearStoredSession();
      queryClient.clear();
      setState((previous) => ({
        ...previous,
        status: 'signedOut',
        user: null,
        sessionError: reason,
        serverUnreachable: false,
      }));
    },
    [queryClient],
  );

  // At start, a stored token is checked with /auth/me; a refusal by the server (a 4xx answer) clears the
  // user and storage and is reported. No answer at all (offline, or the request cut short because the
  // user navigated away mid-check) or a passing failure (5xx while the server restarts behind a proxy,
  // 408, 429) says nothing about the token: it is kept and the check retried, so that neither a back
  // button pressed during start-up nor a restart signs the user out.
  useEffect(() => {
    const token = readStoredToken();
    const startUpAnswer = takeStartUpCheck(token);
    if (!token) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (attempt: number) => {
      ((attempt === 0 ? startUpAnswer : null) ?? getCurrentUser(token)).then(
        (user) => {
          if (cancelled) return;
          // The whole signed-in shell renders now: as a transition, in slices that let the browser answer
          // between them (as main.tsx does for the first render), while the loader stays until it commits.
          startTransition(() =>
            setState((previous) => ({ ...previous, status: 'signedIn', user, serverUnreachable: false })),
          );
        },
        (error: unknown) => {
          if (cancelled) return;
          if (error instanceof ApiError && isPassingFailure(error.status)) {
            if (attempt === 0) reportError(error, { during: 'session restore' });
            setState((previous) => ({ ...previous, serverUnreachable: true }));
            timer = setTimeout(() => check(attempt + 1), Math.min(1000 * 2 ** attempt, SESSION_RETRY_MAX_MS));
            return;
          }
          reportError(error, { during: 'session restore' });
          endSession(error instanceof ApiError ? error.message : String(error));
        },
      );
    };
    check(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [endSession]);

  useEffect(() => {
    setUnauthorizedListener(() => endSession('Your session has ended. Please sign in again.'));
  }, [endSession]);

  /** Runs one sign-in call: a session signs in, a challenge opens the code step, an error is shown. */
  const attempt = useCallback(
    async (during: string, call: () => Promise<{ data: SessionResponse['data'] | { mfaToken: string } }>) => {
      setState((previous) => ({ ...previous, signingIn: true, signInError: null, sessionError: null }));
      try {
        const { data } = await call();
        if ('mfaToken' in data) {
          setState((previous) => ({ ...previous, signingIn: false, mfaToken: data.mfaToken }));
          return false;
        }
        storeSession(data.token, data.user);
        // The browser's time zone becomes the user's if they have none yet (the server decides); the sign-in
        // never waits for it, and a failure only leaves them on their first facility's.
        sendBrowserTimeZone().then(
          (preferences) => {
            if (preferences) queryClient.setQueryData(NOTIFICATION_PREFERENCES_KEY, preferences);
          },
          (error: unknown) => reportError(error, { during: 'time zone at sign-in' }),
        );
        setState((previous) => ({
          ...previous,
          status: 'signedIn',
          user: data.user,
          signingIn: false,
          mfaToken: null,
        }));
        return true;
      } catch (error) {
        reportError(error, { during });
        const message = error instanceof Error ? error.message : String(error);
        // An ended challenge (expired, too many wrong codes) sends the user back to the password step.
        const ended =
          error instanceof ApiError && !Array.isArray(error.details) && error.details?.mfaChallengeEnded === true;
        setState((previous) => ({
          ...previous,
          signingIn: false,
          signInError: message,
          ...(ended ? { mfaToken: null } : {}),
        }));
        return false;
      }
    },
    [queryClient],
  );

  const signIn = useCallback((body: LoginBody) => attempt('sign-in', () => signInCall(body)), [attempt]);

  const submitCode = useCallback(
    (code: string) => {
      const mfaToken = state.mfaToken;
      if (!mfaToken) return Promise.resolve(false);
      return attempt('sign-in code', () => signInWithCode({ mfaToken, code }));
    },
    [attempt, state.mfaToken],
  );

  const cancelCode = useCallback(() => {
    setState((previous) => ({ ...previous, mfaToken: null, signInError: null }));
  }, []);

  const completeSso = useCallback((code: string) => attempt('single sign-on', () => exchangeSsoCode(code)), [attempt]);

  const mfaEnrolled = useCallback(() => {
    setState((previous) =>
      previous.user ? { ...previous, user: { ...previous.user, mfaEnrolmentRequired: false } } : previous,
    );
  }, []);

  const signOut = useCallback(async () => {
    try {
      await signOutOnServer();
    } catch (error) {
      // The token is dropped locally either way; a failed revoke is only reported.
      reportError(error, { during: 'sign-out' });
    }
    endSession(null);
  }, [endSession]);

  const passwordChanged = useCallback((token: string) => {
    storeToken(token);
    setState((previous) =>
      previous.user ? { ...previous, user: { ...previous.user, mustChangePassword: false } } : previous,
    );
  }, []);

  const value = useMemo(
    () => ({ ...state, signIn, submitCode, cancelCode, completeSso, mfaEnrolled, signOut, passwordChanged }),
    [state, signIn, submitCode, cancelCode, completeSso, mfaEnrolled, signOut, passwordChanged],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The signed-in user; only for components rendered inside the protected shell. */
export function useCurrentUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser used outside the signed-in shell');
  return user;
}
