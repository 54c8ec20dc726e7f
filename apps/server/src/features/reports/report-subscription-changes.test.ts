import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@rtms/shared/schemas/audit';
import type { NotificationDelivery } from '@rtms/shared/schemas/notifications';
import type { ReportSubscription } from '@rtms/shared/schemas/report-subscriptions';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility, monthlyAt } from '../../test/compliance-fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { testClock } from '../../test/test-clock';
import { createSignedInApp, type TestApp } from '../../test/test-app';

/**
 * Changes of scheduled reports: pause, resume, new settings and deletion by their user, the stop of a deactivated
 * user's, each in the audit chain; the one-click unsubscribe of a report's mail (RFC 8058) over a real SMTP server;
 * the report deliveries in the administrators' delivery log.
 */
describe('scheduled report changes, unsubscribe and delivery log', () => {
  // Sunday 7 June 2026; Monday 8 June is a weekly report's day.
  const clock = testClock('2026-06-07T12:00:00Z');
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  let north = '';
  let south = '';

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    ({ t, admin } = await createSignedInApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com/' },
      { now: clock },
    ));
    north = await createFacility(t, admin, { name: 'North Ridge Wind', timeZone: 'UTC' });
    south = await createFacility(t, admin, { name: 'South Mesa Solar', timeZone: 'UTC' });
    await monthlyAt({ t, admin }, north, '2026-01-10', { backfillFrom: '2026-01-01' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function subscriber(lastName: string, facility = north, hour = 6) {
    const user = await t.createUser('FACILITY_USER', undefined, { firstName: 'Pia', lastName });
    await assignFacility(t, admin, user.id, facility);
    const token = await t.signIn(user.email);
    await ok(t, token, 'PUT', '/api/users/me/notification-preferences', {
      delivery: 'DAILY_DIGEST',
      digestHour: hour,
      timeZone: 'UTC',
      quietUntil: null,
      categories: { TASK_OPENED: true, DUE_SOON: true, DUE_TODAY: true, OVERDUE: true, ESCALATION: true },
    });
    return { ...user, token };
  }
  const subscribe = (token: string) =>
    ok<ReportSubscription>(t, token, 'POST', '/api/report-subscriptions', {
      report: 'SCORECARD',
      frequency: 'WEEKLY',
      format: 'PDF',
    });
  const eventsOf = async (id: string) =>
    (await ok<AuditEvent[]>(t, admin, 'GET', `/api/audit?entityType=REPORT_SUBSCRIPTION&entityId=${id}&sort=at`)).sort(
      (a, b) => a.seq - b.seq,
    );
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
  const header = (mail: SmtpTestServer['received'][number], name: string) =>
    mail.mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
  const oneClick = (path: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const stored = (id: string) =>
    t.database.db
      .selectFrom('report_subscriptions')
      .select(['stoppedAt', 'stopReason', 'frequency', 'format', 'filters', 'updatedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('pauses, resumes, changes and deletes one’s own, each change in the audit chain', async () => {
    clock.set('2026-06-07T12:00:00Z');
    const user = await subscriber('Audit');
    const created = await subscribe(user.token);
    expect(created).toMatchObject({ active: true, stopReason: null });
    const changed = await ok<ReportSubscription>(t, user.token, 'PATCH', `/api/report-subscriptions/${created._id}`, {
      frequency: 'MONTHLY',
      filters: { groupBy: 'category', facilityId: north },
    });
    expect(changed).toMatchObject({ frequency: 'MONTHLY', filters: { groupBy: 'category', facilityId: north } });
    const paused = await ok<ReportSubscription>(t, user.token, 'PATCH', `/api/report-subscriptions/${created._id}`, {
      active: false,
    });
    expect(paused).toMatchObject({ active: false, stopReason: 'PAUSED' });
    // Pausing a paused one changes nothing and records nothing.
    await ok(t, user.token, 'PATCH', `/api/report-subscriptions/${created._id}`, { active: false });
    const resumed = await ok<ReportSubscription>(t, user.token, 'PATCH', `/api/report-subscriptions/${created._id}`, {
      active: true,
    });
    expect(resumed).toMatchObject({ active: true, stopReason: null });
    expect((await call(t, user.token, 'DELETE', `/api/report-subscriptions/${created._id}`)).status).toBe(204);

    const events = await eventsOf(created._id);
    expect(events.map((event) => event.action)).toEqual(['CREATE', 'UPDATE', 'DEACTIVATE', 'REACTIVATE', 'DELETE']);
    for (const event of events) expect(event).toMatchObject({ actorId: user.id, entityName: 'Pia Audit' });
    expect(events[0]!.changes).toMatchObject({
      report: { before: null, after: 'SCORECARD' },
      frequency: { before: null, after: 'WEEKLY' },
      active: { before: null, after: true },
    });
    expect(events[1]!.changes).toEqual({
      frequency: { before: 'WEEKLY', after: 'MONTHLY' },
      groupBy: { before: 'facility', after: 'category' },
      facilityId: { before: null, after: north },
    });
    expect(events[1]!.valueNames).toEqual({ [north]: 'North Ridge Wind' });
    expect(events[2]!.changes).toEqual({
      active: { before: true, after: false },
      stopReason: { before: null, after: 'PAUSED' },
    });
    expect(events[4]!.changes).toMatchObject({ report: { before: 'SCORECARD', after: null } });
    expect((await ok<{ intact: boolean }>(t, admin, 'GET', '/api/audit/verify')).intact).toBe(true);
  });

  it('refuses bad changes with the field named, writes nothing, and hides another’s subscription', async () => {
    const user = await subscriber('Refused');
    const other = await subscriber('Other');
    const created = await subscribe(user.token);
    const before = await stored(created._id);
    for (const [body, field] of [
      [{ active: 'no' }, 'active'],
      [{ frequency: 'DAILY' }, 'frequency'],
      [{ format: 'DOCX' }, 'format'],
      [{ filters: { groupBy: 'colour' } }, 'filters.groupBy'],
      [{ filters: { shape: 'round' } }, 'filters.shape'],
      [{ userId: other.id }, ''],
    ] as const) {
      const response = await call<{ code: string; details: { path: string }[] }>(
        t,
        user.token,
        'PATCH',
        `/api/report-subscriptions/${created._id}`,
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      if (field) expect(response.body.details.map((detail) => detail.path)).toContain(field);
    }
    const notFound = await call(t, other.token, 'PATCH', `/api/report-subscriptions/${created._id}`, { active: false });
    expect(notFound.status).toBe(404);
    expect(await stored(created._id)).toEqual(before);
    expect((await eventsOf(created._id)).map((event) => event.action)).toEqual(['CREATE']);
  });

  it('stops a deactivated user’s reports, audited as the administrator’s, and leaves them stopped on return', async () => {
    const user = await subscriber('Leaver');
    const created = await subscribe(user.token);
    await ok(t, admin, 'PATCH', `/api/users/${user.id}`, { active: false });
    expect(await stored(created._id)).toMatchObject({ stopReason: 'USER_DEACTIVATED' });
    const events = await eventsOf(created._id);
    expect(events.map((event) => event.action)).toEqual(['CREATE', 'DEACTIVATE']);
    expect(events[1]).toMatchObject({
      actorId: expect.any(String) as unknown,
      changes: { active: { before: true, after: false }, stopReason: { before: null, after: 'USER_DEACTIVATED' } },
    });
    expect(events[1]!.actorId).not.toBe(user.id);
    await ok(t, admin, 'PATCH', `/api/users/${user.id}`, { active: true });
    expect(await stored(created._id)).toMatchObject({ stopReason: 'USER_DEACTIVATED' });
  });

  it('carries a one-click unsubscribe that stops the report without signing in; the next run sends nothing', async () => {
    clock.set('2026-06-07T12:00:00Z');
    const user = await subscriber('Reader');
    const created = await subscribe(user.token);
    clock.set('2026-06-08T06:05:00Z');
    await t.reportSubscriptions.run();
    const [received] = mailsTo(user.email);
    expect(received).toBeDefined();
    expect(header(received!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = header(received!, 'list-unsubscribe')!.match(
      /^List-Unsubscribe: <(https:\/\/rtms\.example\.com\/api\/report-subscriptions\/unsubscribe\/[\w.-]+)>$/,
    )![1]!;
    expect(received!.mail.text).toContain(link);
    const path = new URL(link).pathname;

    // The link's page only asks: a mail scanner following it stops nothing.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Stop sending me the scorecard');
    expect(await stored(created._id)).toMatchObject({ stoppedAt: null });

    // Forged, altered or another purpose's tokens: 404 alike, nothing changed; a token too long is 400.
    const [id, signature] = path.split('/').pop()!.split('.');
    for (const forged of [`${id}.${signature!.slice(0, -3)}abc`, `${id}`, `x.${signature}`, `${id}.${signature}.x`]) {
      const response = await oneClick(`/api/report-subscriptions/unsubscribe/${forged}`);
      expect(response.statusCode, forged).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Unsubscribe link not found' });
    }
    expect((await oneClick(`/api/report-subscriptions/unsubscribe/${'a'.repeat(300)}`)).statusCode).toBe(400);
    expect(await stored(created._id)).toMatchObject({ stoppedAt: null });

    const done = await oneClick(path);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('The scheduled scorecard is stopped');
    expect(await stored(created._id)).toMatchObject({ stopReason: 'UNSUBSCRIBED' });
    // Again: still 200, nothing more written.
    const again = await oneClick(path);
    expect(again.statusCode).toBe(200);
    const events = await eventsOf(created._id);
    expect(events.map((event) => event.action)).toEqual(['CREATE', 'DEACTIVATE']);
    expect(events[1]).toMatchObject({
      actorId: user.id,
      changes: { stopReason: { before: null, after: 'UNSUBSCRIBED' } },
    });
    const listed = await ok<ReportSubscription[]>(t, user.token, 'GET', '/api/report-subscriptions');
    expect(listed[0]).toMatchObject({ active: false, stopReason: 'UNSUBSCRIBED' });

    clock.set('2026-06-15T06:05:00Z');
    await t.reportSubscriptions.run();
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('skips a queued delivery of a report stopped before it went', async () => {
    clock.set('2026-06-14T12:00:00Z');
    const user = await subscriber('Waiting');
    const created = await subscribe(user.token);
    smtp.refuseNext(1);
    clock.set('2026-06-15T06:05:00Z');
    expect(await t.reportSubscriptions.run()).toMatchObject({ queued: 1, retrying: 1 });
    await ok(t, user.token, 'PATCH', `/api/report-subscriptions/${created._id}`, { active: false });
    clock.set('2026-06-15T06:10:00Z');
    expect(await t.reportSubscriptions.run()).toMatchObject({ skipped: 1, sent: 0 });
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it('lists report deliveries in the delivery log with status, attempts and recipient, filtered like the rest', async () => {
    clock.set('2026-06-21T12:00:00Z');
    const sent = await subscriber('Logged');
    const failing = await subscriber('Failing', south, 7);
    await subscribe(sent.token);
    await subscribe(failing.token);
    clock.set('2026-06-22T06:05:00Z');
    await t.reportSubscriptions.run();
    // The 07:00 report is refused: it waits for a retry.
    clock.set('2026-06-22T07:05:00Z');
    smtp.refuseNext(1);
    expect(await t.reportSubscriptions.run()).toMatchObject({ retrying: 1 });
    const log = (query: string, token = admin) =>
      call<{ data: NotificationDelivery[]; meta: { total: number } }>(
        t,
        token,
        'GET',
        `/api/notification-deliveries?${query}`,
      );
    const reports = await log(`kind=REPORT&pageSize=100&search=${encodeURIComponent('Pia')}`);
    expect(reports.status).toBe(200);
    const mine = reports.body.data.filter((row) => [sent.id, failing.id].includes(row.recipientId));
    expect(mine).toHaveLength(2);
    for (const row of mine) {
      expect(row).toMatchObject({
        kind: 'REPORT',
        report: 'SCORECARD',
        reportFrequency: 'WEEKLY',
        reportFormat: 'PDF',
        periodKey: '2026-06-22',
        taskId: null,
        facilityId: null,
        channel: 'EMAIL',
      });
    }
    const statuses = mine.map((row) => `${row.status}:${row.attempts}`).sort();
    expect(statuses).toEqual(['PENDING:1', 'SENT:0']);
    const pending = mine.find((row) => row.status === 'PENDING')!;
    expect(pending.lastError).toContain('451');

    // Filters: by recipient, by status, by kind; a category or a facility leaves the reports out.
    const byRecipient = await log(`recipientId=${sent.id}`);
    expect(byRecipient.body.meta.total).toBe(1);
    expect(byRecipient.body.data[0]).toMatchObject({ recipientName: 'Pia Logged', recipientEmail: sent.email });
    expect((await log(`recipientId=${sent.id}&status=FAILED`)).body.meta.total).toBe(0);
    expect((await log(`recipientId=${sent.id}&kind=REMINDER`)).body.meta.total).toBe(0);
    expect((await log(`recipientId=${sent.id}&category=OVERDUE`)).body.meta.total).toBe(0);
    expect((await log(`recipientId=${sent.id}&facilityId=${north}`)).body.meta.total).toBe(0);
    expect((await log('search=Logged')).body.data.map((row) => row.recipientId)).toContain(sent.id);

    // The whole log pages through reminders and reports alike: every row once, the total right.
    const all = await log('pageSize=100&sort=-updatedAt');
    const paged: string[] = [];
    for (let page = 1; paged.length < all.body.meta.total; page++) {
      const batch = await log(`pageSize=2&page=${page}&sort=-updatedAt`);
      paged.push(...batch.body.data.map((row) => row._id));
    }
    expect(paged).toEqual(all.body.data.map((row) => row._id));
    expect(all.body.data.filter((row) => row.kind === 'REPORT').length).toBeGreaterThanOrEqual(2);

    // A facility administrator sees the reports of the users of their facilities only.
    const southAdmin = await t.createUser('FACILITY_ADMIN');
    await assignFacility(t, admin, southAdmin.id, south);
    const theirs = await log('kind=REPORT&pageSize=100', await t.signIn(southAdmin.email));
    expect(theirs.body.data.map((row) => row.recipientId)).toEqual([failing.id]);
  });
});
