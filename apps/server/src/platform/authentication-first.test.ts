import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../test/test-app';

/**
 * The routes open to a caller without a session, listed here on purpose: a new public route must be
 * added to this list (and marked `config: { public: true }`), every other route answers 401 first.
 */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'POST /api/client-errors',
  'POST /api/users/login',
  'POST /api/users/login/mfa',
  'GET /api/auth/oidc/start',
  'GET /api/auth/oidc/callback',
  'POST /api/auth/oidc/session',
  // One-click unsubscribe (RFC 8058): the signed token in the mail's link is the credential.
  'GET /api/notifications/unsubscribe/{token}',
  'POST /api/notifications/unsubscribe/{token}',
  'GET /api/report-subscriptions/unsubscribe/{token}',
  'POST /api/report-subscriptions/unsubscribe/{token}',
  // Outside /api: a calendar feed's secret in its path is its only credential (no bearer token).
  'GET /ical/{file}',
]);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: (typeof METHODS)[number];
  path: string;
  key: string;
  security: unknown;
}

/** Every operation of the OpenAPI document, with `{param}` filled by a value of no particular shape. */
function operationsOf(document: { paths: Record<string, Record<string, { security?: unknown }>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path: path.replace(/\{[^}]+\}/g, 'not-an-id'),
      key: `${method.toUpperCase()} ${path}`,
      security: item[method]?.security,
    })),
  );
}

/**
 * Requests that fail every schema: query values of the wrong type and, where a body can go, a body that
 * is well-formed JSON but invalid (`{}`, as in the defect report: `POST /api/users` with `{}`) or malformed
 * JSON, with a NUL character in the query.
 */
function invalidRequests(operation: Operation, headers: Record<string, string>): InjectOptions[] {
  const method = operation.method.toUpperCase() as InjectOptions['method'];
  const withBody = operation.method !== 'get' && operation.method !== 'delete';
  const jsonHeaders = withBody ? { ...headers, 'content-type': 'application/json' } : headers;
  return [
    {
      method,
      url: `${operation.path}?page=-1&pageSize=many&from=yesterday&dryRun=maybe`,
      headers: jsonHeaders,
      ...(withBody ? { payload: '{}' } : {}),
    },
    {
      method,
      url: `${operation.path}?to=%00&sort=%7B`,
      headers: jsonHeaders,
      ...(withBody ? { payload: '{"email": 12, "name": null, "ids": "x", "file": [' } : {}),
    },
  ];
}

describe('authentication before validation, on every route of the OpenAPI document', () => {
  let t: TestApp;
  let operations: Operation[];
  let revoked: string;
  beforeAll(async () => {
    t = await createTestApp();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = operationsOf(document);
    revoked = await t.signIn(ADMIN_EMAIL);
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(revoked) });
    expect(logout.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('finds the product’s routes in the document, and every listed public route among them', () => {
    expect(operations.length).toBeGreaterThan(40);
    const keys = new Set(operations.map((operation) => operation.key));
    for (const key of PUBLIC_OPERATIONS) expect(keys, key).toContain(key);
  });

  for (const [caller, headers] of [
    ['an anonymous caller', () => ({})],
    ['a revoked token', () => bearer(revoked)],
    ['a malformed Authorization header', () => ({ authorization: 'Basic YWRtaW46YWRtaW4=' })],
  ] as const) {
    it(`answers 401 to ${caller} sending an invalid body and query, on every non-public route`, async () => {
      const wrong: string[] = [];
      for (const operation of operations.filter((op) => !PUBLIC_OPERATIONS.has(op.key))) {
        for (const request of invalidRequests(operation, headers())) {
          const response = await t.app.inject(request);
          const body = response.json() as { code?: string; details?: unknown };
          if (
            response.statusCode !== 401 ||
            body.code !== 'UNAUTHENTICATED' ||
            body.details !== undefined ||
            response.headers['cache-control'] !== 'no-store'
          ) {
            wrong.push(`${operation.key} → ${response.statusCode} ${response.body.slice(0, 120)}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('judges the input of the public routes (they are open, not authenticated)', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: {} });
    expect(login.statusCode).toBe(400);
    expect(login.json().details).toBeDefined();
    for (const key of ['GET /api/health', 'GET /api/ready', 'GET /api/config']) {
      const [method, url] = key.split(' ') as ['GET', string];
      expect((await t.app.inject({ method, url })).statusCode, key).toBe(200);
    }
  });

  it('declares bearer security in the document for exactly the non-public routes', () => {
    const undeclared = operations.filter((op) => !PUBLIC_OPERATIONS.has(op.key) && !op.security).map((op) => op.key);
    const declaredPublic = operations.filter((op) => PUBLIC_OPERATIONS.has(op.key) && op.security).map((op) => op.key);
    expect({ undeclared, declaredPublic }).toEqual({ undeclared: [], declaredPublic: [] });
  });

  it('treats the HEAD twin of a GET route as the route itself', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/api/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });

  it('still answers an unknown /api path with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
  });
});
