import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { oathtoolCode } from '../apps/server/src/test/oathtool';
import { findAxeViolations } from './support/axe';
import { openPage, saveScreenshot, signInThroughForm, waitForLoaded } from './support/browser';
import { dayFromToday } from './support/dates';
import { createFacility, signInApi, type ApiClient } from './support/directory-api';
import { preferences } from './support/interface-settings';
import { typeDate } from './support/antd-fields';
import { runStamp } from './support/run-stamp';
import { uiSession } from './support/ui-session';

const PASSWORD = 'a-long-enough-passphrase-42';

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const findings = await findAxeViolations(page);
  expect(findings.map((f) => `${where}: ${f.id} ${f.help} ${JSON.stringify(f.nodes)}`)).toEqual([]);
}

/** Waits until the real time step (30 s) is at least `step`: a TOTP code of a later step is then accepted. */
async function untilStep(step: number): Promise<void> {
  while (Math.floor(Date.now() / 30_000) < step) await new Promise((resolve) => setTimeout(resolve, 500));
}

describe('review and signature, extension requests, in the browser', () => {
  const session = uiSession();
  let admin: ApiClient;
  const { run: stamp, code } = runStamp();
  const users = {} as Record<'worker' | 'siteAdmin' | 'codeUser', { email: string; api: ApiClient }>;
  let tasks: { _id: string; title: string; dueDate: string }[] = [];
  let secret = '';
  let facilityId = '';

  beforeAll(async () => {
    const baseURL = inject('baseURL');
    admin = await signInApi(baseURL);
    facilityId = await createFacility(admin, `Review Ridge ${stamp}`, `RV${code}`, 'WIND');
    const requirementId = await admin.create('/requirements', {
      title: `Weekly turbine oil check ${stamp}`,
      category: 'SAFETY',
      frequency: 'WEEKLY',
      firstDueDate: dayFromToday(0),
      reviewRequired: true,
      facilities: [{ facilityId }],
    });
    for (const [name, role, first] of [
      ['worker', 'FACILITY_USER', 'Wendy'],
      ['siteAdmin', 'FACILITY_ADMIN', 'Rafael'],
      ['codeUser', 'ALL_FACILITY_USER', 'Cora'],
    ] as const) {
      const email = `${first.toLowerCase()}.${stamp}@e2e.test`;
      const id = await admin.create('/users', {
        email,
        firstName: first,
        lastName: 'Reviewer',
        role,
        password: PASSWORD,
        mustChangePassword: false,
      });
      if (role !== 'ALL_FACILITY_USER') await admin.create('/user-facilities', { userId: id, facilityId });
      users[name] = { email, api: await signInApi(baseURL, email, PASSWORD) };
    }
    const started = await users.codeUser.api.call<{ data: { secret: string } }>('POST', '/users/me/mfa/totp');
    secret = started.data.secret;
    await users.codeUser.api.call('POST', '/users/me/mfa/totp/confirm', { code: oathtoolCode(secret) });
    const list = await admin.call<{ data: typeof tasks }>(
      'GET',
      `/tasks?requirementId=${requirementId}&sort=dueDate&pageSize=10`,
    );
    tasks = list.data;
    for (const task of tasks.slice(0, 3)) await users.worker.api.call('POST', `/tasks/${task._id}/complete`, {});
  });
  afterAll(async () => {
    await users.siteAdmin?.api.call('PUT', '/users/me/preferences', preferences());
  });

  it('a facility admin finds the completion under To review and signs it with the password', async () => {
    const testPage = session.track(await openPage(session.browser));
    const { page } = testPage;
    await signInThroughForm(page, users.siteAdmin.email, PASSWORD);
    await page.getByRole('menuitem', { name: 'Reviews' }).click();
    await page.getByRole('heading', { name: 'To review' }).waitFor();
    await waitForLoaded(page);
    await page.getByRole('table', { name: 'To review' }).getByText('Awaiting review').first().waitFor();
    await saveScreenshot(page, 'reviews-to-review');
    await expectNoAxeViolations(page, '/reviews');

    await page.goto(`/tasks/${tasks[0]!._id}`);
    await page.getByText('This completion is awaiting a reviewer’s signature.').waitFor();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Review the completion' });
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Approve and sign' }).last().click();
    await dialog.getByText('The password is incorrect.').waitFor();
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await saveScreenshot(page, 'review-dialog-password');
    await expectNoAxeViolations(page, 'review dialog');
    await dialog.getByRole('button', { name: 'Approve and sign' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.review-section').getByText('Re-authentication: Password', { exact: false }).waitFor();
    await page.locator('.review-section').getByText('Current', { exact: true }).waitFor();
    await saveScreenshot(page, 'review-signed');
    await expectNoAxeViolations(page, 'signed task');
    await testPage.context.close();
  });

  it('a reviewer with a second factor signs with a code from the authenticator app', async () => {
    const testPage = session.track(await openPage(session.browser));
    const { page } = testPage;
    await page.goto('/signin');
    await page.getByLabel('Email').fill(users.codeUser.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Verification code').waitFor();
    // The enrolment used this step's code: sign in with the next one, sign with the one after.
    const signInStep = Math.floor(Date.now() / 30_000) + 1;
    await page.getByLabel('Verification code').fill(oathtoolCode(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('menuitem', { name: 'Reviews' }).waitFor();
    await page.goto(`/tasks/${tasks[1]!._id}`);
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Review the completion' });
    await dialog.getByRole('radio', { name: 'Reviewed' }).check();
    await dialog.getByLabel('Code from your authenticator app').waitFor();
    await untilStep(signInStep);
    await dialog.getByLabel('Code from your authenticator app').fill(oathtoolCode(secret, 30));
    await saveScreenshot(page, 'review-dialog-code');
    await expectNoAxeViolations(page, 'review dialog (code)');
    await dialog.getByRole('button', { name: 'Approve and sign' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .locator('.review-section')
      .getByText('Re-authentication: Authenticator code', { exact: false })
      .waitFor();
    await testPage.context.close();
  });

  it('rejects a completion with a reason, at 375 px in Arabic', async () => {
    await users.siteAdmin.api.call('PUT', '/users/me/preferences', preferences({ language: 'ar' }));
    onTestFinished(() => users.siteAdmin.api.call('PUT', '/users/me/preferences', preferences()));
    const testPage = session.track(await openPage(session.browser, { width: 375, height: 740 }));
    const { page } = testPage;
    await signInThroughForm(page, users.siteAdmin.email, PASSWORD);
    await page.goto(`/tasks/${tasks[2]!._id}`);
    await page.getByText('هذا الإنجاز بانتظار توقيع مراجِع.').waitFor();
    await page.getByRole('button', { name: 'مراجعة', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'مراجعة الإنجاز' });
    await dialog.locator('label.ant-radio-button-wrapper', { hasText: 'رفض' }).click();
    await dialog.getByLabel('السبب').fill('صورة المضخة مفقودة');
    await saveScreenshot(page, 'review-reject-375-ar');
    await expectNoAxeViolations(page, 'reject dialog (ar, 375)');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'رفض' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('صورة المضخة مفقودة', { exact: false }).first().waitFor();
    const task = await admin.call<{ data: { status: string } }>('GET', `/tasks/${tasks[2]!._id}`);
    expect(task.data.status).toBe('INCOMPLETE');
    await saveScreenshot(page, 'review-rejected-375-ar');
    await testPage.context.close();
  });

  it('site staff ask for more time; the facility admin approves it from the reviews screen', async () => {
    const open = tasks[3]!;
    const requested = dayFromToday(60);
    const workerPage = session.track(await openPage(session.browser));
    await signInThroughForm(workerPage.page, users.worker.email, PASSWORD);
    await workerPage.page.goto(`/tasks/${open._id}`);
    await workerPage.page.getByRole('button', { name: 'Request more time' }).click();
    const dialog = workerPage.page.getByRole('dialog', { name: 'Request a later due date' });
    await typeDate(dialog, 'Requested due date', requested);
    await dialog.getByLabel('Reason').fill('The crane is booked until next month');
    // The date picker's panel closes as the focus leaves it, a moment later: judge the dialog without it.
    await workerPage.page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
    await saveScreenshot(workerPage.page, 'extension-request-dialog');
    await expectNoAxeViolations(workerPage.page, 'extension dialog');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Request more time' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await workerPage.context.close();

    const adminPage = session.track(await openPage(session.browser));
    const { page } = adminPage;
    await signInThroughForm(page, users.siteAdmin.email, PASSWORD);
    await page.goto('/reviews');
    const row = page.locator('tr', { hasText: 'The crane is booked until next month' });
    await row.waitFor();
    await saveScreenshot(page, 'reviews-extension-requests');
    await expectNoAxeViolations(page, '/reviews with a request');
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Decision saved; the requester is told').waitFor();
    const task = await admin.call<{ data: { dueDate: string; scheduledDueDate: string; rescheduleReason: string } }>(
      'GET',
      `/tasks/${open._id}`,
    );
    expect(task.data).toMatchObject({
      dueDate: requested,
      scheduledDueDate: open.dueDate,
      rescheduleReason: 'The crane is booked until next month',
    });
    await adminPage.context.close();
  });
});
