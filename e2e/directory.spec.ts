import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signInThroughForm } from './support/browser';
import {
  chooseAndClose,
  expectRows,
  exportAs,
  menuItem,
  openDirectoryPage,
  rowWith,
  seedDirectory,
  shot,
  table,
} from './support/directory-screens';
import { uiSession } from './support/ui-session';
import { signInApi, type ApiClient } from './support/directory-api';

/**
 * The directory screens: Users (and My Profile), Facilities and a facility's page, User Facilities,
 * Settings (Regulations, Program Areas) and the Audit trail — for each role, what the menu and each
 * screen allow; create, edit, search and export on each screen.
 */
describe('directory screens', () => {
  const run = Date.now().toString(36);
  const password = 'directory-e2e-password-1';
  const people = {
    allUser: { email: `all-user-${run}@e2e.test`, firstName: 'Alma', lastName: 'Allsite', role: 'ALL_FACILITY_USER' },
    facAdmin: { email: `fac-admin-${run}@e2e.test`, firstName: 'Felix', lastName: 'Siteadmin', role: 'FACILITY_ADMIN' },
    facUser: { email: `fac-user-${run}@e2e.test`, firstName: 'Fiona', lastName: 'Siteuser', role: 'FACILITY_USER' },
  } as const;
  const session = uiSession();
  let admin: ApiClient;
  const ids: Record<string, string> = {};
  /** A user the first test creates, with no facility. */
  const newEmail = `new-${run}@e2e.test`;

  beforeAll(async () => {
    admin = await signInApi(inject('baseURL'));
    Object.assign(ids, await seedDirectory(admin, run, people, password));
  });

  const newPage = (viewport?: { width: number; height: number }) => openDirectoryPage(session, viewport);

  it('shows the all-facility admin every directory area, and the Users table with create, reset and deactivate', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    for (const label of ['Users', 'Facilities', 'User Facilities', 'Audit Trail']) {
      await expect(menuItem(page, label).count()).resolves.toBeGreaterThan(0);
    }

    await page.goto('/users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await rowWith(page, people.facUser.email).waitFor();
    await shot(page, 'users');

    // Search is debounced and kept in the URL: a reload keeps it.
    await page.getByRole('searchbox', { name: 'Search name or email' }).fill(`fac-admin-${run}`);
    await page.waitForURL((url) => url.searchParams.get('search') === `fac-admin-${run}`);
    await expectRows(page, 1);
    await page.reload();
    await rowWith(page, people.facAdmin.email).waitFor();
    await expect(page.getByRole('searchbox', { name: 'Search name or email' }).inputValue()).resolves.toBe(
      `fac-admin-${run}`,
    );
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await page.waitForURL((url) => !url.searchParams.has('search'));

    // Create with a generated password: shown once, with a copy button.
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Email is required').waitFor();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByText('The input is not valid E-mail!').waitFor();
    await dialog.getByLabel('Email').fill(newEmail);
    await dialog.getByLabel('First name').fill('Nina');
    await dialog.getByLabel('Last name').fill('Newcomer');
    await chooseAndClose(page, 'Role', 'Facility user', /^Facility user$/, dialog);
    await shot(page, 'users-create', true);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    const secret = page.getByRole('dialog', { name: 'Temporary password' });
    await secret.waitFor();
    const temporary = await secret.locator('.temporary-password__value').innerText();
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    await secret.getByRole('button', { name: 'Copy password' }).click();
    await secret.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(temporary);
    await shot(page, 'users-temporary-password', true);
    await secret.getByRole('button', { name: 'I have saved the password' }).click();
    await rowWith(page, newEmail).waitFor();

    // A duplicate email is refused on the field.
    await page.getByRole('button', { name: 'New user' }).click();
    await dialog.getByLabel('Email').fill(newEmail.toUpperCase());
    await dialog.getByLabel('First name').fill('Nina');
    await dialog.getByLabel('Last name').fill('Again');
    await chooseAndClose(page, 'Role', 'Facility user', /^Facility user$/, dialog);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('This value is already used').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Edit the name and the role.
    await page.getByRole('button', { name: 'Edit Nina Newcomer' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Nina Newcomer' });
    await edit.getByLabel('Last name').fill('Renamed');
    await chooseAndClose(page, 'Role', 'Facility admin', /^Facility admin$/, edit);
    await edit.getByRole('button', { name: 'Save' }).click();
    await rowWith(page, 'Nina Renamed').getByText('Facility admin').waitFor();

    // Reset password: confirmation, then the temporary password once.
    await page.getByRole('button', { name: 'Reset the password of Nina Renamed' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog', { name: 'Temporary password' }).waitFor();
    await page.getByRole('button', { name: 'I have saved the password' }).click();

    // Deactivate and reactivate with confirmation; the row stays, tagged.
    await page.getByRole('button', { name: 'Deactivate Nina Renamed' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Deactivate' }).click();
    await rowWith(page, newEmail).getByText('Inactive').waitFor();
    await page.getByRole('button', { name: 'Reactivate Nina Renamed' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Reactivate' }).click();
    await rowWith(page, newEmail).getByText('Active', { exact: true }).waitFor();

    // Export: CSV with BOM and a header row; Excel as a zip package.
    const csv = await exportAs(page, 'CSV (.csv)');
    expect(csv.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split('\r\n')[0]).toContain('Email');
    expect(text).toContain(newEmail);
    const xlsx = await exportAs(page, 'Excel (.xlsx)');
    expect(xlsx.name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();
  });

  it('creates, validates, edits and searches facilities, and shows a facility with its users', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto('/facilities');
    await rowWith(page, `Prairie Wind ${run}`).waitFor();
    await shot(page, 'facilities');

    await page.getByRole('button', { name: 'New facility' }).click();
    const drawer = page.getByRole('dialog', { name: 'New facility' });
    await drawer.getByRole('button', { name: 'Create facility' }).click();
    await drawer.getByText('Name is required').waitFor();
    await drawer.getByText('Code is required').waitFor();
    await drawer.getByText('Type is required').waitFor();
    await drawer.getByLabel(/^Code/).fill('!');
    await drawer.getByText('Code must be 2–12 characters: letters, digits and hyphens').waitFor();
    await drawer.getByLabel(/^Latitude/).fill('95');
    await drawer.getByText('Latitude must be at most 90').waitFor();
    const name = `Blue River Hydro ${run}`;
    const code = `BR-${run.slice(-4).toUpperCase()}`;
    await drawer.getByLabel(/^Name/).fill(name);
    await drawer.getByLabel(/^Code/).fill(code.toLowerCase());
    await chooseAndClose(page, 'Type', 'Hydro', 'Hydro', drawer);
    await drawer.getByLabel(/^Address/).fill('1 Dam Road');
    await drawer.getByLabel(/^City/).fill('Bend');
    await drawer.getByLabel(/^State or region/).fill('OR');
    await drawer.getByLabel(/^Country/).fill('USA');
    await drawer.getByLabel(/^Latitude/).fill('44.0582');
    await drawer.getByLabel(/^Longitude/).fill('-121.3153');
    await drawer.getByLabel(/^Capacity \(MW\)/).fill('42.5');
    await drawer.getByLabel(/^Commercial operation date/).fill('2019-06-30');
    await drawer.getByLabel(/^Commercial operation date/).press('Enter');
    await chooseAndClose(page, 'Time zone', 'Los_Angeles', 'America/Los Angeles', drawer);
    await chooseAndClose(page, 'Program areas', `Stormwater ${run}`, `Stormwater ${run}`, drawer);
    await drawer.getByLabel(/^Notes/).fill('Run-of-river plant.\nFish ladder inspected yearly.');
    await shot(page, 'facilities-form', true);
    await drawer.getByRole('button', { name: 'Create facility' }).click();
    await rowWith(page, name).waitFor();
    await expect(rowWith(page, name).innerText()).resolves.toContain(code);

    // A second facility with the same code is refused on the Code field.
    await page.getByRole('button', { name: 'New facility' }).click();
    await drawer.getByLabel(/^Name/).fill(`Another ${run}`);
    await drawer.getByLabel(/^Code/).fill(code);
    await chooseAndClose(page, 'Type', 'Other', 'Other', drawer);
    // A new facility is never silently on UTC (on a UTC machine the zone starts empty): choose one.
    await chooseAndClose(page, 'Time zone', 'Chicago', 'America/Chicago', drawer);
    await drawer.getByRole('button', { name: 'Create facility' }).click();
    await drawer.getByText('This value is already used').waitFor();
    await drawer.getByRole('button', { name: 'Cancel' }).click();

    // Search (in the URL) and filter.
    await page.getByRole('searchbox', { name: 'Search name, code or place' }).fill('Bend');
    await page.waitForURL((url) => url.searchParams.get('search') === 'Bend');
    await expectRows(page, 1);
    await page.goBack();
    await page.goForward();
    await rowWith(page, name).waitFor();

    const csv = await exportAs(page, 'CSV (.csv)');
    expect(csv.bytes.toString('utf8')).toContain(`"Run-of-river plant.\nFish ladder inspected yearly."`);

    // The facility page: fields, users, honest empty sections.
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name: new RegExp(name) }).waitFor();
    await page.getByText('America/Los_Angeles').waitFor();
    await page.getByText(`Stormwater ${run}`).waitFor();
    await shot(page, 'facility-detail');
    await page.getByRole('tab', { name: /Users/ }).click();
    await page.getByText('No users are assigned to this facility').waitFor();
    await page.getByRole('button', { name: 'Assign users' }).first().click();
    const assign = page.getByRole('dialog', { name: /Assign users to/ });
    await chooseAndClose(page, 'Users', people.facUser.email, people.facUser.email, assign);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await rowWith(page, people.facUser.email).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('users');
    await shot(page, 'facility-detail-users');
    await page.getByRole('tab', { name: 'Requirements' }).click();
    await page.getByText('No requirements bind this facility yet').waitFor();

    // Edit from the page.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.locator('.page-header').getByRole('button', { name: /Edit/ }).click();
    const editDrawer = page.getByRole('dialog', { name: `Edit ${name}` });
    await editDrawer.getByLabel(/^Capacity \(MW\)/).fill('45');
    await editDrawer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('45 MW').waitFor();
    await context.close();
  });

  it('assigns and unassigns from either side on User Facilities', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto('/user-facilities');
    await rowWith(page, people.facAdmin.email).waitFor();

    // By user: pick the all-facility user, assign both facilities.
    await chooseAndClose(page, 'Choose a user', people.allUser.email);
    await page.waitForURL((url) => url.searchParams.get('userId') === ids.allUser);
    await page.getByText('No assignments yet for this choice').waitFor();
    await page.getByRole('button', { name: 'Assign facilities' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Assign facilities to/ });
    await chooseAndClose(page, 'Facilities', `Prairie Wind ${run}`, `Prairie Wind ${run}`, dialog);
    await chooseAndClose(page, 'Facilities', `Desert Sun ${run}`, `Desert Sun ${run}`, dialog);
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await rowWith(page, `Desert Sun ${run}`).waitFor();
    await rowWith(page, `Prairie Wind ${run}`).waitFor();
    await shot(page, 'user-facilities');

    // Bulk unassign the selection.
    await rowWith(page, `Desert Sun ${run}`).locator('.ant-checkbox').click();
    await rowWith(page, `Prairie Wind ${run}`).locator('.ant-checkbox').click();
    await page.getByRole('button', { name: 'Unassign selected (2)' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Unassign' }).click();
    await page.getByText('No assignments yet for this choice').waitFor();

    // By facility: pick Desert Sun, assign the facility admin, then unassign one row.
    await page.getByText('By facility').click();
    await chooseAndClose(page, 'Choose a facility', `Desert Sun ${run}`);
    await page.getByRole('button', { name: 'Assign users' }).first().click();
    const usersDialog = page.getByRole('dialog', { name: /Assign users to/ });
    await chooseAndClose(page, 'Users', people.facAdmin.email, people.facAdmin.email, usersDialog);
    await usersDialog.getByRole('button', { name: 'Assign' }).click();
    await rowWith(page, people.facAdmin.email).waitFor();
    await page.getByRole('button', { name: `Unassign ${people.facAdmin.email} from Desert Sun ${run}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Unassign' }).click();
    await page.getByText('No assignments yet for this choice').waitFor();

    // An empty export says so instead of downloading an empty file.
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
    await page.getByText('There is nothing to export').waitFor();
    await context.close();
  });

  it('manages regulations and program areas; inactive rows stay listed with a tag and a filter', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto('/settings/regulations');
    await page.getByRole('heading', { name: 'Regulations' }).waitFor();
    await page.getByRole('button', { name: 'New regulation' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New regulation' });
    const title = `Oil Pollution Prevention ${run}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Citation').fill('40 CFR 112');
    await dialog.getByLabel('Agency').fill('EPA');
    await chooseAndClose(page, 'Jurisdiction', 'Federal', 'Federal', dialog);
    await dialog.getByLabel('Link').fill('ftp://example.com');
    await dialog.getByText('Enter a web address starting with http:// or https://').waitFor();
    await dialog.getByLabel('Link').fill('https://www.ecfr.gov/current/title-40/part-112');
    await dialog.getByLabel('Description').fill('=SUM(A1) spill prevention, control and countermeasure plans');
    await dialog.getByRole('button', { name: 'Create regulation' }).click();
    await rowWith(page, title).waitFor();
    await shot(page, 'regulations');

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('dialog', { name: 'Edit regulation' }).getByLabel('Agency').fill('US EPA');
    await page.getByRole('dialog', { name: 'Edit regulation' }).getByRole('button', { name: 'Save' }).click();
    await rowWith(page, 'US EPA').waitFor();

    // The CSV guards against formula injection.
    await page.getByRole('searchbox', { name: 'Search title, citation or agency' }).fill('40 CFR 112');
    await page.waitForURL((url) => url.searchParams.get('search') === '40 CFR 112');
    const csv = await exportAs(page, 'CSV (.csv)');
    expect(csv.bytes.toString('utf8')).toContain(`'=SUM(A1) spill prevention`);

    await page.getByRole('button', { name: `Deactivate ${title}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Deactivate' }).click();
    await rowWith(page, title).getByText('Inactive').waitFor();
    await chooseAndClose(page, 'Status', 'Active only');
    await page.getByText('Nothing matches this search and these filters').waitFor();
    await chooseAndClose(page, 'Status', 'Inactive only');
    await rowWith(page, title).waitFor();

    await page.goto('/settings/program-areas');
    await rowWith(page, `Stormwater ${run}`).waitFor();
    await page.getByRole('button', { name: 'New program area' }).first().click();
    const areaDialog = page.getByRole('dialog', { name: 'New program area' });
    await areaDialog.getByLabel('Name').fill(`stormwater ${run}`.toUpperCase());
    await areaDialog.getByRole('button', { name: 'Create program area' }).click();
    await areaDialog.getByText('This value is already used').waitFor();
    await areaDialog.getByLabel('Name').fill(`Avian & Bat Protection ${run}`);
    await areaDialog.getByLabel('Description').fill('Curtailment and carcass surveys');
    await areaDialog.getByRole('button', { name: 'Create program area' }).click();
    await rowWith(page, `Avian & Bat Protection ${run}`).waitFor();
    await page.getByRole('button', { name: `Deactivate Avian & Bat Protection ${run}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Deactivate' }).click();
    await rowWith(page, `Avian & Bat Protection ${run}`).getByText('Inactive').waitFor();
    await shot(page, 'program-areas');
    const xlsx = await exportAs(page, 'Excel (.xlsx)');
    expect(xlsx.name).toMatch(/^program-areas-.*\.xlsx$/);
    await context.close();
  });

  it('shows the audit trail with changes before and after, filters it, verifies the chain and exports it', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page);
    await page.goto('/audit');
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor();
    await table(page).locator('tr.ant-table-row').first().waitFor();
    await chooseAndClose(page, 'Entity type', 'Facility');
    await page.waitForURL((url) => url.searchParams.get('entityType') === 'FACILITY');
    await page.getByRole('searchbox', { name: 'Search user, action or entity' }).fill('update');
    await page.waitForURL((url) => url.searchParams.get('search') === 'update');
    const row = table(page).locator('tr.ant-table-row').first();
    await row.getByText('Update').waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByRole('table', { name: 'Changed fields' }).getByText('Capacity (MW)').waitFor();
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await page.getByText('The audit chain is intact').waitFor();
    await shot(page, 'audit');
    const csv = await exportAs(page, 'CSV (.csv)');
    expect(csv.bytes.toString('utf8')).toContain('Capacity (MW): 42.5 → 45');
    await context.close();
  });

  it('gives an all-facility user the Users screen without the administrator role', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page, people.allUser.email, password);
    await page.goto('/users');
    await rowWith(page, people.facUser.email).waitFor();
    await expect(page.getByRole('button', { name: 'Edit Fiona Siteuser' }).count()).resolves.toBe(1);
    // The first administrator is visible but not editable by an ALL_FACILITY_USER.
    await page.getByRole('searchbox', { name: 'Search name or email' }).fill('admin@e2e.test');
    await page.waitForURL((url) => url.searchParams.get('search') === 'admin@e2e.test');
    await rowWith(page, 'admin@e2e.test').waitFor();
    await expect(
      rowWith(page, 'admin@e2e.test')
        .getByRole('button', { name: /^(Edit|Reset the password|Deactivate)/ })
        .count(),
    ).resolves.toBe(0);
    await page.getByRole('button', { name: 'New user' }).click();
    await page.getByRole('dialog', { name: 'New user' }).getByRole('combobox', { name: 'Role' }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Facility user$/ })
      .waitFor();
    await expect(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^All-facility admin$/ }).count(),
    ).resolves.toBe(0);
    await context.close();
  });

  it('limits a facility admin to their facilities: read-only users, edit but not deactivate, no settings', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page, people.facAdmin.email, password);
    await expect(menuItem(page, 'Users').count()).resolves.toBeGreaterThan(0);
    await expect(menuItem(page, 'My Profile').count()).resolves.toBe(0);
    await expect(menuItem(page, 'User Facilities').count()).resolves.toBe(0);
    await expect(menuItem(page, 'Settings').count()).resolves.toBe(0);
    await expect(menuItem(page, 'Audit Trail').count()).resolves.toBeGreaterThan(0);

    await page.goto('/users');
    await rowWith(page, people.facUser.email).waitFor();
    await expect(page.getByRole('button', { name: 'New user' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^(Deactivate|Reset the password)/ }).count()).resolves.toBe(0);
    // Users who share no facility with them are not listed.
    await expect(rowWith(page, newEmail).count()).resolves.toBe(0);

    await page.goto('/facilities');
    await rowWith(page, `Prairie Wind ${run}`).waitFor();
    await expect(rowWith(page, `Desert Sun ${run}`).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'New facility' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: `Edit Prairie Wind ${run}` }).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: `Deactivate Prairie Wind ${run}` }).count()).resolves.toBe(0);
    await shot(page, 'facilities-facility-admin');

    await page.goto('/audit');
    await table(page).locator('tr.ant-table-row').first().waitFor();
    await expect(page.getByRole('button', { name: 'Verify chain' }).count()).resolves.toBe(0);

    await page.goto('/user-facilities');
    await page.getByText('You do not have access to this page.').waitFor();
    await page.goto('/settings/regulations');
    await page.getByText('You do not have access to this page.').waitFor();
    await context.close();
  });

  it('shows a facility user My Profile instead of Users, their facilities only, and no audit trail', async () => {
    const { page, context } = await newPage();
    await signInThroughForm(page, people.facUser.email, password);
    await expect(menuItem(page, 'My Profile').count()).resolves.toBeGreaterThan(0);
    await expect(menuItem(page, 'Users').count()).resolves.toBe(0);
    await expect(menuItem(page, 'Audit Trail').count()).resolves.toBe(0);
    await menuItem(page, 'My Profile').first().click();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText(people.facUser.email).waitFor();
    await page.getByText(`Prairie Wind ${run}`).waitFor();
    await shot(page, 'my-profile');

    await page.getByRole('button', { name: 'Edit my name' }).click();
    const dialog = page.getByRole('dialog', { name: /Edit / });
    await expect(dialog.getByRole('combobox', { name: 'Role' }).count()).resolves.toBe(0);
    await dialog.getByLabel('First name').fill('Fifi');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Fifi Siteuser').first().waitFor();

    await page.goto('/facilities');
    await rowWith(page, `Prairie Wind ${run}`).waitFor();
    await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
    await page.goto('/audit');
    await page.getByText('You do not have access to this page.').waitFor();
    await context.close();
  });

  it('keeps the facilities screen usable at 375 px wide', async () => {
    const { page, context } = await newPage({ width: 375, height: 800 });
    await signInThroughForm(page);
    await page.goto('/facilities');
    await rowWith(page, `Prairie Wind ${run}`).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'facilities-375');
    await context.close();
  });
});
