import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, type TestPage } from './browser';
import { apiToken, DEFAULTS, openWithSettings, storeServerPreferences, type ShellOptions } from './interface-settings';

/** What the interface-settings spec files share: reading the shell's geometry, and one browser session per file. */

/** What the shell draws: where the sidebar, the header and the horizontal menu are. */
export async function shellShape(page: Page) {
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
export async function settled(page: Page) {
  await stillAfterMotion(page.locator('.app-sider, .app-main').first());
}

/** Waits until an element stops moving (a drawer sliding in, a menu's direction change). */
export async function stillAfterMotion(locator: Locator) {
  let previous = '';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const box = JSON.stringify(await locator.first().boundingBox());
    if (box === previous) return;
    previous = box;
    await locator.page().waitForTimeout(100);
  }
}

/** Screenshots show the page, not where the keyboard focus was left. */
export async function blur(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

export const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/**
 * The browser and the administrator's API token of an interface-settings spec file, with its hooks: every
 * page is closed and the default settings are put back after each test, and no page may have reported a
 * Content Security Policy violation. Call it first in the `describe`.
 */
export function settingsShell() {
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

  /** The administrator's API token (read in a hook or a test, after the shell's `beforeAll`). */
  const currentToken = () => token;

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

  return { currentToken, open, savedToServer, openSettingsPanel };
}
