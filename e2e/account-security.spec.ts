import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { oathtoolCode } from '../apps/server/src/test/oathtool';
import { startTestOidcProvider, type TestOidcProvider } from '../apps/server/src/test/oidc-test-provider';
import { findAxeViolations } from './support/axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD, VERSION_TEXT } from './support/config';
import {
  launchBrowser,
  openPage,
  saveScreenshot,
  signInThroughForm,
  waitForAnimationsOf,
  waitForLoaded,
  type TestPage,
} from './support/browser';
import { signInApi, type ApiClient } from './support/directory-api';
import { freePort, startBuiltServer, type BuiltServer } from './support/built-server';
import { preferences, storeServerPreferences } from './support/interface-settings';

const USER_PASSWORD = 'a-long-enough-passphrase-42';

/** Fails with the list of axe-core findings, if any (WCAG 2.1 AA). */
async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const findings = await findAxeViolations(page);
  expect(findings.map((finding) => `${where}: ${finding.id} ${finding.help} ${JSON.stringify(finding.nodes)}`)).toEqual(
    [],
  );
}

describe('two-step verification in the browser', () => {
  let browser: Browser;
  let admin: ApiClient;
  const pages: TestPage[] = [];
  const newPage = async (viewport?: { width: number; height: number }) => {
    const testPage = await openPage(browser, viewport);
    pages.push(testPage);
    return testPage;
  };
  const createUser = async (role: string, firstName: string, lastName: string) => {
    const email = `${firstName.toLowerCase()}.${Date.now()}@e2e.test`;
    await admin.call('POST', '/users', {
      email,
      firstName,
      lastName,
      role,
      password: USER_PASSWORD,
      mustChangePassword: false,
    });
    return email;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signInApi(inject('baseURL'));
  });
  afterAll(async () => {
    // The shared server serves the other specs too: no role is left requiring a second factor.
    await admin.call('PUT', '/security-settings', { mfaRequiredRoles: [] });
    for (const { cspViolations } of pages) expect(cspViolations).toEqual([]);
    await browser.close();
  });

  let secret = '';
  let enrolledEmail = '';

  it('sets up an authenticator app from the QR code and shows the ten backup codes', async () => {
    enrolledEmail = await createUser('FACILITY_USER', 'Ada', 'Lovelace');
    const { page, context } = await newPage();
    await signInThroughForm(page, enrolledEmail, USER_PASSWORD);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Account security' }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await page.getByRole('menuitem', { name: 'Account security' }).waitFor({ state: 'hidden' });
    await saveScreenshot(page, 'account-security');
    await expectNoAxeViolations(page, '/account-security');

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await saveScreenshot(page, 'mfa-enrolment');
    await expectNoAxeViolations(page, 'enrolment');

    await page.getByLabel('Code from the app').fill('12');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await page.getByLabel('Code from the app').fill(oathtoolCode(secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    const codes = await page
      .getByRole('list', { name: 'Save your backup codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    await saveScreenshot(page, 'mfa-backup-codes');
    await expectNoAxeViolations(page, 'backup codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('Backup codes left').waitFor();
    await expect(page.getByText('On', { exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('asks for the code after the password, refuses a wrong one and signs in with the right one (375 px)', async () => {
    const { page, context } = await newPage({ width: 375, height: 740 });
    await page.goto('/signin');
    await page.getByLabel('Email').fill(enrolledEmail);
    await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Verification code').waitFor();
    await saveScreenshot(page, 'signin-mfa-code-375');
    await expectNoAxeViolations(page, 'sign-in code step');
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is incorrect or has already been used.' }).waitFor();
    // The next time step: the enrolment's code was already used.
    await page.getByLabel('Verification code').fill(oathtoolCode(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(VERSION_TEXT).waitFor();

    // New backup codes, on the password (a wrong one is shown on the field).
    await page.goto('/account-security');
    await page.getByRole('button', { name: 'New backup codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'New backup codes' });
    await dialog.getByLabel('Password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'New backup codes' }).click();
    await dialog.getByText('The password is incorrect.').waitFor();
    await dialog.getByLabel('Password').fill(USER_PASSWORD);
    await dialog.getByRole('button', { name: 'New backup codes' }).click();
    await page.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    await expect(
      page.getByRole('list', { name: 'Save your backup codes' }).getByRole('listitem').count(),
    ).resolves.toBe(10);
    await context.close();
  });

  it('lets the admin require it for a role: its users set it up first (Arabic, right to left)', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto('/settings/security');
    await page.getByText('Roles that must use two-step verification').waitFor();
    await page.getByRole('checkbox', { name: 'Facility admin', exact: true }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Security settings saved').waitFor();
    await saveScreenshot(page, 'security-settings');
    await expectNoAxeViolations(page, '/settings/security');
    await context.close();

    const email = await createUser('FACILITY_ADMIN', 'Grace', 'Hopper');
    const token = (await signInApi(inject('baseURL'), email, USER_PASSWORD)).token;
    await storeServerPreferences(token, preferences({ language: 'ar' }));
    const required = await newPage();
    await signInThroughForm(required.page, email, USER_PASSWORD).catch(() => undefined);
    await required.page.waitForURL('**/account-security');
    await required.page.getByText('يتطلب دورك التحقق بخطوتين. أعدّه للمتابعة.').waitFor();
    await expect(required.page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await saveScreenshot(required.page, 'mfa-required-ar');
    await expectNoAxeViolations(required.page, 'required enrolment (ar)');
    // Any other page leads back to the set-up.
    await required.page.goto('/facilities');
    await required.page.waitForURL('**/account-security');
    await required.context.close();
  });

  it('lets an admin reset a user’s second factor from the users list', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto(`/users?search=${encodeURIComponent(enrolledEmail)}`);
    await page.getByRole('cell').getByText('Two-step verification', { exact: true }).waitFor();
    await saveScreenshot(page, 'users-mfa-reset');
    await page.getByRole('button', { name: 'Reset two-step verification of Ada Lovelace' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Reset two-step verification' }).click();
    await page.getByText(`Two-step verification of ${enrolledEmail} was reset`).waitFor();
    const login = await fetch(`${inject('baseURL')}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: enrolledEmail, password: USER_PASSWORD }),
    });
    expect(((await login.json()) as { data: { token?: string } }).data.token).toEqual(expect.any(String));
    await context.close();
  });
});

/**
 * A built server of its own wired to a test identity provider ("Contoso ID"), and a browser, for the
 * single sign-on specs; `env` adds the OIDC settings the spec is about.
 */
function ssoServer(env: Record<string, string>): { browser: Browser; idp: TestOidcProvider; server: BuiltServer } {
  const sso = {} as { browser: Browser; idp: TestOidcProvider; server: BuiltServer };
  beforeAll(async () => {
    sso.browser = await launchBrowser();
    const port = await freePort();
    sso.idp = await startTestOidcProvider([`http://127.0.0.1:${port}/api/auth/oidc/callback`]);
    const { issuer, clientId, clientSecret } = sso.idp;
    sso.server = await startBuiltServer(
      {
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: clientId,
        OIDC_CLIENT_SECRET: clientSecret,
        OIDC_LABEL: 'Contoso ID',
        ...env,
      },
      port,
    );
  });
  afterAll(async () => {
    await sso.browser.close();
    await sso.server.stop();
    await sso.idp.close();
  });
  return sso;
}

describe('single sign-on in the browser', () => {
  const sso = ssoServer({ OIDC_ROLE_MAP: 'rtms-staff=FACILITY_USER' });

  it('signs in with “Sign in with Contoso ID” through the provider and creates the user', async () => {
    sso.idp.signInAs({
      sub: 'e2e-1',
      email: 'katherine.johnson@e2e.test',
      email_verified: true,
      given_name: 'Katherine',
      family_name: 'Johnson',
      groups: ['rtms-staff'],
    });
    const context = await sso.browser.newContext({
      baseURL: sso.server.baseURL,
      viewport: { width: 1367, height: 850 },
    });
    const page = await context.newPage();
    await page.goto('/signin');
    const button = page.getByRole('link', { name: 'Sign in with Contoso ID' });
    await button.waitFor();
    await saveScreenshot(page, 'signin-sso');
    await expectNoAxeViolations(page, '/signin with single sign-on');
    await button.click();
    await page.getByText(VERSION_TEXT).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('button', { name: /User menu/ }).textContent()).resolves.toContain('Katherine Johnson');
    await context.close();
  });

  it('links a signed-in account in its own browser, and leaves a link of another email to an administrator', async () => {
    const admin = await signInApi(sso.server.baseURL);
    const email = `linker.${Date.now()}@e2e.test`;
    await admin.call('POST', '/users', {
      email,
      firstName: 'Lin',
      lastName: 'Ker',
      role: 'FACILITY_USER',
      password: USER_PASSWORD,
      mustChangePassword: false,
    });
    const context = await sso.browser.newContext({ baseURL: sso.server.baseURL });
    const page = await context.newPage();
    await signInThroughForm(page, email, USER_PASSWORD);
    // The provider's verified email is the account's: linked at once (the cookie set by the link call came back).
    sso.idp.signInAs({ sub: 'e2e-link-1', email, email_verified: true, groups: ['rtms-staff'] });
    await page.goto('/account-security');
    await page.getByRole('button', { name: 'Link to Contoso ID' }).click();
    await page.getByText('Your account is now linked to Contoso ID.').waitFor();
    // Another provider account (signed out at the provider first; cookies do not tell ports apart, and the
    // link call sets its own anew), with another email: an administrator must approve, nothing is linked yet.
    await context.clearCookies();
    sso.idp.signInAs({
      sub: 'e2e-link-2',
      email: 'someone.else@e2e.test',
      email_verified: true,
      groups: ['rtms-staff'],
    });
    await page.getByRole('button', { name: 'Link to Contoso ID' }).click();
    await page.getByRole('status').filter({ hasText: 'an administrator must approve the link' }).waitFor();
    const pending = await admin.call<{ data: { email: string; userEmail: string }[] }>(
      'GET',
      '/auth/oidc/link-requests',
    );
    expect(pending.data).toEqual([expect.objectContaining({ email: 'someone.else@e2e.test', userEmail: email })]);
    await context.close();

    // The administrator sees the request on the Users screen's "Sign-in link requests", first in Arabic (right
    // to left, on a desktop and a phone), then in English, and approves it there.
    await admin.call('PUT', '/users/me/preferences', preferences({ language: 'ar' }));
    const arabic = await sso.browser.newContext({
      baseURL: sso.server.baseURL,
      viewport: { width: 1367, height: 850 },
    });
    const arabicPage = await arabic.newPage();
    await signInThroughForm(arabicPage);
    await arabicPage.goto('/users/link-requests');
    await arabicPage.getByRole('heading', { name: 'طلبات ربط تسجيل الدخول' }).waitFor();
    await arabicPage.getByRole('row').filter({ hasText: email }).getByText('someone.else@e2e.test').waitFor();
    await expect(arabicPage.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await waitForLoaded(arabicPage);
    await saveScreenshot(arabicPage, 'sso-link-requests-ar');
    await arabicPage.setViewportSize({ width: 375, height: 740 });
    await arabicPage.getByRole('region', { name: 'طلبات ربط تسجيل الدخول' }).getByText(email).waitFor();
    await waitForLoaded(arabicPage);
    await saveScreenshot(arabicPage, 'sso-link-requests-ar-375');
    await expectNoAxeViolations(arabicPage, '/users/link-requests (ar, 375 px)');
    await arabic.close();
    await admin.call('PUT', '/users/me/preferences', preferences());

    const adminContext = await sso.browser.newContext({
      baseURL: sso.server.baseURL,
      viewport: { width: 1367, height: 850 },
    });
    const adminPage = await adminContext.newPage();
    await signInThroughForm(adminPage);
    await adminPage.goto('/users');
    await adminPage.getByText('1 sign-in link request is waiting for your decision.').waitFor();
    await waitForLoaded(adminPage);
    await saveScreenshot(adminPage, 'users-sso-link-requests-notice');
    await adminPage.getByRole('button', { name: 'Sign-in link requests' }).click();
    await adminPage.waitForURL('**/users/link-requests');
    const row = adminPage.getByRole('row').filter({ hasText: email });
    await row.getByText('someone.else@e2e.test').waitFor();
    await row.getByText('Email verified').waitFor();
    await waitForLoaded(adminPage);
    await saveScreenshot(adminPage, 'sso-link-requests');
    await expectNoAxeViolations(adminPage, '/users/link-requests');
    await adminPage.setViewportSize({ width: 375, height: 740 });
    await adminPage.getByRole('region', { name: 'Sign-in link requests' }).getByText(email).waitFor();
    await waitForLoaded(adminPage);
    await saveScreenshot(adminPage, 'sso-link-requests-375');
    await adminPage.setViewportSize({ width: 1367, height: 850 });
    await row.getByRole('button', { name: 'Approve the link of Lin Ker' }).click();
    const confirmation = adminPage.getByRole('tooltip').filter({ hasText: `Link someone.else@e2e.test to Lin Ker?` });
    await confirmation.waitFor();
    await waitForAnimationsOf(confirmation);
    await saveScreenshot(adminPage, 'sso-link-request-approve');
    await confirmation.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText('someone.else@e2e.test is now linked to Lin Ker').waitFor();
    await adminPage.getByText('No sign-in link requests are waiting').waitFor();
    await expect(admin.call<{ data: unknown[] }>('GET', '/auth/oidc/link-requests')).resolves.toEqual({ data: [] });
    await adminContext.close();

    // Approved: that provider account now signs in to the linked account, which keeps its own email.
    sso.idp.signInAs({
      sub: 'e2e-link-2',
      email: 'someone.else@e2e.test',
      email_verified: true,
      given_name: 'Lin',
      family_name: 'Ker',
      groups: ['rtms-staff'],
    });
    const linked = await sso.browser.newContext({ baseURL: sso.server.baseURL });
    const linkedPage = await linked.newPage();
    await linkedPage.goto('/signin');
    await linkedPage.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await linkedPage.getByText(VERSION_TEXT).waitFor();
    const me = await linkedPage.evaluate(async () => {
      const answer = await fetch('/api/users/auth/me', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return ((await answer.json()) as { data: { email: string; role: string } }).data;
    });
    expect(me).toMatchObject({ email, role: 'FACILITY_USER' });
    await linked.close();
  });

  it('shows why a sign-in was refused', async () => {
    sso.idp.signInAs({ sub: 'e2e-2', email: 'no.role@e2e.test', email_verified: true, groups: ['nothing'] });
    const context = await sso.browser.newContext({ baseURL: sso.server.baseURL });
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).click();
    await page.getByRole('alert').filter({ hasText: 'has no role in this application' }).waitFor();
    await context.close();
  });
});

describe('single sign-on as the only way in, in the browser', () => {
  const sso = ssoServer({ OIDC_DEFAULT_ROLE: 'FACILITY_USER', OIDC_ONLY: 'true' });

  it('hides the password form behind the break-glass link, where the administrator still signs in', async () => {
    const context = await sso.browser.newContext({
      baseURL: sso.server.baseURL,
      viewport: { width: 375, height: 740 },
    });
    const page = await context.newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Sign in with Contoso ID' }).waitFor();
    await expect(page.getByLabel('Email').count()).resolves.toBe(0);
    await saveScreenshot(page, 'signin-sso-only-375');
    await expectNoAxeViolations(page, '/signin, single sign-on only');
    await page.getByRole('link', { name: 'Administrator sign-in with a password' }).click();
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(VERSION_TEXT).waitFor();
    await context.close();
  });
});
