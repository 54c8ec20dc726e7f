import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@rtms/shared/enums';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The harness of the permission and scope matrices of the roles (access-matrix*.test.ts): one app per
 * file, one signed-in user per role, and the table runner every matrix shares, so that each file holds
 * only its fixtures and its table of cases.
 */

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

export interface MatrixCase<Target extends string = string> {
  endpoint: string;
  target: Target;
  /** Status for ALL_FACILITY_ADMIN, ALL_FACILITY_USER, FACILITY_ADMIN, FACILITY_USER (the order of ROLES). */
  expected: readonly [number, number, number, number];
  request: (role: Role) => Promise<MatrixRequest> | MatrixRequest;
}

export type Matrix = ReturnType<typeof accessMatrix>;

/** Every role may: 200 for each of the four roles. */
export const ALL_OK = [200, 200, 200, 200] as const;

/**
 * A read that concerns no facility (a list, the audit verification): `GET url` in every role, answering
 * `expected`; its endpoint is the method and the path without the query.
 */
export function readOfNone(url: string, expected: MatrixCase['expected'] = ALL_OK): MatrixCase<'none'> {
  return { endpoint: `GET ${url.split('?')[0]}`, target: 'none', expected, request: () => ({ method: 'GET', url }) };
}

/** Registers the app's `beforeAll`/`afterAll` for the calling test file and answers its harness. */
export function accessMatrix(options: TestAppOptions = {}) {
  let app: TestApp | undefined;
  let admin = '';
  const tokens = {} as Record<Role, string>;
  const ids = {} as Record<Role, string>;

  const current = () => {
    if (!app) throw new Error('the matrix app is made in beforeAll');
    return app;
  };
  const send = async (token: string | undefined, request: MatrixRequest) => {
    const response = await current().app.inject({
      method: request.method,
      url: request.url,
      headers: token ? bearer(token) : {},
      ...(request.payload ? { payload: request.payload } : {}),
    });
    // A file (a report's export) is no JSON: its status is what the matrix judges.
    const json = String(response.headers['content-type'] ?? '').startsWith('application/json');
    return { status: response.statusCode, body: response.body && json ? response.json() : undefined };
  };
  /** Sends as the first administrator and expects success; returns `data`. */
  const asAdmin = async (request: MatrixRequest) => {
    const response = await send(admin, request);
    if (response.status >= 300)
      throw new Error(`${request.method} ${request.url}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body?.data;
  };
  /** Makes one user per role (the facility roles assigned to `ownFacility`) and signs each in. */
  const signInRoles = async (ownFacility: string) => {
    for (const role of ROLES) {
      const user = await current().createUser(role);
      ids[role] = user.id;
      if (role === 'FACILITY_ADMIN' || role === 'FACILITY_USER') {
        await asAdmin({
          method: 'POST',
          url: '/api/user-facilities',
          payload: { userId: user.id, facilityId: ownFacility },
        });
      }
      // Signed in after its assignment (an assignment change signs the user out).
      tokens[role] = await current().signIn(user.email);
    }
  };

  beforeAll(async () => {
    app = await createTestApp({}, options);
    admin = await app.signIn(ADMIN_EMAIL);
  });
  afterAll(() => app?.close());
  return {
    /** The app of this file (made in `beforeAll`). */
    get t() {
      return current();
    },
    tokens,
    ids,
    send,
    asAdmin,
    signInRoles,
  };
}

/** Every role × every case answers the listed status, and every case without a token answers 401. */
export function describeMatrix(matrix: Matrix, cases: MatrixCase[]): void {
  const { send, tokens } = matrix;
  describe.each(ROLES.map((role, index) => ({ role, index })))('$role', ({ role, index }) => {
    it.each(cases.map((c) => ({ ...c, status: c.expected[index] as number })))(
      '$endpoint ($target) → $status',
      async (c) => {
        const response = await send(tokens[role], await c.request(role));
        expect(response.status, JSON.stringify(response.body)).toBe(c.status);
      },
    );
  });

  describe('unauthenticated', () => {
    it.each(cases)('$endpoint ($target) → 401', async (c) => {
      expect((await send(undefined, await c.request('ALL_FACILITY_ADMIN'))).status).toBe(401);
    });
  });
}
