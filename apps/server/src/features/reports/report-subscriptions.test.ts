import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportSubscription } from '@rtms/shared/schemas/report-subscriptions';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility, monthlyAt } from '../../test/compliance-fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { testClock } from '../../test/test-clock';
import { createSignedInApp, type TestApp } from '../../test/test-app';
import { pdfText } from '../../test/pdf-text';

/**
 * Scheduled reports over a real SMTP server: sent at the user's hour in their time zone on the right day, once
 * whatever the number of runs or instances, retried after a refusal, with the recipient's scope at sending time;
 * a deactivated user's reports stop; the list, create and delete of one's own.
 */
describe('scheduled reports', () => {
  // Sunday 31 May 2026, 20:00 UTC: in Chicago (UTC-5) still Sunday; Monday 1 June is a Monday and a 1st.
  const clock = testClock('2026-05-31T20:00:00Z');
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  const north = { id: '', name: 'North Ridge Wind' };
  const south = { id: '', name: 'South Mesa Solar' };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    ({ t, admin } = await createSignedInApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com/' },
      { now: clock },
    ));
    for (const facility of [north, south]) {
      facility.id = await createFacility(t, admin, { name: facility.name, timeZone: 'UTC' });
      await monthlyAt({ t, admin }, facility.id, '2026-01-10', { backfillFrom: '2026-01-01' });
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function subscriber(timeZone: string, hour: number, more: string[] = []) {
    const user = await t.createUser('FACILITY_USER', undefined, { firstName: 'Pia', lastName: 'Planner' });
    for (const facility of [north.id, ...more]) await assignFacility(t, admin, user.id, facility);
    const token = await t.signIn(user.email);
    await ok(t, token, 'PUT', '/api/users/me/notification-preferences', {
      delivery: 'DAILY_DIGEST',
      digestHour: hour,
      timeZone,
      quietUntil: null,
      categories: { TASK_OPENED: true, DUE_SOON: true, DUE_TODAY: true, OVERDUE: true, ESCALATION: true },
    });
    return { ...user, token };
  }
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
  const deliveriesOf = (userId: string) =>
    t.database.db
      .selectFrom('report_deliveries')
      .select(['status', 'attempts', 'lastError', 'periodKey'])
      .where('recipientId', '=', userId)
      .execute();

  it('lists, creates and deletes only the caller’s own, and refuses bad input', async () => {
    const user = await subscriber('UTC', 7);
    const other = await subscriber('UTC', 7);
    const created = await ok<ReportSubscription>(t, user.token, 'POST', '/api/report-subscriptions', {
      report: 'SCORECARD',
      frequency: 'MONTHLY',
      format: 'PDF',
      filters: { groupBy: 'category', facilityId: north.id },
    });
    expect(created).toMatchObject({ report: 'SCORECARD', frequency: 'MONTHLY', format: 'PDF', lastSentAt: null });
    expect(created.filters).toEqual({ groupBy: 'category', facilityId: north.id });
    const mine = await call<{ data: ReportSubscription[]; meta: { total: number } }>(
      t,
      user.token,
      'GET',
      '/api/report-subscriptions',
    );
    expect(mine.body.meta.total).toBe(1);
    const theirs = await call<{ meta: { total: number } }>(t, other.token, 'GET', '/api/report-subscriptions');
    expect(theirs.body.meta.total).toBe(0);
    expect((await call(t, other.token, 'DELETE', `/api/report-subscriptions/${created._id}`)).status).toBe(404);
    for (const body of [
      { report: 'PIE', frequency: 'MONTHLY', format: 'PDF' },
      { report: 'TREND', frequency: 'DAILY', format: 'PDF' },
      { report: 'TREND', frequency: 'WEEKLY', format: 'DOCX' },
      { report: 'TREND', frequency: 'WEEKLY', format: 'PDF', filters: { groupBy: 'colour' } },
      { report: 'TREND', frequency: 'WEEKLY', format: 'PDF', filters: { shape: 'round' } },
      { report: 'TREND', frequency: 'WEEKLY', format: 'PDF', recipient: 'x@example.com' },
    ]) {
      const response = await call(t, user.token, 'POST', '/api/report-subscriptions', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await call(t, user.token, 'DELETE', `/api/report-subscriptions/${created._id}`)).status).toBe(204);
    expect((await call(t, user.token, 'DELETE', `/api/report-subscriptions/${created._id}`)).status).toBe(404);
  });

  it('sends at the user’s hour in their zone, once, with only what they may see then, as a PDF that reads', async () => {
    clock.set('2026-05-31T20:00:00Z');
    const user = await subscriber('America/Chicago', 7);
    await ok(t, user.token, 'POST', '/api/report-subscriptions', {
      report: 'SCORECARD',
      frequency: 'MONTHLY',
      format: 'PDF',
    });
    // Before 07:00 on 1 June in Chicago (12:00 UTC): nothing.
    clock.set('2026-06-01T11:50:00Z');
    await t.reportSubscriptions.run();
    expect(mailsTo(user.email)).toHaveLength(0);
    // The user now also sees the south facility: the report sent is judged at sending time.
    await assignFacility(t, admin, user.id, south.id);
    clock.set('2026-06-01T12:05:00Z');
    // Two instances' runs at once, then another: one message.
    await Promise.all([t.reportSubscriptions.run(), t.reportSubscriptions.run()]);
    await t.reportSubscriptions.run();
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.mail;
    expect(mail.subject).toContain('Scorecard, 2026-05-01 to 2026-05-31');
    expect(mail.text).toContain('https://rtms.example.com/reports');
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toBe('scorecard-2026-05-01-to-2026-05-31.pdf');
    const text = pdfText(attachment!.content);
    expect(text).toContain('Tasks due from 2026-05-01 to 2026-05-31');
    expect(text).toContain(north.name);
    expect(text).toContain(south.name);
    expect(await deliveriesOf(user.id)).toEqual([
      { status: 'SENT', attempts: 0, lastError: null, periodKey: '2026-06-01' },
    ]);
    // (A facility change signed the user out: a new session.)
    const listed = await ok<ReportSubscription[]>(t, await t.signIn(user.email), 'GET', '/api/report-subscriptions');
    expect(listed[0]!.lastSentAt).toBe('2026-06-01T12:05:00.000Z');
  });

  it('never shows a facility the recipient lost before sending, and retries a refused message', async () => {
    clock.set('2026-06-07T12:00:00Z');
    const user = await subscriber('UTC', 6, [south.id]);
    await ok(t, user.token, 'POST', '/api/report-subscriptions', {
      report: 'TREND',
      frequency: 'WEEKLY',
      format: 'XLSX',
    });
    // The south facility is taken away before Monday.
    const assignment = (
      await ok<{ _id: string; facilityId: string }[]>(t, admin, 'GET', `/api/user-facilities?userId=${user.id}`)
    ).find((row) => row.facilityId === south.id)!;
    expect((await call(t, admin, 'DELETE', `/api/user-facilities/${assignment._id}`)).status).toBe(204);
    smtp.refuseNext(1);
    clock.set('2026-06-08T06:01:00Z');
    const first = await t.reportSubscriptions.run();
    expect(first).toMatchObject({ queued: 1, retrying: 1, sent: 0 });
    expect(mailsTo(user.email)).toHaveLength(0);
    expect(await deliveriesOf(user.id)).toEqual([
      expect.objectContaining({
        status: 'PENDING',
        attempts: 1,
        lastError: expect.stringContaining('451') as unknown,
        periodKey: '2026-06-08',
      }),
    ]);
    // The backoff holds it for a minute.
    await t.reportSubscriptions.run();
    expect(mailsTo(user.email)).toHaveLength(0);
    clock.set('2026-06-08T06:03:00Z');
    await t.reportSubscriptions.run();
    const [mail] = mailsTo(user.email);
    expect(mail!.mail.attachments[0]!.filename).toBe('trend-2025-07-01-to-2026-06-07.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(mail!.mail.attachments[0]!.content as unknown as ArrayBuffer);
    const names = new Set<unknown>();
    workbook.getWorksheet('Trend')!.eachRow((row, index) => index > 4 && names.add(row.getCell(2).value));
    expect(names.has(north.name)).toBe(true);
    expect(names.has(south.name)).toBe(false);
    expect(await deliveriesOf(user.id)).toEqual([
      { status: 'SENT', attempts: 1, lastError: null, periodKey: '2026-06-08' },
    ]);
  });

  it('stops the reports of a deactivated user', async () => {
    clock.set('2026-06-14T12:00:00Z');
    const user = await subscriber('UTC', 6);
    await ok(t, user.token, 'POST', '/api/report-subscriptions', {
      report: 'SCORECARD',
      frequency: 'WEEKLY',
      format: 'PDF',
    });
    await ok(t, admin, 'PATCH', `/api/users/${user.id}`, { active: false });
    clock.set('2026-06-15T06:30:00Z');
    await t.reportSubscriptions.run();
    expect(mailsTo(user.email)).toHaveLength(0);
    expect(await deliveriesOf(user.id)).toEqual([]);
  });
});
