import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, saveScreenshot, signInThroughForm, type TestPage } from './support/browser';
import {
  apiToken,
  DEFAULTS,
  openWithSettings,
  preferences,
  readServerPreferences,
  storeServerPreferences,
  waitForSettledPage,
  type ShellOptions,
} from './support/interface-settings';

/** What the shell draws: where the sidebar, the header and the horizontal menu are. */
async function shellShape(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0
        ? {
            left: Math.round(rect.left),
            top: Math.round(rect.top),
            width: Math.round(rect.width),
            bottom: Math.round(rect.bottom),
          }
        : null;
    };
    return {
      sider: box('.app-sider'),
      header: box('header.app-header'),
      horizontalMenu: box('.app-hnav .ant-menu-horizontal, .app-header__menu .ant-menu-horizontal'),
      menuInHeader: box('.app-header__menu .ant-menu-horizontal') !== null,
      drawerButton: box('.app-header [aria-label="Open navigation"]') !== null,
    };
  });
}

/** Waits for the sidebar's width transition (0.2 s) to end. */
async function settled(page: Page) {
  await stillAfterMotion(page.locator('.app-sider, .app-main').first());
}

/** Waits until an element stops moving (a drawer sliding in, a menu's direction change). */
async function stillAfterMotion(locator: Locator) {
  let previous = '';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const box = JSON.stringify(await locator.first().boundingBox());
    if (box === previous) return;
    previous = box;
    await locator.page().waitForTimeout(100);
  }
}

