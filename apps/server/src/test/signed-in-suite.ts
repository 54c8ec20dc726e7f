import { afterAll, beforeAll } from 'vitest';
import { createSignedInApp, type TestApp, type TestAppOptions } from './test-app';

/** The app of one `describe` block: set once the block's first `beforeAll` has run. */
export interface SignedInSuite {
  /** The real app on its fresh database; read it in hooks and tests, not while the block is declared. */
  readonly t: TestApp;
  /** The first administrator's bearer token (a test that signs them in again stores the new one here). */
  admin: string;
}

/**
 * Gives the calling `describe` block its app: a `beforeAll` that builds it with the first administrator signed
 * in (as `createSignedInApp(env, options)` does) and an `afterAll` that closes it. Call it before the block's
 * own hooks, so that they find the app made (and, hooks running in a stack, closed after their own clean-up).
 */
export function signedInSuite(env: Record<string, string> = {}, options: TestAppOptions = {}): SignedInSuite {
  const suite = {} as { t: TestApp; admin: string };
  beforeAll(async () => {
    Object.assign(suite, await createSignedInApp(env, options));
  });
  afterAll(() => suite.t.close());
  return suite;
}
