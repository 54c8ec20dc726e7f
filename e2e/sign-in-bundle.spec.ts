import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, signInThroughForm } from './support/browser';

/**
 * What the pages cost on the wire: bytes as transferred (compressed, headers
 * included), every request of a cold load counted, read from the browser's own network log.
 */
const SIGN_IN_SCRIPT_BUDGET = 200 * 1000;
// 223 KB measured with the style sheets inside index.html (decision 024), 18 requests; 205 KB in 6 requests
// once the entry's modules were one chunk (round 3).
const SIGN_IN_TOTAL_BUDGET = 215 * 1000;
// 481 KB when first measured; 578 KB once the notification bell, the calendar's shared pieces and the
// dashboard's figures of the same wave were merged (1.5 MB before compression); 581 KB after round 2's merges;
// round 3, with the dashboard's cards and the shell's drawers and lists loaded after the first view: 405 KB in 47
// requests for an empty dashboard (this file alone), 539 KB in 67 with the other files' tasks (the cards then load).
const COLD_DASHBOARD_TOTAL_BUDGET = 550 * 1000;

interface Transfer {
  url: string;
  type: string;
  /** Bytes on the wire, headers included. */
  bytes: number;
  /** Bytes of the body on the wire (compressed if it was sent compressed). */
  bodyBytes: number;
  encoding: string | undefined;
}

/**
 * Records every response of the page with its transferred size as Chromium counts it: the body's bytes
 * as received (Network.dataReceived) and the whole response's (Network.loadingFinished, headers included).
 */
async function recordTransfers(page: Page): Promise<Transfer[]> {
  const session = await page.context().newCDPSession(page);
  const pending = new Map<string, Omit<Transfer, 'bytes' | 'bodyBytes'>>();
  const bodies = new Map<string, number>();
  const transfers: Transfer[] = [];
  session.on('Network.responseReceived', (event) => {
    pending.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      encoding: (event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding']) as
        string | undefined,
    });
  });
  session.on('Network.dataReceived', (event) => {
    bodies.set(event.requestId, (bodies.get(event.requestId) ?? 0) + event.encodedDataLength);
  });
  session.on('Network.loadingFinished', (event) => {
    const response = pending.get(event.requestId);
    if (response) {
      transfers.push({ ...response, bytes: event.encodedDataLength, bodyBytes: bodies.get(event.requestId) ?? 0 });
    }
  });
  await session.send('Network.enable');
  await session.send('Network.setCacheDisabled', { cacheDisabled: true });
  return transfers;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const sum = (transfers: Transfer[]) => transfers.reduce((total, transfer) => total + transfer.bytes, 0);
const sumOfBodies = (transfers: Transfer[]) => transfers.reduce((total, transfer) => total + transfer.bodyBytes, 0);
/** Scripts and style sheets of more than 1 KB (the build compresses those) that came uncompressed. */
const uncompressedAssets = (transfers: Transfer[]) =>
  transfers
    .filter((t) => (t.type === 'Script' || t.type === 'Stylesheet') && t.bodyBytes > 1024 && t.encoding !== 'br')
    .map((t) => new URL(t.url).pathname);

/** Scripts of the signed-in shell (its chunk, or its modules should they be split again). */
const shellScripts = (transfers: Transfer[]) =>
  transfers
    .filter((t) => t.type === 'Script')
    .map((t) => new URL(t.url).pathname)
    .filter((path) => /signed-in-(?!preload)|app-shell|interface-settings-panel/.test(path));

describe('page weight on the wire', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it(`sends the sign-in page with less than ${kb(SIGN_IN_SCRIPT_BUDGET)} of JavaScript, compressed`, async () => {
    const { page, context, cspViolations } = await openPage(browser);
    const transfers = await recordTransfers(page);
    await page.goto('/signin');
    await page.locator('.signin__title').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = transfers.filter((transfer) => transfer.type === 'Script');
    console.info(
      `sign-in page: ${transfers.length} requests, ${kb(sum(transfers))} transferred; ${scripts.length} scripts: ${kb(sumOfBodies(scripts))} compressed (${kb(sum(scripts))} with headers)`,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(sumOfBodies(scripts)).toBeLessThan(SIGN_IN_SCRIPT_BUDGET);
    expect(sum(transfers)).toBeLessThan(SIGN_IN_TOTAL_BUDGET);
    // Every script and style sheet worth it came as the build compressed it (brotli, as Chromium accepts it).
    expect(uncompressedAssets(transfers)).toEqual([]);
    // Nothing of the signed-in shell comes with it (the preload script of a few lines aside), in English nor in
    // another language: the language menu loads the language's texts and date locale, not the shell's chunk.
    expect(shellScripts(transfers)).toEqual([]);
    await page.getByRole('button', { name: 'Language', exact: true }).click();
    await page.getByRole('menu', { name: 'Language' }).getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(shellScripts(transfers)).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it(`sends a cold dashboard (empty cache, signed in) in less than ${kb(COLD_DASHBOARD_TOTAL_BUDGET)}`, async () => {
    const signIn = await openPage(browser);
    await signInThroughForm(signIn.page);
    const storageState = await signIn.context.storageState();
    await signIn.context.close();

    const { page, context, cspViolations } = await openPage(browser, undefined, { storageState });
    const transfers = await recordTransfers(page);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = transfers.filter((transfer) => transfer.type === 'Script');
    const api = transfers.filter((transfer) => new URL(transfer.url).pathname.startsWith('/api/'));
    console.info(
      `cold dashboard: ${transfers.length} requests, ${kb(sum(transfers))} transferred; ${scripts.length} scripts: ${kb(sumOfBodies(scripts))} compressed; ${api.length} API answers: ${kb(sumOfBodies(api))}`,
    );
    expect(sum(transfers)).toBeLessThan(COLD_DASHBOARD_TOTAL_BUDGET);
    expect(uncompressedAssets(transfers)).toEqual([]);
    // API answers over 1 KB came compressed too.
    expect(api.filter((t) => t.bodyBytes > 1024 && !t.encoding).map((t) => t.url)).toEqual([]);
    expect(cspViolations).toEqual([]);
    await context.close();
  });
});
