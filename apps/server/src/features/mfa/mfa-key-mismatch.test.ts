import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { oathtoolCode } from '../../test/oathtool';
import { ADMIN_EMAIL, bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';

/**
 * A second factor sealed under another key than the server's (a restore that left the key file behind, a
 * changed MFA_ENCRYPTION_KEY): every code answers a clear 409, never 500 and never "wrong code", until an
 * administrator resets the second factor. A second instance on the same database with another key stands
 * in for the restored server.
 */
describe('a second factor the server cannot open', () => {
  let t: TestApp;
  let other: App;
  const user = { id: '', email: '', secret: '', backupCodes: [] as string[] };

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp(
      { ...t.config, mfaEncryptionKey: Buffer.alloc(32, 9) },
      { database: t.reopenDatabase(), serveWebApp: false },
    );
    const created = await t.createUser('FACILITY_USER');
    const token = await t.signIn(created.email);
    const start = await t.app.inject({ method: 'POST', url: '/api/users/me/mfa/totp', headers: bearer(token) });
    const secret = start.json().data.secret as string;
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/mfa/totp/confirm',
      headers: bearer(token),
      payload: { code: oathtoolCode(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    Object.assign(user, { id: created.id, email: created.email, secret, backupCodes: confirm.json().data.backupCodes });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  async function codeStep(app: App, code: string) {
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { mfaToken } = login.json().data as { mfaToken: string };
    return app.app.inject({ method: 'POST', url: '/api/users/login/mfa', payload: { mfaToken, code } });
  }

  it('answers 409 with a message for a TOTP and for a backup code, never 500 or "wrong code"', async () => {
    for (const code of [oathtoolCode(user.secret, 30), user.backupCodes[0]!]) {
      const answer = await codeStep(other, code);
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toEqual({
        code: 'CONFLICT',
        message: expect.stringContaining('Ask an administrator to reset your second factor'),
        details: { secondFactorUnreadable: true },
      });
    }
    // The server that holds the key still accepts the unused backup code.
    expect((await codeStep(t, user.backupCodes[0]!)).statusCode).toBe(200);
  });

  it('lets an administrator reset it (audited); the user then signs in with the password', async () => {
    const admin = await other.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: ADMIN_EMAIL, password: TEST_PASSWORD },
    });
    const reset = await other.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}/mfa`,
      headers: bearer(admin.json().data.token as string),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await other.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.token).toEqual(expect.any(String));
    const events = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('entityId', '=', user.id)
      .execute();
    expect(events.map((event) => event.action)).toContain('MFA_RESET');
  });
});
