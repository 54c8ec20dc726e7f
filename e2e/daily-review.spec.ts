import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { findAxeViolations } from './support/axe';
import { saveScreenshot } from './support/browser';
import { uiSession } from './support/ui-session';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { dayFromToday } from './support/dates';
import { runStamp } from './support/run-stamp';

interface TaskRow {
  _id: string;
  dueDate: string;
  state: string;
}

/**
 * The daily-use review: every dashboard figure opens a Tracker list whose total is the
 * figure; the Tracker's address alone decides its list; the task page shows the requirement's
 * instructions and a history with evidence; the facility page shows its compliance; phone layouts.
 */
describe('daily use: figures that agree, screens that say what matters', () => {
  const { run, code } = runStamp();
  const title = `Weekly outfall check ${run}`;
  const session = uiSession();
  let admin: ApiClient;
  let facilityId = '';
  let requirementId = '';
  let taskId = '';

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    facilityId = await createFacility(admin, `Review Ridge Wind ${run}`, `RR-${code}`, 'WIND');
    const regulation = await admin.create('/regulations', {
      title: `Clean Water Act ${run}`,
      citation: '40 CFR 122',
      jurisdiction: 'FEDERAL',
    });
    requirementId = await admin.create('/requirements', {
      title,
      description: 'Walk outfalls 001 and 002.\nPhotograph any sheen and note the flow.',
      citation: '40 CFR 122.41(j)',
      permitNumber: `TX-${code}`,
      regulationId: regulation,
      category: 'WATER',
      frequency: 'WEEKLY',
      firstDueDate: dayFromToday(-35),
      backfillFrom: dayFromToday(-36),
      facilities: [{ facilityId }],
    });
    const tasks = (
      await admin.call<{ data: TaskRow[] }>('GET', `/tasks?requirementId=${requirementId}&pageSize=200&sort=dueDate`)
    ).data;
    // The two oldest completed (one late, one on time), the next overdue; the future ones stay.
    const [first, second, third] = tasks;
    await admin.call('POST', `/tasks/${first!._id}/complete`, { completedOn: dayFromToday(-26) });
    await admin.call('POST', `/tasks/${second!._id}/complete`, { completedOn: second!.dueDate });
    taskId = third!._id;
    await admin.call('PATCH', `/tasks/${taskId}`, {
      dueDate: dayFromToday(-3),
      rescheduleReason: 'Outfall flooded',
    });
  });
  const newPage = session.newPage;

  const settle = async (page: Page) => {
    await page
      .waitForFunction(() => !document.querySelector('.ant-message-notice, .ant-zoom-enter, .ant-fade-leave'), null, {
        timeout: 8_000,
      })
      .catch(() => undefined);
    await page.waitForTimeout(300);
  };

  /** The total the Tracker's pagination states ("1–20 of 45"), 0 for an empty list. */
  const trackerTotal = async (table: Locator, page: Page) => {
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 10_000 });
    const range = page.locator('.ant-pagination-total-text');
    if ((await range.count()) === 0) return 0;
    const text = (await range.first().innerText()).replace(/[\s,.\u202f\u00a0]/g, '');
    const total = Number(/of(\d+)$/.exec(text)?.[1] ?? Number.NaN);
    if (Number.isNaN(total)) throw new Error(`No total in "${text}" of ${await table.getAttribute('aria-label')}`);
    return total;
  };

  it('opens, for every dashboard figure, a Tracker list whose total is the figure', async () => {
    const { page } = await newPage({ width: 1367, height: 1400 });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('link', { name: /^Overdue \d+/ }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'dashboard-figures');

    const figureLinks = page.locator('.dashboard-figures a.dashboard-figure');
    const count = await figureLinks.count();
    expect(count).toBe(6);
    const checked: string[] = [];
    for (let i = 0; i < count; i += 1) {
      await page.goto('/');
      const link = page.locator('.dashboard-figures a.dashboard-figure').nth(i);
      await link.waitFor();
      const label = await link.locator('.dashboard-figure__label').innerText();
      const figure = Number((await link.locator('.dashboard-figure__value').innerText()).replace(/\D/g, ''));
      await link.click();
      await page.waitForURL((url) => url.pathname === '/tasks');
      const table = page.getByRole('table', { name: 'Tasks Tracker' });
      await table.waitFor();
      await expect.poll(() => trackerTotal(table, page), { timeout: 10_000 }).toBe(figure);
      checked.push(`${label}=${figure}`);
    }
    // On time, late and missed each open their own list.
    for (const name of [/^\d+ on time$/, /^\d+ late$/, /^\d+ missed$/]) {
      await page.goto('/');
      const link = page.getByRole('link', { name });
      await link.waitFor();
      const figure = Number((await link.innerText()).replace(/\D/g, ''));
      await link.click();
      await page.waitForURL((url) => url.pathname === '/tasks' && url.searchParams.has('timeliness'));
      const table = page.getByRole('table', { name: 'Tasks Tracker' });
      await expect.poll(() => trackerTotal(table, page), { timeout: 10_000 }).toBe(figure);
      checked.push(`${String(name)}=${figure}`);
    }
    expect(checked).toHaveLength(9);
  });

  it('shows the same list for the same address: open work by default, five columns at 1,367 px', async () => {
    const { page } = await newPage();
    await page.goto('/tasks');
    const table = page.getByRole('table', { name: 'Tasks Tracker' });
    await table.locator('tr.ant-table-row').first().waitFor();
    // Nothing rewrites the address; the state filter says what the list is.
    expect(new URL(page.url()).search).toBe('');
    await page.locator('.data-toolbar .ant-select-selection-item', { hasText: 'Overdue' }).first().waitFor();
    const first = await trackerTotal(table, page);
    const api = await admin.call<{ meta: { total: number } }>('GET', '/tasks?state=OPEN,DUE_SOON,OVERDUE&pageSize=1');
    expect(first).toBe(api.meta.total);
    await page.reload();
    await table.locator('tr.ant-table-row').first().waitFor();
    expect(await trackerTotal(table, page)).toBe(first);
    // No horizontal scrolling at 1,367 px.
    const overflow = await page.evaluate(() => {
      const body = document.querySelector('.ant-table-body, .ant-table-content');
      return body ? body.scrollWidth - body.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    await page.goto(`/tasks?requirementId=${requirementId}&state=ALL`);
    await table.getByRole('link', { name: title }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Select every task on this page' }).check();
    await page.getByRole('group', { name: 'Actions on the selected tasks' }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'tasks-tracker-columns');
  });

  it('shows the requirement’s instructions and a full history on the task page', async () => {
    const { page } = await newPage({ width: 1367, height: 1300 });
    await page.goto(`/tasks/${taskId}`);
    const instructions = page.locator('.task-instructions');
    await instructions.getByText('Walk outfalls 001 and 002.').waitFor();
    await instructions.getByText('40 CFR 122.41(j)').waitFor();
    await instructions.getByText(`TX-${code}`).waitFor();
    await instructions.getByText(`Clean Water Act ${run} (40 CFR 122)`).waitFor();
    await page.getByText('Rescheduled').first().waitFor();
    await settle(page);
    await saveScreenshot(page, 'task-detail-instructions');
    expect(await findAxeViolations(page)).toEqual([]);
  });

  it('shows the facility’s compliance with its rule', async () => {
    const { page } = await newPage({ width: 1367, height: 1100 });
    await page.goto(`/facilities/${facilityId}`);
    const card = page.locator('.facility-compliance');
    await card.getByText(/^Status: (Red|Amber|Green)$/).waitFor();
    await card.getByText(/^Red: a task missed in the last 12 months/).waitFor();
    // One overdue (rescheduled), one late completion: amber or red by the written rule, never green.
    await expect(card.locator('[data-status]').getAttribute('data-status')).resolves.not.toBe('GREEN');
    await settle(page);
    await saveScreenshot(page, 'facility-compliance');
    expect(await findAxeViolations(page)).toEqual([]);
    // The tasks tab opens on open work too.
    await page.getByRole('tab', { name: 'Tasks' }).click();
    const table = page.getByRole('table', { name: /^Tasks of / });
    await table.locator('tr.ant-table-row').first().waitFor();
    const api = await admin.call<{ meta: { total: number } }>(
      'GET',
      `/tasks?facilityId=${facilityId}&state=OPEN,DUE_SOON,OVERDUE&pageSize=1`,
    );
    expect(await trackerTotal(table, page)).toBe(api.meta.total);
  });

  it('turns the Tracker into cards with the filters behind one button on a phone', async () => {
    const { page } = await newPage({ width: 375, height: 812 });
    await page.goto('/tasks');
    const cards = page.getByRole('region', { name: 'Tasks Tracker' });
    await cards.locator('.task-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settle(page);
    await saveScreenshot(page, 'tasks-tracker-phone');
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByRole('dialog', { name: 'Filters' }).getByRole('combobox', { name: 'State' }).waitFor();
    await settle(page);
    await saveScreenshot(page, 'tasks-tracker-phone-filters');
    await page.keyboard.press('Escape');

    await page.goto(`/tasks/${taskId}`);
    await page.locator('.task-instructions').waitFor();
    await settle(page);
    await saveScreenshot(page, 'task-detail-phone');
    await page.goto(`/facilities/${facilityId}`);
    await page.locator('.facility-compliance [data-status]').waitFor();
    await settle(page);
    await saveScreenshot(page, 'facility-detail-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
