import { afterAll, beforeAll } from 'vitest';
import { createFacility, type FacilityFields } from './compliance-fixtures';
import type { Role } from '@rtms/shared/enums';
import { createSignedInApp, createTestApp, type TestApp, type TestAppOptions } from './test-app';
import { testClock } from './test-clock';

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

/** `signedInSuite` for tests of signing in and of what anyone gets: the block's app, with nobody signed in. */
export function appSuite(env: Record<string, string> = {}, options: TestAppOptions = {}): { readonly t: TestApp } {
  const suite = {} as { t: TestApp };
  beforeAll(async () => {
    suite.t = await createTestApp(env, options);
  });
  afterAll(() => suite.t.close());
  return suite;
}

/** A `signedInSuite` whose date rules read `clock`, a test clock that starts at `start` and that tests move. */
export type ClockedSuite = SignedInSuite & { readonly clock: ReturnType<typeof testClock> };

/** `signedInSuite(env, { now })` on a new test clock set to `start` (an ISO instant): most date-rule tests start here. */
export function signedInSuiteAt(start: string, env: Record<string, string> = {}): ClockedSuite {
  const clock = testClock(start);
  return Object.assign(signedInSuite(env, { now: clock }), { clock });
}

/**
 * Facilities that the calling `describe` block makes in a `beforeAll` (declared after the suite's own), one per
 * entry: their ids by the entries' names, to read in hooks and tests once made.
 */
export function suiteFacilities<Name extends string>(
  suite: SignedInSuite,
  facilities: Record<Name, FacilityFields>,
): Record<Name, string> {
  const ids = {} as Record<Name, string>;
  beforeAll(async () => {
    for (const [name, fields] of Object.entries(facilities) as [Name, FacilityFields][])
      ids[name] = await createFacility(suite.t, suite.admin, fields);
  });
  return ids;
}

/** A user of `role` that the calling block makes and signs in, in a `beforeAll`: read `user.token` in tests. */
export function suiteUser(suite: SignedInSuite, role: Role): { readonly id: string; readonly token: string } {
  const user = { id: '', token: '' };
  beforeAll(async () => {
    const created = await suite.t.createUser(role);
    user.id = created.id;
    user.token = await suite.t.signIn(created.email);
  });
  return user;
}
