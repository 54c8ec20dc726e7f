import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { startTestOidcProvider, type TestAccount, type TestOidcProvider } from '../../test/oidc-test-provider';
import { storedRow } from '../../test/stored-rows';
import { atProvider as followToCallback, Browser } from '../../test/oidc-browser';

const PUBLIC_URL = 'http://rtms.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

/** Starts a sign-in (GET /start) or a link (POST /link) in `browser`: the provider address it answers. */
async function startIn(t: TestApp, browser: Browser, startUrl: string, headers: Record<string, string> = {}) {
  const start = await browser.inject(t, {
    method: startUrl.endsWith('/link') ? 'POST' : 'GET',
    url: startUrl,
    headers,
  });
  return start.statusCode === 302
    ? (start.headers.location as string)
    : (start.json() as { data: { url: string } }).data.url;
}

/** Follows the provider's redirects in `browser` up to our callback: the callback's path and query. */
const atProvider = (browser: Browser, providerUrl: string) => followToCallback(browser, providerUrl, CALLBACK);

/** Opens our callback in `browser`: where it sends the browser. */
async function callbackIn(t: TestApp, browser: Browser, callbackPath: string): Promise<string> {
  const back = await browser.inject(t, { method: 'GET', url: callbackPath });
  expect(back.statusCode).toBe(302);
  return back.headers.location as string;
}

/**
 * Walks the redirects a browser would follow from our start address through the provider and back to our
 * callback, and answers where the callback sent the browser. `finisher` is the browser that opens the
 * provider address (by default the one that started).
 */
async function throughProvider(
  t: TestApp,
  startUrl: string,
  headers: Record<string, string> = {},
  browsers: { starter?: Browser; finisher?: Browser } = {},
): Promise<string> {
  const starter = browsers.starter ?? new Browser();
  const finisher = browsers.finisher ?? starter;
  const providerUrl = await startIn(t, starter, startUrl, headers);
  return callbackIn(t, finisher, await atProvider(finisher, providerUrl));
}

/** The hand-off code in the address the callback sent the browser to (null: none). */
const handoffOf = (redirect: string) => new URL(redirect, PUBLIC_URL).searchParams.get('sso');

async function signInWithProvider(
  t: TestApp,
  browser = new Browser(),
): Promise<{ status: number; body: ReturnType<typeof JSON.parse>; redirect: string }> {
  const redirect = await throughProvider(t, '/api/auth/oidc/start', {}, { starter: browser });
  const code = handoffOf(redirect);
  if (!code) return { status: 0, body: null, redirect };
  const session = await browser.inject(t, { method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
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
    // A role change ends the earlier sessions.
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
    const browser = new Browser();
    const redirect = await throughProvider(t, '/api/auth/oidc/start', {}, { starter: browser });
    const code = handoffOf(redirect)!;
    const cookie = browser.rtms.header();
    const redeem = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: { code }, headers: { cookie } });
    expect((await redeem()).statusCode).toBe(200);
    expect((await redeem()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/oidc/session', payload: {} })).statusCode).toBe(400);
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=made-up' });
    expect(forged.headers.location).toBe('/signin?ssoError=EXPIRED');
  });
});

