import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { preferences, waitForSettledPage } from './support/interface-settings';
import { shellShape, stillAfterMotion, blur, settingsShell } from './support/interface-settings-shell';

/** The interface settings: the six languages, right to left, and formats in each. */
describe('interface settings: languages', () => {
  const { open, currentToken } = settingsShell();

  it('offers six languages by their own names in the "Language" menu; Arabic turns everything right to left', async () => {
    const { page, context } = await open();
    const languageButton = page.getByRole('button', { name: 'Language', exact: true });
    await languageButton.click();
    const menu = page.getByRole('menu', { name: 'Language' });
    await expect(menu.getByRole('menuitem').allInnerTexts()).resolves.toEqual([
      'English',
      'Español',
      '中文',
      'Français',
      'Italiano',
      'العربية',
    ]);
    const dashboardIn = { Español: 'Panel', 中文: '仪表板', Français: 'Tableau de bord', Italiano: 'Cruscotto' };
    for (const [language, dashboard] of Object.entries(dashboardIn)) {
      if (!(await menu.isVisible())) await languageButton.click();
      await menu.getByRole('menuitem', { name: language }).click();
      await page.getByRole('menuitem', { name: dashboard }).waitFor();
      await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual(
        [{ Español: 'es', 中文: 'zh', Français: 'fr', Italiano: 'it' }[language], 'ltr'],
      );
    }

    await languageButton.click();
    await menu.getByRole('menuitem', { name: 'العربية' }).click();
    await page.getByRole('menuitem', { name: 'لوحة المعلومات' }).waitFor();
    await expect(page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).resolves.toEqual([
      'ar',
      'rtl',
    ]);
    expect(await page.locator('body.rtl').count()).toBe(1);
    // The whole layout mirrors: the sidebar is on the right, antd's components are right to left.
    const shape = await shellShape(page);
    expect(shape.sider!.left).toBeGreaterThan(1000);
    expect(await page.locator('.ant-menu-rtl').count()).toBeGreaterThan(0);
    await stillAfterMotion(page.locator('.app-sider .ant-menu-item-icon'));
    await page.waitForTimeout(300);
    await blur(page);
    await saveScreenshot(page, 'arabic-rtl');
    // antd's own texts follow: the drawer's close button is named by antd's Arabic pack.
    await page.getByRole('button', { name: 'إعدادات الواجهة' }).click();
    const panel = page.getByRole('dialog', { name: 'إعدادات الواجهة' });
    await panel.getByRole('button', { name: 'إغلاق' }).waitFor();
    await stillAfterMotion(panel);
    const panelBox = await panel.boundingBox();
    expect(panelBox!.x).toBe(0);
    await saveScreenshot(page, 'arabic-settings-panel');
    await panel.getByRole('button', { name: 'إغلاق' }).click();

    // Still named "Language", so that the way back is found.
    await page.reload();
    await waitForSettledPage(page, true);
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await languageButton.click();
    await menu.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
    // The document follows in an effect after that render; the choice must also survive the server copy
    // of the settings arriving after the click (it did not, once).
    await expect
      .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
      .toEqual(['en', 'ltr']);
    await page.waitForTimeout(1000);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await context.close();
  });

  it("formats numbers and dates, and antd's own texts, in the chosen language", async () => {
    const stamp = Date.now().toString(36).toUpperCase().slice(-5);
    const created = await fetch(`${inject('baseURL')}/api/facilities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${currentToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Formatting check ${stamp}`,
        code: `FMT-${stamp}`,
        type: 'SOLAR',
        timeZone: 'Africa/Cairo',
        capacityMw: 1234.5,
        commercialOperationDate: '2026-03-31',
      }),
    });
    expect(created.status).toBe(201);
    const { page, context } = await open({ preferences: preferences({ language: 'fr' }), path: `/facilities` });
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill(`FMT-${stamp}`);
    const row = page.getByRole('row').filter({ hasText: `FMT-${stamp}` });
    await row.waitFor();
    // French writes 1 234,5 (narrow no-break space, decimal comma) and 31 mars 2026.
    await expect(row.innerText()).resolves.toMatch(/1\u202f234,5/);
    await expect(row.innerText()).resolves.toContain('31 mars 2026');
    // antd's own texts (pagination) follow too.
    await expect(page.locator('.ant-pagination-prev').first().getAttribute('title')).resolves.toBe('Page précédente');

    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    // Arabic writes the date with the Arabic month name and the same digits as its date fields (one date
    // format per language, in fields and in text), not as English does.
    const arabicDate = '31 مارس 2026';
    await expect.poll(() => row.innerText()).toContain(arabicDate);
    await context.close();
  });
});
