import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { findAxeViolations } from './support/axe';
import { openPage, saveScreenshot, signInThroughForm, waitForStill } from './support/browser';
import { chooseOption, typeDate } from './support/antd-fields';
import { uiSession } from './support/ui-session';
import { signInApi, type ApiClient } from './support/directory-api';
import { inspectionPdf, sitePhotoPng } from './support/document-files';
import { dateAsShown } from './support/dates';
import { dayFromToday } from './support/dates';

/**
 * Documents: evidence on a task (the client-side check, the evidence rule, completion), previews of a
 * PDF and an image, the evidence pack ZIP, the Documents Library with versions, and the archive with
 * retention, legal hold, refused deletion and restore.
 */
describe('documents screens', () => {
  const run = Date.now().toString(36);
  const password = 'documents-e2e-password-1';
  const facilityName = `Mesa Verde Solar ${run}`;
  const requirementTitle = `Monthly SWPPP inspection ${run}`;
  const libraryTitle = `Spill Prevention Plan ${run}`;
  const session = uiSession();
  let admin: ApiClient;
  const ids: Record<string, string> = {};

  /** A calendar date `days` from today (UTC), as the API speaks. */

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    ids.area = await admin.create('/program-areas', {
      name: `Stormwater ${run}`,
      description: 'Stormwater pollution prevention',
    });
    ids.facility = await admin.create('/facilities', {
      name: facilityName,
      code: `MV-${run.slice(-4).toUpperCase()}`,
      type: 'SOLAR',
      city: 'Cortez',
      state: 'CO',
      country: 'USA',
      timeZone: 'America/Denver',
      programAreaIds: [ids.area],
    });
    ids.requirement = await admin.create('/requirements', {
      title: requirementTitle,
      category: 'WATER',
      frequency: 'MONTHLY',
      firstDueDate: dayFromToday(5),
      evidenceRequired: true,
      minEvidence: 1,
      programAreaId: ids.area,
      facilities: [{ facilityId: ids.facility }],
    });
    const tasks = await admin.call<{ data: { _id: string; dueDate: string }[] }>(
      'GET',
      `/tasks?requirementId=${ids.requirement}&sort=dueDate&pageSize=5`,
    );
    ids.task = tasks.data[0]!._id;
    ids.facilityUser = await admin.create('/users', {
      email: `site-tech-${run}@e2e.test`,
      firstName: 'Theo',
      lastName: 'Technician',
      role: 'FACILITY_USER',
      password,
      mustChangePassword: false,
      facilityIds: [ids.facility],
    });
  });

  /** A page not yet signed in (the tests sign in as different people). */
  const newPage = async () => session.track(await openPage(session.browser));

  /** Signs in as the admin once and keeps the page for the following steps. */
  let adminPage: Page | undefined;
  const signedInAdmin = async () => {
    if (adminPage) return adminPage;
    const { page } = await newPage();
    await signInThroughForm(page);
    adminPage = page;
    return page;
  };

  /** Types a date into an antd date picker found by its label (Tab commits it without submitting the form). */
  const setDate = async (scope: Page | Locator, label: string, date: string) => {
    await typeDate(scope, label, date);
    const input = scope.getByLabel(label, { exact: true });
    // Shown as the page writes dates; antd leaves the typed text when the value did not change.
    await poll(() => input.inputValue()).toSatisfy((value) => value === dateAsShown(date) || value === date);
  };

  const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

  /** `expect.poll` with time for a lazily loaded screen and its first answers (the default is 1 s). */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

  /**
   * A screenshot once toasts, popovers and dialog animations have gone (`withDialog` keeps an open dialog),
   * and an axe-core check of what it shows.
   */
  const shot = async (page: Page, name: string, withDialog = false) => {
    // No hover tooltip in the picture.
    await page.mouse.move(1, 1);
    await waitForStill(page, withDialog);
    await page.waitForTimeout(300);
    await saveScreenshot(page, name);
    // Every screen and dialog shown here is also checked for WCAG 2.1 AA violations.
    const problems = (await findAxeViolations(page)).flatMap((finding) =>
      finding.nodes.map((node) => `${name}: ${finding.id} ${finding.help} ${node.target} ${node.summary}`),
    );
    expect(problems).toEqual([]);
  };

  const downloadOf = async (page: Page, click: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> => {
    const [download] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, unknown];
    return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
  };

  const rows = (page: Page) => page.getByRole('table').first().locator('tr.ant-table-row');

  it('checks a file before sending it, uploads evidence with its date on the task page, and the task then completes', async () => {
    const page = await signedInAdmin();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/documents')
        uploads.push(request.url());
    });
    await page.goto(`/tasks/${ids.task}`);
    const evidence = page.locator('[data-region="task-evidence"]');
    // The evidence rule is stated before anyone tries to complete.
    await evidence
      .getByText('This requirement needs 1 evidence document before the task can be completed: none attached yet.')
      .waitFor();
    await evidence.getByText('No evidence attached yet').waitFor();

    // The server's evidence gate agrees: no completion without evidence.
    await expect(
      admin.call('POST', `/tasks/${ids.task}/complete`, { completionNote: 'Inspected all outfalls' }),
    ).rejects.toThrow(/evidence/i);

    // A refused file is explained at once and never sent.
    const fileInput = evidence.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]),
    });
    await evidence.getByRole('alert').filter({ hasText: 'setup.exe cannot be uploaded' }).waitFor();
    await evidence.getByText('.exe files are not accepted: web pages, scripts and programs are refused.').waitFor();
    await fileInput.setInputFiles({
      name: 'outfall-report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html><body>not a pdf</body></html>'),
    });
    await evidence
      .getByText(/The content of this file is (not a PDF file|a program, a script or a web page)/)
      .waitFor();
    await evidence.scrollIntoViewIfNeeded();
    await shot(page, 'task-evidence-refused');
    expect(uploads).toEqual([]);

    // A real inspection report, dated the day of the inspection.
    const inspectionDay = dayFromToday(-1);
    await fileInput.setInputFiles({
      name: 'SWPPP inspection report.pdf',
      mimeType: 'application/pdf',
      buffer: inspectionPdf('Stormwater inspection report', [
        `Facility: ${facilityName}`,
        `Inspection date: ${inspectionDay}`,
        'Outfall 001: clear, no sheen, no floatables',
        'Outfall 002: clear; silt fence intact',
        'Inspector: Theo Technician',
      ]),
    });
    await poll(() => evidence.getByRole('alert').filter({ hasText: 'cannot be uploaded' }).count()).toBe(0);
    await setDate(evidence, 'Evidence date', inspectionDay);
    await evidence.getByRole('textbox', { name: /^Title/ }).fill('Stormwater inspection report');
    await evidence.getByRole('button', { name: 'Upload evidence' }).click();
    await page.getByText('Evidence uploaded: SWPPP inspection report.pdf').waitFor();
    await evidence.getByText(/Evidence rule met: 1 document attached, 1 required/).waitFor();
    expect(uploads).toHaveLength(1);
    await poll(() => evidence.locator('tr.ant-table-row').count()).toBe(1);
    await evidence.scrollIntoViewIfNeeded();
    await shot(page, 'task-evidence');

    // The task completes through its page.
    await page
      .getByRole('button', { name: /Complete$/ })
      .first()
      .click();
    const complete = dialog(page, `Complete “${requirementTitle}”`);
    await complete.getByLabel('Completion note').fill('Inspected all outfalls');
    await complete.getByRole('button', { name: 'Complete', exact: true }).click();
    await page.getByText(/^Task completed/).waitFor();
    const task = await admin.call<{ data: { status: string; evidenceCount: number } }>('GET', `/tasks/${ids.task}`);
    expect(task.data).toMatchObject({ status: 'COMPLETED', evidenceCount: 1 });
    const stored = await admin.call<{ data: { evidenceDate: string }[] }>(
      'GET',
      `/documents?kind=TASK&taskId=${ids.task}`,
    );
    expect(stored.data.map((document) => document.evidenceDate)).toEqual([inspectionDay]);
  });

  it('adds evidence to another task from Task Documents and lists all evidence with task, facility and requirement', async () => {
    const page = await signedInAdmin();
    await page.goto('/task-documents');
    await page.getByRole('heading', { name: 'Task Documents' }).waitFor();
    await poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Add evidence' }).first().click();
    const modal = dialog(page, 'Add evidence to a task');
    // Open tasks only: the completed one is not offered, the next month's is.
    await chooseOption(page, 'Task', requirementTitle, requirementTitle, modal);
    await modal
      .getByText('This requirement needs 1 evidence document before the task can be completed: none attached yet.')
      .waitFor();
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'outfall-001.png',
      mimeType: 'image/png',
      buffer: sitePhotoPng(),
    });
    await modal.getByRole('button', { name: 'Upload evidence' }).click();
    await modal.getByText(/Evidence rule met: 1 document attached, 1 required/).waitFor();
    await shot(page, 'task-evidence-add', true);
    await modal.getByRole('button', { name: 'Close' }).last().click();

    await poll(() => rows(page).count()).toBe(2);
    const report = rows(page).filter({ hasText: 'Stormwater inspection report' });
    await expect(report.textContent()).resolves.toContain(facilityName);
    await expect(report.textContent()).resolves.toContain(requirementTitle);
    await expect(report.textContent()).resolves.toContain('System Administrator');
    // shot() checks the page with axe too: the links in the cells' secondary lines included.
    await shot(page, 'task-documents');
  });

  it('previews a PDF and an image from the bytes fetched with the session (no token in any URL)', async () => {
    const page = await signedInAdmin();
    await page.goto('/task-documents');
    await page.getByRole('button', { name: 'Preview Stormwater inspection report' }).click();
    const preview = page.getByRole('dialog').filter({ hasText: 'SWPPP inspection report.pdf' });
    const frame = preview.locator('iframe.document-preview__frame');
    await frame.waitFor();
    await poll(() => frame.getAttribute('src')).toMatch(/^blob:/);
    // The browser's PDF viewer opens the blob (a frame with the blob: address appears).
    await poll(() => page.frames().some((one) => one.url().startsWith('blob:'))).toBe(true);
    await page.waitForTimeout(1500);
    // The viewer's title is the file's name, not the blob's UUID.
    await poll(() => Promise.all(page.frames().map((one) => one.title().catch(() => '')))).toContain(
      'SWPPP inspection report.pdf',
    );
    await shot(page, 'document-preview-pdf', true);
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await preview.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Preview outfall-001' }).click();
    const image = page
      .getByRole('dialog')
      .filter({ hasText: 'outfall-001.png' })
      .getByRole('img', { name: /Preview of/ });
    await poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(320);
    await page
      .getByRole('dialog')
      .filter({ hasText: 'outfall-001.png' })
      .getByRole('button', { name: 'Close' })
      .last()
      .click();
  });

  it('downloads an evidence pack: a ZIP named by the server with the evidence and its index', async () => {
    const page = await signedInAdmin();
    await page.goto('/task-documents');
    await page.getByRole('button', { name: 'Evidence pack' }).click();
    const modal = dialog(page, 'Evidence pack');
    // Nothing chosen: the dialog says what is missing.
    await modal.getByRole('combobox', { name: 'Facility' }).waitFor();
    await modal.getByRole('button', { name: 'Download ZIP' }).click();
    await modal.getByText('Choose a facility, a requirement or a program area').waitFor();
    await chooseOption(page, 'Facility', facilityName, facilityName, modal);
    await setDate(modal, 'Tasks due from', dayFromToday(-30));
    await setDate(modal, 'Tasks due until', dayFromToday(40));
    await shot(page, 'evidence-pack', true);
    const pack = await downloadOf(page, () => modal.getByRole('button', { name: 'Download ZIP' }).click());
    expect(pack.name).toMatch(/^evidence-pack.*\.zip$/);
    expect(pack.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    // Entry names are stored as text in the ZIP's directory.
    const names = pack.bytes.toString('latin1');
    expect(names).toContain('index.csv');
    expect(names).toContain('index.pdf');
    expect(names).toContain('SWPPP inspection report.pdf');
    await modal.waitFor({ state: 'hidden' });
  });

  it('uploads a library document with tags, versions it, and keeps the older version downloadable', async () => {
    const page = await signedInAdmin();
    await page.goto('/documents-library');
    await page.getByRole('heading', { name: 'Documents Library' }).waitFor();
    await page.getByRole('button', { name: 'Upload document' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'Upload a document' });
    await drawer.locator('input[type="file"]').setInputFiles({
      name: 'spcc-plan-rev1.pdf',
      mimeType: 'application/pdf',
      buffer: inspectionPdf('SPCC Plan, revision 1', [
        'Oil storage: 2 transformers, 1 diesel tank',
        'Secondary containment: yes',
      ]),
    });
    // The title is suggested from the file name.
    await poll(() => drawer.getByLabel('Title', { exact: true }).inputValue()).toBe('spcc-plan-rev1');
    await drawer.getByLabel('Title', { exact: true }).fill(libraryTitle);
    await drawer.getByLabel('Description').fill('Certified by a Professional Engineer; five-year review.');
    const tags = drawer.getByRole('combobox', { name: 'Tags' });
    await tags.fill('SPCC');
    await tags.press('Enter');
    await tags.fill('Plan');
    await tags.press('Enter');
    await tags.press('Escape');
    await chooseOption(page, 'Facility', facilityName, facilityName, drawer);
    await chooseOption(page, 'Program area', `Stormwater ${run}`, `Stormwater ${run}`, drawer);
    await shot(page, 'documents-library-upload', true);
    await drawer.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(`Uploaded “${libraryTitle}”`).waitFor();
    const row = rows(page).filter({ hasText: libraryTitle });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/SPCC.*Plan/);

    // A new version.
    await page.getByRole('button', { name: `Upload a new version of ${libraryTitle}` }).click();
    const versionModal = dialog(page, `New version of “${libraryTitle}”`);
    await versionModal.locator('input[type="file"]').setInputFiles({
      name: 'spcc-plan-rev2.pdf',
      mimeType: 'application/pdf',
      buffer: inspectionPdf('SPCC Plan, revision 2', ['Oil storage: 2 transformers, 2 diesel tanks']),
    });
    await versionModal.getByRole('button', { name: 'Upload version' }).click();
    await page.getByText(`“${libraryTitle}” is now at version 2`).waitFor();

    // The detail lists both versions; the first one still downloads, under its own name.
    await row.getByRole('button', { name: libraryTitle, exact: true }).click();
    const detail = page.getByRole('dialog', { name: libraryTitle });
    const versions = detail.getByRole('table', { name: `Versions of ${libraryTitle}` });
    await poll(() => versions.locator('tr.ant-table-row').count()).toBe(2);
    await expect(versions.textContent()).resolves.toMatch(/v2.*Current.*spcc-plan-rev2\.pdf.*v1.*spcc-plan-rev1\.pdf/);
    await shot(page, 'document-versions');
    const older = await downloadOf(page, () => detail.getByRole('button', { name: 'Download version 1' }).click());
    expect(older.name).toBe('spcc-plan-rev1.pdf');
    expect(older.bytes.toString('latin1')).toContain('SPCC Plan, revision 1');
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await detail.waitFor({ state: 'hidden' });

    // Search and tag filter run on the server; the export has the rows.
    await page.getByRole('searchbox', { name: 'Search title, description, file name, tags' }).fill(run);
    await poll(() => rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await downloadOf(page, () => page.getByRole('menuitem', { name: 'CSV (.csv)' }).click());
    expect(csv.name).toMatch(/^documents-library-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.bytes.toString('utf8')).toContain(libraryTitle);
    await shot(page, 'documents-library');
  });

  it('archives with a reason, shows retention and legal hold, refuses deletion under hold, and restores', async () => {
    const page = await signedInAdmin();
    await page.goto('/documents-library');
    await page.getByRole('button', { name: `Archive ${libraryTitle}` }).click();
    const archive = dialog(page, `Archive “${libraryTitle}”`);
    await archive.getByRole('button', { name: 'Archive', exact: true }).click();
    await archive.getByText('Reason is required').waitFor();
    await archive.getByLabel('Reason').fill('Superseded by the 2027 SPCC plan');
    await archive.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText(`Archived “${libraryTitle}”`).waitFor();
    await poll(() => rows(page).filter({ hasText: libraryTitle }).count()).toBe(0);

    await page.goto('/archive-documents');
    const row = rows(page).filter({ hasText: libraryTitle });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Superseded by the 2027 SPCC plan');

    // Retention and legal hold.
    await page.getByRole('button', { name: `Retention of ${libraryTitle}` }).click();
    const retention = dialog(page, `Retention of “${libraryTitle}”`);
    await setDate(retention, 'Retain until', '2031-12-31');
    await retention.getByRole('switch', { name: 'Legal hold' }).click();
    await retention.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Retention of “${libraryTitle}” saved`).waitFor();
    await poll(() => row.textContent()).toMatch(/2031.*Legal hold/);
    await shot(page, 'archive-documents');

    // Permanent deletion is refused by the server while the hold applies; its message is shown.
    await page.getByRole('button', { name: `Delete ${libraryTitle} permanently` }).click();
    await page.getByText('This document is under legal hold: the server will refuse to delete it').waitFor();
    await page.getByRole('button', { name: 'Delete permanently', exact: true }).click();
    await page.getByText('This document is under legal hold and cannot be deleted').waitFor();
    await page
      .locator('.ant-popover:not(.ant-popover-hidden)')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.mouse.move(1, 1);
    await page.waitForTimeout(400);
    await saveScreenshot(page, 'archive-delete-refused');

    // Restore.
    await page.getByRole('button', { name: `Restore ${libraryTitle}` }).click();
    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText(`Restored “${libraryTitle}”`).waitFor();
    await poll(() => rows(page).filter({ hasText: libraryTitle }).count()).toBe(0);
    await page.goto('/documents-library');
    await rows(page).filter({ hasText: libraryTitle }).waitFor();
  });

  it('lists a facility’s documents on its page, with the evidence pack of that facility a click away', async () => {
    const page = await signedInAdmin();
    await page.goto(`/facilities/${ids.facility}?tab=documents`);
    const table = page.getByRole('table', { name: `Documents of ${facilityName}` });
    await poll(() => table.locator('tr.ant-table-row').count()).toBe(3);
    await expect(table.textContent()).resolves.toMatch(/Library document/);
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Task evidence' }).click();
    await poll(() => table.locator('tr.ant-table-row').count()).toBe(2);
    await shot(page, 'facility-documents');
    await page.getByRole('button', { name: 'Evidence pack' }).click();
    const modal = dialog(page, 'Evidence pack');
    await modal.getByText(`${facilityName} (MV-`).waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
  });

  it('hides what a facility user may not do (archive, restore, delete) and still lets them attach evidence', async () => {
    const { page } = await newPage();
    await signInThroughForm(page, `site-tech-${run}@e2e.test`, password);
    await page.goto('/documents-library');
    const row = rows(page).filter({ hasText: libraryTitle });
    await row.waitFor();
    await expect(row.getByRole('button', { name: `Archive ${libraryTitle}` }).count()).resolves.toBe(0);
    await expect(row.getByRole('button', { name: `Upload a new version of ${libraryTitle}` }).count()).resolves.toBe(1);
    await page.goto('/task-documents');
    await page.getByRole('button', { name: 'Add evidence' }).first().waitFor();
    await expect(page.getByRole('button', { name: /^Archive / }).count()).resolves.toBe(0);
    await page.goto('/archive-documents');
    await page.getByRole('heading', { name: 'Archive Documents' }).waitFor();
    await expect(page.getByRole('button', { name: /^Restore |permanently$/ }).count()).resolves.toBe(0);
  });
});
