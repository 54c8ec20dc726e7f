import fs from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CHROMIUM_PATH, VERSION_TEXT } from './config';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** Launches the system Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  baseURL: string;
  /** Console messages that report a Content Security Policy violation. */
  cspViolations: string[];
  /** Every console error (for diagnosis). */
  consoleErrors: string[];
}

/** A fresh context (empty storage) with a page that records CSP violations. */
export async function openPage(
  browser: Browser,
  viewport = { width: 1367, height: 850 },
  options: BrowserContextOptions = {},
): Promise<TestPage> {
  const baseURL = inject('baseURL');
  const context = await browser.newContext({ ...options, baseURL, viewport });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) cspViolations.push(text);
    if (message.type() === 'error') consoleErrors.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { context, page, baseURL, cspViolations, consoleErrors };
}

/** Signs in through the form and waits for the shell. */
export async function signInThroughForm(page: Page, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(VERSION_TEXT).waitFor();
}

/** Saves a screenshot under docs/screenshots (committed; the README shows them), once images have loaded. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((image) =>
        image.complete ? undefined : new Promise((resolve) => image.addEventListener('load', resolve, { once: true })),
      ),
    ),
  );
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Waits (5 s at most, then goes on) for a screen's own loading to end: the network idle, no spinner or skeleton. */
export async function waitForLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

/**
 * Waits until the CSS animations of what `locator` finds (and inside it) have finished: a popover fading in is
 * drawn half transparent, and axe then measures its texts' contrast against the page behind.
 */
export async function waitForAnimationsOf(locator: Locator): Promise<void> {
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

/**
 * Waits (8 s at most, then goes on) until no popover, toast or dialog animation is left, so that a screenshot
 * shows the screen at rest; an open dialog stays with `keepDialog`, otherwise none may be open.
 */
export async function waitForStill(page: Page, keepDialog = false): Promise<void> {
  await page
    .waitForFunction(
      (keep) =>
        !document.querySelector(
          '.ant-popover:not(.ant-popover-hidden), .ant-message-notice, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-leave, .ant-drawer-panel-motion-leave',
        ) &&
        (keep || !document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')),
      keepDialog,
      { timeout: 8_000 },
    )
    .catch(() => undefined);
}

/**
 * Opens the user menu and chooses `item`, then waits for the page at `url` (a glob). The menu's entry animation is
 * let finish first; a choice lost all the same (seen in CI on the loaded two-core machine: the URL never changed
 * after "Change password" was clicked) is made again, three times at most, as with `setCheckboxInPopover`.
 */
export async function chooseFromUserMenu(page: Page, item: string, url: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await page.getByRole('button', { name: /User menu/ }).click();
    const entry = page.getByRole('menuitem', { name: item });
    await waitForAnimationsOf(
      entry.locator(`xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-dropdown ')]`),
    );
    await entry.click();
    try {
      await page.waitForURL(url, { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Sets a checkbox in a popover and waits until the page shows it. The popover's entry animation is let finish
 * first; then, when a click is lost all the same (seen in CI on the loaded two-core machine: "Clicking the
 * checkbox did not change its state" in the column chooser just after a reload), the box is clicked again, three
 * times at most, so that the test goes on to what it checks rather than stopping on the lost click.
 */
export async function setCheckboxInPopover(checkbox: Locator, checked: boolean): Promise<void> {
  await waitForAnimationsOf(
    checkbox.locator(`xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-popover ')]`),
  );
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if ((await checkbox.isChecked()) === checked) return;
    await checkbox.click();
    for (let wait = 0; wait < 20; wait += 1) {
      if ((await checkbox.isChecked()) === checked) return;
      await checkbox.page().waitForTimeout(100);
    }
  }
  throw new Error(`The checkbox stayed ${checked ? 'unchecked' : 'checked'} after three clicks`);
}
