import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { inject } from 'vitest';
import { axeProblems } from './support/axe';
import { saveScreenshot, waitForLoaded, waitForStill } from './support/browser';
import { chooseOption, typeDate } from './support/antd-fields';
import { uiSession } from './support/ui-session';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { addDaysTo, dateAsShown, dayFromToday } from './support/dates';
import { runStamp } from './support/run-stamp';

interface TaskRow {
  _id: string;
  facilityId: string;
  dueDate: string;
  scheduledDueDate: string;
  status: string;
  timeliness: string | null;
  assigneeId: string | null;
}

/**
 * Requirements, the recurrence engine and the Tasks Tracker, through the screens: a requirement for several
 * facilities (one not applicable) with a backfill, its tasks, completions on time and late, a reschedule
 * with a reason, the preview of an edit before saving, the dashboard's figures and the hand-over.
 */
describe('requirements and tasks', () => {
  const { run, code } = runStamp();
  const title = `Monthly SPCC inspection ${run}`;
  const today = dayFromToday(0);
  const firstDue = dayFromToday(-70);
  const session = uiSession();
  let admin: ApiClient;
  const ids = {} as Record<'north' | 'south' | 'lake' | 'leaving' | 'taking' | 'requirement', string>;
  const names = {
    north: `North Ridge Wind ${run}`,
    south: `South Mesa Solar ${run}`,
    lake: `Lakeside Hydro ${run}`,
  };

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    const facilities: [keyof typeof names, string, string][] = [
      ['north', `NR-${code}`, 'WIND'],
      ['south', `SM-${code}`, 'SOLAR'],
      ['lake', `LH-${code}`, 'HYDRO'],
    ];
    for (const [key, facilityCode, type] of facilities) {
      ids[key] = await createFacility(admin, names[key], facilityCode, type);
    }
    // Lena, who is leaving (a facility admin of North and South), and Theo, who takes over her work.
    const people: ['leaving' | 'taking', string, string, string, string[]][] = [
      ['leaving', 'Lena', 'Leaving', 'FACILITY_ADMIN', [ids.north, ids.south]],
      ['taking', 'Theo', 'Taking', 'ALL_FACILITY_USER', []],
    ];
    for (const [key, firstName, lastName, role, facilityIds] of people) {
      ids[key] = await admin.create('/users', {
        email: `${key}-${run}@e2e.test`,
        firstName,
        lastName,
        role,
        password: 'requirements-e2e-password-1',
        mustChangePassword: false,
        facilityIds,
      });
    }
  });

  const { newPage } = session;

  /** A screenshot once popovers, toasts and dialog animations have settled (`withDialog` keeps the open dialog). */
  const shot = async (page: Page, name: string, withDialog = false) => {
    await waitForStill(page, withDialog);
    // A page is shown from its title down (tabs and buttons clicked lower may have scrolled it).
    if (!withDialog) await page.evaluate(() => document.querySelector('h1')?.scrollIntoView({ block: 'end' }));
    await page.waitForTimeout(300);
    await saveScreenshot(page, name);
  };

  const tasksOf = async (query: Record<string, string>) =>
    (await admin.call<{ data: TaskRow[] }>('GET', `/tasks?${new URLSearchParams({ pageSize: '200', ...query })}`)).data;

  it('creates a requirement for several facilities through the form, with defaults by frequency and a preview', async () => {
    const { page } = await newPage();
    await page.goto('/requirements');
    await page.getByRole('heading', { name: 'Requirements' }).waitFor();
    await page.getByRole('button', { name: 'New requirement' }).first().click();
    const drawer = page.getByRole('dialog', { name: 'New requirement' });
    await drawer.waitFor();

    // Validation with the shared schema's messages.
    await drawer.getByRole('button', { name: 'Review task changes' }).click();
    await drawer.getByText('Title is required').waitFor();
    await drawer.getByText('First due date is required').waitFor();

    await drawer.getByLabel('Title', { exact: true }).fill(title);
    await drawer.getByLabel('Description and instructions').fill('Inspect every tank, berm and valve; log defects.');
    await chooseOption(page, 'Category', 'Hazard', 'Hazardous materials', drawer);
    await drawer.getByLabel('Citation').fill('40 CFR 112.8');

    // Lead time and grace follow the frequency until set by hand.
    await chooseOption(page, 'Frequency', 'Quarterly', /^Quarterly$/, drawer);
    await expect.poll(() => drawer.getByLabel('Lead time').inputValue()).toBe('14');
    await expect.poll(() => drawer.getByLabel('Grace').inputValue()).toBe('7');
    await chooseOption(page, 'Frequency', 'Monthly', /^Monthly$/, drawer);
    await expect.poll(() => drawer.getByLabel('Lead time').inputValue()).toBe('7');
    await expect.poll(() => drawer.getByLabel('Grace').inputValue()).toBe('3');
    await drawer.getByLabel('Lead time').fill('10');
    await chooseOption(page, 'Frequency', 'Yearly', /^Yearly$/, drawer);
    await expect.poll(() => drawer.getByLabel('Grace').inputValue()).toBe('30');
    await expect.poll(() => drawer.getByLabel('Lead time').inputValue()).toBe('10');
    await drawer.getByRole('button', { name: 'Use the defaults of this frequency' }).click();
    await expect.poll(() => drawer.getByLabel('Lead time').inputValue()).toBe('30');
    await chooseOption(page, 'Frequency', 'Monthly', /^Monthly$/, drawer);
    await expect.poll(() => drawer.getByLabel('Lead time').inputValue()).toBe('7');

    await typeDate(drawer, 'First due date', firstDue);

    // Three facilities; the third does not apply (a reason is required).
    for (const key of ['north', 'south', 'lake'] as const) {
      await chooseOption(page, 'Add a facility', names[key], names[key], drawer);
      await drawer.locator('.binding-card', { hasText: names[key] }).waitFor();
    }
    await drawer.getByRole('switch', { name: `Applies at ${names.lake} (LH-${code})` }).click();
    await drawer.getByRole('button', { name: 'Review task changes' }).click();
    await drawer.getByText('Please say why this facility is not applicable').waitFor();
    await drawer
      .getByLabel(`Why it does not apply at ${names.lake} (LH-${code})`)
      .fill('No oil-filled equipment above the threshold');

    // Backfill from the first due date, so that past occurrences arrive as history.
    await drawer.getByRole('checkbox', { name: 'Also create past occurrences (backfill)' }).check();
    await typeDate(drawer, 'Backfill from', firstDue);

    await drawer.getByRole('button', { name: 'Review task changes' }).click();
    const preview = page.getByRole('dialog', { name: 'Tasks this requirement will create' });
    await preview.waitFor();
    await preview.getByRole('heading', { name: /^Added \(\d+\)$/ }).waitFor();
    await expect(preview.getByRole('table', { name: /^Added/ }).innerText()).resolves.toContain(names.north);
    await shot(page, 'requirement-form-preview', true);
    await preview.getByRole('button', { name: 'Create requirement' }).click();

    // The new requirement's page, with its facilities and tasks.
    await page.waitForURL(/\/requirements\/[^/?]+$/);
    ids.requirement = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByText('No oil-filled equipment above the threshold').waitFor();
    const tasks = page.getByRole('table', { name: `Tasks of ${title}` });
    await tasks.locator('tr.ant-table-row').first().waitFor();
    await expect(tasks.getByText('Overdue').count()).resolves.toBeGreaterThan(0);
    await page.getByRole('tab', { name: names.north }).click();
    await page
      .getByRole('table', { name: `Tasks of ${title} at ${names.north}` })
      .locator('tr.ant-table-row')
      .first()
      .waitFor();
    await page.getByRole('tab', { name: `${names.lake} (not applicable)` }).click();
    await page.getByText('Not applicable here: No oil-filled equipment above the threshold').waitFor();
    await page.getByRole('tab', { name: 'All facilities' }).click();

    const north = await tasksOf({ requirementId: ids.requirement, facilityId: ids.north });
    const lake = await tasksOf({ requirementId: ids.requirement, facilityId: ids.lake });
    expect(north[0]!.dueDate).toBe(firstDue);
    expect(north.length).toBeGreaterThanOrEqual(14);
    expect(lake).toEqual([]);
    // Tall enough to show the fields, the facilities and the first tasks.
    await page.setViewportSize({ width: 1367, height: 1500 });
    await shot(page, 'requirement-detail');
    await page.setViewportSize({ width: 1367, height: 850 });
  });

  it('completes a task on time and one late, and reschedules one with a reason', async () => {
    const { page } = await newPage();
    const north = await tasksOf({ requirementId: ids.requirement, facilityId: ids.north });
    const past = north.filter((task) => task.dueDate < today);
    const future = north.filter((task) => task.dueDate >= today);
    const late = past[past.length - 1]!;
    const onTime = future[0]!;
    const moved = future[1]!;

    // On time: the date defaults to today; the timeliness is shown before and after.
    await page.goto(`/tasks/${onTime._id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Complete' }).click();
    let dialog = page.getByRole('dialog', { name: `Complete “${title}”` });
    await dialog.waitFor();
    await expect(dialog.getByLabel('Completed on').inputValue()).resolves.toBe(dateAsShown(today));
    await dialog.getByText('It will be recorded as').waitFor();
    await dialog.getByText('On time').waitFor();
    await dialog.getByLabel('Completion note').fill('All tanks and berms inspected; no defects.');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('Task completed: On time').waitFor();
    await page.locator('.page-header').getByText('On time').waitFor();
    await page.getByText('All tanks and berms inspected; no defects.').first().waitFor();
    await page.locator('.task-history__entry', { hasText: 'Completed' }).first().waitFor();

    // Late: completed the day after it was due, within grace.
    await page.goto(`/tasks/${late._id}`);
    await page.locator('.page-header').getByText('Overdue').waitFor();
    await page.getByText(/^Overdue by \d+ days?$/).waitFor();
    await page.getByRole('button', { name: 'Complete' }).click();
    dialog = page.getByRole('dialog', { name: `Complete “${title}”` });
    await typeDate(dialog, 'Completed on', addDaysTo(late.dueDate, 1));
    await dialog.getByText('Late', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('Task completed: Late').waitFor();
    await page.locator('.page-header').getByText('Late', { exact: true }).waitFor();

    // A comment.
    await page.getByLabel('Add a comment').fill('Completed late: the contractor came a day after the due date.');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByText('Comments (1)').waitFor();

    // Reschedule with a reason; the scheduled date stays.
    await page.goto(`/tasks/${moved._id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    dialog = page.getByRole('dialog', { name: 'Reschedule the task' });
    const newDate = addDaysTo(moved.dueDate, 5);
    await typeDate(dialog, 'New due date', newDate);
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await dialog.getByText('Please give the reason').waitFor();
    await dialog.getByLabel('Reason for the new date').fill('Inspector available five days later');
    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await page.getByText('Rescheduled: Inspector available five days later').waitFor();
    await shot(page, 'task-detail');

    const after = await tasksOf({ requirementId: ids.requirement, facilityId: ids.north });
    const byId = new Map(after.map((task) => [task._id, task]));
    expect(byId.get(onTime._id)).toMatchObject({ status: 'COMPLETED', timeliness: 'ON_TIME' });
    expect(byId.get(late._id)).toMatchObject({ status: 'COMPLETED', timeliness: 'LATE' });
    expect(byId.get(moved._id)).toMatchObject({ dueDate: newDate, scheduledDueDate: moved.scheduledDueDate });

    // The requirement's page shows the timeliness per facility.
    await page.goto(`/requirements/${ids.requirement}?facility=${ids.north}`);
    const table = page.getByRole('table', { name: `Tasks of ${title} at ${names.north}` });
    await table.getByText('On time').waitFor();
    await table.getByText('Late', { exact: true }).waitFor();
  });

  it('shows the tasks an edit adds, moves and removes before saving it', async () => {
    const { page } = await newPage();
    await page.goto(`/requirements/${ids.requirement}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const drawer = page.getByRole('dialog', { name: `Edit ${title}` });
    await drawer.waitFor();
    await expect.poll(() => drawer.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    await chooseOption(page, 'Frequency', 'Quarterly', /^Quarterly$/, drawer);
    await expect.poll(() => drawer.getByLabel('Lead time').inputValue()).toBe('14');
    await drawer.getByRole('button', { name: 'Review task changes' }).click();
    const preview = page.getByRole('dialog', { name: 'Review the changes to tasks' });
    await preview.waitFor();
    await preview.getByRole('heading', { name: /^Removed \(\d+\)$/ }).waitFor();
    const summary = await preview.getByRole('status', { name: 'Summary of task changes' }).innerText();
    expect(summary).toMatch(/tasks? removed/);
    // Touched tasks (completed, rescheduled) never appear in the preview.
    await expect(preview.getByText('Inspector available').count()).resolves.toBe(0);
    await shot(page, 'requirement-edit-preview', true);

    // Back to the form keeps the edit; saving applies it.
    await preview.getByRole('button', { name: 'Back to the form' }).click();
    await drawer.getByRole('button', { name: 'Review task changes' }).click();
    await preview.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Requirement “.*” saved: tasks added \d+, moved \d+, removed \d+/).waitFor();
    await page.locator('.ant-descriptions').getByText('Quarterly', { exact: true }).waitFor();

    const north = await tasksOf({ requirementId: ids.requirement, facilityId: ids.north, status: 'COMPLETED' });
    expect(north.map((task) => task.timeliness).sort()).toEqual(['LATE', 'ON_TIME']);
  });

  it('lists every task in the Tasks Tracker with filters in the URL, overdue in words, bulk assign and export', async () => {
    const { page } = await newPage();
    await page.goto('/tasks');
    await page.getByRole('heading', { name: 'Tasks Tracker' }).waitFor();
    // A bare address is open work; nothing rewrites it.
    await page.locator('.data-toolbar .ant-select-selection-item', { hasText: 'Overdue' }).first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.goto(`/tasks?requirementId=${ids.requirement}`);
    const table = page.getByRole('table', { name: 'Tasks Tracker' });
    await table.locator('tr.ant-table-row').first().waitFor();
    // The requirement filter shows the requirement's title, not its id.
    await page.locator('.data-toolbar').getByText(title).waitFor();
    await expect(table.getByText('Overdue').count()).resolves.toBeGreaterThan(0);
    await shot(page, 'tasks-tracker');

    // State filter: overdue only, kept in the URL.
    await page.goto(`/tasks?requirementId=${ids.requirement}&state=OVERDUE`);
    await table.locator('tr.ant-table-row').first().waitFor();
    const overdue = await tasksOf({ requirementId: ids.requirement, state: 'OVERDUE' });
    await expect
      .poll(() => table.locator('tr.ant-table-row').count(), { timeout: 10_000 })
      .toBe(Math.min(overdue.length, 20));

    // Bulk assign the selected overdue tasks at North Ridge to Lena (who is leaving).
    await chooseOption(page, 'Facility', names.north, names.north, page);
    await page.waitForURL((url) => url.searchParams.get('facilityId') === ids.north);
    // The previous page stays on screen while the filtered one loads, and a new page clears the selection:
    // select once the filtered page is in.
    await waitForLoaded(page);
    await table.locator('tr.ant-table-row').first().waitFor();
    await page.getByRole('checkbox', { name: 'Select every task on this page' }).check();
    await page.getByRole('button', { name: /Assign \(\d+\)$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Assign/ });
    await chooseOption(page, 'Assignee', 'Lena', 'Lena Leaving', dialog);
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await page.getByText(/^Tasks assigned: \d+$/).waitFor();
    await table.getByText('Lena Leaving').first().waitFor();
    const assigned = await tasksOf({ assigneeId: ids.leaving });
    expect(assigned.length).toBeGreaterThan(0);

    // Export of the current filter, with the state in words.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = (await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (.csv)' }).click(),
    ])) as [Download, unknown];
    expect(download.suggestedFilename()).toMatch(/^tasks-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Due date');
    expect(csv).toContain(title);
    expect(csv).toContain('Overdue');
    expect(csv).toContain('Lena Leaving');
  });

  it('shows the dashboard figures, each linking to the filtered task list', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const overdueLink = page.getByRole('link', { name: /^Overdue \d+/ });
    await overdueLink.waitFor();
    await page.getByRole('link', { name: /^Completed this month \d+/ }).waitFor();
    await page.getByText('On-time completion rate').first().waitFor();
    await page.getByRole('list', { name: 'Overdue by facility' }).getByText(names.north).waitFor();
    await page.getByRole('table', { name: 'Upcoming deadlines' }).locator('tr.ant-table-row').first().waitFor();
    await page.setViewportSize({ width: 1367, height: 1400 });
    await shot(page, 'dashboard');
    await page.setViewportSize({ width: 1367, height: 850 });
    await page.getByRole('list', { name: 'Overdue by category' }).getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname === '/tasks' && url.searchParams.get('state') === 'OVERDUE');
    await page.getByRole('table', { name: 'Tasks Tracker' }).locator('tr.ant-table-row').first().waitFor();
  });

  it('lists requirements with filters and shows them on the facility page', async () => {
    const { page } = await newPage();
    await page.goto('/requirements');
    await page.getByRole('link', { name: title }).waitFor();
    await chooseOption(page, 'Frequency', '', /^Quarterly$/, page);
    await page.waitForURL((url) => url.searchParams.get('frequency') === 'QUARTERLY');
    await page.getByRole('link', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('frequency'));
    await shot(page, 'requirements');
    // Retire names the tasks it will remove before anyone confirms; cancelling changes nothing.
    await page.getByRole('button', { name: `Retire ${title}` }).click();
    const retireConfirm = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await retireConfirm.getByText(/future tasks? will be removed|No task will be removed/).waitFor();
    // The popover zooms in: shoot once its motion has finished.
    await page.waitForFunction(() => !document.querySelector('.ant-zoom-big-enter, .ant-zoom-big-appear'));
    await saveScreenshot(page, 'requirement-retire-confirm');
    await retireConfirm.getByRole('button', { name: 'Cancel' }).click();
    await retireConfirm.waitFor({ state: 'hidden' });

    await page.goto(`/facilities/${ids.north}?tab=requirements`);
    await page
      .getByRole('table', { name: `Requirements of ${names.north}` })
      .getByRole('link', { name: title })
      .waitFor();
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page
      .getByRole('table', { name: `Tasks of ${names.north}` })
      .locator('tr.ant-table-row')
      .first()
      .waitFor();
  });

  it('has no axe-core violation (WCAG 2.1 AA) on these screens with their data, forms and dialogs', async () => {
    const { page } = await newPage();
    const [completed] = await tasksOf({ requirementId: ids.requirement, status: 'COMPLETED' });
    const problems: string[] = [];
    const check = async (where: string) => {
      await waitForLoaded(page);
      problems.push(...(await axeProblems(page, where)));
    };
    for (const where of [
      '/',
      `/tasks?requirementId=${ids.requirement}`,
      '/requirements',
      `/requirements/${ids.requirement}`,
      `/tasks/${completed!._id}`,
      `/facilities/${ids.north}?tab=tasks`,
    ]) {
      await page.goto(where);
      await page.locator('h1').first().waitFor();
      await check(where);
    }
    await page.goto(`/requirements/${ids.requirement}?edit=1`);
    await page.getByRole('dialog', { name: `Edit ${title}` }).waitFor();
    await check('requirement form');
    await page.getByRole('button', { name: 'Review task changes' }).click();
    await page.getByRole('dialog', { name: 'Review the changes to tasks' }).waitFor();
    await check('requirement preview');
    expect(problems).toEqual([]);
  });

  it('hands a departing user’s open tasks over to another user and shows what moved', async () => {
    const { page } = await newPage();
    const before = await tasksOf({ assigneeId: ids.leaving, status: 'INCOMPLETE' });
    await page.goto(`/users?search=leaving-${run}`);
    await page.getByRole('button', { name: 'Hand over the work of Lena Leaving' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand over the work of Lena Leaving' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Choose a user').first().waitFor();
    await chooseOption(page, 'Hand over to', 'Theo', 'Theo Taking', dialog);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText(/Move all open work of Lena Leaving/).waitFor();
    // The confirmation shows what will move before anything does.
    const plannedRow = dialog.locator('.ant-descriptions-row', { hasText: 'Open tasks' });
    await plannedRow.waitFor();
    await expect(plannedRow.innerText()).resolves.toContain(String(before.length));
    await shot(page, 'hand-over-confirm', true);
    await dialog.getByRole('button', { name: 'Hand over' }).click();
    await dialog.getByText(/Work handed over to Theo Taking/).waitFor();
    const tasksRow = dialog.locator('.ant-descriptions-row', { hasText: 'Open tasks' });
    await expect(tasksRow.innerText()).resolves.toContain(String(before.length));
    await shot(page, 'hand-over', true);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    expect(await tasksOf({ assigneeId: ids.leaving, status: 'INCOMPLETE' })).toEqual([]);
    expect((await tasksOf({ assigneeId: ids.taking, status: 'INCOMPLETE' })).length).toBe(before.length);
  });
});