describe('linking and sign-in bound to the browser and the account (decision 036)', () => {
  let idp: TestOidcProvider;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ idp, t } = await appWithProvider({
      OIDC_ROLE_MAP: 'rtms-admins=ALL_FACILITY_ADMIN,rtms-staff=FACILITY_USER',
    }));
    admin = await t.signIn(ADMIN_EMAIL);
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const identitiesOf = (subject: string) =>
    t.database.db.selectFrom('user_identities').selectAll().where('subject', '=', subject).execute();
  const linkRequests = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/oidc/link-requests', headers: bearer(token) });
  const decide = (token: string, id: string, decision: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/oidc/link-requests/${id}/decide`,
      headers: bearer(token),
      payload: { decision },
    });
  const passwordSignIn = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: TEST_PASSWORD } });

  it('binds the attempt to an HttpOnly, SameSite, short-lived cookie of the starting browser', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/^rtms_sso=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/auth/oidc');
    expect(cookie).toContain('Max-Age=720');
    const row = await t.database.db
      .selectFrom('oidc_logins')
      .select('browserHash')
      .orderBy('createdAt', 'desc')
      .executeTakeFirst();
    expect(row?.browserHash).toMatch(/^[0-9a-f]{64}$/);
    expect(cookie).not.toContain('Secure');
    // Secure where the callback address is HTTPS.
    const https = await createTestApp({
      PUBLIC_URL: 'https://rtms.test',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
    });
    try {
      const secure = await https.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(String(secure.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('refuses the linking attack: a link started by a FACILITY_USER, completed in an administrator’s browser', async () => {
    const attacker = await t.createUser('FACILITY_USER', 'attacker@example.com');
    const attackerToken = await t.signIn(attacker.email);
    const victim = {
      sub: 'idp-admin-1',
      email: 'victim.admin@example.com',
      email_verified: true,
      given_name: 'Vic',
      family_name: 'Tim',
      groups: ['rtms-admins'],
    };
    idp.signInAs(victim);
    const attackerBrowser = new Browser();
    const victimBrowser = new Browser();
    const outcome = await throughProvider(t, '/api/auth/oidc/link', bearer(attackerToken), {
      starter: attackerBrowser,
      finisher: victimBrowser,
    });
    expect(outcome).toBe('/account-security?ssoError=OTHER_BROWSER');
    expect(await identitiesOf(victim.sub)).toEqual([]);

    // The administrator's next single sign-on lands in an account of their own, not the attacker's.
    const victimSignIn = await signInWithProvider(t, victimBrowser);
    expect(victimSignIn.status, victimSignIn.redirect).toBe(200);
    expect(victimSignIn.body.data.user).toMatchObject({ email: victim.email, role: 'ALL_FACILITY_ADMIN' });
    expect(victimSignIn.body.data.user._id).not.toBe(attacker.id);
    const attackerRow = await storedRow(t, 'users', { id: attacker.id });
    expect(attackerRow).toMatchObject({ role: 'FACILITY_USER', email: 'attacker@example.com' });
    // The attacker's password opens no administrator account.
    expect((await passwordSignIn(victim.email)).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(attackerToken) });
    expect(me.json().data).toMatchObject({ email: 'attacker@example.com', role: 'FACILITY_USER' });
  });

  it('keeps a link whose provider email is not the account’s waiting for an ALL_FACILITY_ADMIN, who may reject it', async () => {
    const attacker = await t.createUser('FACILITY_USER', 'attacker2@example.com');
    const attackerToken = await t.signIn(attacker.email);
    // The attack carried into the attacker's own browser (the administrator's provider session there).
    idp.signInAs({
      sub: 'idp-admin-2',
      email: 'other.admin@example.com',
      email_verified: true,
      groups: ['rtms-admins'],
    });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(attackerToken))).toBe(
      '/account-security?linkPending=1',
    );
    expect(await identitiesOf('idp-admin-2')).toEqual([]);
    expect(await storedRow(t, 'users', { id: attacker.id })).toMatchObject({
      role: 'FACILITY_USER',
      email: 'attacker2@example.com',
    });

    // Only an ALL_FACILITY_ADMIN sees and decides the request.
    expect((await linkRequests(attackerToken)).statusCode).toBe(403);
    const allUser = await t.signIn((await t.createUser('ALL_FACILITY_USER')).email);
    expect((await linkRequests(allUser)).statusCode).toBe(403);
    const listed = await linkRequests(admin);
    expect(listed.statusCode).toBe(200);
    const request = (listed.json().data as Array<Record<string, unknown>>).find((row) => row.userId === attacker.id);
    expect(request).toMatchObject({
      userEmail: 'attacker2@example.com',
      userRole: 'FACILITY_USER',
      email: 'other.admin@example.com',
      emailVerified: true,
      mappedRole: 'ALL_FACILITY_ADMIN',
      subject: 'idp-admin-2',
      status: 'PENDING',
    });
    const id = request!._id as string;
    expect((await decide(attackerToken, id, 'APPROVE')).statusCode).toBe(403);
    expect((await decide(admin, id, 'MAYBE')).statusCode).toBe(400);
    expect((await decide(admin, 'no-such-request', 'REJECT')).statusCode).toBe(404);
    const rejected = await decide(admin, id, 'REJECT');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ _id: id, status: 'REJECTED' });
    expect((await decide(admin, id, 'APPROVE')).statusCode).toBe(409);
    expect(await identitiesOf('idp-admin-2')).toEqual([]);
    expect((await linkRequests(admin)).json().data.some((row: { _id: string }) => row._id === id)).toBe(false);
    const audited = await t.database.db
      .selectFrom('audit_events')
      .select(['actorEmail', 'changes'])
      .where('entityId', '=', attacker.id)
      .orderBy('seq')
      .execute();
    expect(audited.map((row) => [row.actorEmail, Object.keys(JSON.parse(row.changes ?? '{}'))])).toEqual(
      expect.arrayContaining([
        [null, ['singleSignOnRequest']],
        [ADMIN_EMAIL, ['singleSignOnRequest']],
      ]),
    );
  });

  it('links a differing or unverified email after approval; the account keeps its email and follows the role map', async () => {
    const local = await t.createUser('ALL_FACILITY_USER', 'local.name@example.com');
    const token = await t.signIn(local.email);
    // The same email, but not verified by the provider: waits too.
    idp.signInAs({ sub: 'idp-3', email: 'local.name@example.com', email_verified: false, groups: ['rtms-staff'] });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(token))).toBe('/account-security?linkPending=1');
    idp.signInAs({ sub: 'idp-3', email: 'corporate.name@example.com', email_verified: true, groups: ['rtms-staff'] });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(token))).toBe('/account-security?linkPending=1');
    const pending = (await linkRequests(admin))
      .json()
      .data.filter((row: { userId: string }) => row.userId === local.id);
    // The newer request replaced the older one.
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ email: 'corporate.name@example.com', mappedRole: 'FACILITY_USER' });
    // Linked only now, by the administrator's decision.
    const approved = await decide(admin, pending[0]._id, 'APPROVE');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('APPROVED');
    expect(await identitiesOf('idp-3')).toEqual([expect.objectContaining({ userId: local.id })]);

    const signedIn = await signInWithProvider(t);
    expect(signedIn.status, signedIn.redirect).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({
      _id: local.id,
      email: 'local.name@example.com',
      role: 'FACILITY_USER',
    });
    expect((await storedRow(t, 'users', { id: local.id })).email).toBe('local.name@example.com');
    // The account's own password still goes by the account's email, not the provider's.
    expect((await passwordSignIn('corporate.name@example.com')).statusCode).toBe(401);
  });

  it('links at once, in the starting browser, a provider account whose verified email is the account’s', async () => {
    const local = await t.createUser('FACILITY_USER', 'same.mail@example.com');
    const token = await t.signIn(local.email);
    idp.signInAs({ sub: 'idp-4', email: 'Same.Mail@example.com', email_verified: true, groups: ['rtms-staff'] });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(token))).toBe('/account-security?linked=1');
    expect(await identitiesOf('idp-4')).toEqual([expect.objectContaining({ userId: local.id })]);
  });

  it('completes a link only while the session that started it is live', async () => {
    const local = await t.createUser('FACILITY_USER', 'signed.out@example.com');
    const token = await t.signIn(local.email);
    idp.signInAs({ sub: 'idp-5', email: 'signed.out@example.com', email_verified: true, groups: ['rtms-staff'] });
    const browser = new Browser();
    const providerUrl = await startIn(t, browser, '/api/auth/oidc/link', bearer(token));
    expect((await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect(await callbackIn(t, browser, await atProvider(browser, providerUrl))).toBe(
      '/account-security?ssoError=EXPIRED',
    );
    expect(await identitiesOf('idp-5')).toEqual([]);
  });

  it('documents the link-request routes in the OpenAPI document, for administrators only', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown; responses?: Record<string, unknown> }>>;
    };
    const list = document.paths['/api/auth/oidc/link-requests']?.get;
    const decideOperation = document.paths['/api/auth/oidc/link-requests/{id}/decide']?.post;
    expect(list?.security).toBeDefined();
    expect(Object.keys(decideOperation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
  });

  it('neither links nor approves a provider account whose email is another user’s', async () => {
    const attacker = await t.createUser('FACILITY_USER', 'attacker3@example.com');
    const attackerToken = await t.signIn(attacker.email);
    const owner = await t.createUser('ALL_FACILITY_ADMIN', 'owner.admin@example.com');
    // By its email the provider account is the administrator's: refused at once, nothing put to an administrator.
    idp.signInAs({ sub: 'idp-7', email: owner.email, email_verified: true, groups: ['rtms-admins'] });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(attackerToken))).toBe(
      '/account-security?ssoError=OTHER_ACCOUNT',
    );
    expect(await identitiesOf('idp-7')).toEqual([]);
    const listed = (await linkRequests(admin)).json().data as Array<{ userId: string }>;
    expect(listed.filter((row) => row.userId === attacker.id)).toEqual([]);

    // An email that became another user's after the request was made cannot be approved either.
    idp.signInAs({ sub: 'idp-8', email: 'later.owner@example.com', email_verified: true, groups: ['rtms-admins'] });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(attackerToken))).toBe(
      '/account-security?linkPending=1',
    );
    await t.createUser('ALL_FACILITY_ADMIN', 'later.owner@example.com');
    const pending = ((await linkRequests(admin)).json().data as Array<{ _id: string; userId: string }>).find(
      (row) => row.userId === attacker.id,
    );
    const approved = await decide(admin, pending!._id, 'APPROVE');
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json().message).toMatch(/another user/);
    expect(await identitiesOf('idp-8')).toEqual([]);
    expect(await storedRow(t, 'users', { id: attacker.id })).toMatchObject({ role: 'FACILITY_USER' });
  });

  it('signs a new provider account in from two browsers at once: one account, no 5xx', async () => {
    idp.signInAs({ sub: 'idp-twice', email: 'two.tabs@example.com', email_verified: true, groups: ['rtms-staff'] });
    const browsers = [new Browser(), new Browser()];
    const callbacks: string[] = [];
    for (const browser of browsers)
      callbacks.push(await atProvider(browser, await startIn(t, browser, '/api/auth/oidc/start')));
    const redirects = await Promise.all(browsers.map((browser, i) => callbackIn(t, browser, callbacks[i]!)));
    for (const [i, redirect] of redirects.entries()) {
      const code = handoffOf(redirect);
      expect(code, redirect).toBeTruthy();
      const session = await browsers[i]!.inject(t, {
        method: 'POST',
        url: '/api/auth/oidc/session',
        payload: { code },
      });
      expect(session.statusCode).toBe(200);
    }
    expect(await identitiesOf('idp-twice')).toHaveLength(1);
  });

  it('refuses login CSRF: a sign-in callback or hand-off code carried to another browser signs nobody in there', async () => {
    idp.signInAs({ sub: 'idp-6', email: 'csrf.attacker@example.com', email_verified: true, groups: ['rtms-staff'] });
    // The callback of an attacker's sign-in, opened in the victim's browser.
    const attackerBrowser = new Browser();
    expect(
      await throughProvider(t, '/api/auth/oidc/start', {}, { starter: attackerBrowser, finisher: new Browser() }),
    ).toBe('/signin?ssoError=OTHER_BROWSER');

    // The hand-off code of an attacker's sign-in, redeemed in the victim's browser (with or without an attempt of its own).
    const redirect = await throughProvider(t, '/api/auth/oidc/start', {}, { starter: attackerBrowser });
    const code = handoffOf(redirect)!;
    const victimBrowser = new Browser();
    const bare = await victimBrowser.inject(t, { method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
    expect(bare.statusCode).toBe(401);
    await startIn(t, victimBrowser, '/api/auth/oidc/start');
    const withOwn = await victimBrowser.inject(t, { method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
    expect(withOwn.statusCode).toBe(401);
    expect(withOwn.json().message).toMatch(/another browser/);
    // The browser that started it still signs in, and its cookie is then cleared.
    const own = await attackerBrowser.inject(t, { method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
    expect(own.statusCode).toBe(200);
    expect(String(own.headers['set-cookie'])).toMatch(/^rtms_sso=;.*Max-Age=0/);
  });

  it('keeps the break-glass administrator’s role when a provider account of another email is linked to it', async () => {
    idp.signInAs({ sub: 'idp-bg', email: 'admin.corporate@example.com', email_verified: true, groups: ['rtms-staff'] });
    expect(await throughProvider(t, '/api/auth/oidc/link', bearer(admin))).toBe('/account-security?linkPending=1');
    const pending = ((await linkRequests(admin)).json().data as Array<{ _id: string; subject: string }>).find(
      (row) => row.subject === 'idp-bg',
    );
    expect((await decide(admin, pending!._id, 'APPROVE')).statusCode).toBe(200);
    // The account is the break-glass one (ADMIN_EMAIL), whatever email the provider gives: its role is kept.
    const signedIn = await signInWithProvider(t);
    expect(signedIn.status, signedIn.redirect).toBe(200);
    expect(signedIn.body.data.user).toMatchObject({ email: ADMIN_EMAIL, role: 'ALL_FACILITY_ADMIN' });
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
