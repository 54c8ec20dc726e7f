import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-context';
import { probeOf } from '../../components/data/testing';

vi.mock('../error-reporting', () => ({ reportError: vi.fn() }));

const USER = {
  _id: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  firstName: 'Ana',
  lastName: 'Ruiz',
  role: 'ALL_FACILITY_ADMIN',
  mustChangePassword: false,
  mfaEnrolmentRequired: false,
};

let auth: ReturnType<typeof useAuth>;
const Probe = probeOf(useAuth, (value) => {
  auth = value;
});

const renderAuth = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );

/** Lets pending promises and due timers run. */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('session restore at start', () => {
  // The session's calls load their response schemas on first use (lib/auth/answers.ts); loaded once here, the
  // fake timers below do not race the real time a first import takes.
  beforeAll(() => import('./answers').then((answers) => answers.auth()));
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    localStorage.setItem('token', 'stored-token');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps the stored token and retries while the server does not answer, then signs in', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue(new Response(JSON.stringify({ data: USER }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAuth();
    await flush();
    expect(auth.status).toBe('loading');
    expect(auth.serverUnreachable).toBe(true);
    expect(localStorage.getItem('token')).toBe('stored-token');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(auth.status).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(auth.status).toBe('signedIn');
    expect(auth.user?._id).toBe('u1');
    expect(auth.serverUnreachable).toBe(false);
    expect(localStorage.getItem('token')).toBe('stored-token');
  });

  it('keeps the stored token while a proxy answers 502 during a restart', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }))
      .mockResolvedValue(new Response(JSON.stringify({ data: USER }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderAuth();
    await flush();
    expect(auth.status).toBe('loading');
    expect(localStorage.getItem('token')).toBe('stored-token');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(auth.status).toBe('signedIn');
  });

  it('clears the user and the storage when the server refuses the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ message: 'Your session has expired', code: 'UNAUTHORIZED' }), { status: 401 }),
        ),
    );
    renderAuth();
    await flush();
    expect(auth.status).toBe('signedOut');
    expect(auth.sessionError).toBe('Your session has expired');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('the browser’s time zone at sign-in', () => {
  const PREFERENCES = {
    delivery: 'DAILY_DIGEST',
    digestHour: 7,
    timeZone: 'America/Chicago',
    quietUntil: null,
    categories: {
      TASK_OPENED: true,
      DUE_SOON: true,
      DUE_TODAY: true,
      OVERDUE: true,
      ESCALATION: true,
      CORRECTIVE_ACTION: true,
    },
  };
  const SESSION = { data: { token: 'new-token', user: USER } };
  let queryClient: QueryClient;
  let calls: { method: string; url: string; body: unknown; authorization: string | null }[];

  beforeEach(() => {
    localStorage.clear();
    calls = [];
    queryClient = new QueryClient();
    // The browser of a user in Chicago (the test runner's own zone is whatever the machine says).
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'America/Chicago' };
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        calls.push({
          method: init.method ?? 'GET',
          url,
          body: init.body ? JSON.parse(init.body as string) : undefined,
          authorization: headers.authorization ?? null,
        });
        const answer =
          url === '/api/users/login' &&
          (JSON.parse(init.body as string) as { email: string }).email === 'mfa@example.com'
            ? { data: { mfaRequired: true, mfaToken: 'challenge' } }
            : url.endsWith('/initial-time-zone')
              ? { data: PREFERENCES }
              : SESSION;
        return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
      }),
    );
    render(
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const sentZone = () =>
    calls.filter((call) => call.url === '/api/users/me/notification-preferences/initial-time-zone');

  it('sends it once with the new session after a password sign-in, and fills the settings', async () => {
    await act(() => auth.signIn({ email: 'ana@example.com', password: 'secret' }));
    await waitFor(() => expect(queryClient.getQueryData(['notifications', 'preferences'])).toEqual(PREFERENCES));
    expect(auth.status).toBe('signedIn');
    expect(sentZone()).toEqual([
      {
        method: 'POST',
        url: '/api/users/me/notification-preferences/initial-time-zone',
        body: { timeZone: 'America/Chicago' },
        authorization: 'Bearer new-token',
      },
    ]);
  });

  it('sends it after the second factor, not after the password step', async () => {
    await act(() => auth.signIn({ email: 'mfa@example.com', password: 'secret' }));
    expect(auth.mfaToken).toBe('challenge');
    expect(sentZone()).toEqual([]);
    await act(() => auth.submitCode('123456'));
    await waitFor(() => expect(sentZone()).toHaveLength(1));
    expect(sentZone()[0]).toMatchObject({ body: { timeZone: 'America/Chicago' }, authorization: 'Bearer new-token' });
  });

  it('sends it after a single sign-on hand-off', async () => {
    await act(() => auth.completeSso('one-time-code'));
    await waitFor(() => expect(sentZone()).toHaveLength(1));
    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/oidc/session',
      '/api/users/me/notification-preferences/initial-time-zone',
    ]);
    expect(sentZone()[0]!.body).toEqual({ timeZone: 'America/Chicago' });
  });
});
