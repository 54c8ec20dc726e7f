import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorrectiveAction } from '@rtms/shared/schemas/findings';
import type { Notification } from '@rtms/shared/schemas/notifications';
import { ok } from '../../test/api-calls';
import { assignFacility, createFacility } from '../../test/compliance-fixtures';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { testClock } from '../../test/test-clock';
import { createSignedInApp, type TestApp } from '../../test/test-app';

/**
 * Corrective actions are reminded like tasks: due soon, due today and overdue to their owner, escalated to the
 * facility's admins after a week overdue, each once whatever the number of sweeps, counted in the facility's days,
 * mailed over a real SMTP server and listed in the owner's notification centre; nothing after the action is done.
 */
describe('corrective action reminders', () => {
  const clock = testClock('2026-06-10T20:00:00Z');
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  let facilityId: string;
  let findingId: string;
  let owner: { id: string; email: string; token: string };
  let manager: { id: string; email: string; token: string };
  let action: CorrectiveAction;

  const IMMEDIATE = {
    delivery: 'IMMEDIATE',
    digestHour: 7,
    timeZone: 'UTC',
    quietUntil: null,
    categories: {
      TASK_OPENED: true,
      DUE_SOON: true,
      DUE_TODAY: true,
      OVERDUE: true,
      ESCALATION: true,
      CORRECTIVE_ACTION: true,
    },
  };

  async function signedInUser(role: 'FACILITY_USER' | 'FACILITY_ADMIN') {
    const user = await t.createUser(role, undefined, { firstName: 'Kim', lastName: role });
    await assignFacility(t, admin, user.id, facilityId);
    const token = await t.signIn(user.email);
    await ok(t, token, 'PUT', '/api/users/me/notification-preferences', IMMEDIATE);
    return { id: user.id, email: user.email, token };
  }

  const stepsOf = async (actionId: string) =>
    (
      await t.database.db
        .selectFrom('notifications')
        .select(['step', 'userId', 'category'])
        .where('correctiveActionId', '=', actionId)
        .orderBy('createdAt')
        .orderBy('step')
        .orderBy('userId')
        .execute()
    ).map(
      (row) =>
        `${row.step}:${row.category}:${row.userId === owner.id ? 'owner' : row.userId === manager.id ? 'manager' : 'other'}`,
    );
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(email));
  /** Sweeps twice (the second must add nothing), then sends. */
  const sweepTwiceAndSend = async () => {
    await t.notifications.sweep();
    const again = await t.notifications.sweep();
    const sent = await t.notifications.send();
    return { again, sent };
  };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    ({ t, admin } = await createSignedInApp(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com/' },
      { now: clock },
    ));
    // West of UTC: at 05:00 UTC it is still the day before at the facility.
    facilityId = await createFacility(t, admin, { name: 'Mesa Storage', timeZone: 'America/Los_Angeles' });
    owner = await signedInUser('FACILITY_USER');
    manager = await signedInUser('FACILITY_ADMIN');
    const finding = await ok<{ _id: string }>(t, admin, 'POST', '/api/findings', {
      facilityId,
      source: 'INSPECTION',
      title: 'Battery room vent blocked',
      severity: 'HIGH',
      identifiedOn: '2026-06-09',
    });
    findingId = finding._id;
    action = await ok<CorrectiveAction>(t, admin, 'POST', `/api/findings/${findingId}/actions`, {
      title: 'Clear the vent and fit a guard',
      type: 'CORRECTION',
      ownerId: owner.id,
      dueDate: '2026-06-15',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('tells the owner when the action is due soon, once, by email and in the notification centre', async () => {
    const { again, sent } = await sweepTwiceAndSend();
    expect(again.created).toBe(0);
    expect(await stepsOf(action._id)).toEqual(['BEFORE-7:CORRECTIVE_ACTION:owner']);
    expect(sent).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = mailsTo(owner.email);
    expect(mail!.mail.subject).toBe(
      '[RTMS] Corrective action due in 5 days: Clear the vent and fit a guard · Mesa Storage',
    );
    expect(mail!.mail.text).toContain(
      'The corrective action "Clear the vent and fit a guard" at Mesa Storage is due in 5 days, on 2026-06-15.',
    );
    expect(mail!.mail.text).toContain(`https://rtms.example.com/findings/${findingId}`);

    const centre = await ok<Notification[]>(t, owner.token, 'GET', '/api/notifications');
    expect(centre).toEqual([
      expect.objectContaining({
        category: 'CORRECTIVE_ACTION',
        step: 'BEFORE-7',
        taskId: null,
        correctiveActionId: action._id,
        findingId,
        taskTitle: 'Clear the vent and fit a guard',
        facilityName: 'Mesa Storage',
        dueDate: '2026-06-15',
        stepDaysUntilDue: 5,
        read: false,
      }),
    ]);
    expect(await ok(t, owner.token, 'GET', '/api/notifications/unread-count')).toEqual({ count: 1 });
    const byCategory = await ok<Notification[]>(t, owner.token, 'GET', '/api/notifications?category=CORRECTIVE_ACTION');
    expect(byCategory).toHaveLength(1);
    const bySearch = await ok<Notification[]>(t, owner.token, 'GET', '/api/notifications?search=vent');
    expect(bySearch).toHaveLength(1);
  });

  it('counts days in the facility’s time zone: the day before, due today, then overdue and escalated once', async () => {
    // 05:00 UTC on the 15th is the 14th in Los Angeles: due tomorrow, not today.
    clock.set('2026-06-15T05:00:00Z');
    await sweepTwiceAndSend();
    expect(await stepsOf(action._id)).toEqual(['BEFORE-7:CORRECTIVE_ACTION:owner', 'BEFORE-1:CORRECTIVE_ACTION:owner']);
    clock.set('2026-06-15T20:00:00Z');
    await sweepTwiceAndSend();
    expect((await stepsOf(action._id)).at(-1)).toBe('DUE:CORRECTIVE_ACTION:owner');
    expect(mailsTo(owner.email).at(-1)!.mail.text).toContain('is due today (2026-06-15)');

    // A week overdue: the owner's weekly reminder and the facility admin's escalation, each once.
    clock.set('2026-06-22T20:00:00Z');
    const { again, sent } = await sweepTwiceAndSend();
    expect(again.created).toBe(0);
    expect((await stepsOf(action._id)).slice(3)).toEqual([
      'ESCALATE-FACILITY:ESCALATION:manager',
      'OVERDUE-1:CORRECTIVE_ACTION:owner',
    ]);
    expect(sent).toMatchObject({ sent: 2, failed: 0 });
    const [escalation] = mailsTo(manager.email);
    expect(mailsTo(manager.email)).toHaveLength(1);
    expect(escalation!.mail.text).toContain(
      'Escalation: the corrective action "Clear the vent and fit a guard" at Mesa Storage was due 7 days ago, on 2026-06-15, and is still not done.',
    );
    expect(mailsTo(owner.email).at(-1)!.mail.text).toContain('is overdue: it was due 7 days ago');
    const managerCentre = await ok<Notification[]>(t, manager.token, 'GET', '/api/notifications');
    expect(managerCentre.map((n) => [n.category, n.findingId])).toEqual([['ESCALATION', findingId]]);
    // Another run the same day sends nothing more.
    const before = smtp.received.length;
    await sweepTwiceAndSend();
    expect(smtp.received.length).toBe(before);
  });

  it('stops once the action is done: no reminder, no escalation, and a pending email is skipped', async () => {
    const later = await ok<CorrectiveAction>(t, admin, 'POST', `/api/findings/${findingId}/actions`, {
      title: 'Train the night shift',
      type: 'PREVENTIVE',
      ownerId: owner.id,
      dueDate: '2026-06-25',
    });
    await t.notifications.sweep();
    expect(await stepsOf(later._id)).toEqual(['BEFORE-7:CORRECTIVE_ACTION:owner']);
    await ok(t, owner.token, 'PATCH', `/api/corrective-actions/${later._id}`, { status: 'DONE', note: 'Trained' });
    await ok(t, owner.token, 'PATCH', `/api/corrective-actions/${action._id}`, { status: 'DONE', note: 'Cleared' });
    const before = mailsTo(owner.email).length;
    const sent = await t.notifications.send();
    expect(sent).toMatchObject({ sent: 0, skipped: 1 });
    expect(mailsTo(owner.email)).toHaveLength(before);
    const skipped = await t.database.db
      .selectFrom('notification_deliveries as d')
      .innerJoin('notifications as n', 'n.id', 'd.notificationId')
      .select(['d.status', 'd.lastError'])
      .where('n.correctiveActionId', '=', later._id)
      .executeTakeFirstOrThrow();
    expect(skipped).toEqual({
      status: 'SKIPPED',
      lastError: 'Corrective action was done or cancelled before the reminder was sent',
    });

    // A month overdue would escalate to every all-facility admin: a done action gets nothing.
    const counts = { done: (await stepsOf(action._id)).length, later: (await stepsOf(later._id)).length };
    clock.set('2026-07-20T20:00:00Z');
    await sweepTwiceAndSend();
    expect((await stepsOf(action._id)).length).toBe(counts.done);
    expect((await stepsOf(later._id)).length).toBe(counts.later);
  });

  it('respects the owner’s choice to turn corrective action email off (the app still shows them)', async () => {
    const third = await ok<CorrectiveAction>(t, admin, 'POST', `/api/findings/${findingId}/actions`, {
      title: 'Label the vent',
      type: 'CORRECTION',
      ownerId: owner.id,
      dueDate: '2026-07-22',
    });
    await ok(t, owner.token, 'PUT', '/api/users/me/notification-preferences', {
      ...IMMEDIATE,
      categories: { ...IMMEDIATE.categories, CORRECTIVE_ACTION: false },
    });
    const before = mailsTo(owner.email).length;
    await sweepTwiceAndSend();
    expect(await stepsOf(third._id)).toEqual(['BEFORE-7:CORRECTIVE_ACTION:owner']);
    expect(mailsTo(owner.email)).toHaveLength(before);
    const centre = await ok<Notification[]>(t, owner.token, 'GET', '/api/notifications?unread=true');
    expect(centre.some((n) => n.correctiveActionId === third._id)).toBe(true);
  });
});
