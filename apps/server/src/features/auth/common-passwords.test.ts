import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/config';
import { ADMIN_EMAIL, bearer, TEST_PASSWORD } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';

const COMMON_MESSAGE = 'This password is one of the most common or breached passwords. Choose another one.';

/** The server refuses the common and breached passwords wherever a password is set. */
describe('common and breached passwords', () => {
  const suite = signedInSuite();

  it('refuses one as the new password of a password change, naming the field', async () => {
    for (const newPassword of ['password1234', 'Password1234']) {
      const response = await suite.t.app.inject({
        method: 'POST',
        url: '/api/users/change-password',
        headers: bearer(suite.admin),
        payload: { currentPassword: TEST_PASSWORD, newPassword },
      });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json(), newPassword).toEqual({
        code: 'VALIDATION_FAILED',
        message: `newPassword: ${COMMON_MESSAGE}`,
        details: [{ path: 'newPassword', message: COMMON_MESSAGE }],
      });
    }
    // The password did not change.
    expect(await suite.t.signIn(ADMIN_EMAIL)).toEqual(expect.any(String));
  });

  it('refuses one as the initial password of a new user', async () => {
    const response = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(suite.admin),
      payload: {
        email: 'new.user@example.com',
        firstName: 'New',
        lastName: 'User',
        role: 'FACILITY_USER',
        password: 'qwertyuiop12',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ path: 'password', message: COMMON_MESSAGE }]);
  });

  it('refuses one as ADMIN_PASSWORD at start, without echoing it', () => {
    let error: unknown;
    try {
      loadConfig({ ADMIN_PASSWORD: 'iloveyou1234', DATA_DIR: suite.t.dataDir });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('ADMIN_PASSWORD');
    expect((error as Error).message).toContain('common or breached');
    expect((error as Error).message).not.toContain('iloveyou1234');
  });
});
