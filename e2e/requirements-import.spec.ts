import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { inject } from 'vitest';
import { findAxeViolations, type AxeFinding } from './support/axe';
import { launchBrowser, openPage, saveScreenshot, signInThroughForm, type TestPage } from './support/browser';
import { signInApi, type ApiClient, type Created } from './support/directory-api';
import {
  apiToken,
  DEFAULTS,
  openWithSettings,
  preferences,
  storeServerPreferences,
} from './support/interface-settings';

const HEADER =
  'Title,Description,Regulation,Citation,Program area,Category,Frequency,Schedule mode,First due date,' +
  'Period start month,Days after the period,Day of the following month,Weekend shift,Lead time (days),Grace (days),Evidence required,Review required,Minimum evidence,Permit number,Active from,' +
  'Active until,Default assignee email,Facility codes,Not applicable at';

/** A CSV as a spreadsheet program saves it (semicolon-separated, as in much of Europe), written here by hand. */
function registerCsv(rows: { title: string; frequency: string; codes: string }[]): Buffer {
  const lines = [HEADER.replaceAll(',', ';')];
  for (const row of rows) {
    lines.push(
      [
        row.title,
        '',
        '',
        '',
        '',
        'SAFETY',
        row.frequency,
        '',
        '2030-01-31',
        '',
        '',
        '',
        '',
        '',
        '',
        'no',
        // Review required
        '',
        '',
        '',
        '',
        '',
        '',
        row.codes,
        '',
      ]
        .map((cell) => (cell.includes(';') ? `"${cell}"` : cell))
        .join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

function describeFindings(where: string, findings: AxeFinding[]): string[] {
  return findings.map(
    (finding) => `${where}: ${finding.id} (${finding.help}) at ${finding.nodes.map((n) => n.target).join(', ')}`,
  );
}

async function savedText(download: Download): Promise<string> {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

/**
 * The Import dialog of /requirements, through the screen: the template, a file with an error (the report
 * filtered by action and the error report downloaded), its valid rows imported with the other skipped, the
 * corrected file imported, the requirements there; and the dialog in Arabic on a phone.
 */
describe('requirement import dialog', () => {
  const run = Date.now().toString(36);
  const code = `IMP-${run.slice(-4).toUpperCase()}`;
  let browser: Browser;
  let admin: ApiClient;
  let token: string;
  const pages: TestPage[] = [];
  let current: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await signInApi(inject('baseURL'));
    token = await apiToken();
    await admin.call<{ data: Created }>('POST', '/facilities', {
      name: `Import Ridge ${run}`,
      code,
      type: 'WIND',
      timeZone: 'UTC',
    });
  });

  afterAll(async () => {
    await storeServerPreferences(token, DEFAULTS);
    for (const { cspViolations } of pages) expect(cspViolations).toEqual([]);
    await browser.close();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && current) {
      await current
        .screenshot({
          path: path.join(
            import.meta.dirname,
            'output',
            `failed-import-${context.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`,
          ),
        })
        .catch(() => undefined);
    }
  });

  const rows = [
    { title: `Fire door check ${run}`, frequency: 'MONTHLY', codes: code },
    { title: `Eyewash station flush ${run}`, frequency: 'WEEKLY', codes: code },
    { title: `Ladder inspection ${run}`, frequency: 'YEARLY', codes: `${code}X` },
  ];

  it('takes a file from the template to the import, with the dry run and the error report on the way', async () => {
    const testPage = await openPage(browser);
    pages.push(testPage);
    const { page } = testPage;
    current = page;
    await signInThroughForm(page);
    await page.goto('/requirements');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import requirements' });
    await dialog.waitFor();

    // Step 1: the templates download.
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'CSV template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('requirements-import-template.csv');
    expect((await savedText(template)).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(HEADER);
    await saveScreenshot(page, 'requirements-import-template');
    const problems = describeFindings('template step', await findAxeViolations(page));

    // Step 2: upload; the dry run reports each row.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Click or drag a CSV or Excel file here').waitFor();
    problems.push(...describeFindings('upload step', await findAxeViolations(page)));
    const fileDir = path.join(import.meta.dirname, 'output');
    fs.mkdirSync(fileDir, { recursive: true });
    const withError = path.join(fileDir, `register-${run}.csv`);
    fs.writeFileSync(withError, registerCsv(rows));
    await dialog.locator('input[type="file"]').setInputFiles(withError);
    const report = dialog.getByRole('table');
    await report.waitFor();
    await dialog.getByText('2 to create').waitFor();
    // Errors first: the filter starts on them.
    await expect(
      report.getByText(`Unknown facility code "${code}X" — did you mean "${code}"?`).isVisible(),
    ).resolves.toBe(true);
    // Not all or nothing here: the choice is to import the valid rows and skip the one with an error.
    expect(await dialog.getByRole('button', { name: 'Import the 2 valid rows, skip 1' }).isEnabled()).toBe(true);
    await saveScreenshot(page, 'requirements-import-errors');
    problems.push(...describeFindings('report step', await findAxeViolations(page)));

    await dialog
      .locator('.requirement-import__filter label')
      .filter({ hasText: /^Create/ })
      .click();
    expect(await dialog.getByRole('radio', { name: /^Create/ }).isChecked()).toBe(true);
    await report.getByText(rows[0]!.title).waitFor();
    expect(await report.getByRole('row').count()).toBe(3);
    expect(await report.getByText(`${code}:`).count()).toBe(2);

    const [errorsFile] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download error report' }).click(),
    ]);
    expect(errorsFile.suggestedFilename()).toBe(`register-${run}-errors.csv`);
    const errorLines = (await savedText(errorsFile))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(errorLines[0]!.endsWith(';errors')).toBe(true);
    expect(errorLines[3]).toContain(`Facility codes: Unknown facility code ""${code}X""`);

    // The valid rows import, the row with an error is skipped.
    await dialog.getByRole('button', { name: 'Import the 2 valid rows, skip 1' }).click();
    await dialog.getByText('2 requirements imported').waitFor();
    await dialog.getByText('1 row with errors was skipped: the error report lists it.').waitFor();
    await saveScreenshot(page, 'requirements-import-skipped');
    problems.push(...describeFindings('skipped step', await findAxeViolations(page)));
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // The corrected file imports the skipped row; the others are unchanged.
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    const fixed = path.join(fileDir, `register-${run}-fixed.csv`);
    fs.writeFileSync(fixed, registerCsv([rows[0]!, rows[1]!, { ...rows[2]!, codes: code }]));
    await dialog.locator('input[type="file"]').setInputFiles(fixed);
    await dialog.getByText('1 to create').waitFor();
    await dialog.getByText('2 unchanged').waitFor();
    await dialog.getByRole('button', { name: 'Import 1 requirement' }).click();
    await dialog.getByText('1 requirement imported').waitFor();
    await saveScreenshot(page, 'requirements-import-done');
    problems.push(...describeFindings('done step', await findAxeViolations(page)));
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: rows[2]!.title }).waitFor();

    const listed = await admin.call<{ data: { title: string }[] }>(
      'GET',
      `/requirements?search=${encodeURIComponent(run)}&pageSize=10`,
    );
    expect(listed.data.map((r) => r.title).sort()).toEqual(rows.map((r) => r.title).sort());
    expect(problems).toEqual([]);
  });

  it('works in Arabic, right to left, on a 375 px phone', async () => {
    const testPage = await openWithSettings(browser, {
      token,
      preferences: preferences({ language: 'ar' }),
      path: '/requirements',
      viewport: { width: 375, height: 800 },
      touch: true,
    });
    pages.push(testPage);
    const { page } = testPage;
    current = page;
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'استيراد' }).click();
    const dialog = page.getByRole('dialog', { name: 'استيراد المتطلبات' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'التالي' }).click();
    const file = path.join(import.meta.dirname, 'output', `register-${run}-ar.csv`);
    fs.writeFileSync(file, registerCsv([{ ...rows[0]!, title: `${rows[0]!.title} ar` }, rows[2]!]));
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('table').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'requirements-import-ar-375');
    expect(describeFindings('Arabic 375 px', await findAxeViolations(page))).toEqual([]);
  });
});
