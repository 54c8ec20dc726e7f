import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, COMPANY_NAME, VERSION_TEXT } from './support/config';
import { chooseFromUserMenu, openPage, saveScreenshot, signInThroughForm } from './support/browser';
import { uiSession } from './support/ui-session';

describe('sign-in, sessions and the shell', () => {
  const session = uiSession();
  /** A fresh page, not signed in (these tests sign in themselves). */
  const newPage = async (viewport?: { width: number; height: number }) =>
    session.track(await openPage(session.browser, viewport));

  it('shows the original application sign-in page and both validation messages', async () => {
    const { page, context } = await newPage();
    await page.goto('/signin');
    // The first render runs as a transition (decision 024, round 2): it may finish just after the load event.
    await page.getByRole('heading', { name: 'Sign in to RTMS' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Sign in to RTMS' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Welcome To').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText(/contact the administrator/i).isVisible()).resolves.toBe(true);
    await saveScreenshot(page, 'signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The input is not valid E-mail!').waitFor();
    await page.getByText('Please enter your Password!').waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByText('The input is not valid E-mail!').waitFor();
    await context.close();
  });

  it("shows the server's message for a wrong password", async () => {
    const { page, context } = await newPage();
    await page.goto('/signin');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-here');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'The email or password is incorrect.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await context.close();
  });

  it('sends a signed-out user to /signin and a signed-in user away from /signin and /signup', async () => {
    const { page, context } = await newPage();
    await page.goto('/facilities');
    await page.waitForURL('**/signin');
    await signInThroughForm(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/signin');
    await page.getByText(VERSION_TEXT).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/signup');
    await page.getByText(VERSION_TEXT).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('signs in, shows the shell, restores the session after reload and signs out', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await expect(page.getByText(`© 2023 ${COMPANY_NAME}`).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Go to website' }).getAttribute('target')).resolves.toBe('_blank');
    for (const label of [
      'Dashboard',
      'Calendar',
      'Users',
      'Facilities',
      'User Facilities',
      'Requirements',
      'Documents',
      'Settings',
    ]) {
      await expect(page.getByRole('menuitem', { name: new RegExp(`(^| )${label}$`) }).count()).resolves.toBeGreaterThan(
        0,
      );
    }
    await saveScreenshot(page, 'shell');

    await page.reload();
    await page.getByText(VERSION_TEXT).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await chooseFromUserMenu(page, 'Sign out', '**/signin');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await context.close();
  });

  it('ends the session at start when the stored token was revoked', async () => {
    const { page, context, baseURL } = await newPage();
    await signInThroughForm(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    const revoked = await fetch(`${baseURL}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(200);
    await page.reload();
    await page.waitForURL('**/signin');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await context.close();
  });

  it('keeps the session when the start-up check gets no answer, says so, and retries', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    // The first checks fail as a network failure would (or a check cut short by the back button).
    let failures = 2;
    await page.route('**/api/users/auth/me', (route) => (failures-- > 0 ? route.abort('failed') : route.continue()));
    await page.goto('/facilities');
    await page.getByText('The server cannot be reached. Trying again…').waitFor();
    await saveScreenshot(page, 'server-unreachable');
    await page.getByRole('heading', { name: 'Facilities' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/facilities');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();
    await context.close();
  });

  it('shows the 404 page with Go to Home', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto('/no-such-page');
    await page.getByText('Oops, an error has occurred. Page not found!').waitFor();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/500');
    await page.getByText('Sorry, server goes wrong').waitFor();
    await context.close();
  });

  it('changes the password from the user menu and signs out other sessions', async () => {
    const first = await newPage();
    const second = await newPage();
    await signInThroughForm(first.page);
    await signInThroughForm(second.page);
    await chooseFromUserMenu(first.page, 'Change password', '**/change-password');
    await first.page.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await first.page.getByLabel('New password', { exact: true }).fill('short');
    await first.page.getByText('Password must be at least 12 characters long').waitFor();
    // A common or breached password is refused in the form already (the shared rule and the shipped list).
    await first.page.getByLabel('New password', { exact: true }).fill('Password1234');
    await first.page
      .getByText('This password is one of the most common or breached passwords. Choose another one.')
      .waitFor();
    await saveScreenshot(first.page, 'change-password-common-password');
    const newPassword = 'a-much-longer-passphrase-2026';
    await first.page.getByLabel('New password', { exact: true }).fill(newPassword);
    await first.page.getByLabel('Confirm new password').fill(newPassword);
    await first.page.getByRole('button', { name: 'Change password' }).click();
    await first.page.waitForURL((url) => url.pathname === '/');

    // The other browser's token was revoked: its next call ends the session.
    await second.page.reload();
    await second.page.waitForURL('**/signin');

    // Put the password back so that the other tests keep working.
    const token = await first.page.evaluate(() => localStorage.getItem('token'));
    const reset = await fetch(`${first.baseURL}/api/users/change-password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: newPassword, newPassword: ADMIN_PASSWORD }),
    });
    expect(reset.status).toBe(200);
    await first.context.close();
    await second.context.close();
  });
});
