import { act, cleanup, render } from '@testing-library/react';
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
