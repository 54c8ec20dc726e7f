import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { axeProblems } from './support/axe';
import { saveScreenshot, waitForAnimationsOf, waitForLoaded } from './support/browser';
import { uiSession } from './support/ui-session';
import { signInApi, type ApiClient, type Created } from './support/directory-api';
import { apiToken, openWithSettings, preferences } from './support/interface-settings';
import { dayFromToday } from './support/dates';

/**
 * Findings: the list with its server filters, a finding's page with its actions and history, and the verify flow
 * (an action's owner completes it, a manager who owns none verifies and closes); at 375 px and in Arabic; no
 * axe-core violation.
 */
describe('findings', () => {
  const run = Date.now().toString(36);
  const password = 'findings-e2e-password-1';
  const ownerEmail = `action-owner-${run}@e2e.test`;
  const session = uiSession();
  let admin: ApiClient;
  let facility: { data: Created };
  let findingId: string;
  const title = `Oil sheen at transformer T2 ${run}`;

  const open = async (path: string, options: { token?: string; language?: 'en' | 'ar'; width?: number } = {}) => {
    const testPage = session.track(
      await openWithSettings(session.browser, {
        token: options.token ?? admin.token,
        preferences: preferences({ language: options.language ?? 'en' }),
        path,
        viewport: { width: options.width ?? 1367, height: 900 },
      }),
    );
    await testPage.page.locator('h1').first().waitFor();
    return testPage.page;
  };

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    facility = await admin.call<{ data: Created }>('POST', '/facilities', {
      name: `Juniper Ridge Wind ${run}`,
      code: `JR-${run.slice(-4).toUpperCase()}`,
      type: 'WIND',
      timeZone: 'UTC',
    });
    const owner = await admin.call<{ data: Created }>('POST', '/users', {
      email: ownerEmail,
      firstName: 'Owen',
      lastName: 'Actionowner',
      role: 'FACILITY_USER',
      password,
      mustChangePassword: false,
      facilityIds: [facility.data._id],
    });
    const finding = await admin.call<{ data: Created }>('POST', '/findings', {
      facilityId: facility.data._id,
      source: 'INSPECTION',
      title,
      description: 'Standing water with a thin sheen inside the containment berm.',
      severity: 'HIGH',
      identifiedOn: dayFromToday(-2),
    });
    findingId = finding.data._id;
    await admin.call('PATCH', `/findings/${findingId}`, {
      rootCause: 'Drain valve gasket aged out',
      rootCauseCategory: 'EQUIPMENT',
    });
    await admin.call('POST', `/findings/${findingId}/actions`, {
      title: `Replace the drain valve gasket ${run}`,
      type: 'CORRECTION',
      ownerId: owner.data._id,
      dueDate: dayFromToday(5),
    });
    await admin.call('POST', '/findings', {
      facilityId: facility.data._id,
      source: 'AUDIT',
      title: `Spill kit short of pads ${run}`,
      severity: 'LOW',
      identifiedOn: dayFromToday(-1),
    });
  });

  it('lists findings with server-side filters and opens a finding', async () => {
    const page = await open(`/findings?facilityId=${facility.data._id}`);
    const table = page.getByRole('table');
    await table.getByText(title).waitFor();
    await table.getByText(`Spill kit short of pads ${run}`).waitFor();
    await saveScreenshot(page, 'findings-list');
    await page.goto(`/findings?facilityId=${facility.data._id}&severity=HIGH`);
    await table.getByText(title).waitFor();
    await expect.poll(() => table.getByText(`Spill kit short of pads ${run}`).count(), { timeout: 10_000 }).toBe(0);
    await table.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Drain valve gasket aged out', { exact: true }).waitFor();
    await page.getByText(`Replace the drain valve gasket ${run}`).first().waitFor();
    await waitForLoaded(page);
    await saveScreenshot(page, 'finding-page');
  });

  it('lets the owner complete the action, then a manager verifies and closes', async () => {
    const ownerPage = await open(`/findings/${findingId}`, { token: await apiToken(ownerEmail, password) });
    await ownerPage.getByRole('button', { name: `Complete Replace the drain valve gasket ${run}` }).click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.getByLabel('What was done').fill('Gasket replaced and the berm pumped out');
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await ownerPage.getByText('Pending verification').first().waitFor();
    // The owner does not manage findings: no verify or close button.
    await expect(ownerPage.getByRole('button', { name: 'Verify the fix' }).count()).resolves.toBe(0);

    const page = await open(`/findings/${findingId}`);
    await page.getByRole('button', { name: 'Verify the fix' }).click();
    const verify = page.getByRole('dialog');
    await verify.getByLabel('Verification note').fill('Berm dry after two rain events');
    await waitForAnimationsOf(verify);
    await saveScreenshot(page, 'finding-verify');
    await verify.getByRole('button', { name: 'Record verification' }).click();
    await page.getByText(/^Verified effective by/).waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Close' }).click();
    await page.getByText('Closed').first().waitFor();
    await waitForLoaded(page);
    await saveScreenshot(page, 'finding-closed');
  });

  it('works right to left in Arabic on a 375 px phone', async () => {
    const page = await open(`/findings?facilityId=${facility.data._id}`, { language: 'ar', width: 375 });
    await page.getByRole('heading', { level: 1, name: 'الملاحظات' }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.getByRole('table').getByText(title).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'findings-ar-375');
    await page.goto(`/findings/${findingId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await waitForLoaded(page);
    const detailOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(detailOverflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'finding-page-ar-375');
  });

  it('has no axe-core violation (WCAG 2.1 AA) on the list, a finding and the settings', async () => {
    const problems: string[] = [];
    const check = async (page: Page, where: string) => {
      await waitForLoaded(page);
      problems.push(...(await axeProblems(page, where)));
    };
    const page = await open('/findings');
    for (const where of ['/findings', `/findings/${findingId}`, '/settings/findings']) {
      await page.goto(where);
      await page.locator('h1').first().waitFor();
      await check(page, where);
    }
    expect(problems).toEqual([]);
  });
});
