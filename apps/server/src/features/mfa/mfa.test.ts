import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@rtms/shared/enums';
import { ADMIN_EMAIL, bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { oathtoolCode } from '../../test/oathtool';
import { storedRow } from '../../test/stored-rows';

/** A parsed JSON answer (its shape is what the assertions check). */
type Json = ReturnType<typeof JSON.parse>;

type Call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<{ status: number; body: Json; headers: Record<string, unknown> }>;

function caller(t: TestApp): Call {
  return async (token, method, url, payload) => {
    const response = await t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
}

/** Enrols `token`'s user with an authenticator app and returns the secret and backup codes. */
async function enrol(call: Call, token: string): Promise<{ secret: string; backupCodes: string[] }> {
  const start = await call(token, 'POST', '/api/users/me/mfa/totp');
  expect(start.status).toBe(200);
  const { secret } = start.body.data as { secret: string };
  const confirm = await call(token, 'POST', '/api/users/me/mfa/totp/confirm', { code: oathtoolCode(secret) });
  expect(confirm.status).toBe(200);
  return { secret, backupCodes: confirm.body.data.backupCodes };
}

async function passwordStep(call: Call, email: string): Promise<string> {
  const login = await call(null, 'POST', '/api/users/login', { email, password: TEST_PASSWORD });
  expect(login.status).toBe(200);
  expect(login.body.data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return login.body.data.mfaToken as string;
}

async function auditActions(t: TestApp, entityId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('entityId', '=', entityId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.action);
}

describe('TOTP second factor', () => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
  });
  afterAll(() => t.close());

  async function newUser(role: Role = 'FACILITY_USER') {
    const user = await t.createUser(role);
    return { ...user, token: await t.signIn(user.email) };
  }

  it('enrols with a 160-bit secret and an otpauth URL, stores the secret encrypted, and confirms with a code from oathtool', async () => {
    const user = await newUser();
    expect((await call(user.token, 'GET', '/api/users/me/mfa')).body.data).toEqual({
      enabled: false,
      confirmedAt: null,
      backupCodesRemaining: 0,
      required: false,
    });

    const start = await call(user.token, 'POST', '/api/users/me/mfa/totp');
    expect(start.status).toBe(200);
    const { secret, otpauthUrl } = start.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 32 base32 characters = 160 bits
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('RTMS');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);

    const stored = await storedRow(t, 'user_mfa', { userId: user.id });
    expect(stored.secretEncrypted).not.toContain(secret);
    expect(stored.secretEncrypted).toMatch(/^v1\./);
    expect(stored.confirmedAt).toBeNull();

    // Until confirmed, sign-in asks for no code.
    expect(
      (await call(null, 'POST', '/api/users/login', { email: user.email, password: TEST_PASSWORD })).body.data.token,
    ).toEqual(expect.any(String));

    const wrong = await call(user.token, 'POST', '/api/users/me/mfa/totp/confirm', { code: oathtoolCode(secret, 300) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'code', message: expect.stringContaining('incorrect') }]);
    const malformed = await call(user.token, 'POST', '/api/users/me/mfa/totp/confirm', { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].path).toBe('code');

    const confirm = await call(user.token, 'POST', '/api/users/me/mfa/totp/confirm', { code: oathtoolCode(secret) });
    expect(confirm.status).toBe(200);
    const { backupCodes } = confirm.body.data;
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const hashes = await t.database.db
      .selectFrom('user_mfa_backup_codes')
      .select('codeHash')
      .where('userId', '=', user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes)
      expect(backupCodes.map((c: string) => c.replace('-', ''))).not.toContain(codeHash);

    const status = (await call(user.token, 'GET', '/api/users/me/mfa')).body.data;
    expect(status).toMatchObject({ enabled: true, backupCodesRemaining: 10, required: false });
    expect((await call(user.token, 'POST', '/api/users/me/mfa/totp')).status).toBe(409);
    expect(await auditActions(t, user.id)).toContain('MFA_ENABLE');
  });

  it('asks for a code after the password, accepts ±1 time step, and refuses a replayed or distant code', async () => {
    const user = await newUser();
    const { secret } = await enrol(call, user.token);
    const now = Date.now();

    const tooLate = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: oathtoolCode(secret, 120, now),
    });
    expect(tooLate.status).toBe(401);
    const tooEarly = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: oathtoolCode(secret, -90, now),
    });
    expect(tooEarly.status).toBe(401);

    // One step ahead (a phone whose clock runs fast) is accepted; the session works.
    const ahead = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: oathtoolCode(secret, 30, now),
    });
    expect(ahead.status).toBe(200);
    expect(Object.keys(ahead.body.data).sort()).toEqual(['token', 'user']);
    expect(ahead.body.data.user.email).toBe(user.email);
    expect((await call(ahead.body.data.token, 'POST', '/api/users/auth/me')).status).toBe(200);

    // The same code again is a replay; so is the code of the step before it.
    const replay = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: oathtoolCode(secret, 30, now),
    });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/incorrect or has already been used/);
    const earlier = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: oathtoolCode(secret, 0, now),
    });
    expect(earlier.status).toBe(401);
  });

  it('lets only one of two simultaneous sign-ins with the same code through', async () => {
    const user = await newUser();
    const { secret } = await enrol(call, user.token);
    const code = oathtoolCode(secret, 30);
    const [first, second] = await Promise.all([passwordStep(call, user.email), passwordStep(call, user.email)]);
    const answers = await Promise.all([
      call(null, 'POST', '/api/users/login/mfa', { mfaToken: first, code }),
      call(null, 'POST', '/api/users/login/mfa', { mfaToken: second, code }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('lists every second-factor route in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/users/me/mfa'] ?? {}).sort()).toEqual(['delete', 'get']);
    expect(document.paths['/api/users/me/mfa/totp']).toHaveProperty('post');
    expect(document.paths['/api/users/me/mfa/totp/confirm']).toHaveProperty('post');
    expect(document.paths['/api/users/me/mfa/backup-codes']).toHaveProperty('post');
    expect(document.paths['/api/users/login/mfa']).toHaveProperty('post');
    expect(document.paths['/api/users/{id}/mfa']).toHaveProperty('delete');
    expect(Object.keys(document.paths['/api/security-settings'] ?? {}).sort()).toEqual(['get', 'put']);
    for (const path of ['/api/auth/oidc/start', '/api/auth/oidc/callback'])
      expect(document.paths[path]).toHaveProperty('get');
    for (const path of ['/api/auth/oidc/session', '/api/auth/oidc/link'])
      expect(document.paths[path]).toHaveProperty('post');
  });

  it('accepts each backup code once, forgiving case, spaces and the dash', async () => {
    const user = await newUser();
    const { backupCodes } = await enrol(call, user.token);
    const code = backupCodes[3]!;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const first = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: typed,
    });
    expect(first.status).toBe(200);
    const again = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code,
    });
    expect(again.status).toBe(401);
    expect((await call(first.body.data.token, 'GET', '/api/users/me/mfa')).body.data.backupCodesRemaining).toBe(9);
  });

  it('uses a challenge once, ends it after five wrong codes, and locks the account like wrong passwords (429 with Retry-After)', async () => {
    const user = await newUser();
    const { secret, backupCodes } = await enrol(call, user.token);

    const mfaToken = await passwordStep(call, user.email);
    const used = await call(null, 'POST', '/api/users/login/mfa', { mfaToken, code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect((await call(null, 'POST', '/api/users/login/mfa', { mfaToken, code: backupCodes[1] })).status).toBe(401);
    expect(
      (await call(null, 'POST', '/api/users/login/mfa', { mfaToken: 'made-up', code: backupCodes[1] })).status,
    ).toBe(401);
    expect((await call(null, 'POST', '/api/users/login/mfa', {})).status).toBe(400);

    const guessed = await passwordStep(call, user.email);
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push((await call(null, 'POST', '/api/users/login/mfa', { mfaToken: guessed, code: '000000' })).status);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    // The challenge is spent: even the right code now needs the password again.
    const ended = await call(null, 'POST', '/api/users/login/mfa', { mfaToken: guessed, code: oathtoolCode(secret) });
    expect(ended.status).toBe(401);
    expect(ended.body.message).toMatch(/Enter your email and password again/);
    expect(ended.body.details).toEqual({ mfaChallengeEnded: true });
    // Five free failures (as for passwords); the sixth locks the account, even for a challenge opened before.
    const spare = await passwordStep(call, user.email);
    const sixth = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: '000000',
    });
    expect(sixth.status).toBe(429);
    const locked = await call(null, 'POST', '/api/users/login/mfa', { mfaToken: spare, code: oathtoolCode(secret) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The lock is the account's: the password step is locked too.
    expect((await call(null, 'POST', '/api/users/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(
      429,
    );
  });

  it('replaces the backup codes with ten new ones on the password; the old ones stop working', async () => {
    const user = await newUser();
    const wrongFirst = await call(user.token, 'POST', '/api/users/me/mfa/backup-codes', { password: TEST_PASSWORD });
    expect(wrongFirst.status).toBe(409);
    const { backupCodes: old } = await enrol(call, user.token);
    const refused = await call(user.token, 'POST', '/api/users/me/mfa/backup-codes', { password: 'not-my-password' });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].path).toBe('password');
    const renewed = await call(user.token, 'POST', '/api/users/me/mfa/backup-codes', { password: TEST_PASSWORD });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    const withOld = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: old[0],
    });
    expect(withOld.status).toBe(401);
    const withNew = await call(null, 'POST', '/api/users/login/mfa', {
      mfaToken: await passwordStep(call, user.email),
      code: fresh[0],
    });
    expect(withNew.status).toBe(200);
  });

  it('turns off with the password (a wrong one is a field error), after which sign-in needs no code', async () => {
    const user = await newUser();
    await enrol(call, user.token);
    const wrong = await call(user.token, 'DELETE', '/api/users/me/mfa', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ path: 'password', message: 'The password is incorrect.' }]);
    expect((await call(user.token, 'DELETE', '/api/users/me/mfa', {})).status).toBe(400);
    const off = await call(user.token, 'DELETE', '/api/users/me/mfa', { password: TEST_PASSWORD });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ enabled: false, backupCodesRemaining: 0 });
    const login = await call(null, 'POST', '/api/users/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.body.data.token).toEqual(expect.any(String));
    expect(await auditActions(t, user.id)).toEqual(expect.arrayContaining(['MFA_ENABLE', 'MFA_DISABLE']));
  });

  it('answers 401 to an anonymous caller on every second-factor route', async () => {
    expect((await call(null, 'GET', '/api/users/me/mfa')).status).toBe(401);
    expect((await call(null, 'POST', '/api/users/me/mfa/totp')).status).toBe(401);
    expect((await call(null, 'POST', '/api/users/me/mfa/totp/confirm', { code: '123456' })).status).toBe(401);
    expect((await call(null, 'DELETE', '/api/users/me/mfa', { password: 'x' })).status).toBe(401);
    expect((await call(null, 'GET', '/api/security-settings')).status).toBe(401);
  });
});

