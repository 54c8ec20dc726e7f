import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../../test/test-app';
import { startTestOidcProvider, type TestAccount, type TestOidcProvider } from '../../test/oidc-test-provider';
import { atProvider, Browser } from '../../test/oidc-browser';

const PUBLIC_URL = 'http://rtms.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

const REVIEWER: TestAccount = {
  sub: 'rev-1',
  email: 'ada.reviewer@example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Reviewer',
  groups: ['rtms-admins'],
};

describe('signing a review by a fresh single sign-on', () => {
  let idp: TestOidcProvider;
  let t: TestApp;
  let admin: string;
  let reviewer: string;
  const browser = new Browser();
  const taskIds: string[] = [];

  const api = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await browser.inject(t, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  };

  /** A signing sign-in for `taskId`: where the callback sends the browser. */
  async function signAtProvider(taskId: string): Promise<string> {
    const started = await api(reviewer, 'POST', '/api/auth/oidc/sign', { returnTo: `/tasks/${taskId}` });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const url = new URL(started.body.data.url as string);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('max_age')).toBe('300');
    const back = await browser.inject(t, { method: 'GET', url: await atProvider(browser, url.toString(), CALLBACK) });
    expect(back.statusCode).toBe(302);
    return back.headers.location as string;
  }

  beforeAll(async () => {
    idp = await startTestOidcProvider([CALLBACK]);
    t = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ROLE_MAP: 'rtms-admins=ALL_FACILITY_ADMIN,rtms-staff=FACILITY_USER',
    });
    admin = await t.signIn(ADMIN_EMAIL);
    const facility = await api(admin, 'POST', '/api/facilities', {
      name: 'North',
      code: 'N1',
      type: 'WIND',
      timeZone: 'UTC',
    });
    const today = new Date().toISOString().slice(0, 10);
    const requirement = await api(admin, 'POST', '/api/requirements', {
      title: 'Monthly oil check',
      category: 'WATER',
      frequency: 'MONTHLY',
      firstDueDate: today,
      reviewRequired: true,
      facilities: [{ facilityId: facility.body.data._id }],
    });
    expect(requirement.status, JSON.stringify(requirement.body)).toBe(201);
    const tasks = await api(admin, 'GET', `/api/tasks?requirementId=${requirement.body.data._id}&sort=dueDate`);
    for (const task of (tasks.body.data as { _id: string }[]).slice(0, 3)) {
      expect((await api(admin, 'POST', `/api/tasks/${task._id}/complete`, {})).status).toBe(200);
      taskIds.push(task._id);
    }

    // The reviewer's account comes from the provider (first sign-in creates it, all-facility admin by its group).
    idp.signInAs(REVIEWER);
    const start = await browser.inject(t, { method: 'GET', url: '/api/auth/oidc/start' });
    const back = await browser.inject(t, {
      method: 'GET',
      url: await atProvider(browser, start.headers.location as string, CALLBACK),
    });
    const code = new URL(back.headers.location as string, PUBLIC_URL).searchParams.get('sso')!;
    const session = await browser.inject(t, { method: 'POST', url: '/api/auth/oidc/session', payload: { code } });
    expect(session.statusCode, session.body).toBe(200);
    reviewer = session.json().data.token as string;
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('a fresh sign-in at the provider gives a one-time grant that signs one review', async () => {
    const back = await signAtProvider(taskIds[0]!);
    const address = new URL(back, PUBLIC_URL);
    expect(address.pathname).toBe(`/tasks/${taskIds[0]}`);
    const signingGrant = address.searchParams.get('signingGrant')!;
    expect(signingGrant).toBeTruthy();

    const signed = await api(reviewer, 'POST', `/api/tasks/${taskIds[0]}/review`, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      signingGrant,
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({ method: 'SINGLE_SIGN_ON', signerName: 'Ada Reviewer', current: true });

    const reused = await api(reviewer, 'POST', `/api/tasks/${taskIds[1]}/review`, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      signingGrant,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.details.map((d: { path: string }) => d.path)).toEqual(['signingGrant']);
  });

  it('refuses a provider sign-in whose auth_time is more than five minutes old', async () => {
    idp.signInAs(REVIEWER, { authenticatedSecondsAgo: 6 * 60 });
    const back = new URL(await signAtProvider(taskIds[2]!), PUBLIC_URL);
    expect(back.pathname).toBe(`/tasks/${taskIds[2]}`);
    expect(back.searchParams.get('ssoError')).toBe('STALE');
    expect(back.searchParams.get('signingGrant')).toBeNull();
    idp.signInAs(REVIEWER, { authenticatedSecondsAgo: 4 * 60 });
    const fresh = new URL(await signAtProvider(taskIds[2]!), PUBLIC_URL);
    expect(fresh.searchParams.get('signingGrant')).toBeTruthy();
  });

  it('an account that signs in only through the provider cannot sign with a password it never had', async () => {
    const response = await api(reviewer, 'POST', `/api/tasks/${taskIds[2]}/review`, {
      decision: 'APPROVE',
      meaning: 'APPROVED',
      password: 'a-guess-at-a-random-password',
    });
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string }) => d.path)).toEqual(['password']);
  });
});
