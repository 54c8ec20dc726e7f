import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { findAxeViolations } from './support/axe';
import { saveScreenshot } from './support/browser';
import { uiSession } from './support/ui-session';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { apiToken, openWithSettings, preferences } from './support/interface-settings';
import { dateAsShown, dayFromToday } from './support/dates';
import { runStamp } from './support/run-stamp';

interface TaskRow {
  _id: string;
  title: string;
  dueDate: string;
  scheduledDueDate: string;
  state: string;
  rescheduleReason: string | null;
}

/**
 * The calendar through the screens: the month view of one facility (tasks coloured by state, "+N more"),
 * a click through to a task, rescheduling by drag with a reason (and a cancelled drag that changes
 * nothing), the Subscribe dialog whose feed URL answers iCalendar, the phone's list and Arabic.
 */
describe('calendar', () => {
  const { run, code } = runStamp();
  // The crowded day is today + 2 (five tasks). The drop target is the day after it in the same week
  // (weeks start on Monday), or the day before it when it is a Sunday, so that the week view opened on
  // the crowded day shows both whatever today is.
  const anchor = dayFromToday(0);
  const crowded = dayFromToday(2);
  const target = new Date(`${crowded}T00:00:00Z`).getUTCDay() === 0 ? dayFromToday(1) : dayFromToday(3);
  const session = uiSession();
  let admin: ApiClient;
  let facilityId = '';

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    facilityId = await createFacility(admin, `Calendar Ridge Wind ${run}`, `CR-${code}`, 'WIND');
    for (let index = 1; index <= 5; index += 1) {
      await admin.call('POST', '/requirements', {
        title: `Turbine check ${index} ${run}`,
        category: 'SAFETY',
        frequency: 'ONCE',
        firstDueDate: crowded,
        leadTimeDays: 30,
        facilities: [{ facilityId }],
      });
    }
    await admin.call('POST', '/requirements', {
      title: `Stormwater report ${run}`,
      category: 'WATER',
      frequency: 'ONCE',
      firstDueDate: dayFromToday(-3),
      backfillFrom: dayFromToday(-10),
      facilities: [{ facilityId }],
    });
  });

  const { newPage } = session;

  const tasksOfFacility = async () =>
    (await admin.call<{ data: TaskRow[] }>('GET', `/tasks?facilityId=${facilityId}&pageSize=50`)).data;

  const settle = async (page: Page) => {
    await page.waitForLoadState('networkidle');
    await page
      .waitForFunction(
        () => !document.querySelector('.ant-message-notice, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-leave'),
        undefined,
        {
          timeout: 5_000,
        },
      )
      .catch(() => undefined);
    await page.waitForTimeout(300);
  };

  const dayCell = (page: Page, date: string) => page.locator(`.calendar-day[data-date="${date}"]`);

  it('shows the month with each task coloured by its state, and "+N more" on a crowded day', async () => {
    const { page } = await newPage();
    await page.goto(`/calendar?facilityId=${facilityId}&date=${anchor}`);
    await page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const crowdedCell = dayCell(page, crowded);
    await crowdedCell.locator('.calendar-chip').first().waitFor();
    expect(await crowdedCell.locator('.calendar-chip').count()).toBe(3);
    await crowdedCell.getByRole('button', { name: '+2 more' }).waitFor();
    // The overdue report is red and says so in words (its accessible name).
    const overdue = page.locator('.calendar-chip--overdue', { hasText: `Stormwater report ${run}` });
    await overdue.waitFor();
    expect(await overdue.getAttribute('aria-label')).toContain('Overdue');
    expect(await crowdedCell.locator('.calendar-chip--due_soon').count()).toBe(3);
    // Filters and place are in the URL.
    expect(page.url()).toContain(`facilityId=${facilityId}`);
    await settle(page);
    expect(await findAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'calendar-month');

    await crowdedCell.getByRole('button', { name: '+2 more' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: `Turbine check 5 ${run}` }).waitFor();
    expect(await dialog.getByRole('link', { name: /Turbine check \d/ }).count()).toBe(5);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Keyboard: Page Down moves a month on, T comes back.
    const heading = page.locator('.calendar-toolbar__title');
    const month = await heading.innerText();
    await page.locator('body').press('PageDown');
    await expect.poll(() => heading.innerText()).not.toBe(month);
    await page.locator('body').press('t');
    await expect.poll(() => heading.innerText()).toBe(month);
  });

  it('opens a task from the calendar', async () => {
    const { page } = await newPage();
    await page.goto(`/calendar?facilityId=${facilityId}&date=${anchor}`);
    const chip = page.locator('.calendar-chip', { hasText: `Stormwater report ${run}` });
    await chip.click();
    await page.waitForURL(/\/tasks\/[^/]+$/);
    await page.getByRole('heading', { name: new RegExp(`Stormwater report ${run}`) }).waitFor();
  });

  it('reschedules by drag only through the reason dialog; cancelling changes nothing', async () => {
    const { page } = await newPage();
    await page.goto(`/calendar?facilityId=${facilityId}&date=${crowded}&view=week`);
    const title = `Turbine check 1 ${run}`;
    const chip = page.locator('.calendar-chip', { hasText: title });
    await chip.waitFor();
    const drop = dayCell(page, target);

    await chip.dragTo(drop);
    let dialog = page.getByRole('dialog', { name: 'Reschedule the task' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    let task = (await tasksOfFacility()).find((candidate) => candidate.title === title)!;
    expect(task.dueDate).toBe(crowded);

    await chip.dragTo(drop);
    dialog = page.getByRole('dialog', { name: 'Reschedule the task' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('New due date', { exact: true }).inputValue()).toBe(dateAsShown(target));
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await dialog.getByText('Please give the reason').waitFor();
    await dialog.getByLabel('Reason for the new date').fill('Crane booked for the day after');
    await settle(page);
    await saveScreenshot(page, 'calendar-reschedule-dialog');
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await dayCell(page, target).locator('.calendar-chip', { hasText: title }).waitFor();
    task = (await tasksOfFacility()).find((candidate) => candidate.title === title)!;
    expect(task).toMatchObject({
      dueDate: target,
      scheduledDueDate: crowded,
      rescheduleReason: 'Crane booked for the day after',
    });
  });

  it('creates a feed in the Subscribe dialog whose address answers iCalendar, and revokes it', async () => {
    const { page } = await newPage();
    await page.goto(`/calendar?facilityId=${facilityId}&date=${anchor}`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar feeds' });
    await dialog.getByText('refresh a subscribed feed only every few hours').waitFor();
    await dialog.getByRole('button', { name: 'Create feed' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(`Calendar Ridge ${run}`);
    await dialog.getByLabel('One facility').check();
    const facility = dialog.getByRole('combobox', { name: 'Facility' });
    await facility.click();
    await facility.fill(`Calendar Ridge Wind ${run}`);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `Calendar Ridge Wind ${run}` })
      .click();
    await dialog.getByRole('button', { name: 'Create feed' }).click();
    const address = dialog.getByLabel('Feed address');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const body = await feed.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain(`Turbine check 2 ${run}`);
    await dialog.getByText(`Calendar Ridge ${run}`, { exact: true }).waitFor();
    await settle(page);
    expect(await findAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'calendar-subscribe-dialog');

    await dialog.getByRole('button', { name: `Revoke Calendar Ridge ${run}` }).click();
    await page.locator('.ant-popover:visible').getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByText(`Calendar Ridge ${run}`, { exact: true }).waitFor({ state: 'detached' });
    expect((await fetch(url)).status).toBe(404);
  });

  it('opens on the list at 375 px and reads right to left in Arabic, without axe violations', async () => {
    const token = await apiToken();
    const phone = await openWithSettings(session.browser, {
      token,
      preferences: preferences(),
      path: `/calendar?facilityId=${facilityId}&date=${anchor}`,
      viewport: { width: 375, height: 812 },
      touch: true,
    });
    session.track(phone);
    await phone.page.locator('.calendar-agenda').waitFor();
    await phone.page.getByRole('link', { name: `Turbine check 3 ${run}` }).waitFor();
    await settle(phone.page);
    expect(await findAxeViolations(phone.page)).toEqual([]);
    await saveScreenshot(phone.page, 'calendar-phone-list');
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.context.close();

    const arabic = await openWithSettings(session.browser, {
      token,
      preferences: preferences({ language: 'ar' }),
      path: `/calendar?facilityId=${facilityId}&date=${anchor}&view=month`,
    });
    session.track(arabic);
    await arabic.page.locator('.calendar-chip').first().waitFor();
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settle(arabic.page);
    expect(await findAxeViolations(arabic.page)).toEqual([]);
    await saveScreenshot(arabic.page, 'calendar-month-arabic');
    await arabic.context.close();
    // Leave the administrator's stored settings as the other specs expect them.
    await openWithSettings(session.browser, { token, preferences: preferences() }).then((page) => page.context.close());
  });
});
