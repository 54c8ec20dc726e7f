import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { axeProblems } from './support/axe';
import { saveScreenshot, waitForLoaded } from './support/browser';
import { uiSession } from './support/ui-session';
import { signInApi, type ApiClient, type Created } from './support/directory-api';
import { apiToken, openWithSettings, preferences } from './support/interface-settings';
import { dayFromToday } from './support/dates';

/**
 * /reports: the scorecard and the trend as charts and tables for a facility user (their one facility), every
 * number a link to the Tasks Tracker list it counts; at 1,367 px in English and at 375 px in Arabic, without an
 * axe-core violation.
 */
describe('reports', () => {
  const run = Date.now().toString(36);
  const password = 'reports-e2e-password-1';
  const email = `reporter-${run}@e2e.test`;
  const facilityName = `Mesa Verde Solar ${run}`;
  const session = uiSession();
  let admin: ApiClient;

  const open = async (path: string, language: 'en' | 'ar', width: number) => {
    const testPage = session.track(
      await openWithSettings(session.browser, {
        token: await apiToken(email, password),
        preferences: preferences({ language }),
        path,
        viewport: { width, height: width < 500 ? 812 : 1300 },
      }),
    );
    await testPage.page.locator('h1').first().waitFor();
    return testPage.page;
  };

  /** The total of the task list API for the query of a Tracker link (its `state=ALL` is no state filter). */
  const apiTotal = async (href: string) => {
    const params = new URL(href, 'http://x').searchParams;
    if (params.get('state') === 'ALL') params.delete('state');
    params.set('pageSize', '1');
    const token = await apiToken(email, password);
    const response = await fetch(`${inject('baseURL')}/api/tasks?${params}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { meta: { total: number } }).meta.total;
  };

  const settle = async (page: Page) => {
    await waitForLoaded(page);
    await page.waitForTimeout(400);
  };

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    const facility = await admin.call<{ data: Created }>('POST', '/facilities', {
      name: facilityName,
      code: `MV-${run.slice(-4).toUpperCase()}`,
      type: 'SOLAR',
      timeZone: 'UTC',
    });
    await admin.call('POST', '/users', {
      email,
      firstName: 'Rita',
      lastName: 'Reporter',
      role: 'FACILITY_USER',
      password,
      mustChangePassword: false,
      facilityIds: [facility.data._id],
    });
    for (const [title, category] of [
      [`Stormwater outfall inspection ${run}`, 'WATER'],
      [`Fire extinguisher check ${run}`, 'SAFETY'],
    ] as const) {
      const requirement = await admin.create('/requirements', {
        title,
        category,
        frequency: 'WEEKLY',
        firstDueDate: dayFromToday(-70),
        backfillFrom: dayFromToday(-71),
        graceDays: 3,
        facilities: [{ facilityId: facility.data._id }],
      });
      const tasks = (
        await admin.call<{ data: { _id: string; dueDate: string }[] }>(
          'GET',
          `/tasks?requirementId=${requirement}&pageSize=50&sort=dueDate`,
        )
      ).data.filter((task) => task.dueDate < dayFromToday(-14));
      // On time, late, missed in turn; the rest of the past stays overdue.
      for (const [index, task] of tasks.entries()) {
        const late = [0, 2, 10][index % 3]!;
        const completedOn = new Date(Date.parse(`${task.dueDate}T00:00:00Z`) + late * 86_400_000)
          .toISOString()
          .slice(0, 10);
        await admin.call('POST', `/tasks/${task._id}/complete`, { completedOn });
      }
    }
  });

  const address = `/reports?period=year&anchor=${dayFromToday(0)}&groupBy=category&months=12`;

  it('shows the scorecard and the trend as charts and tables, every number the total of its list', async () => {
    const page = await open(address, 'en', 1367);
    const scorecard = page.locator('.report-card').first();
    await scorecard
      .getByRole('img', { name: /^Outcomes by Category/ })
      .locator('.ct-bar')
      .first()
      .waitFor({ state: 'attached' });
    await page
      .getByRole('img', { name: 'On-time rate per month' })
      .locator('.ct-line')
      .first()
      .waitFor({ state: 'attached' });
    const rows = scorecard.locator('tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await scorecard.getByText(/^Status: red for a missed task/).waitFor();
    await settle(page);
    await saveScreenshot(page, 'reports');
    expect(await axeProblems(page, 'reports')).toEqual([]);

    // Every number of the scorecard is the total of the list it opens.
    const links = scorecard.locator('a.report-number');
    expect(await links.count()).toBe(12);
    for (let i = 0; i < 12; i += 1) {
      const link = links.nth(i);
      expect(
        await apiTotal((await link.getAttribute('href'))!),
        (await link.getAttribute('aria-label')) ?? undefined,
      ).toBe(Number(await link.innerText()));
    }
    // And one of them, followed, shows that total in the Tracker.
    const late = scorecard.getByRole('link', { name: /^Late for Water: \d+/ });
    const figure = Number(await late.innerText());
    expect(figure).toBeGreaterThan(0);
    await late.click();
    await page.waitForURL((url) => url.pathname === '/tasks' && url.searchParams.get('timeliness') === 'LATE');
    const table = page.getByRole('table', { name: 'Tasks Tracker' });
    await table.locator('tr.ant-table-row').first().waitFor();
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(figure);
  });

  it('works at 375 px in Arabic, down to the list behind a number', async () => {
    const page = await open(address, 'ar', 375);
    await page.locator('.report-chart .ct-bar').first().waitFor({ state: 'attached' });
    await page.locator('.ant-card-head-title', { hasText: 'بطاقة الأداء' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settle(page);
    await saveScreenshot(page, 'reports-375-ar');
    expect(await axeProblems(page, 'reports in Arabic at 375 px')).toEqual([]);

    const trend = page.locator('.report-card').nth(1);
    const overdue = trend.locator('a.report-number').last();
    const href = (await overdue.getAttribute('href'))!;
    expect(href).toContain('overdueOn=');
    expect(await apiTotal(href)).toBe(Number(await overdue.innerText()));
    await overdue.scrollIntoViewIfNeeded();
    await overdue.click();
    await page.waitForURL((url) => url.pathname === '/tasks' && url.searchParams.has('overdueOn'));
    await page.getByRole('region', { name: 'متابعة المهام' }).or(page.locator('.task-card').first()).first().waitFor();
    // Off the card the click left the pointer on (its hover colour is not what is judged).
    await page.mouse.move(2, 2);
    await settle(page);
    await saveScreenshot(page, 'reports-drilldown-375-ar');
    expect(await axeProblems(page, 'drill-down in Arabic at 375 px')).toEqual([]);
  });

  it('schedules a report and lists it, then stops it', async () => {
    const page = await open(address, 'en', 1367);
    const card = page.locator('.report-card', { hasText: 'Scheduled reports' });
    await card.getByText('No scheduled report yet.').waitFor();
    await card.getByRole('button', { name: 'Schedule' }).click();
    const row = card.locator('tr.ant-table-row', { hasText: 'Monthly (the 1st)' });
    await row.getByText('Not sent yet').waitFor();
    await row.scrollIntoViewIfNeeded();
    await settle(page);
    await saveScreenshot(page, 'reports-scheduled');
    expect(await axeProblems(page, 'scheduled reports')).toEqual([]);
    const token = await apiToken(email, password);
    const listed = await fetch(`${inject('baseURL')}/api/report-subscriptions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as { meta: { total: number } }).meta.total).toBe(1);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await card.getByText('No scheduled report yet.').waitFor();
  });
});
