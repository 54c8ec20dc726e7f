import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { findAxeViolations } from './support/axe';
import {
  launchBrowser,
  openPage,
  saveScreenshot,
  signInThroughForm,
  waitForLoaded,
  type TestPage,
} from './support/browser';
import { typeDate } from './support/antd-fields';
import { dayFromToday } from './support/dates';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { preferences, storeServerPreferences } from './support/interface-settings';

const USER_PASSWORD = 'a-long-enough-passphrase-42';
const REPORT_URL = 'https://app.powerbi.com/reportEmbed?reportId=e2e-report&autoAuth=true';

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const findings = await findAxeViolations(page);
  expect(findings.map((finding) => `${where}: ${finding.id} ${finding.help} ${JSON.stringify(finding.nodes)}`)).toEqual(
    [],
  );
}

/** Reads the feed as Excel does: HTTP Basic, any user name, the token as the password. */
async function feedStatus(token: string): Promise<number> {
  const response = await fetch(`${inject('baseURL')}/odata/Facilities?$count=true`, {
    headers: { authorization: `Basic ${Buffer.from(`excel:${token}`).toString('base64')}` },
  });
  return response.status;
}

describe('access tokens and the embedded Power BI report in the browser', () => {
  let browser: Browser;
  let admin: ApiClient;
  let email = '';
  const pages: TestPage[] = [];
  const newPage = async (viewport?: { width: number; height: number }) => {
    const testPage = await openPage(browser, viewport);
    pages.push(testPage);
    // The embedded report is served here instead of by Power BI (no network in tests): the frame's host is the real one.
    await testPage.context.route('https://app.powerbi.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>Report</title></head><body><main><h1>Compliance report</h1></main></body></html>',
      }),
    );
    return testPage;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signInApi(inject('baseURL'));
    const facility = await createFacility(admin, `BI Plant ${Date.now()}`, `BI${Date.now() % 100000}`, 'SOLAR');
    email = `bi.${Date.now()}@e2e.test`;
    const user = await admin.create('/users', {
      email,
      firstName: 'Bianca',
      lastName: 'Fields',
      role: 'FACILITY_USER',
      password: USER_PASSWORD,
      mustChangePassword: false,
    });
    await admin.call('POST', '/user-facilities', { userId: user, facilityId: facility });
  });
  afterAll(async () => {
    // The shared server serves the other specs too: the report entry is removed again.
    await admin.call('PUT', '/report-embed', { url: null });
    for (const { cspViolations } of pages) expect(cspViolations).toEqual([]);
    await browser.close();
  });

  it('creates a token shown once, which opens the feed until it is revoked (375 px)', async () => {
    const { page, context } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page, email, USER_PASSWORD);
    await page.goto('/account-security');
    await page.getByRole('heading', { name: 'Access tokens' }).waitFor();
    await page.getByText('No access tokens yet').waitFor();
    // The expiry is required.
    await page.getByLabel('Name', { exact: true }).fill('Monthly Excel workbook');
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Expires on is required').waitFor();
    await typeDate(page, 'Expires on', dayFromToday(90));
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByText('Copy the token now: it is shown only this once.').waitFor();
    const token = await page.getByLabel('New access token').inputValue();
    expect(token).toMatch(/^rtms_pat_[A-Za-z0-9_-]{43}$/);
    await page.getByText('Monthly Excel workbook').waitFor();
    await waitForLoaded(page);
    await page.getByRole('heading', { name: 'Access tokens' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'access-tokens-375');
    await expectNoAxeViolations(page, 'access tokens (375 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(await feedStatus(token)).toBe(200);
    await page.reload();
    await page.getByText('Monthly Excel workbook').waitFor();
    // Shown once: not after a reload; its last use is.
    await expect(page.getByLabel('New access token').count()).resolves.toBe(0);
    await expect(page.getByText('never').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Revoke Monthly Excel workbook' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Token revoked').waitFor();
    await page.getByText('No access tokens yet').waitFor();
    expect(await feedStatus(token)).toBe(401);
    await context.close();
  });

  it('lists tokens in Arabic, right to left', async () => {
    const client = await signInApi(inject('baseURL'), email, USER_PASSWORD);
    await client.call('POST', '/access-tokens', { name: 'Power BI Desktop', expiresOn: dayFromToday(30) });
    await storeServerPreferences(client.token, preferences({ language: 'ar' }));
    const { page, context } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page, email, USER_PASSWORD).catch(() => undefined);
    await page.goto('/account-security');
    await page.getByRole('heading', { name: 'رموز الوصول' }).waitFor();
    await page.getByText('Power BI Desktop').waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await waitForLoaded(page);
    await page.getByRole('heading', { name: 'رموز الوصول' }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'access-tokens-ar');
    await expectNoAxeViolations(page, 'access tokens (ar)');
    await storeServerPreferences(client.token, preferences({ language: 'en' }));
    await context.close();
  });

  it('embeds the report set in Settings → Reports, framing that host only; hidden without it', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    // No address: no entry, and the page is not found.
    await expect(page.getByRole('menuitem', { name: 'Power BI Report' }).count()).resolves.toBe(0);
    await page.goto('/settings/reports');
    await page.getByLabel('Report embed address').fill('http://app.powerbi.com/report');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The address must start with https://').waitFor();
    await page.getByLabel('Report embed address').fill('https://reports.evil.example/report');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/The report must be on app\.powerbi\.com/).waitFor();
    await page.getByLabel('Report embed address').fill(REPORT_URL);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Report address saved').waitFor();
    await waitForLoaded(page);
    await saveScreenshot(page, 'report-settings');
    await expectNoAxeViolations(page, '/settings/reports');

    await page.getByRole('menuitem', { name: 'Power BI Report' }).click();
    await page.waitForURL('**/power-bi');
    const frame = page.frameLocator('iframe[title="Embedded Power BI report"]');
    await frame.getByRole('heading', { name: 'Compliance report' }).waitFor();
    await saveScreenshot(page, 'power-bi-report');
    await expectNoAxeViolations(page, '/power-bi');
    const policy = (await fetch(`${inject('baseURL')}/power-bi`)).headers.get('content-security-policy') ?? '';
    expect(policy.split(';').find((directive) => directive.startsWith('frame-src'))).toBe(
      "frame-src 'self' blob: https://app.powerbi.com",
    );
    await context.close();
  });

  it('shows the report at 375 px and in Arabic, and hides it once removed', async () => {
    await admin.call('PUT', '/report-embed', { url: REPORT_URL });
    const client = await signInApi(inject('baseURL'), email, USER_PASSWORD);
    await storeServerPreferences(client.token, preferences({ language: 'ar' }));
    const { page, context } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page, email, USER_PASSWORD).catch(() => undefined);
    await page.goto('/power-bi');
    await page.frameLocator('iframe').getByRole('heading', { name: 'Compliance report' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await saveScreenshot(page, 'power-bi-report-375-ar');
    await expectNoAxeViolations(page, '/power-bi (375 px, ar)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await admin.call('PUT', '/report-embed', { url: null });
    await page.reload();
    await page.locator('iframe').waitFor({ state: 'detached' });
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    await storeServerPreferences(client.token, preferences({ language: 'en' }));
    await context.close();
  });
});
