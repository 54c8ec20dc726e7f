/**
 * `npm run lighthouse` (after `npm run build`): Lighthouse's mobile performance score (its default
 * configuration: a mid-range phone on slow 4G, simulated) of the sign-in page and of a cold dashboard
 * (signed in, empty cache), against the built server on a fresh database and the system Chromium.
 * Prints each score beside its target (90 and 75) and exits non-zero when one is missed.
 * LIGHTHOUSE_REPORT_DIR=<folder> also keeps each full report (JSON, for Lighthouse's viewer).
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startBuiltServer } from './support/built-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CHROMIUM_PATH } from './support/config';

const TARGETS = { signIn: 90, coldDashboard: 75 };

function launch(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}

interface PageResult {
  score: number;
  /** The metrics the score is made of, as Lighthouse displays them. */
  metrics: string;
}

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index'];

/** The performance score (0–100) of one page, in a browser of its own (a fresh profile: nothing cached). */
async function performanceScore(name: string, url: string, token?: string): Promise<PageResult> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    if (token) {
      // A JSON answer of the same origin: the token is stored without loading (and caching) the app.
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
    }
    const result = await lighthouse(
      url,
      // Lighthouse would clear the origin's storage (the token with it); the fresh profile has no cache anyway.
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(token) },
      undefined,
      page,
    );
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir && typeof result?.report === 'string') {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `${name}.json`), result.report);
    }
    const score = result?.lhr.categories.performance?.score;
    if (score === undefined || score === null) throw new Error(`no performance score for ${url}`);
    const metrics = METRICS.map((id) => `${id.replace(/-/g, ' ')} ${result?.lhr.audits[id]?.displayValue ?? '?'}`);
    return { score: Math.round(score * 100), metrics: metrics.join(', ') };
  } finally {
    await browser.close();
  }
}

async function signIn(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const server = await startBuiltServer();
try {
  const signInScore = await performanceScore('signin', `${server.baseURL}/signin`);
  const dashboardScore = await performanceScore('cold-dashboard', `${server.baseURL}/`, await signIn(server.baseURL));
  const rows = [
    ['/signin', signInScore, TARGETS.signIn],
    ['cold dashboard', dashboardScore, TARGETS.coldDashboard],
  ] as const;
  for (const [name, { score, metrics }, target] of rows) {
    process.stdout.write(
      `Lighthouse mobile performance, ${name.padEnd(15)} ${String(score).padStart(3)} (target ≥ ${target})${score < target ? '  BELOW TARGET' : ''}: ${metrics}\n`,
    );
  }
  if (rows.some(([, { score }, target]) => score < target)) process.exitCode = 1;
} finally {
  await server.stop();
}
