import fs from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage, saveScreenshot, waitForStill } from './browser';
import type { ApiClient } from './directory-api';
import type { UiSession } from './ui-session';

/** The directory screens' page helpers (directory.spec.ts): menus, selects, tables, exports and screenshots. */

/** A fresh page of the session that may use the clipboard, logging any 401 (a sign-out the test did not expect). */
export async function openDirectoryPage(session: UiSession, viewport?: { width: number; height: number }) {
  const testPage = session.track(await openPage(session.browser, viewport));
  testPage.page.on('response', (response) => {
    if (response.status() === 401) console.warn(`401 from ${response.request().method()} ${response.url()}`);
  });
  await testPage.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return testPage;
}

export const menuItem = (page: Page, label: string) =>
  page.getByRole('menuitem', { name: new RegExp(`(^| )${label}$`) });

/**
 * Chooses an option of an antd select found by its accessible name inside `scope` (a dialog, or the
 * page), typing to search where the select searches.
 */
export const chooseAndClose = async (
  page: Page,
  label: string,
  search: string,
  option: string | RegExp = search,
  scope: Page | Locator = page,
) => {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  if (await select.isEditable()) await select.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  // Click on plain text outside the select so that a multiple select's list closes too (Tab would
  // toggle the active option, and Escape or a click outside could close the dialog).
  const title =
    scope === page ? page.locator('h1').first() : scope.locator('.ant-modal-title, .ant-drawer-title').first();
  await title.click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
};

/** Waits until the table shows exactly `count` rows (a new search keeps the old rows until the answer comes). */
export const expectRows = async (page: Page, count: number) =>
  expect.poll(() => table(page).locator('tr.ant-table-row').count(), { timeout: 10_000 }).toBe(count);

/** Exports the current table as CSV or Excel and returns the downloaded file. */
export const exportAs = async (
  page: Page,
  format: 'CSV (.csv)' | 'Excel (.xlsx)',
): Promise<{ name: string; bytes: Buffer }> => {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ])) as [Download, unknown];
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
};

/**
 * A screenshot once the screen has settled: no confirmation popover, toast or dialog animation left
 * (`withDialog` keeps an open dialog and waits for it to finish opening).
 */
export const shot = async (page: Page, name: string, withDialog = false) => {
  await waitForStill(page, withDialog);
  await page.waitForTimeout(300);
  await saveScreenshot(page, name);
};

export const table = (page: Page) => page.locator('.data-table .ant-table-tbody');
export const rowWith = (page: Page, text: string) => table(page).locator('tr', { hasText: text });

/**
 * The data the directory spec starts from: a program area, a home facility in it (Prairie Wind), another
 * facility (Desert Sun) and `people` (the facility roles assigned to the home facility). Answers the ids by
 * key: area, home, other and each person's key.
 */
export async function seedDirectory(
  admin: ApiClient,
  run: string,
  people: Record<string, { email: string; firstName: string; lastName: string; role: string }>,
  password: string,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  ids.area = await admin.create('/program-areas', {
    name: `Stormwater ${run}`,
    description: 'Stormwater pollution prevention',
  });
  ids.home = await admin.create('/facilities', {
    name: `Prairie Wind ${run}`,
    code: `PW-${run.slice(-4).toUpperCase()}`,
    type: 'WIND',
    city: 'Amarillo',
    state: 'TX',
    country: 'USA',
    capacityMw: 150.5,
    timeZone: 'America/Chicago',
    programAreaIds: [ids.area],
  });
  ids.other = await admin.create('/facilities', {
    name: `Desert Sun ${run}`,
    code: `DS-${run.slice(-4).toUpperCase()}`,
    type: 'SOLAR',
    timeZone: 'America/Phoenix',
  });
  for (const [key, person] of Object.entries(people)) {
    ids[key] = await admin.create('/users', {
      ...person,
      password,
      mustChangePassword: false,
      facilityIds: person.role.startsWith('FACILITY') ? [ids.home] : [],
    });
  }
  return ids;
}
