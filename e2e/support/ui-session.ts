import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openPage, signInThroughForm, type TestPage } from './browser';

/** The browser a UI spec file shares, and the pages its tests open in it. */
export interface UiSession {
  /** The browser (launched before the file's first `beforeAll` that comes after `uiSession()`). */
  readonly browser: Browser;
  /** A fresh page (empty storage), signed in through the form as the administrator. */
  newPage(viewport?: { width: number; height: number }): Promise<TestPage>;
  /** Follows a page opened another way (`openWithSettings`): checked for CSP violations, shot on failure. */
  track(testPage: TestPage): TestPage;
}

/**
 * What every UI spec file repeated: launch the browser before its tests; when a test fails, a screenshot
 * of the page it was on (e2e/output/failed-<test>.png) to see why; at the end, no page may have reported
 * a Content Security Policy violation, and the browser is closed. Call it at the top of the `describe`,
 * before the file's own hooks, so that they run with the browser launched.
 */
export function uiSession(): UiSession {
  let browser: Browser | undefined;
  const pages: TestPage[] = [];
  let current: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && current) {
      const name = `failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`;
      await current.screenshot({ path: path.join(import.meta.dirname, '..', 'output', name) }).catch(() => undefined);
    }
  });

  afterAll(async () => {
    for (const { cspViolations } of pages) expect(cspViolations).toEqual([]);
    await browser?.close();
  });

  const session: UiSession = {
    get browser() {
      if (!browser) throw new Error('The browser is launched in beforeAll; use it inside a hook or a test');
      return browser;
    },
    track(testPage) {
      current = testPage.page;
      pages.push(testPage);
      return testPage;
    },
    async newPage(viewport) {
      const testPage = session.track(await openPage(session.browser, viewport));
      await signInThroughForm(testPage.page);
      return testPage;
    },
  };
  return session;
}
