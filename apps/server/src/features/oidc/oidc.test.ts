import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { startTestOidcProvider, type TestAccount, type TestOidcProvider } from '../../test/oidc-test-provider';
import { storedRow } from '../../test/stored-rows';

const PUBLIC_URL = 'http://rtms.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

/** Cookies of the browser at the provider, sent back on every request to it. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Walks the redirects a browser would follow from our start address through the provider and back to our
 * callback, and answers where the callback sent the browser.
 */
async function throughProvider(t: TestApp, startUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const start = await t.app.inject({ method: startUrl.endsWith('/link') ? 'POST' : 'GET', url: startUrl, headers });
  let location =
    start.statusCode === 302
      ? (start.headers.location as string)
      : (start.json() as { data: { url: string } }).data.url;
  const jar = new CookieJar();
  for (let hop = 0; hop < 10 && !location.startsWith(PUBLIC_URL); hop += 1) {
    const response = await fetch(location, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const next = response.headers.get('location');
    if (!next) throw new Error(`the provider stopped at ${location}: ${response.status} ${await response.text()}`);
    location = new URL(next, location).toString();
  }
  const callback = new URL(location);
  expect(callback.origin + callback.pathname).toBe(CALLBACK);
  const back = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search });
  expect(back.statusCode).toBe(302);
  return back.headers.location as string;
}

async function signInWithProvider(
  t: TestApp,
): Promise<{ status: number; body: ReturnType<typeof JSON.parse>; redirect: string }> {
  const redirect = await throughProvider(t, '/api/auth/oidc/start');
  const code = new URL(redirect, PUBLIC_URL).searchParams.get('sso');
  if (!code) return { status: 0, body: null, redirect };
  const session = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
  return { status: session.statusCode, body: session.json(), redirect };
}

/** A test provider and an app that signs in through it with these OIDC settings besides the provider's. */
async function appWithProvider(env: Record<string, string>): Promise<{ idp: TestOidcProvider; t: TestApp }> {
  const idp = await startTestOidcProvider([CALLBACK]);
  const t = await createTestApp({
    PUBLIC_URL,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    ...env,
  });
  return { idp, t };
}

