import { expect } from 'vitest';
import { bearer, type TestApp } from './test-app';

/** API calls through `inject()` as a signed-in user: the one way a server test calls a route and reads the answer. */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What `call` and `ok` take: the app, the caller's token, the method and URL, and a JSON body if any. */
type CallArgs = [t: TestApp, token: string, method: HttpMethod, url: string, payload?: object];

export async function call<T = unknown>(
  ...[t, token, method, url, payload]: CallArgs
): Promise<{ status: number; body: T & { message?: string; code?: string; details?: unknown } }> {
  const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const body = (response.body ? response.json() : undefined) as T & {
    message?: string;
    code?: string;
    details?: unknown;
  };
  return { status: response.statusCode, body };
}

/**
 * `call` for a feature test file: bound to its app (read when called, so it can be made in `beforeAll`),
 * without a token when none is given, answering the body as parsed JSON (untyped, as the tests read it).
 */
export function callerOf(app: () => TestApp) {
  return async (token: string | undefined, method: HttpMethod, url: string, payload?: object) => {
    const response = await app().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
}

/** Calls and expects a 2xx answer; returns `data`. */
export async function ok<T = unknown>(...args: CallArgs): Promise<T> {
  const [, , method, url] = args;
  const response = await call<{ data: T }>(...args);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body.data;
}