/** Screenshots show the page, not where the keyboard focus was left. */
async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** The interface settings (seed §3, §4, §9; PRODUCT §6, §7): every style, layout, theme and language, persisted. */
describe('interface settings', () => {
  let browser: Browser;
  let token: string;
  const pages: TestPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
  });
  afterEach(async () => {
    // A page left open by a failed test could still save its settings: close them all first. Then put the
    // defaults back, since other browser tests sign in as the same user and expect them.
    for (const { context } of pages) await context.close();
    await storeServerPreferences(token, DEFAULTS);
  });
  afterAll(async () => {
    for (const { cspViolations } of pages) expect(cspViolations).toEqual([]);
    await browser.close();
  });

  const open = async (options: Omit<ShellOptions, 'token'> & { signedOut?: boolean } = {}) => {
    const testPage = await openWithSettings(browser, {
      preferences: DEFAULTS,
      ...options,
      token: options.signedOut ? undefined : token,
    });
    pages.push(testPage);
    return testPage;
  };

  /** Waits for the settings to reach the server after a change (they are sent 600 ms after the last one). */
  const savedToServer = (page: Page) =>
    page.waitForResponse(
      (response) => response.url().endsWith('/api/users/me/preferences') && response.request().method() === 'PUT',
    );

  const openSettingsPanel = async (page: Page) => {
    await page.getByRole('button', { name: 'Interface settings' }).click();
    const panel = page.getByRole('dialog', { name: 'Interface settings' });
    await panel.waitFor();
    return panel;
  };

  it('switches every navigation style from the panel named "Interface settings", with a live preview', async () => {
    const { page, context } = await open();
    const panel = await openSettingsPanel(page);
    const checks: Record<string, (shape: Awaited<ReturnType<typeof shellShape>>) => void> = {
      'Mini sidebar': (shape) => {
        expect(shape.sider?.width).toBe(80);
        expect(shape.header).not.toBeNull();
      },
      Drawer: (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.drawerButton).toBe(true);
        expect(shape.horizontalMenu).toBeNull();
      },
      'Expanded sidebar, no header': (shape) => {
        expect(shape.sider?.width).toBe(260);
        expect(shape.header).toBeNull();
      },
      'Mini sidebar, no header': (shape) => {
        expect(shape.sider?.width).toBe(80);
        expect(shape.header).toBeNull();
      },
      Horizontal: (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.horizontalMenu!.top).toBeGreaterThanOrEqual(shape.header!.bottom - 1);
      },
      'Dark horizontal': (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.horizontalMenu!.top).toBeGreaterThanOrEqual(shape.header!.bottom - 1);
      },
      'Inside the header': (shape) => {
        expect(shape.sider).toBeNull();
        expect(shape.menuInHeader).toBe(true);
      },
      'Below the header': (shape) => {
        expect(shape.horizontalMenu!.top).toBeGreaterThanOrEqual(shape.header!.bottom - 1);
      },
      'Above the header': (shape) => {
        expect(shape.horizontalMenu!.bottom).toBeLessThanOrEqual(shape.header!.top + 1);
      },
      'Fixed sidebar': (shape) => {
        expect(shape.sider?.width).toBe(260);
        expect(shape.header).not.toBeNull();
        expect(shape.horizontalMenu).toBeNull();
      },
    };
    for (const [label, check] of Object.entries(checks)) {
      await panel.getByRole('radio', { name: label, exact: true }).check();
      await expect(panel.getByRole('radio', { name: label, exact: true }).isChecked()).resolves.toBe(true);
      await settled(page);
      check(await shellShape(page));
      if (label === 'Horizontal') {
        await page.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden' });
        await blur(page);
        await saveScreenshot(page, 'nav-horizontal');
        await openSettingsPanel(page);
      }
    }
    // The dark and green menu bars, for the record.
    await panel.getByRole('radio', { name: 'Below the header', exact: true }).check();
    await expect(backgroundOf(page, '.app-hnav')).resolves.toBe('rgb(15, 107, 62)');
    await panel.getByRole('radio', { name: 'Dark horizontal', exact: true }).check();
    await expect(backgroundOf(page, 'header.app-header')).resolves.toBe('rgb(11, 31, 23)');
    const saved = savedToServer(page);
    await panel.getByRole('radio', { name: 'Inside the header', exact: true }).check();
    await saved;
    await expect(readServerPreferences(token)).resolves.toMatchObject({
      navStyle: 'NAV_STYLE_INSIDE_HEADER_HORIZONTAL',
    });
    await context.close();
  });

  it('collapses the sidebar to its mini form and back, and toggles the drawer', async () => {
    const { page, context } = await open();
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    await settled(page);
    expect((await shellShape(page)).sider?.width).toBe(80);
    let panel = await openSettingsPanel(page);
    await expect(panel.getByRole('radio', { name: 'Mini sidebar', exact: true }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await settled(page);
    expect((await shellShape(page)).sider?.width).toBe(260);

    // Without a header the collapse button is in the sidebar.
    panel = await openSettingsPanel(page);
    await panel.getByRole('radio', { name: 'Expanded sidebar, no header', exact: true }).check();
    await page.keyboard.press('Escape');
    await page.locator('.app-sider').getByRole('button', { name: 'Collapse navigation' }).click();
    await settled(page);
    expect((await shellShape(page)).sider?.width).toBe(80);

    panel = await openSettingsPanel(page);
    await panel.getByRole('radio', { name: 'Drawer', exact: true }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await drawer.getByRole('menuitem', { name: 'Calendar' }).click();
    await page.waitForURL('**/calendar');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('switches the layout: full, boxed (1280 px, centred) and framed', async () => {
    const { page, context } = await open({ viewport: { width: 1600, height: 900 } });
    const panel = await openSettingsPanel(page);
    const shell = () => page.locator('.app-shell').boundingBox();
    await panel.getByRole('radio', { name: 'Boxed' }).check();
    const boxed = await shell();
    expect(boxed?.width).toBe(1280);
    expect(boxed?.x).toBeGreaterThan(100);
    await panel.getByRole('radio', { name: 'Framed' }).check();
    const framed = await shell();
    expect(framed?.x).toBe(16);
    expect(framed?.y).toBe(16);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await blur(page);
    await saveScreenshot(page, 'layout-framed');
    await openSettingsPanel(page);
    await panel.getByRole('radio', { name: 'Full width' }).check();
    const full = await shell();
    expect(full?.x).toBe(0);
    expect(full?.width).toBeGreaterThan(1500);
    await context.close();
  });

  it('switches the theme: semi-dark, lite and dark, antd components included', async () => {
    const { page, context } = await open();
    const expectations = {
      'Semi dark': { sider: 'rgb(11, 31, 23)', header: 'rgb(255, 255, 255)', theme: 'light', shot: 'theme-semi-dark' },
      Lite: { sider: 'rgb(255, 255, 255)', header: 'rgb(255, 255, 255)', theme: 'light', shot: 'theme-lite' },
      Dark: { sider: 'rgb(11, 31, 23)', header: 'rgb(20, 20, 20)', theme: 'dark', shot: 'theme-dark' },
    };
    for (const [label, expected] of Object.entries(expectations)) {
      const panel = await openSettingsPanel(page);
      await panel.getByRole('radio', { name: label, exact: true }).check();
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      await expect(backgroundOf(page, '.app-sider')).resolves.toBe(expected.sider);
      await expect(backgroundOf(page, 'header.app-header')).resolves.toBe(expected.header);
      await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(expected.theme);
      // An antd component follows the theme: the user menu's text is light on dark and dark on light.
      const nameColor = await page
        .locator('.user-menu__text .ant-typography')
        .first()
        .evaluate((element) => getComputedStyle(element).color);
      const channels = nameColor.match(/\d+/g)!.slice(0, 3).map(Number);
      if (expected.theme === 'dark') expect(Math.min(...channels)).toBeGreaterThan(180);
      else expect(Math.max(...channels)).toBeLessThan(80);
      await blur(page);
      await saveScreenshot(page, expected.shot);
    }
    await context.close();
  });

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
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
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

  it('becomes a drawer below 992 px and hides the horizontal menu', async () => {
    const { page, context } = await open({ viewport: { width: 992, height: 800 } });
    expect((await shellShape(page)).sider?.width).toBe(260);
    await page.setViewportSize({ width: 991, height: 800 });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    expect((await shellShape(page)).sider).toBeNull();
    await page.setViewportSize({ width: 992, height: 800 });
    await page.locator('.app-sider').waitFor();

    await storeServerPreferences(token, preferences({ navStyle: 'NAV_STYLE_BELOW_HEADER' }));
    await page.evaluate(
      (stored) => localStorage.setItem('interfaceSettings', stored),
      JSON.stringify(preferences({ navStyle: 'NAV_STYLE_BELOW_HEADER' })),
    );
    await page.reload();
    await waitForSettledPage(page, true);
    expect((await shellShape(page)).horizontalMenu).not.toBeNull();
    await page.setViewportSize({ width: 991, height: 800 });
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();
    const narrow = await shellShape(page);
    expect(narrow.horizontalMenu).toBeNull();
    expect(narrow.sider).toBeNull();
    await context.close();
  });

  it('is usable at 375 px: no sideways scrolling, and the drawer works by touch', async () => {
    const { page, context } = await open({ viewport: { width: 375, height: 740 }, touch: true });
    for (const path of ['/', '/facilities', '/users', '/change-password', '/settings/regulations']) {
      await page.goto(path);
      await waitForSettledPage(page, true);
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect({ path, scrollWidth: widths[0] }).toEqual({ path, scrollWidth: widths[1] });
    }
    await page.goto('/');
    await waitForSettledPage(page, true);
    await page.getByRole('button', { name: 'Open navigation' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await stillAfterMotion(drawer);
    const box = await drawer.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375 - 48 + 0.5);
    expect(box!.x).toBe(0);
    await saveScreenshot(page, 'drawer-375');
    await drawer.getByRole('menuitem', { name: 'Calendar' }).tap();
    await page.waitForURL('**/calendar');
    await drawer.waitFor({ state: 'hidden' });
    // The settings panel fits the phone too.
    const panel = await openSettingsPanel(page);
    expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(375 - 48 + 0.5);
    await context.close();
  });

  it('keeps the choices across reloads and devices, and on this device before sign-in', async () => {
    // Before sign-in: kept in this browser.
    const first = await open({ signedOut: true });
    await first.page.getByRole('button', { name: 'Language', exact: true }).click();
    await first.page.getByRole('menuitem', { name: 'Español' }).click();
    await first.page.getByRole('heading', { name: 'Iniciar sesión en RTMS' }).waitFor();
    await first.page.reload();
    await first.page.getByRole('heading', { name: 'Iniciar sesión en RTMS' }).waitFor();
    await expect(first.page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');

    // Signing in keeps the language chosen on the sign-in page (the server had nothing stored) and saves it.
    await first.page.locator('#signin-email').fill('admin@e2e.test');
    await first.page.locator('#signin-password').fill('e2e-admin-password-1');
    const saved = savedToServer(first.page);
    await first.page.locator('form button[type="submit"]').click();
    await first.page.getByRole('menuitem', { name: 'Panel' }).waitFor();
    await saved;
    await expect(readServerPreferences(token)).resolves.toMatchObject({ locale: { locale: 'es' } });

    // Change more, reload: all kept.
    await first.page.getByRole('button', { name: 'Ajustes de la interfaz' }).click();
    const panel = first.page.getByRole('dialog', { name: 'Ajustes de la interfaz' });
    const savedAgain = savedToServer(first.page);
    await panel.getByRole('radio', { name: 'Oscuro', exact: true }).check();
    await panel.getByRole('radio', { name: 'Encima de la cabecera' }).check();
    await panel.getByRole('radio', { name: 'En caja' }).check();
    await savedAgain;
    await first.page.reload();
    await waitForSettledPage(first.page, true);
    const kept = await first.page.evaluate(() => ({
      lang: document.documentElement.lang,
      theme: document.documentElement.dataset.theme,
      boxed: document.querySelector('.app-frame--boxed') !== null,
      above: document.querySelector('.app-topbar--above') !== null,
    }));
    expect(kept).toEqual({ lang: 'es', theme: 'dark', boxed: true, above: true });

    // Another device: a fresh browser signs in and gets the same settings from the server.
    const second = await open({ signedOut: true });
    await signInThroughForm(second.page);
    await second.page.getByRole('menuitem', { name: 'Panel' }).waitFor();
    await expect(
      second.page.evaluate(() => ({
        lang: document.documentElement.lang,
        theme: document.documentElement.dataset.theme,
        boxed: document.querySelector('.app-frame--boxed') !== null,
      })),
    ).resolves.toEqual({ lang: 'es', theme: 'dark', boxed: true });
    await first.context.close();
    await second.context.close();
  });

  it('can be used with the keyboard alone, with a visible focus', async () => {
    const { page, context } = await open();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return {
          name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '',
          tag: element.tagName,
          id: element.id,
          outlined: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1,
        };
      });
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toMatchObject({ name: 'Skip to main content', outlined: true });
    await expect(page.getByRole('link', { name: 'Skip to main content' }).boundingBox()).resolves.toMatchObject({
      y: 8,
    });
    await page.keyboard.press('Enter');
    await expect(focused()).resolves.toMatchObject({ id: 'main-content' });

    // Every stop through the shell shows where the focus is.
    await page.reload();
    await waitForSettledPage(page, true);
    const seen: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const now = await focused();
      // After the last control the focus leaves the page (to the browser) and comes back round.
      if (now.tag === 'BODY') continue;
      expect({ now: now.name, outlined: now.outlined }).toEqual({ now: now.name, outlined: true });
      seen.push(now.name);
    }
    expect(seen).toEqual(
      expect.arrayContaining(['Skip to main content', 'RTMS', 'Collapse navigation', 'Language', 'Interface settings']),
    );

    // The language menu: Enter opens it on the current language, arrows move, Enter chooses.
    await page.getByRole('button', { name: 'Language', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(focused()).resolves.toMatchObject({ name: 'English' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Panel' }).waitFor();
    await expect(focused()).resolves.toMatchObject({ tag: 'BUTTON' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Dashboard' }).waitFor();

    // The settings panel: arrows choose the next theme at once.
    await page.getByRole('button', { name: 'Interface settings' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Interface settings' });
    await panel.waitFor();
    await panel.getByRole('radio', { name: 'Semi dark' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('radio', { name: 'Lite' }).isChecked()).resolves.toBe(true);
    await expect(focused()).resolves.toMatchObject({ tag: 'INPUT' });
    const cardOutline = await panel
      .locator('.option-card:has(input:focus-visible)')
      .evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(cardOutline).toBe('solid');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('draws the seed scrollbar: at least 30 px, hidden 1000 ms after scrolling, fading in 200 ms', async () => {
    const { page, context } = await open({ viewport: { width: 1367, height: 220 } });
    const panel = await openSettingsPanel(page);
    const area = panel.locator('.scroll-area');
    const track = area.locator('.scroll-area__track');
    // Timestamps in the page: the last scroll or pointer movement over the area, and when the bar was hidden.
    await area.evaluate((element) => {
      const times = { lastActivity: 0, hiddenAt: 0 };
      (window as unknown as { scrollTimes: typeof times }).scrollTimes = times;
      const viewport = element.querySelector('.scroll-area__viewport')!;
      viewport.addEventListener('scroll', () => (times.lastActivity = performance.now()));
      element.addEventListener('pointermove', () => (times.lastActivity = performance.now()));
      new MutationObserver(() => {
        if (!element.classList.contains('scroll-area--visible')) times.hiddenAt = performance.now();
      }).observe(element, { attributes: true, attributeFilter: ['class'] });
    });
    await area.hover();
    await page.mouse.wheel(0, 120);
    await expect(area.evaluate((element) => element.classList.contains('scroll-area--visible'))).resolves.toBe(true);
    const thumb = await area.locator('.scroll-area__thumb').boundingBox();
    expect(thumb!.height).toBe(30);
    await expect(track.evaluate((element) => getComputedStyle(element).transitionDuration)).resolves.toBe('0.2s');
    await page.mouse.move(5, 5);
    await page.waitForFunction(
      () => !document.querySelector('.settings-panel__scroll.scroll-area--visible'),
      undefined,
      {
        timeout: 5000,
      },
    );
    const times = await page.evaluate(
      () => (window as unknown as { scrollTimes: { lastActivity: number; hiddenAt: number } }).scrollTimes,
    );
    const hiddenAfter = times.hiddenAt - times.lastActivity;
    expect(hiddenAfter).toBeGreaterThanOrEqual(990);
    expect(hiddenAfter).toBeLessThan(1400);
    // Then it fades out (200 ms).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.settings-panel__scroll .scroll-area__track')!).opacity === '0',
      undefined,
      { timeout: 2000 },
    );
    await context.close();
  });
});
