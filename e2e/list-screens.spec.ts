import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { findAxeViolations } from './support/axe';
import { launchBrowser, saveScreenshot, setCheckboxInPopover, type TestPage } from './support/browser';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import {
  apiToken,
  DEFAULTS,
  openWithSettings,
  preferences,
  storeServerPreferences,
  type Preferences,
} from './support/interface-settings';
import { dayFromToday } from './support/dates';
import { runStamp } from './support/run-stamp';

/**
 * The lists a manager reads all day: the Tracker, Requirements and
 * Regulations fit 1,367 px with what matters and a column chooser (remembered), become cards at 375 px
 * with the filters behind one button; the audit trail speaks names; a selected row stays readable; the
 * sidebar runs down long pages. Screenshots at both widths, and Arabic.
 */
describe('lists at 1,367 and 375 px', () => {
  const { run, code } = runStamp();
  const title = `Quarterly noise survey ${run}`;
  let browser: Browser;
  let admin: ApiClient;
  let token: string;
  let facilityId = '';
  const pages: TestPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signInApi(inject('baseURL'));
    token = await apiToken();
    facilityId = await createFacility(admin, `Juniper Flats Solar ${run}`, `JF-${code}`, 'SOLAR');
    const regulation = await admin.create('/regulations', {
      title: `Noise Control Act ${run}`,
      citation: '42 U.S.C. 4901',
      agency: 'EPA',
      jurisdiction: 'FEDERAL',
      link: 'https://example.com/noise',
    });
    await admin.call('POST', '/requirements', {
      title,
      citation: '40 CFR 204',
      permitNumber: `NZ-${code}`,
      regulationId: regulation,
      category: 'SAFETY',
      frequency: 'MONTHLY',
      firstDueDate: dayFromToday(-70),
      backfillFrom: dayFromToday(-71),
      facilities: [{ facilityId }],
    });
    // A rename after the events: the trail keeps the names of the time.
    await admin.call('PATCH', `/facilities/${facilityId}`, { name: `Juniper Flats Solar II ${run}` });
  });
  afterAll(async () => {
    await storeServerPreferences(token, DEFAULTS);
    for (const { context } of pages) await context.close();
    await browser?.close();
  });

  const open = async (path: string, viewport = { width: 1367, height: 850 }, settings: Preferences = DEFAULTS) => {
    const testPage = await openWithSettings(browser, { token, preferences: settings, path, viewport });
    pages.push(testPage);
    return testPage.page;
  };

  const settle = async (page: Page) => {
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 10_000 });
    await page.waitForTimeout(400);
  };

  /** How far the list's table scrolls sideways (0 = everything fits). */
  const sidewaysOverflow = (page: Page) =>
    page.evaluate(() => {
      const body = document.querySelector('.data-table .ant-table-content, .data-table .ant-table-body');
      return body ? body.scrollWidth - body.clientWidth : 0;
    });

  const headers = (page: Page, table: string) =>
    page
      .getByRole('table', { name: table })
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim()).filter(Boolean));

  it('Tracker: five columns fit 1,367 px, the chooser remembers, the due date is pinned, selection stays readable', async () => {
    const page = await open(`/tasks?facilityId=${facilityId}&state=ALL`);
    const table = page.getByRole('table', { name: 'Tasks Tracker' });
    await table.getByRole('link', { name: title }).first().waitFor();
    await settle(page);
    expect(await headers(page, 'Tasks Tracker')).toEqual(['Due date', 'Task', 'Facility', 'State', 'Assignee']);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
    // The due date stays in view when the table scrolls sideways.
    expect(await table.locator('thead th', { hasText: 'Due date' }).getAttribute('class')).toMatch(
      /ant-table-cell-fix/,
    );
    // Hidden columns are in the row's detail.
    await table
      .getByRole('button', { name: /expand row/i })
      .first()
      .click();
    await page.locator('.column-detail').first().getByText('Requirement').waitFor();
    // The chooser: show the requirement, hide the assignee; kept after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    await setCheckboxInPopover(page.getByRole('checkbox', { name: 'Requirement' }), true);
    await setCheckboxInPopover(page.getByRole('checkbox', { name: 'Assignee' }), false);
    await settle(page);
    await saveScreenshot(page, 'tasks-tracker-column-chooser');
    await page.keyboard.press('Escape');
    await page.reload();
    await table.getByRole('link', { name: title }).first().waitFor();
    expect(await headers(page, 'Tasks Tracker')).toEqual(['Due date', 'Task', 'Facility', 'State', 'Requirement']);
    await page.getByRole('button', { name: 'Columns' }).click();
    await setCheckboxInPopover(page.getByRole('checkbox', { name: 'Requirement' }), false);
    await setCheckboxInPopover(page.getByRole('checkbox', { name: 'Assignee' }), true);
    await page.keyboard.press('Escape');
    // Selected rows: a pale green, links readable; the filter bar keeps its width.
    const filtersBefore = await page.locator('.data-toolbar__filters').boundingBox();
    await page.getByRole('checkbox', { name: 'Select every task on this page' }).check();
    await page.getByRole('group', { name: 'Actions on the selected tasks' }).waitFor();
    const filtersAfter = await page.locator('.data-toolbar__filters').boundingBox();
    expect(filtersAfter?.width).toBe(filtersBefore?.width);
    await page.mouse.move(0, 0);
    // Polled: the background fades in.
    await expect
      .poll(() =>
        table
          .locator('tr.ant-table-row-selected td', { has: page.getByRole('link', { name: /Juniper Flats/ }) })
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      )
      .toBe('rgb(226, 240, 231)');
    await settle(page);
    await saveScreenshot(page, 'tasks-tracker-columns');
    expect(await findAxeViolations(page)).toEqual([]);
  });

  it('Tracker at 375 px: cards, the filters behind one button', async () => {
    const page = await open(`/tasks?facilityId=${facilityId}&state=ALL`, { width: 375, height: 800 });
    await page.locator('.data-cards').getByRole('link', { name: title }).first().waitFor();
    await page.getByRole('button', { name: /Filters/ }).waitFor();
    expect(await page.locator('.data-toolbar__filters').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settle(page);
    await saveScreenshot(page, 'tasks-tracker-phone');
  });

  for (const list of [
    { path: '/requirements', table: 'Requirements', name: 'requirements', row: title },
    { path: '/settings/regulations', table: 'Regulations', name: 'regulations', row: `Noise Control Act ${run}` },
  ]) {
    it(`${list.table}: fit 1,367 px with a chooser, cards at 375 px`, async () => {
      const page = await open(`${list.path}?search=${encodeURIComponent(list.row)}`);
      const table = page.getByRole('table', { name: list.table });
      await table.getByText(list.row).first().waitFor();
      await settle(page);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(1);
      await page.getByRole('button', { name: 'Columns' }).waitFor();
      await table
        .getByRole('button', { name: /expand row/i })
        .first()
        .click();
      await page.locator('.column-detail').first().waitFor();
      await settle(page);
      await saveScreenshot(page, list.name);
      expect(await findAxeViolations(page)).toEqual([]);

      const phone = await open(`${list.path}?search=${encodeURIComponent(list.row)}`, { width: 375, height: 800 });
      await phone.locator('.data-cards .column-card').getByText(list.row).first().waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(phone);
      await saveScreenshot(phone, `${list.name}-375`);
    });
  }

  it('audit trail: names and labels, in its table and row detail, at both widths', async () => {
    const page = await open(`/audit?facilityId=${facilityId}`);
    const table = page.getByRole('table', { name: 'Audit Trail' });
    await table.getByText(`Juniper Flats Solar ${run}`).first().waitFor();
    // The History chip names the facility (as it is now).
    await page.getByText(`Facility: Juniper Flats Solar II ${run}`).waitFor();
    const rename = table.locator('tr.ant-table-row', { hasText: 'Update' }).first();
    await rename.getByRole('button', { name: /expand row/i }).click();
    const changes = page.getByRole('table', { name: 'Changed fields' }).first();
    await changes.getByText('Name', { exact: true }).waitFor();
    expect(await changes.getByText('name', { exact: true }).count()).toBe(0);
    await settle(page);
    await saveScreenshot(page, 'audit');
    const phone = await open(`/audit?facilityId=${facilityId}`, { width: 375, height: 800 });
    await phone.getByText(`Juniper Flats Solar ${run}`).first().waitFor();
    await settle(phone);
    await saveScreenshot(phone, 'audit-375');
  });

  it('in Arabic, right to left: the Tracker and the audit trail', async () => {
    const arabic = preferences({ language: 'ar' });
    const tracker = await open(`/tasks?facilityId=${facilityId}&state=ALL`, undefined, arabic);
    await tracker.getByRole('link', { name: title }).first().waitFor();
    expect(await tracker.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await settle(tracker);
    await saveScreenshot(tracker, 'tasks-tracker-ar');
    const audit = await open(`/audit?facilityId=${facilityId}`, undefined, arabic);
    await audit.getByText(`Juniper Flats Solar ${run}`).first().waitFor();
    // The changed field under its Arabic label.
    await audit.locator('tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
    await audit.locator('.audit-changes').getByText('الاسم', { exact: true }).waitFor();
    await settle(audit);
    await saveScreenshot(audit, 'audit-ar');
    const phone = await open(`/tasks?facilityId=${facilityId}&state=ALL`, { width: 375, height: 800 }, arabic);
    await phone.locator('.data-cards').getByRole('link', { name: title }).first().waitFor();
    await settle(phone);
    await saveScreenshot(phone, 'tasks-tracker-ar-375');
  });

  it('the sidebar runs down a long page', async () => {
    const page = await open(`/tasks?facilityId=${facilityId}&state=ALL&pageSize=50`, { width: 1367, height: 700 });
    await page.getByRole('link', { name: title }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const { sider, page: height } = await page.evaluate(() => ({
      sider: document.querySelector('.app-sider')?.getBoundingClientRect().height ?? 0,
      page: document.documentElement.scrollHeight,
    }));
    expect(height).toBeGreaterThan(700);
    expect(sider).toBeGreaterThanOrEqual(height - 1);
  });
});