describe('second factor required for admin roles, and reset by an admin', () => {
  let t: TestApp;
  let call: Call;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t);
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(() => t.close());

  it('lets only an ALL_FACILITY_ADMIN change the security settings, validating the roles', async () => {
    const allUser = await t.createUser('ALL_FACILITY_USER');
    const allUserToken = await t.signIn(allUser.email);
    expect((await call(allUserToken, 'GET', '/api/security-settings')).status).toBe(403);
    expect((await call(allUserToken, 'PUT', '/api/security-settings', { mfaRequiredRoles: [] })).status).toBe(403);
    expect((await call(admin, 'GET', '/api/security-settings')).body.data).toEqual({ mfaRequiredRoles: [] });
    const bad = await call(admin, 'PUT', '/api/security-settings', { mfaRequiredRoles: ['KING'] });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].path).toBe('mfaRequiredRoles.0');
  });

  it('makes users of a required role enrol at next sign-in before anything else', async () => {
    const facilityAdmin = await t.createUser('FACILITY_ADMIN');
    const before = await t.signIn(facilityAdmin.email);
    const put = await call(admin, 'PUT', '/api/security-settings', {
      mfaRequiredRoles: ['ALL_FACILITY_ADMIN', 'FACILITY_ADMIN'],
    });
    expect(put.status).toBe(200);
    expect(put.body.data.mfaRequiredRoles).toEqual(['ALL_FACILITY_ADMIN', 'FACILITY_ADMIN']);
    // A session that began before the rule is not cut off mid-work; the next sign-in enrols.
    expect((await call(before, 'GET', '/api/facilities')).status).toBe(200);

    const login = await call(null, 'POST', '/api/users/login', { email: facilityAdmin.email, password: TEST_PASSWORD });
    expect(login.body.data.user.mfaEnrolmentRequired).toBe(true);
    const token = login.body.data.token as string;
    const blocked = await call(token, 'GET', '/api/facilities');
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('MFA_ENROLMENT_REQUIRED');
    expect((await call(token, 'POST', '/api/users/auth/me')).body.data.mfaEnrolmentRequired).toBe(true);
    expect((await call(token, 'GET', '/api/users/me/mfa')).body.data.required).toBe(true);

    const { secret } = await enrol(call, token);
    expect((await call(token, 'GET', '/api/facilities')).status).toBe(200);
    expect((await call(token, 'POST', '/api/users/auth/me')).body.data.mfaEnrolmentRequired).toBe(false);
    // A required second factor cannot be turned off by its user.
    const off = await call(token, 'DELETE', '/api/users/me/mfa', { password: TEST_PASSWORD });
    expect(off.status).toBe(403);
    // The next sign-in asks for the code.
    const mfaToken = await passwordStep(call, facilityAdmin.email);
    expect(
      (await call(null, 'POST', '/api/users/login/mfa', { mfaToken, code: oathtoolCode(secret, 30) })).status,
    ).toBe(200);

    // A role that is not required signs in as before.
    const plain = await t.createUser('FACILITY_USER');
    const plainLogin = await call(null, 'POST', '/api/users/login', { email: plain.email, password: TEST_PASSWORD });
    expect(plainLogin.body.data.user.mfaEnrolmentRequired).toBe(false);
    await call(admin, 'PUT', '/api/security-settings', { mfaRequiredRoles: [] });
  });

  it('lets an admin reset another user’s second factor: audited, signs them out, 403/404 as for password reset', async () => {
    const user = await t.createUser('FACILITY_USER');
    const token = await t.signIn(user.email);
    await enrol(call, token);
    const facilityUserToken = await t.signIn((await t.createUser('FACILITY_USER')).email);
    expect((await call(facilityUserToken, 'DELETE', `/api/users/${user.id}/mfa`)).status).toBe(403);
    expect((await call(admin, 'DELETE', '/api/users/unknown-user/mfa')).status).toBe(404);

    const reset = await call(admin, 'DELETE', `/api/users/${user.id}/mfa`);
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ mfaEnabled: false });
    expect((await call(token, 'POST', '/api/users/auth/me')).status).toBe(401);
    const login = await call(null, 'POST', '/api/users/login', { email: user.email, password: TEST_PASSWORD });
    expect(login.body.data.token).toEqual(expect.any(String));
    expect(await auditActions(t, user.id)).toContain('MFA_RESET');

    // An ALL_FACILITY_USER may not reset an ALL_FACILITY_ADMIN's second factor (decision 009).
    const allUserToken = await t.signIn((await t.createUser('ALL_FACILITY_USER')).email);
    const otherAdmin = await t.createUser('ALL_FACILITY_ADMIN');
    expect((await call(allUserToken, 'DELETE', `/api/users/${otherAdmin.id}/mfa`)).status).toBe(403);
  });
});
