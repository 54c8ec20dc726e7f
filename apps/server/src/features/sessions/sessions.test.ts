import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthGuards } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import {
  ADMIN_EMAIL,
  TEST_PASSWORD,
  bearer,
  createTestApp,
  generatedAdminPassword,
  type TestApp,
} from '../../test/test-app';
import { createSessionsService, hashToken } from './sessions.service';

const NEW_PASSWORD = 'a-brand-new-passphrase-42';

/** POST /api/users/login as it answers (a refusal included), unlike `t.signIn`, which expects success. */
async function signInAttempt(t: Pick<TestApp, 'app'>, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
}

async function me(t: TestApp, token: string) {
  return t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(token) });
}

async function sessionOf(t: TestApp, token: string) {
  return t.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('tokenHash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
}

async function setSession(t: TestApp, token: string, changes: { lastSeenAt?: string; expiresAt?: string }) {
  await t.database.db.updateTable('sessions').set(changes).where('tokenHash', '=', hashToken(token)).execute();
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '1', SESSION_ABSOLUTE_HOURS: '2' });
  });
  afterAll(() => t.close());

  it('keeps only a hash of the token: the raw token appears nowhere in the sessions table', async () => {
    const token = await t.signIn(ADMIN_EMAIL);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const rows = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = await sessionOf(t, token);
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toBe(token);
  });

  it('gives each sign-in its own token and an absolute lifetime of SESSION_ABSOLUTE_HOURS', async () => {
    const [a, b] = [await t.signIn(ADMIN_EMAIL), await t.signIn(ADMIN_EMAIL)];
    expect(a).not.toBe(b);
    const row = await sessionOf(t, a);
    const lifetime = Date.parse(row.expiresAt) - Date.parse(row.createdAt);
    expect(lifetime).toBe(2 * 3_600_000);
  });

  it('ends a session left idle longer than SESSION_IDLE_MINUTES', async () => {
    const token = await t.signIn(ADMIN_EMAIL);
    expect((await me(t, token)).statusCode).toBe(200);
    await setSession(t, token, { lastSeenAt: ago(61_000) });
    const response = await me(t, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // The refused request did not count as activity.
    expect(Date.parse((await sessionOf(t, token)).lastSeenAt)).toBeLessThan(Date.now() - 60_000);
    expect((await me(t, token)).statusCode).toBe(401);
  });

  it('restarts the idle window on activity, even with a one-minute idle limit', async () => {
    const token = await t.signIn(ADMIN_EMAIL);
    await setSession(t, token, { lastSeenAt: ago(50_000) });
    expect((await me(t, token)).statusCode).toBe(200);
    const seen = Date.parse((await sessionOf(t, token)).lastSeenAt);
    expect(Date.now() - seen).toBeLessThan(5_000);
    // 20 s later the user is 20 s idle, not 70 s.
    await setSession(t, token, { lastSeenAt: new Date(seen - 20_000).toISOString() });
    expect((await me(t, token)).statusCode).toBe(200);
  });

  it('ends a session past its absolute lifetime however active it is', async () => {
    const token = await t.signIn(ADMIN_EMAIL);
    await setSession(t, token, { expiresAt: ago(1_000), lastSeenAt: new Date().toISOString() });
    const response = await me(t, token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('revokes only the signed-out session at logout', async () => {
    const user = await t.createUser('FACILITY_USER');
    const laptop = await t.signIn(user.email);
    const phone = await t.signIn(user.email);
    const logout = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(laptop) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: { signedOut: true } });
    expect((await me(t, laptop)).statusCode).toBe(401);
    expect((await me(t, phone)).statusCode).toBe(200);
    expect((await sessionOf(t, laptop)).revokedAt).not.toBeNull();
    // A second logout with the revoked token is refused too.
    expect((await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(laptop) })).statusCode).toBe(
      401,
    );
  });

  it('ends every session of a deactivated user', async () => {
    const user = await t.createUser('FACILITY_USER');
    const token = await t.signIn(user.email);
    await t.database.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    expect((await me(t, token)).statusCode).toBe(401);
    const login = await signInAttempt(t, user.email, TEST_PASSWORD);
    expect(login.statusCode).toBe(401);
  });

  describe('change password', () => {
    const change = (token: string | undefined, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/change-password',
        headers: token ? bearer(token) : {},
        payload: payload as Record<string, unknown>,
      });

    it('revokes every session of the user, on every device, and returns a new working token', async () => {
      const user = await t.createUser('ALL_FACILITY_USER');
      const other = await t.createUser('ALL_FACILITY_USER');
      const laptop = await t.signIn(user.email);
      const phone = await t.signIn(user.email);
      const bystander = await t.signIn(other.email);

      const response = await change(laptop, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(200);
      const { token } = (response.json() as { data: { token: string } }).data;
      expect(token).not.toBe(laptop);

      expect((await me(t, laptop)).statusCode).toBe(401);
      expect((await me(t, phone)).statusCode).toBe(401);
      const fresh = await me(t, token);
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().data).toMatchObject({ email: user.email, mustChangePassword: false });
      // Another user's session is untouched.
      expect((await me(t, bystander)).statusCode).toBe(200);

      // The old password no longer signs in; the new one does.
      const old = await signInAttempt(t, user.email, TEST_PASSWORD);
      expect(old.statusCode).toBe(401);
      await expect(t.signIn(user.email, NEW_PASSWORD)).resolves.toEqual(expect.any(String));
    });

    it('refuses a wrong current password with 400 on currentPassword, keeping the session', async () => {
      const user = await t.createUser('FACILITY_USER');
      const token = await t.signIn(user.email);
      const response = await change(token, { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toEqual([{ path: 'currentPassword', message: expect.any(String) }]);
      expect((await me(t, token)).statusCode).toBe(200);
      await expect(t.signIn(user.email)).resolves.toEqual(expect.any(String));
    });

    it.each([
      ['too short', 'short-1'],
      ['one repeated character', 'aaaaaaaaaaaaaaaa'],
      ['the current password', TEST_PASSWORD],
      ['too long', 'x1y2'.repeat(40)],
    ])('refuses a weak new password (%s) with 400 on newPassword', async (_label, newPassword) => {
      const user = await t.createUser('FACILITY_USER');
      const token = await t.signIn(user.email);
      const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toContainEqual({ path: 'newPassword', message: expect.any(String) });
      expect((await me(t, token)).statusCode).toBe(200);
    });

    it('refuses a caller without a session with 401', async () => {
      const response = await change(undefined, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });
  });
});

