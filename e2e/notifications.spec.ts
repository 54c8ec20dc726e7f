import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { axeProblems } from './support/axe';
import { openPage, saveScreenshot, signInThroughForm, waitForAnimationsOf, waitForLoaded } from './support/browser';
import { uiSession } from './support/ui-session';
import { signInApi, type ApiClient, type Created } from './support/directory-api';
import { apiToken, openWithSettings, preferences } from './support/interface-settings';
import { dayFromToday } from './support/dates';

/**
 * The notification centre: the header bell with the unread count and the latest items, the page of all of
 * them, notification settings, and for admins the delivery log and the jobs screen with "Run now".
 * The e2e server has no SMTP_URL: notifications are in-app only and the outbox says email is disabled.
 */
describe('notifications', () => {
  const run = Date.now().toString(36);
  const password = 'notifications-e2e-password-1';
  const email = `notified-${run}@e2e.test`;
  const session = uiSession();
  let admin: ApiClient;
  let facilityName: string;
  let facility: { data: Created };

  const open = async (path: string, options: { token?: string; language?: 'en' | 'ar'; width?: number } = {}) => {
    const testPage = session.track(
      await openWithSettings(session.browser, {
        token: options.token ?? (await apiToken(email, password)),
        preferences: preferences({ language: options.language ?? 'en' }),
        path,
        viewport: { width: options.width ?? 1367, height: 850 },
      }),
    );
    await testPage.page.locator('h1').first().waitFor();
    return testPage.page;
  };

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    facilityName = `Cedar Creek Wind ${run}`;
    facility = await admin.call<{ data: Created }>('POST', '/facilities', {
      name: facilityName,
      code: `CC-${run.slice(-4).toUpperCase()}`,
      type: 'WIND',
      timeZone: 'UTC',
    });
    const user = await admin.call<{ data: Created }>('POST', '/users', {
      email,
      firstName: 'Nora',
      lastName: 'Notified',
      role: 'FACILITY_USER',
      password,
      mustChangePassword: false,
      facilityIds: [facility.data._id],
    });
    // Three obligations: one due in three days, one due today, one overdue (backfilled as history).
    for (const [title, firstDueDate] of [
      [`Stormwater outfall inspection ${run}`, dayFromToday(3)],
      [`SPCC tank integrity check ${run}`, dayFromToday(0)],
      [`Avian mortality survey ${run}`, dayFromToday(-9)],
    ] as const) {
      await admin.call('POST', '/requirements', {
        title,
        category: 'WATER',
        frequency: 'MONTHLY',
        firstDueDate,
        backfillFrom: firstDueDate,
        facilities: [{ facilityId: facility.data._id, assigneeId: user.data._id }],
      });
    }
    await admin.call('POST', '/jobs/reminders/run');
  });

  it('shows the unread count on the bell, the latest items, the full list, and marks them read', async () => {
    const page = await open('/');
    const bell = page.getByRole('button', { name: 'Notifications, 3 unread' });
    await bell.waitFor();
    await bell.click();
    const popover = page.locator('.notification-popover');
    await popover.getByText(`Avian mortality survey ${run}`).waitFor();
    await page.waitForTimeout(500);
    // Each item names the step that fired, worded for its day.
    await expect(popover.getByText('Overdue by 9 days', { exact: true }).count()).resolves.toBe(1);
    await expect(popover.getByText('Due today', { exact: true }).count()).resolves.toBe(1);
    await expect(popover.getByText('Task open', { exact: true }).count()).resolves.toBe(1);
    await saveScreenshot(page, 'notifications-bell');
    await popover.getByRole('link', { name: 'See all notifications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    const table = page.getByRole('table');
    await table.getByText(`Stormwater outfall inspection ${run}`).waitFor();
    await expect(table.getByText(facilityName).count()).resolves.toBe(3);
    await page.waitForLoadState('networkidle');
    // The list polls (every 30 s), it does not refetch in a loop.
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/notifications') listCalls.push(request.url());
    });
    await page.waitForTimeout(2000);
    expect(listCalls).toEqual([]);
    await expect(page.locator('.ant-spin-blur').count()).resolves.toBe(0);
    await saveScreenshot(page, 'notifications-page');
    // The search is answered by the server: one of the three obligations matches.
    await page.getByRole('searchbox').fill('stormwater outfall');
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: facilityName }).count(), { timeout: 10_000 })
      .toBe(1);
    await page.getByRole('searchbox').fill('');
    await expect
      .poll(() => table.getByRole('row').filter({ hasText: facilityName }).count(), { timeout: 10_000 })
      .toBe(3);
    await page.getByRole('button', { name: `Mark read: SPCC tank integrity check ${run}` }).click();
    await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
  });

  it('saves notification settings', async () => {
    const page = await open('/notifications/settings');
    await page.getByRole('radio', { name: 'Immediately' }).check();
    await page.getByRole('checkbox', { name: 'Task open' }).uncheck();
    await saveScreenshot(page, 'notification-settings');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings saved').waitFor();
    const user = await signInApi(inject('baseURL'), email, password);
    const saved = await user.call<{ data: { delivery: string; categories: Record<string, boolean> } }>(
      'GET',
      '/users/me/notification-preferences',
    );
    expect(saved.data.delivery).toBe('IMMEDIATE');
    expect(saved.data.categories.TASK_OPENED).toBe(false);
    expect(saved.data.categories.ESCALATION).toBe(true);
  });

  it('takes the browser’s time zone at first sign-in, over the facility’s, and shows it in the settings', async () => {
    const zoneEmail = `zoned-${run}@e2e.test`;
    await admin.call('POST', '/users', {
      email: zoneEmail,
      firstName: 'Zoe',
      lastName: 'Zoned',
      role: 'FACILITY_USER',
      password,
      mustChangePassword: false,
      facilityIds: [facility.data._id],
    });
    // The facility is in UTC; the browser is in Chicago.
    const { page } = session.track(
      await openPage(session.browser, { width: 1367, height: 850 }, { timezoneId: 'America/Chicago' }),
    );
    const sent = page.waitForResponse((response) => response.url().endsWith('/initial-time-zone'));
    await signInThroughForm(page, zoneEmail, password);
    expect((await sent).status()).toBe(200);
    await page.goto('/notifications/settings');
    await expect
      .poll(() => page.locator('.ant-form-item', { hasText: 'Time zone' }).innerText())
      .toContain('America/Chicago');
    const user = await signInApi(inject('baseURL'), zoneEmail, password);
    const saved = await user.call<{ data: { timeZone: string } }>('GET', '/users/me/notification-preferences');
    expect(saved.data.timeZone).toBe('America/Chicago');
  });

  it('shows admins the delivery log with why each was skipped, and runs a job now', async () => {
    // The facility's deliveries only: the shared server holds every other spec's too, over several pages.
    const page = await open(`/notifications/deliveries?status=SKIPPED&facilityId=${facility.data._id}`, {
      token: admin.token,
    });
    await page.getByRole('heading', { level: 1, name: 'Delivery log' }).waitFor();
    const rows = page.getByRole('row').filter({ hasText: `Avian mortality survey ${run}` });
    await rows.first().waitFor();
    await expect(
      rows.first().getByText('Email is disabled (SMTP_URL is not set); shown in the app only').count(),
    ).resolves.toBe(1);
    await saveScreenshot(page, 'notification-delivery-log');
    const phone = await open(`/notifications/deliveries?facilityId=${facility.data._id}`, {
      token: admin.token,
      width: 375,
    });
    await phone
      .getByRole('row')
      .filter({ hasText: `Avian mortality survey ${run}` })
      .first()
      .waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await saveScreenshot(phone, 'notification-delivery-log-375');
    await page.goto('/jobs');
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor();
    await page.getByRole('button', { name: 'Run now: Reminders' }).click();
    await page.getByText('Reminders finished').waitFor();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: 'Reminders' })
        .getByText(/sweep\.created: 0/)
        .count(),
    ).resolves.toBe(1);
    // The click scrolled the table sideways: show it from its start.
    await page.locator('.ant-table-content').evaluate((element) => element.scrollTo({ left: 0 }));
    await saveScreenshot(page, 'jobs');
  });

  it('works right to left in Arabic on a 375 px phone', async () => {
    const page = await open('/notifications', { language: 'ar', width: 375 });
    await page.getByRole('heading', { level: 1, name: 'الإشعارات' }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await page.getByRole('table').getByText(`Avian mortality survey ${run}`).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'notifications-ar-375');
    await page.getByRole('button', { name: /^الإشعارات/ }).click();
    await page.locator('.notification-popover').getByText(`Avian mortality survey ${run}`).waitFor();
    // Inside the screen, once its opening animation is over.
    await page.waitForTimeout(500);
    const box = (await page.locator('.ant-popover').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'notifications-bell-ar-375');
  });

  it('has no axe-core violation (WCAG 2.1 AA) on these screens and the open bell', async () => {
    const problems: string[] = [];
    const check = async (page: Page, where: string) => {
      await waitForLoaded(page);
      problems.push(...(await axeProblems(page, where)));
    };
    const page = await open('/notifications', { token: admin.token });
    for (const where of ['/notifications', '/notifications/settings', '/notifications/deliveries', '/jobs']) {
      await page.goto(where);
      await page.locator('h1').first().waitFor();
      await check(page, where);
    }
    await page.getByRole('button', { name: /^Notifications,/ }).click();
    await page.locator('.notification-popover').waitFor();
    await waitForAnimationsOf(page.locator('.ant-popover'));
    await check(page, 'bell');
    expect(problems).toEqual([]);
  });
});
