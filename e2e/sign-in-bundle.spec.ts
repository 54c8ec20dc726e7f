import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';

/** PRODUCT §7: the initial JavaScript of the sign-in page stays under 250 KB gzip. */
const BUDGET_BYTES = 250 * 1000;

describe('sign-in page weight', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('loads less than 250 KB of gzip JavaScript, everything it fetches counted', async () => {
    const { page, context, cspViolations } = await openPage(browser);
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      scripts.set(new URL(response.url()).pathname, zlib.gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/signin');
    await page.locator('.signin__title').waitFor();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    console.info(`sign-in page: ${scripts.size} scripts, ${(total / 1000).toFixed(1)} KB gzip`);
    expect(total).toBeLessThan(BUDGET_BYTES);
    // Nothing of the signed-in shell comes with it.
    expect([...scripts.keys()].filter((path) => /app-shell|interface-settings-panel/.test(path))).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
