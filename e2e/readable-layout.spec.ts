import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot } from './support/browser';
import { dayFromToday } from './support/dates';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { inspectionPdf } from './support/document-files';
import { openWithSettings, preferences } from './support/interface-settings';
import { runStamp } from './support/run-stamp';

/**
 * Long names never push the Tracker's columns out of view at 1,367 px, the task page
 * never cuts "Quarterly" or "America/Chicago" in two, the Documents Library's titles stay readable at
 * 375 px, the dashboard's figures make rows of equal length, and calendar chips keep a title's beginning —
 * each in English and Arabic, at 1,367 px and 375 px, with a screenshot.
 */
describe('readable layout with long names, in English and Arabic', () => {
  const { run, code } = runStamp();
  const facilityName = `Sweetwater Ridge Wind Energy Center and Battery Storage, East Block ${run}`;
  const title = `Quarterly stormwater pollution prevention plan compliance evaluation and outfall walk ${run}`;
  const person = { firstName: 'Maximiliana-Alexandra', lastName: `Featherstonehaugh-Vanderbilt ${code}` };
  let browser: Browser;
  let admin: ApiClient;
  let taskId = '';
  let facilityId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signInApi(inject('baseURL'));
    facilityId = await createFacility(admin, facilityName, `SRW-${code}`, 'WIND', {
      timeZone: 'America/Chicago',
      country: 'US',
      state: 'TX',
    });
    const assigneeId = await admin.create('/users', {
      ...person,
      email: `long.${code.toLowerCase()}@example.com`,
      role: 'FACILITY_USER',
      password: `Long-names-${run}-ok!`,
      mustChangePassword: false,
      facilityIds: [facilityId],
    });
    const regulation = await admin.create('/regulations', {
      title: `Clean Water Act ${run}`,
      citation: '40 CFR 122',
      jurisdiction: 'FEDERAL',
    });
    const requirementId = await admin.create('/requirements', {
      title,
      citation: '40 CFR 122.26',
      regulationId: regulation,
      category: 'WATER',
      frequency: 'QUARTERLY',
      firstDueDate: dayFromToday(3),
      facilities: [{ facilityId }],
    });
    const tasks = (
      await admin.call<{ data: { _id: string }[] }>('GET', `/tasks?requirementId=${requirementId}&sort=dueDate`)
    ).data;
    taskId = tasks[0]!._id;
    await admin.call('PATCH', `/tasks/${taskId}`, { assigneeId });

    const form = new FormData();
    form.set('kind', 'LIBRARY');
    form.set('title', `Spill prevention, control and countermeasure plan, revision 7 ${run}`);
    form.set('facilityId', facilityId);
    form.set(
      'file',
      new Blob([new Uint8Array(inspectionPdf('SPCC plan'))], { type: 'application/pdf' }),
      'spcc-plan.pdf',
    );
    const uploaded = await fetch(`${inject('baseURL')}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.text()).toBe(201);
  });
  afterAll(() => browser.close());

  const open = (language: 'en' | 'ar', width: number, path: string) =>
    openWithSettings(browser, {
      token: admin.token,
      preferences: preferences({ language }),
      path,
      viewport: { width, height: width < 600 ? 812 : 850 },
      touch: width < 600,
    });

  /** Whether the element lies within the window's width (nothing pushed off to either side). */
  const inView = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
      });

  for (const language of ['en', 'ar'] as const) {
    it(`keeps the Tracker's five columns in view at 1,367 px (${language})`, async () => {
      const { page, context } = await open(language, 1367, `/tasks?search=${encodeURIComponent(run)}`);
      const table = page.locator('table').first();
      await table.locator('tr.ant-table-row').first().waitFor();
      const headers = await table.locator('thead th').allInnerTexts();
      const assigneeHeader = language === 'en' ? 'Assignee' : headers.at(-1)!;
      expect(headers.join('|')).toContain(assigneeHeader);
      // Every header cell and the row's long names are inside the window: nothing needs a horizontal scroll.
      for (const cell of await table.locator('thead th').all()) {
        const box = await cell.boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(1367);
      }
      expect(await inView(page, '.task-column--assignee')).toBe(true);
      expect(await inView(page, '.task-column--facility')).toBe(true);
      // Cut with an ellipsis, the whole name on hover.
      await expect(page.locator('.task-column--title').first().getAttribute('title')).resolves.toBe(title);
      const cut = await page
        .locator('.task-column--title')
        .first()
        .evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut).toBe(true);
      await saveScreenshot(page, `tracker-long-names-1367-${language}`);
      await context.close();
    });

    it(`shows the task page without cutting "Quarterly" or the zone (${language}, 1,367 and 375 px)`, async () => {
      for (const width of [1367, 375]) {
        const { page, context } = await open(language, width, `/tasks/${taskId}`);
        const zone = page.getByText('America/Chicago', { exact: true });
        await zone.waitFor();
        const lines = await zone.evaluate((element) => element.getClientRects().length);
        expect(lines).toBe(1);
        const frequency = page.locator('.task-detail__nowrap').first();
        expect(await frequency.evaluate((element) => element.getClientRects().length)).toBe(1);
        // The details table in the picture: frequency and zone.
        await zone.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await saveScreenshot(page, `task-details-${width}-${language}`);
        await context.close();
      }
    });

    it(`keeps the Documents Library's titles readable (${language}, 1,367 and 375 px)`, async () => {
      for (const width of [1367, 375]) {
        const { page, context } = await open(language, width, `/documents-library?search=${run}`);
        const titleCell = page.getByText(`Spill prevention, control and countermeasure plan, revision 7 ${run}`);
        await titleCell.first().waitFor();
        // No sticky column lies over the title: the element at the title's start is the title itself.
        const covered = await titleCell.first().evaluate((element) => {
          const box = element.getBoundingClientRect();
          const x = document.dir === 'rtl' ? box.right - 4 : box.left + 4;
          const top = document.elementFromPoint(x, box.top + box.height / 2);
          return !(top && (element.contains(top) || top.contains(element)));
        });
        expect(covered).toBe(false);
        await saveScreenshot(page, `documents-library-${width}-${language}`);
        await context.close();
      }
    });

    it(`puts the dashboard's figures in rows of equal length (${language}, 1,367 and 375 px)`, async () => {
      for (const width of [1367, 375]) {
        const { page, context } = await open(language, width, '/');
        await page.locator('.dashboard-figures .dashboard-figure').first().waitFor();
        const tops = await page
          .locator('.dashboard-figures .dashboard-figure')
          .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().top)));
        const rows = new Map<number, number>();
        for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
        const perRow = [...rows.values()];
        expect(new Set(perRow).size, `cards per row: ${perRow.join(', ')}`).toBe(1);
        await saveScreenshot(page, `dashboard-figures-${width}-${language}`);
        await context.close();
      }
    });

    it(`keeps the beginning of an English title on a calendar chip (${language})`, async () => {
      // Filtered to this spec's facility: other specs' tasks due the same day would fill the cell's three chips
      // and put this one under "+N more".
      const { page, context } = await open(
        language,
        1367,
        `/calendar?date=${dayFromToday(3)}&facilityId=${facilityId}`,
      );
      const chip = page.locator('.calendar-chip__text', { hasText: run }).first();
      await chip.waitFor();
      // The title runs left to right from its own start, so an overflow cuts its end, never its beginning.
      const start = await chip.evaluate((element) => {
        const range = document.createRange();
        range.setStart(element.firstChild!, 0);
        range.setEnd(element.firstChild!, 1);
        return range.getBoundingClientRect().left - element.getBoundingClientRect().left;
      });
      expect(Math.abs(start)).toBeLessThan(3);
      await saveScreenshot(page, `calendar-chip-1367-${language}`);
      await context.close();
    });
  }
});
