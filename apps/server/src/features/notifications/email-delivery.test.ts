import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@rtms/shared/schemas/preferences';
import { ok } from '../../test/api-calls';
import { allTasks, assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { createSignedInApp, type TestApp } from '../../test/test-app';
import { storedRow } from '../../test/stored-rows';

/** Email over a real SMTP server (smtp-server, STARTTLS, authentication), read back with mailparser. */
describe('reminder email', () => {
  const clock = testClock('2026-03-01T06:00:00Z');
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;

  async function newUser(options: {
    language?: string;
    delivery: 'IMMEDIATE' | 'DAILY_DIGEST' | 'WEEKLY_DIGEST';
    timeZone?: string;
    quietUntil?: string | null;
    facilities: string[];
  }) {
    const user = await t.createUser('FACILITY_USER', undefined, { firstName: 'Camille', lastName: 'Martin' });
    for (const facility of options.facilities) await assignFacility(t, admin, user.id, facility);
    const token = await t.signIn(user.email);
    if (options.language) {
      await ok(t, token, 'PUT', '/api/users/me/preferences', {
        ...DEFAULT_PREFERENCES,
        locale: { ...DEFAULT_PREFERENCES.locale, languageId: options.language, locale: options.language },
      });
    }
    await ok(t, token, 'PUT', '/api/users/me/notification-preferences', {
      delivery: options.delivery,
      digestHour: 7,
      timeZone: options.timeZone ?? 'UTC',
      quietUntil: options.quietUntil ?? null,
      categories: { TASK_OPENED: true, DUE_SOON: true, DUE_TODAY: true, OVERDUE: true, ESCALATION: true },
    });
    return { ...user, token };
  }

  /** The first task of a new monthly requirement (a past due date is backfilled, as history to catch up). */
  async function taskOf(facilityId: string, assigneeId: string, firstDueDate: string, title: string) {
    const requirement = await createRequirement(t, admin, {
      title,
      frequency: 'MONTHLY',
      firstDueDate,
      backfillFrom: firstDueDate,
      facilities: [{ facilityId, assigneeId }],
    });
    return (await allTasks(t, admin, { requirementId: requirement.data._id }))[0]!;
  }

  const deliveriesOf = (userId: string) =>
    t.database.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notificationId')
      .select(['d.status', 'd.attempts', 'd.lastError', 'd.messageId', 'n.step', 'n.taskId', 'n.id as notificationId'])
      .where('d.recipientId', '=', userId)
      .orderBy('d.createdAt')
      .orderBy('n.step')
      .execute();
  /** The one-click unsubscribe a mail client posts to the List-Unsubscribe address (RFC 8058). */
  const unsubscribeOneClick = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const notificationSettingsOf = (token: string) =>
    ok<{ categories: Record<string, boolean> }>(t, token, 'GET', '/api/users/me/notification-preferences');
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
  const header = (mail: SmtpTestServer['received'][number], name: string) =>
    // Long headers arrive folded over lines: unfold them.
    mail.mail.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
  const runReminders = async () => {
    await t.notifications.sweep();
    return t.notifications.send();
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    ({ t, admin } = await createSignedInApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com/' },
      { now: clock },
    ));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  let french: Awaited<ReturnType<typeof newUser>>;
  let frenchTask: { _id: string };
  it('sends in the recipient’s language, HTML and text, with the task link, Message-ID and one-click unsubscribe', async () => {
    const facility = await createFacility(t, admin, { name: 'Alpha Wind' });
    french = await newUser({ language: 'fr', delivery: 'IMMEDIATE', facilities: [facility] });
    frenchTask = await taskOf(facility, french.id, '2026-03-05', 'Inspection des eaux pluviales');
    const result = await runReminders();
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    const [received] = mailsTo(french.email);
    expect(mailsTo(french.email)).toHaveLength(1);
    expect(received!.secure).toBe(true);
    expect(received!.user).toBe('rtms');
    const mail = received!.mail;
    expect(mail.subject).toBe('[RTMS] Tâche ouverte : Inspection des eaux pluviales · Alpha Wind');
    expect(mail.text).toContain('Bonjour Camille Martin,');
    expect(mail.text).toContain('La tâche « Inspection des eaux pluviales » du site Alpha Wind est ouverte.');
    expect(mail.text).toContain(`https://rtms.example.com/tasks/${frenchTask._id}`);
    expect(mail.html).toContain(`href="https://rtms.example.com/tasks/${frenchTask._id}"`);
    expect(mail.html).toContain('lang="fr"');
    expect(header(received!, 'content-language')).toBe('Content-Language: fr');
    expect(header(received!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header(received!, 'list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <https:\/\/rtms\.example\.com\/api\/notifications\/unsubscribe\/[\w.-]+>$/,
    );
    const [delivery] = await deliveriesOf(french.id);
    expect(delivery).toMatchObject({ status: 'SENT', attempts: 1, messageId: mail.messageId });
  });

  it('retries after the SMTP server refuses once, with backoff, and records the error meanwhile', async () => {
    smtp.refuseNext(1);
    clock.set('2026-03-04T06:00:00Z');
    const first = await runReminders();
    expect(first).toMatchObject({ sent: 0, retrying: 1 });
    const pending = (await deliveriesOf(french.id)).find((row) => row.step === 'BEFORE-1')!;
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(pending.lastError).toContain('451');
    // Not before the backoff has passed.
    expect((await t.notifications.send()).sent).toBe(0);
    clock.set('2026-03-04T06:01:30Z');
    expect((await t.notifications.send()).sent).toBe(1);
    const sent = (await deliveriesOf(french.id)).find((row) => row.step === 'BEFORE-1')!;
    expect(sent).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    const last = mailsTo(french.email).at(-1)!.mail;
    expect(last.subject).toBe('[RTMS] Échéance demain : Inspection des eaux pluviales · Alpha Wind');
    expect(mailsTo(french.email)).toHaveLength(2);
  });

  it('unsubscribes in one click without signing in, and a forged link does nothing', async () => {
    const link = header(mailsTo(french.email)[0]!, 'list-unsubscribe')!.match(/<(.+)>/)![1]!;
    const path = new URL(link).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    const forged = await unsubscribeOneClick(`${path.slice(0, -3)}abc`);
    expect(forged.statusCode).toBe(404);
    const settingsBefore = await notificationSettingsOf(french.token);
    expect(settingsBefore.categories.TASK_OPENED).toBe(true);
    const oneClick = await unsubscribeOneClick(path);
    expect(oneClick.statusCode).toBe(200);
    const settings = await notificationSettingsOf(french.token);
    expect(settings.categories).toEqual({
      TASK_OPENED: false,
      DUE_SOON: true,
      DUE_TODAY: true,
      OVERDUE: true,
      ESCALATION: true,
      CORRECTIVE_ACTION: true,
    });
    // The next "task open" reminder stays in the app and is skipped by email, with why.
    const facility = await createFacility(t, admin);
    await assignFacility(t, admin, french.id, facility);
    const task = await taskOf(facility, french.id, '2026-03-08', 'Relevé des émissions');
    await runReminders();
    const skipped = (await deliveriesOf(french.id)).find((row) => row.taskId === task._id)!;
    expect(skipped).toMatchObject({ status: 'SKIPPED', lastError: 'Recipient unsubscribed from TASK_OPENED email' });
    expect(mailsTo(french.email)).toHaveLength(2);
  });

  it('holds reminders while the user is quiet and releases them afterwards', async () => {
    clock.set('2026-03-10T06:00:00Z');
    const facility = await createFacility(t, admin, { name: 'Quiet Lake' });
    const quiet = await newUser({ delivery: 'IMMEDIATE', quietUntil: '2026-03-12T00:00:00Z', facilities: [facility] });
    await taskOf(facility, quiet.id, '2026-03-15', 'Quiet task');
    await runReminders();
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect((await ok<{ count: number }>(t, quiet.token, 'GET', '/api/notifications/unread-count')).count).toBe(0);
    expect(await deliveriesOf(quiet.id)).toMatchObject([{ status: 'PENDING' }]);
    clock.set('2026-03-12T00:00:30Z');
    expect((await ok<{ count: number }>(t, quiet.token, 'GET', '/api/notifications/unread-count')).count).toBe(1);
    await t.notifications.send();
    expect(mailsTo(quiet.email).map((mail) => mail.mail.subject)).toEqual([
      '[RTMS] Task open: Quiet task · Quiet Lake',
    ]);
  });

  it('sends a daily digest at the user’s hour in their time zone, grouped by facility, without what was read; due today goes at once', async () => {
    clock.set('2026-03-20T10:00:00Z'); // 06:00 in New York (EDT)
    const north = await createFacility(t, admin, { name: 'North Hydro' });
    const south = await createFacility(t, admin, { name: 'South Solar' });
    const digest = await newUser({
      delivery: 'DAILY_DIGEST',
      timeZone: 'America/New_York',
      facilities: [north, south],
    });
    await taskOf(north, digest.id, '2026-03-24', 'North sampling');
    const readTask = await taskOf(north, digest.id, '2026-03-25', 'North report');
    await taskOf(south, digest.id, '2026-03-12', 'South inspection');
    await taskOf(south, digest.id, '2026-03-20', 'South permit renewal');
    await runReminders();
    // Only the task due today went (at once, whatever the mode); the rest wait for 07:00 New York time.
    expect(mailsTo(digest.email).map((mail) => mail.mail.subject)).toEqual([
      '[RTMS] Due today: South permit renewal · South Solar',
    ]);
    const list = await ok<{ _id: string; taskId: string }[]>(t, digest.token, 'GET', '/api/notifications?pageSize=50');
    const readOne = list.find((n) => n.taskId === readTask._id)!;
    await ok(t, digest.token, 'POST', `/api/notifications/${readOne._id}/read`);
    clock.set('2026-03-20T10:59:00Z');
    await t.notifications.send();
    expect(mailsTo(digest.email)).toHaveLength(1);
    clock.set('2026-03-20T11:00:30Z'); // 07:00 in New York
    await t.notifications.send();
    const mails = mailsTo(digest.email);
    expect(mails).toHaveLength(2);
    const text = mails[1]!.mail.text!;
    expect(mails[1]!.mail.subject).toBe('[RTMS] Your compliance tasks: 2 reminders');
    expect(text).not.toContain('North report');
    expect(text.indexOf('Facility: North Hydro')).toBeLessThan(text.indexOf('Facility: South Solar'));
    expect(text).toMatch(/Facility: North Hydro\n {2}Open\n {2}- The task "North sampling" at North Hydro is open\./);
    expect(text).toMatch(
      /Facility: South Solar\n {2}Overdue\n {2}- The task "South inspection" at South Solar is overdue: it was due 8 days ago/,
    );
    const skipped = (await deliveriesOf(digest.id)).find((row) => row.taskId === readTask._id)!;
    expect(skipped).toMatchObject({ status: 'SKIPPED', lastError: 'Already read in the app' });
    // Once a day: a later run the same day sends no second digest.
    await createRequirement(t, admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-03-26',
      facilities: [{ facilityId: north, assigneeId: digest.id }],
    });
    clock.set('2026-03-20T15:00:00Z');
    await runReminders();
    expect(mailsTo(digest.email)).toHaveLength(2);
    clock.set('2026-03-21T11:00:30Z');
    await t.notifications.send();
    expect(mailsTo(digest.email)).toHaveLength(3);
    expect(mailsTo(digest.email)[2]!.mail.subject).toBe('[RTMS] Your compliance tasks: 1 reminders');
  });

  it('sends escalations at once; their unsubscribe link only moves them into the digest', async () => {
    clock.set('2026-05-01T06:00:00Z');
    const facility = await createFacility(t, admin, { name: 'East Ridge' });
    const assignee = await t.createUser('FACILITY_USER');
    await assignFacility(t, admin, assignee.id, facility);
    const manager = await t.createUser('FACILITY_ADMIN');
    await assignFacility(t, admin, manager.id, facility);
    await t.signIn(manager.email);
    await taskOf(facility, assignee.id, '2026-04-24', 'Late report');
    await runReminders();
    // The facility admin is in the default daily digest, yet the escalation went at once.
    const [escalation] = mailsTo(manager.email);
    expect(mailsTo(manager.email)).toHaveLength(1);
    expect(escalation!.mail.subject).toBe('[RTMS] Escalation, was due 7 days ago: Late report · East Ridge');
    expect(escalation!.mail.text).toContain('Receive escalations in the digest only');
    const link = header(escalation!, 'list-unsubscribe')!.match(/<(.+)>/)![1]!;
    const response = await unsubscribeOneClick(new URL(link).pathname);
    expect(response.body).toContain('Escalations will now arrive in your digest.');
    const row = await storedRow(t, 'notification_preferences', { userId: manager.id });
    expect(JSON.parse(row.categories)).toMatchObject({ ESCALATION: false });
    // The next escalation waits for the digest (07:00 UTC), then arrives in it.
    await taskOf(facility, assignee.id, '2026-04-23', 'Later report');
    clock.set('2026-05-01T06:30:00Z');
    await runReminders();
    expect(mailsTo(manager.email)).toHaveLength(1);
    clock.set('2026-05-01T07:00:30Z');
    await t.notifications.send();
    expect(mailsTo(manager.email).map((mail) => mail.mail.subject)).toEqual([
      '[RTMS] Escalation, was due 7 days ago: Late report · East Ridge',
      '[RTMS] Your compliance tasks: 1 reminders',
    ]);
    expect(mailsTo(manager.email)[1]!.mail.text).toContain('Escalation: the task "Later report"');
  });

  it('puts the reminders already waiting under a new mode, digest hour or quiet time', async () => {
    clock.set('2026-06-01T10:00:00Z');
    const facility = await createFacility(t, admin, { name: 'West Mesa' });
    const user = await newUser({
      delivery: 'DAILY_DIGEST',
      quietUntil: '2026-06-20T00:00:00Z',
      facilities: [facility],
    });
    const settings = (changes: object) =>
      ok(t, user.token, 'PUT', '/api/users/me/notification-preferences', {
        delivery: 'DAILY_DIGEST',
        digestHour: 7,
        timeZone: 'UTC',
        quietUntil: null,
        categories: { TASK_OPENED: true, DUE_SOON: true, DUE_TODAY: true, OVERDUE: true, ESCALATION: true },
        ...changes,
      });
    const unread = async () =>
      (await ok<{ count: number }>(t, user.token, 'GET', '/api/notifications/unread-count')).count;
    await taskOf(facility, user.id, '2026-06-05', 'Waiting sampling');
    await runReminders();
    expect(await unread()).toBe(0);
    // Quiet time ended early, the digest moved to 20:00: the held reminder shows now and waits for 20:00.
    await settings({ digestHour: 20 });
    expect(await unread()).toBe(1);
    await t.notifications.send();
    expect(mailsTo(user.email)).toHaveLength(0);
    // The digest hour moved to 11:00: the reminder waiting for 20:00 goes at 11:00.
    await settings({ digestHour: 11 });
    clock.set('2026-06-01T11:00:30Z');
    await t.notifications.send();
    expect(mailsTo(user.email).map((mail) => mail.mail.subject)).toEqual(['[RTMS] Your compliance tasks: 1 reminders']);
    // A new reminder put off to tomorrow's digest goes at once when the mode becomes "immediately".
    await taskOf(facility, user.id, '2026-06-04', 'Waiting report');
    await runReminders();
    expect(mailsTo(user.email)).toHaveLength(1);
    await settings({ delivery: 'IMMEDIATE', digestHour: 11 });
    await t.notifications.send();
    expect(
      mailsTo(user.email)
        .map((mail) => mail.mail.subject)
        .at(-1),
    ).toMatch(/Waiting report · West Mesa$/);
  });

  it('unsubscribes from exactly the kind of the mail, on a page in the recipient’s language', async () => {
    clock.set('2026-07-13T12:00:00Z');
    const facility = await createFacility(t, admin, { name: 'Gulf Station' });
    const arabic = await newUser({ language: 'ar', delivery: 'IMMEDIATE', facilities: [facility] });
    // Found three days overdue by its first sweep: an overdue mail, not a "due today" one.
    await taskOf(facility, arabic.id, '2026-07-10', 'Tank inspection');
    await runReminders();
    const [mail] = mailsTo(arabic.email).filter((received) => received.mail.text!.includes('Tank inspection'));
    expect(mail!.mail.subject).toMatch(/^\[RTMS\] متأخرة، كانت مستحقة /);
    const path = new URL(header(mail!, 'list-unsubscribe')!.match(/<(.+)>/)![1]!).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('إيقاف رسائل «متأخرة»');
    expect(page.body).toContain('background:#0f6b3e');
    const done = await unsubscribeOneClick(path);
    expect(done.body).toContain('لن تصلك رسائل «متأخرة» بعد الآن.');
    expect((await notificationSettingsOf(arabic.token)).categories).toEqual({
      TASK_OPENED: true,
      DUE_SOON: true,
      DUE_TODAY: true,
      OVERDUE: false,
      ESCALATION: true,
      CORRECTIVE_ACTION: true,
    });
  });
});
