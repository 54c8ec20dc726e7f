import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, TEST_PASSWORD, bearer } from '../../test/test-app';
import { appSuite } from '../../test/signed-in-suite';
import { storedRow } from '../../test/stored-rows';

describe('sign-in, current user and sign-out', () => {
  const suite = appSuite();

  it('signs in with the original application’s shape and reads the current user', async () => {
    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ADMIN_EMAIL.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { data } = login.json();
    expect(Object.keys(data).sort()).toEqual(['token', 'user']);
    expect(data.user).toMatchObject({
      email: ADMIN_EMAIL,
      role: 'ALL_FACILITY_ADMIN',
      firstName: 'System',
      lastName: 'Administrator',
      name: 'System Administrator',
    });
    expect(typeof data.user._id).toBe('string');

    const me = await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data._id).toBe(data.user._id);

    const logout = await suite.t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(data.token) });
    expect(logout.statusCode).toBe(200);
    const after = await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(data.token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers a wrong password with 401 and a message, without revealing whether the account exists', async () => {
    const wrong = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ADMIN_EMAIL, password: 'not-the-password' },
    });
    const unknown = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('answers sign-in with exactly the original application’s fields (plus mustChangePassword and mfaEnrolmentRequired) and nothing secret', async () => {
    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: `  ${ADMIN_EMAIL.toUpperCase()}  `, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { user } = login.json().data;
    expect(Object.keys(user).sort()).toEqual([
      '_id',
      'email',
      'firstName',
      'lastName',
      'mfaEnrolmentRequired',
      'mustChangePassword',
      'name',
      'role',
    ]);
    expect(login.body).not.toMatch(/argon2|passwordHash|password_hash/i);
    const row = await storedRow(suite.t, 'users', { email: ADMIN_EMAIL });
    expect(row.lastSignInAt).not.toBeNull();
    expect(Date.now() - Date.parse(row.lastSignInAt ?? '')).toBeLessThan(10_000);
  });

  it('stores passwords with argon2id at the OWASP parameters', async () => {
    const row = await storedRow(suite.t, 'users', { email: ADMIN_EMAIL });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it('tells a deactivated user so only when the password is right', async () => {
    const user = await suite.t.createUser('FACILITY_USER');
    await suite.t.database.db.updateTable('users').set({ active: 0 }).where('id', '=', user.id).execute();
    const right = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const wrong = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toMatch(/deactivated/i);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).not.toMatch(/deactivated/i);
  });

  it('rejects a missing, malformed or unknown token with 401', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
    ]) {
      const response = await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers });
      expect(response.statusCode).toBe(401);
    }
  });
});