describe('single sign-on with OpenID Connect against a real provider', () => {
  let idp: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    ({ idp, t } = await appWithProvider({
      OIDC_LABEL: 'Contoso ID',
      OIDC_ROLE_MAP: 'rtms-admins=ALL_FACILITY_ADMIN,rtms-site-admins=FACILITY_ADMIN,rtms-staff=FACILITY_USER',
    }));
    // Two facilities whose codes the provider's claims name.
    const admin = await t.signIn(ADMIN_EMAIL);
    for (const [name, code] of [
      ['North Wind', 'NW1'],
      ['South Solar', 'SS1'],
    ]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/facilities',
        headers: bearer(admin),
        payload: { name, code, type: 'WIND', timeZone: 'UTC' },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const facilityCodesOf = async (userId: string) =>
    (
      await t.database.db
        .selectFrom('user_facilities')
        .innerJoin('facilities', 'facilities.id', 'user_facilities.facilityId')
        .select('facilities.code')
        .where('user_facilities.userId', '=', userId)
        .orderBy('facilities.code')
        .execute()
    ).map((row) => row.code);

  it('redirects to the provider with the authorization code flow and PKCE (S256), and names it in the public config', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.data.sso).toEqual({ label: 'Contoso ID', only: false });
  });

  it('creates the user at first sign-in with the mapped role and facilities, and updates them at each sign-in', async () => {
    const account: TestAccount = {
      sub: 'u-1001',
      email: 'Grace.Hopper@Example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      groups: ['everyone', 'rtms-staff'],
      facilities: ['NW1'],
    };
    idp.signInAs(account);
    const first = await signInWithProvider(t);
    expect(first.status, first.redirect).toBe(200);
    expect(first.body.data.user).toMatchObject({
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'FACILITY_USER',
      mustChangePassword: false,
    });
    const userId = first.body.data.user._id as string;
    expect(await facilityCodesOf(userId)).toEqual(['NW1']);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/users/auth/me',
      headers: bearer(first.body.data.token),
    });
    expect(me.statusCode).toBe(200);

    // The provider now says: site admin of both facilities, new surname.
    idp.signInAs({
      ...account,
      family_name: 'Hopper-Murray',
      groups: ['rtms-site-admins', 'rtms-staff'],
      facilities: ['NW1', 'SS1'],
    });
    const second = await signInWithProvider(t);
    expect(second.status).toBe(200);
    expect(second.body.data.user).toMatchObject({ _id: userId, role: 'FACILITY_ADMIN', lastName: 'Hopper-Murray' });
    expect(await facilityCodesOf(userId)).toEqual(['NW1', 'SS1']);
    // A role change ends the earlier sessions (PRODUCT §7).
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(first.body.data.token) }))
        .statusCode,
    ).toBe(401);
    const users = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'grace.hopper@example.com')
      .execute();
    expect(users).toHaveLength(1);
    const actions = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('entityId', '=', userId)
      .execute();
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['CREATE', 'ROLE_CHANGE']));
  });

  it('refuses a provider account whose claims map to no role, and one whose email belongs to a local account', async () => {
    idp.signInAs({
      sub: 'u-2002',
      email: 'nobody@example.com',
      email_verified: true,
      name: 'No Body',
      groups: ['other'],
    });
    const noRole = await signInWithProvider(t);
    expect(noRole.redirect).toBe('/signin?ssoError=NO_ROLE');

    const local = await t.createUser('FACILITY_USER', 'local.user@example.com');
    idp.signInAs({ sub: 'u-3003', email: 'LOCAL.user@example.com', email_verified: true, groups: ['rtms-admins'] });
    const taken = await signInWithProvider(t);
    expect(taken.redirect).toBe('/signin?ssoError=EMAIL_TAKEN');
    const row = await storedRow(t, 'users', { id: local.id });
    expect(row.role).toBe('FACILITY_USER');
  });

  it('links an existing local account only for its signed-in user, after which single sign-on signs into it', async () => {
    const local = await t.createUser('FACILITY_USER', 'linker@example.com');
    const token = await t.signIn(local.email);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/link' })).statusCode).toBe(401);
    idp.signInAs({
      sub: 'u-4004',
      email: 'linker@example.com',
      email_verified: true,
      groups: ['rtms-staff'],
      facilities: [],
    });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(token))).toBe('/account-security?linked=1');
    const signedIn = await signInWithProvider(t);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user._id).toBe(local.id);
  });

  it('uses a hand-off code and a state once', async () => {
    idp.signInAs({ sub: 'u-5005', email: 'once@example.com', email_verified: true, groups: ['rtms-staff'] });
    const redirect = await throughProvider(t, '/api/auth/oidc/start');
    const code = new URL(redirect, PUBLIC_URL).searchParams.get('sso')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: { code } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: { code } })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: {} })).statusCode).toBe(400);
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=made-up' });
    expect(forged.headers.location).toBe('/signin?ssoError=EXPIRED');
  });
});

describe('single sign-on as the only way in', () => {
  let idp: TestOidcProvider;
  let t: TestApp;
  beforeAll(async () => {
    ({ idp, t } = await appWithProvider({
      OIDC_ONLY: 'true',
      OIDC_DEFAULT_ROLE: 'FACILITY_USER',
    }));
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('refuses password sign-in except to the break-glass admin, and still signs in through the provider', async () => {
    const local = await t.createUser('ALL_FACILITY_USER');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: local.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Sign in with single sign-on/);
    // The break-glass administrator (ADMIN_EMAIL by default) keeps a password.
    expect(await t.signIn(ADMIN_EMAIL)).toEqual(expect.any(String));
    idp.signInAs({ sub: 'u-6006', email: 'default.role@example.com', email_verified: true });
    const viaProvider = await signInWithProvider(t);
    expect(viaProvider.body.data.user.role).toBe('FACILITY_USER');
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.sso.only).toBe(true);
  });
});

describe('without single sign-on configured', () => {
  it('answers 404 on the SSO routes and null in the public config', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=a&state=b' })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().data.sso).toBeNull();
    } finally {
      await t.close();
    }
  });
});