describe('first administrator with a generated password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { generatedAdminPassword: true });
  });
  afterAll(() => t.close());

  it('prints the credentials once and requires a password change at first sign-in', async () => {
    const printed = t.printed.join('\n');
    expect(printed).toContain(ADMIN_EMAIL);
    const password = generatedAdminPassword(t);
    expect(password.length).toBeGreaterThanOrEqual(20);

    const login = await signInAttempt(t, ADMIN_EMAIL, password);
    expect(login.statusCode).toBe(200);
    const { token, user } = (login.json() as { data: { token: string; user: { mustChangePassword: boolean } } }).data;
    expect(user.mustChangePassword).toBe(true);

    // The calls a user needs to get through the forced change are allowed.
    const current = await me(t, token);
    expect(current.statusCode).toBe(200);
    expect(current.json().data.mustChangePassword).toBe(true);
    const prefs = await t.app.inject({ method: 'GET', url: '/api/users/me/preferences', headers: bearer(token) });
    expect(prefs.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: bearer(token),
      payload: prefs.json().data,
    });
    expect(put.statusCode).toBe(200);

    // Everything else is refused with PASSWORD_CHANGE_REQUIRED: the guard, as every other route uses it.
    const guards = createAuthGuards(createSessionsService(t.database.db, t.config.session));
    const fakeRequest = {
      headers: bearer(token),
      routeOptions: { config: {} },
      principal: null,
    } as unknown as FastifyRequest; // only the fields the guard reads
    const refusal = await guards.authenticateRequest(fakeRequest).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', status: 403 });

    // Sign-out is allowed too (on a second session).
    const second = await t.signIn(ADMIN_EMAIL, password);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(second) })).statusCode).toBe(
      200,
    );

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/users/change-password',
      headers: bearer(token),
      payload: { currentPassword: password, newPassword: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    const newToken = (change.json() as { data: { token: string } }).data.token;
    const after = await me(t, newToken);
    expect(after.json().data.mustChangePassword).toBe(false);
    const relogin = await signInAttempt(t, ADMIN_EMAIL, NEW_PASSWORD);
    expect(relogin.json().data.user.mustChangePassword).toBe(false);

    // With the password changed, the guard lets the user through.
    const allowed = {
      headers: bearer(newToken),
      routeOptions: { config: {} },
      principal: null,
    } as unknown as FastifyRequest;
    await expect(guards.authenticateRequest(allowed)).resolves.toBeUndefined();
  });

  it('does not print credentials or require a change when ADMIN_PASSWORD is set', async () => {
    const configured = await createTestApp();
    try {
      expect(configured.printed).toEqual([]);
      const login = await signInAttempt(configured, ADMIN_EMAIL, TEST_PASSWORD);
      expect(login.json().data.user.mustChangePassword).toBe(false);
    } finally {
      await configured.close();
    }
  });
});
