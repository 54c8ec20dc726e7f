import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { findAxeViolations } from './support/axe';
import { SCREENSHOT_DIR, saveScreenshot, waitForLoaded } from './support/browser';
import { chooseOption } from './support/antd-fields';
import { uiSession } from './support/ui-session';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { apiToken, openWithSettings, preferences, storeServerPreferences } from './support/interface-settings';
import { runStamp } from './support/run-stamp';

/** A calendar date `days` from today in UTC. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Permits through the screens: the register (status in colour and words, filters), a permit page with its
 * conditions, renewal and versions, a new version with its preview, the form's validation; in English, in
 * Arabic (right to left) and at 375 px, with no axe-core violation.
 */
describe('permits', () => {
  const { run, code } = runStamp();
  const facilityName = `Caprock Wind ${run}`;
  const number = `TXR05${code}`;
  const session = uiSession();
  let admin: ApiClient;
  let facilityId = '';
  let permitId = '';

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    facilityId = await createFacility(admin, facilityName, `CW-${code}`, 'WIND', {
      timeZone: 'America/Chicago',
      country: 'US',
      state: 'TX',
    });
    permitId = await admin.create('/permits', {
      facilityId,
      number,
      title: 'Industrial stormwater general permit coverage',
      agency: 'Texas Commission on Environmental Quality',
      type: 'STORMWATER',
      issuedOn: dayFromToday(-1700),
      effectiveOn: dayFromToday(-1690),
      expiresOn: dayFromToday(90),
    });
    await admin.create(`/permits/${permitId}/conditions`, {
      reference: 'III.B',
      text: 'Quarterly visual assessment of a stormwater sample from each outfall.',
      schedule: { frequency: 'MONTHLY', firstDueDate: dayFromToday(3), category: 'WATER' },
    });
    await admin.create(`/permits/${permitId}/conditions`, {
      reference: 'II.A',
      text: 'Keep the stormwater pollution prevention plan on site.',
    });
  });

  const { newPage } = session;

  /** Types a date into a picker whose label starts with `label` (optional fields add "(optional)"). */
  const typeDate = async (scope: Locator, label: string, date: string) => {
    const input = scope.getByLabel(new RegExp(`^${label}`));
    await input.click();
    await input.fill(date);
    await input.press('Tab');
  };

  const settle = async (page: Page) => {
    await waitForLoaded(page);
    await page
      .waitForFunction(() => !document.querySelector('.ant-message-notice, .ant-zoom-enter, .ant-fade-enter'), null, {
        timeout: 5000,
      })
      .catch(() => undefined);
    await page.waitForTimeout(300);
  };

  /** At 375 px the facility-style tab bars overflow (a known antd finding on `.ant-tabs-nav`, set aside). */
  const axe = async (page: Page, where: string, problems: string[]) => {
    await settle(page);
    for (const finding of await findAxeViolations(page)) {
      if (finding.id === 'aria-required-children' && finding.nodes.every((node) => node.target === '.ant-tabs-nav'))
        continue;
      problems.push(`${where}: ${finding.id} (${finding.impact}) ${finding.help} ${JSON.stringify(finding.nodes)}`);
    }
  };

  it('lists permits with facility, expiry, days to expiry and status in words; filters on the server', async () => {
    const { page } = await newPage({ width: 1367, height: 900 });
    const problems: string[] = [];
    await page.goto('/');
    await page.getByRole('menuitem', { name: 'Permits' }).click();
    await page.getByRole('heading', { name: 'Permits' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: number });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('Expiring');
    expect(await row.innerText()).toContain(facilityName);
    expect(await row.innerText()).toContain('90');
    await axe(page, 'register', problems);
    await saveScreenshot(page, 'permits-register');

    // The dashboard lists the permits within their renewal lead time.
    await page.goto('/');
    const card = page.locator('.ant-card', { hasText: 'Permits to renew' });
    await card.getByRole('link', { name: number }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await axe(page, 'dashboard', problems);
    await card.screenshot({ path: path.join(SCREENSHOT_DIR, 'dashboard-permits-to-renew.png') });

    await page.goto('/permits?status=TERMINATED');
    await page.getByRole('heading', { name: 'Permits' }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: number }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('validates the form: an expiry before the effective date is refused on its field', async () => {
    const { page } = await newPage({ width: 1367, height: 1000 });
    await page.goto('/permits');
    await page.getByRole('button', { name: 'New permit' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New permit' });
    await dialog.waitFor();
    await chooseOption(page, 'Facility', facilityName, facilityName, dialog);
    await dialog.getByLabel('Permit number').fill(`AIR-${code}`);
    await dialog.getByLabel(/^Title/).fill('Emergency generator air permit');
    await dialog.getByLabel('Issuing agency').fill('TCEQ');
    await chooseOption(page, 'Permit type', 'Air', /^Air$/, dialog);
    await typeDate(dialog, 'Issued on', '2026-01-05');
    await typeDate(dialog, 'Effective from', '2026-02-01');
    await typeDate(dialog, 'Expires on', '2026-01-31');
    await dialog.getByRole('button', { name: 'Create permit' }).click();
    await dialog.getByText('Use a real date on or after the effective date').waitFor();
    await saveScreenshot(page, 'permit-form-validation');
    await typeDate(dialog, 'Expires on', '2031-01-31');
    await dialog.getByRole('button', { name: 'Create permit' }).click();
    await page.getByRole('heading', { name: new RegExp(`AIR-${code}`) }).waitFor();
    await page.getByText(`Renew AIR-${code}`).waitFor();
  });

  it('shows a permit with its conditions, next tasks, renewal and versions', async () => {
    const { page } = await newPage({ width: 1367, height: 1300 });
    const problems: string[] = [];
    await page.goto(`/permits/${permitId}`);
    await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
    await page.getByText('Standing condition', { exact: true }).waitFor();
    await page.getByText(`Renew ${number}`).waitFor();
    await page.getByRole('link', { name: /Monthly/ }).waitFor();
    await page.getByText('Version 1').first().waitFor();
    await axe(page, 'permit page', problems);
    await saveScreenshot(page, 'permit-page');
    expect(problems).toEqual([]);
  });

  it('saves a changed condition schedule only after previewing the tasks it adds and removes, at 375 px', async () => {
    const { page } = await newPage({ width: 375, height: 900 });
    const problems: string[] = [];
    await page.goto(`/permits/${permitId}`);
    await page.getByText('Standing condition', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit condition III.B' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit condition' });
    await dialog.waitFor();
    const save = dialog.getByRole('button', { name: 'Save' });
    const preview = dialog.getByRole('button', { name: 'Preview the changes' });
    const summary = dialog.getByRole('status', { name: 'Summary of task changes' });
    // The schedule as saved needs no preview (an edit of the text alone saves as before).
    expect(await save.isDisabled()).toBe(false);

    // Monthly to quarterly: Save waits for the preview, which lists the monthly tasks removed.
    await chooseOption(page, 'Frequency', 'Quarterly', /^Quarterly$/, dialog);
    await expect.poll(() => save.isDisabled()).toBe(true);
    await dialog.getByText('The schedule changed: preview', { exact: false }).waitFor();
    await preview.click();
    await summary.waitFor();
    await expect.poll(() => summary.innerText()).toMatch(/[1-9]\d* tasks? removed/);
    await dialog.getByRole('heading', { name: /^Removed \(/ }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(false);

    // Another schedule change after the preview: the preview no longer counts, Save is off again.
    // Weekly sits above Quarterly, outside the list's rendered window: scroll the list up to it.
    const frequency = dialog.getByRole('combobox', { name: 'Frequency' });
    await frequency.click();
    const options = page.locator('.ant-select-dropdown:visible');
    await options.hover();
    await page.mouse.wheel(0, -1000);
    await options.locator('.ant-select-item-option', { hasText: /^Weekly$/ }).click();
    await frequency.press('Tab');
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await summary.count()).toBe(0);
    await preview.click();
    await expect.poll(() => summary.innerText()).toMatch(/[1-9]\d* tasks? added/);
    await dialog.getByRole('heading', { name: /^Added \(/ }).waitFor();
    await expect.poll(() => save.isDisabled()).toBe(false);
    await dialog.getByRole('heading', { name: /^Added \(/ }).scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await axe(page, 'condition schedule preview, 375 px', problems);
    await saveScreenshot(page, 'permit-condition-preview-375');

    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Condition saved').waitFor();
    await page.getByRole('link', { name: /Weekly/ }).waitFor();
    expect(problems).toEqual([]);
  });

  it('makes a new version after previewing what it adds and makes not applicable', async () => {
    const { page } = await newPage({ width: 1367, height: 1100 });
    const problems: string[] = [];
    await page.goto(`/permits/${permitId}`);
    await page.getByRole('button', { name: 'New version' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Version 2 of ${number}`) });
    await dialog.waitFor();
    await typeDate(dialog, 'Effective from', dayFromToday(40));
    await typeDate(dialog, 'Expires on', dayFromToday(40 + 5 * 365));
    const save = dialog.getByRole('button', { name: 'Create version' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Preview the changes' }).click();
    const summary = dialog.getByRole('status', { name: 'What the change does' });
    await summary.waitFor();
    await expect.poll(() => summary.innerText()).toMatch(/tasks? becomes? not applicable/);
    await dialog.getByText('III.B · Quarterly visual assessment', { exact: false }).waitFor();
    await axe(page, 'new version preview', problems);
    await saveScreenshot(page, 'permit-new-version-preview');
    await save.click();
    await page.getByRole('heading', { name: new RegExp(number) }).waitFor();
    await page.getByText('Version 2').first().waitFor();
    await page.locator('.ant-tag', { hasText: 'Pending' }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it('is usable in Arabic (right to left) and at 375 px', async () => {
    const token = await apiToken();
    const problems: string[] = [];
    const arabic = await openWithSettings(session.browser, {
      token,
      preferences: preferences({ language: 'ar' }),
      path: '/permits',
      viewport: { width: 1367, height: 900 },
    });
    session.track(arabic);
    await arabic.page.getByRole('heading', { name: 'التصاريح' }).waitFor();
    await arabic.page.getByRole('row').filter({ hasText: number }).first().waitFor();
    expect(await arabic.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await axe(arabic.page, 'register, Arabic', problems);
    await saveScreenshot(arabic.page, 'permits-register-ar');
    await arabic.page.goto(`/permits/${permitId}`);
    await arabic.page.getByText('شرط دائم', { exact: true }).waitFor();
    await axe(arabic.page, 'permit page, Arabic', problems);
    await saveScreenshot(arabic.page, 'permit-page-ar');

    const phone = await openWithSettings(session.browser, {
      token,
      preferences: preferences(),
      path: `/permits/${permitId}`,
      viewport: { width: 375, height: 812 },
      touch: true,
    });
    session.track(phone);
    await phone.page.getByText('Standing condition', { exact: true }).waitFor();
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await axe(phone.page, 'permit page, 375 px', problems);
    await saveScreenshot(phone.page, 'permit-page-375');
    await phone.page.goto('/permits');
    await phone.page.getByRole('heading', { name: 'Permits' }).waitFor();
    await axe(phone.page, 'register, 375 px', problems);
    await saveScreenshot(phone.page, 'permits-register-375');
    await storeServerPreferences(token, preferences());
    expect(problems).toEqual([]);
  });
});
