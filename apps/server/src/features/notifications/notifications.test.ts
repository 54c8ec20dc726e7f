import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateRequirementBody } from '@rtms/shared/schemas/requirements';
import type { Task } from '@rtms/shared/schemas/tasks';
import { buildApp, type App } from '../../app';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { setDeliveryPreference } from '../../test/notification-fixtures';
import { testClock } from '../../test/test-clock';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { ADMIN_EMAIL, createTestApp, type TestApp, testDialect } from '../../test/test-app';
import { signedInSuiteAt } from '../../test/signed-in-suite';

type Row = { taskId: string | null; step: string; userId: string; category: string };

describe('reminders: steps, catch-up, escalation and scope, on a movable clock', () => {
  const suite = signedInSuiteAt('2026-03-01T12:00:00Z');
  let facilityA: string;
  let facilityB: string;
  let assignee: { id: string; email: string };
  let facilityAdmin: { id: string; email: string };
  let otherUser: { id: string; email: string };
  let adminId: string;
  let taskA: string;
  let taskB: string;

  /** Moves the clock to `instant` and runs the reminder sweep there, as the daily job would. */
  async function sweepAt(instant: string): Promise<void> {
    suite.clock.set(instant);
    await suite.t.notifications.sweep();
  }

  /** The first task of a new requirement at `facilityId`, assigned to the assignee. */
  async function firstAssignedTask(
    facilityId: string,
    fields: Pick<CreateRequirementBody, 'frequency' | 'firstDueDate'> & Partial<CreateRequirementBody>,
  ): Promise<Task> {
    const requirement = await createRequirement(suite.t, suite.admin, {
      ...fields,
      facilities: [{ facilityId, assigneeId: assignee.id }],
    });
    return (await allTasks(suite.t, suite.admin, { requirementId: requirement.data._id }))[0]!;
  }

  const rows = async (taskId: string): Promise<Row[]> =>
    suite.t.database.db
      .selectFrom('notifications')
      .select(['taskId', 'step', 'userId', 'category'])
      .where('taskId', '=', taskId)
      .orderBy('createdAt')
      .orderBy('step')
      .execute();

  beforeAll(async () => {
    adminId = (
      await suite.t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ADMIN_EMAIL)
        .executeTakeFirstOrThrow()
    ).id;
    facilityA = await createFacility(suite.t, suite.admin);
    facilityB = await createFacility(suite.t, suite.admin);
    assignee = await suite.t.createUser('FACILITY_USER');
    facilityAdmin = await suite.t.createUser('FACILITY_ADMIN');
    otherUser = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, assignee.id, facilityA);
    await assignFacility(suite.t, suite.admin, facilityAdmin.id, facilityA);
    await assignFacility(suite.t, suite.admin, otherUser.id, facilityB);
    // Monthly, opening 14 days before: reminders when it opens, 7 and 1 days before, on the due date.
    const requirement = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-03-20',
      leadTimeDays: 14,
      facilities: [{ facilityId: facilityA, assigneeId: assignee.id }, { facilityId: facilityB }],
    });
    const tasks = await allTasks(suite.t, suite.admin, { requirementId: requirement.data._id });
    taskA = tasks.find((task) => task.facilityId === facilityA && task.dueDate === '2026-03-20')!._id;
    taskB = tasks.find((task) => task.facilityId === facilityB && task.dueDate === '2026-03-20')!._id;
  });

  it('fires each step on its day, once, to the assignee; a re-run the same day creates nothing', async () => {
    const expected: Record<string, string[]> = {
      '2026-03-05': [],
      '2026-03-06': ['OPEN'],
      '2026-03-12': [],
      '2026-03-13': ['BEFORE-7'],
      '2026-03-19': ['BEFORE-1'],
      '2026-03-20': ['DUE'],
      '2026-03-26': [],
      '2026-03-27': ['OVERDUE-1'],
      '2026-04-03': ['OVERDUE-2'],
    };
    const seen: string[] = [];
    for (let day = '2026-03-05'; day <= '2026-04-03';) {
      suite.clock.set(`${day}T08:00:00Z`);
      await suite.t.notifications.sweep();
      const again = await suite.t.notifications.sweep();
      // The second sweep of the day creates nothing anywhere.
      expect(again.created).toBe(0);
      const mine = (await rows(taskA)).filter((row) => row.userId === assignee.id).map((row) => row.step);
      const fresh = mine.filter((step) => !seen.includes(step));
      if (expected[day]) expect(fresh, day).toEqual(expected[day]);
      else expect(fresh, day).toEqual([]);
      seen.push(...fresh);
      const next = new Date(`${day}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      day = next.toISOString().slice(0, 10);
    }
    expect(seen).toEqual(['OPEN', 'BEFORE-7', 'BEFORE-1', 'DUE', 'OVERDUE-1', 'OVERDUE-2']);
  });

  it('escalates to the facility admins after 7 days overdue and to all-facility admins after 30', async () => {
    const escalations = (await rows(taskA)).filter((row) => row.category === 'ESCALATION');
    expect(escalations).toEqual([
      { taskId: taskA, step: 'ESCALATE-FACILITY', userId: facilityAdmin.id, category: 'ESCALATION' },
    ]);
    await sweepAt('2026-04-18T08:00:00Z');
    expect((await rows(taskA)).some((row) => row.step === 'ESCALATE-ALL')).toBe(false);
    await sweepAt('2026-04-19T08:00:00Z');
    const all = (await rows(taskA)).filter((row) => row.step === 'ESCALATE-ALL').map((row) => row.userId);
    expect(all).toEqual([adminId]);
  });

  it('never tells a user of another facility, and falls back to admins when nobody is assigned', async () => {
    const everyone = [...(await rows(taskA)), ...(await rows(taskB))];
    expect(everyone.some((row) => row.userId === otherUser.id)).toBe(false);
    // Facility B has no facility admin and the task no assignee: the all-facility admin hears of it.
    const b = await rows(taskB);
    expect(b.length).toBeGreaterThan(0);
    expect(new Set(b.map((row) => row.userId))).toEqual(new Set([adminId]));
    // The other facility's user sees none of it in the app either.
    const token = await suite.t.signIn(otherUser.email);
    const list = await call<{ data: { taskId: string }[]; meta: { total: number } }>(
      suite.t,
      token,
      'GET',
      '/api/notifications',
    );
    expect(list.body.meta.total).toBe(0);
  });

  it('catches up after downtime with the step due today, not the ones missed', async () => {
    const task = await firstAssignedTask(facilityA, {
      frequency: 'QUARTERLY',
      firstDueDate: '2026-06-30',
      leadTimeDays: 14,
    });
    await sweepAt('2026-06-10T08:00:00Z');
    expect(await rows(task._id)).toEqual([]);
    // Down from 10 June to 29 June: the opening and the 7-day reminder passed unseen.
    await sweepAt('2026-06-29T08:00:00Z');
    expect((await rows(task._id)).map((row) => row.step)).toEqual(['BEFORE-1']);
  });

  it('tells a task found a few days overdue that it is overdue, never "due today", then keeps the weekly cadence', async () => {
    const task = await firstAssignedTask(facilityA, { frequency: 'YEARLY', firstDueDate: '2026-07-10' });
    // Down over the due date: the first sweep after it finds the task 3 days overdue.
    await sweepAt('2026-07-13T08:00:00Z');
    expect(await rows(task._id)).toEqual([
      { taskId: task._id, step: 'OVERDUE-0', userId: assignee.id, category: 'OVERDUE' },
    ]);
    await sweepAt('2026-07-14T08:00:00Z');
    await sweepAt('2026-07-17T08:00:00Z');
    expect((await rows(task._id)).filter((row) => row.userId === assignee.id).map((row) => row.step)).toEqual([
      'OVERDUE-0',
      'OVERDUE-1',
    ]);
  });

  it('sends nothing for a task completed before its step, and nothing before a facility goes live', async () => {
    const facilityC = await createFacility(suite.t, suite.admin);
    await assignFacility(suite.t, suite.admin, assignee.id, facilityC);
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${facilityC}`, { notifyFrom: '2026-09-25' });
    const task = await firstAssignedTask(facilityC, { frequency: 'YEARLY', firstDueDate: '2026-09-30' });
    await sweepAt('2026-09-20T08:00:00Z');
    expect(await rows(task._id)).toEqual([]);
    await sweepAt('2026-09-25T08:00:00Z');
    expect((await rows(task._id)).map((row) => row.step)).toEqual(['BEFORE-7']);
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${task._id}/complete`, { completionNote: 'done' });
    await sweepAt('2026-09-29T08:00:00Z');
    expect((await rows(task._id)).map((row) => row.step)).toEqual(['BEFORE-7']);
  });

  it('follows a requirement’s overrides of the policy', async () => {
    const requirement = await createRequirement(suite.t, suite.admin, {
      frequency: 'YEARLY',
      firstDueDate: '2026-12-31',
      reminderFirstBeforeDays: 20,
      reminderSecondBeforeDays: 3,
      escalateFacilityAfterDays: 2,
      facilities: [{ facilityId: facilityA, assigneeId: assignee.id }],
    });
    expect(requirement.data).toMatchObject({ reminderFirstBeforeDays: 20, escalateFacilityAfterDays: 2 });
    const task = (await allTasks(suite.t, suite.admin, { requirementId: requirement.data._id }))[0]!;
    await sweepAt('2026-12-11T08:00:00Z');
    expect((await rows(task._id)).map((row) => row.step)).toEqual(['BEFORE-20']);
    await sweepAt('2027-01-02T08:00:00Z');
    expect((await rows(task._id)).filter((row) => row.step === 'ESCALATE-FACILITY').map((row) => row.userId)).toEqual([
      facilityAdmin.id,
    ]);
    const bad = await call(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirement.data._id}`, {
      reminderFirstBeforeDays: 2,
      reminderSecondBeforeDays: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      {
        path: 'reminderSecondBeforeDays',
        message: 'The second reminder must be fewer days before the due date than the first',
      },
    ]);
  });

  it('hides what a user was told about a facility once they are taken off it', async () => {
    const token = await suite.t.signIn(assignee.email);
    const before = await ok<{ count: number }>(suite.t, token, 'GET', '/api/notifications/unread-count');
    expect(before.count).toBeGreaterThan(0);
    const links = await ok<{ _id: string; facilityId: string }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/user-facilities?userId=${assignee.id}&pageSize=100`,
    );
    for (const link of links) {
      expect((await call(suite.t, suite.admin, 'DELETE', `/api/user-facilities/${link._id}`)).status).toBeLessThan(300);
    }
    const fresh = await suite.t.signIn(assignee.email);
    expect((await ok<{ count: number }>(suite.t, fresh, 'GET', '/api/notifications/unread-count')).count).toBe(0);
    const list = await call<{ meta: { total: number } }>(suite.t, fresh, 'GET', '/api/notifications');
    expect(list.body.meta.total).toBe(0);
  });
});

describe('the notification centre and settings API', () => {
  const suite = signedInSuiteAt('2026-03-01T12:00:00Z');
  let user: { id: string; email: string };
  let token: string;

  beforeAll(async () => {
    const facility = await createFacility(suite.t, suite.admin);
    user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, facility);
    await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-03-05',
      facilities: [{ facilityId: facility, assigneeId: user.id }],
    });
    token = await suite.t.signIn(user.email);
  });

  it('lists, counts, marks read and marks all read; only the caller’s own', async () => {
    await suite.t.notifications.sweep();
    suite.clock.set('2026-03-05T12:00:00Z');
    await suite.t.notifications.sweep();
    const count = await ok<{ count: number }>(suite.t, token, 'GET', '/api/notifications/unread-count');
    expect(count.count).toBe(2);
    const list = await call<{
      data: { _id: string; step: string; daysUntilDue: number; read: boolean }[];
      meta: object;
    }>(suite.t, token, 'GET', '/api/notifications?pageSize=1');
    expect(list.body.meta).toEqual({ total: 2, page: 1, pageSize: 1 });
    const [first] = list.body.data;
    expect(first).toMatchObject({ read: false });
    const read = await ok<{ read: boolean }>(suite.t, token, 'POST', `/api/notifications/${first!._id}/read`);
    expect(read.read).toBe(true);
    expect((await ok<{ count: number }>(suite.t, token, 'GET', '/api/notifications/unread-count')).count).toBe(1);
    const unread = await call<{ data: { read: boolean }[] }>(suite.t, token, 'GET', '/api/notifications?unread=true');
    expect(unread.body.data.map((n) => n.read)).toEqual([false]);
    // Someone else's notification is not found.
    expect((await call(suite.t, suite.admin, 'POST', `/api/notifications/${first!._id}/read`)).status).toBe(404);
    expect(await ok(suite.t, token, 'POST', '/api/notifications/read-all')).toEqual({ updated: 1 });
    expect((await ok<{ count: number }>(suite.t, token, 'GET', '/api/notifications/unread-count')).count).toBe(0);
  });

  it('lets only admins see the delivery log and only the all-facility admin run jobs', async () => {
    expect((await call(suite.t, token, 'GET', '/api/notification-deliveries')).status).toBe(403);
    expect((await call(suite.t, token, 'GET', '/api/jobs')).status).toBe(403);
    const log = await call<{ data: { status: string; lastError: string | null }[] }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/notification-deliveries?status=PENDING',
    );
    expect(log.status).toBe(200);
    expect(log.body.data.length).toBeGreaterThan(0);
    const run = await ok<{ name: string; result: { send: { skipped: number } } }>(
      suite.t,
      suite.admin,
      'POST',
      '/api/jobs/reminders/run',
    );
    // No SMTP_URL: every delivery is skipped with why.
    expect(run.result.send.skipped).toBeGreaterThan(0);
    const skipped = await call<{ data: { status: string; lastError: string }[] }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/notification-deliveries?status=SKIPPED',
    );
    expect(skipped.body.data[0]!.lastError).toBe('Email is disabled (SMTP_URL is not set); shown in the app only');
    const jobs = await ok<{ name: string; lastRun: { result: object } | null }[]>(
      suite.t,
      suite.admin,
      'GET',
      '/api/jobs',
    );
    expect(jobs.map((job) => job.name)).toEqual(['task-generation', 'reminders', 'session-purge']);
    expect(jobs.find((job) => job.name === 'reminders')!.lastRun!.result).toMatchObject({
      send: { skipped: run.result.send.skipped },
    });
    expect((await call(suite.t, suite.admin, 'POST', '/api/jobs/no-such-job/run')).status).toBe(404);
    const generation = await ok<{ name: string; result: { inserted: number } }>(
      suite.t,
      suite.admin,
      'POST',
      '/api/jobs/task-generation/run',
    );
    expect(generation.name).toBe('task-generation');
  });
  it('defaults a user’s time zone to that of their first facility', async () => {
    const chicago = await createFacility(suite.t, suite.admin, { timeZone: 'America/Chicago' });
    const later = await createFacility(suite.t, suite.admin, { timeZone: 'Europe/Paris' });
    const user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, chicago);
    // Assignments are stamped with the real time: the second one a little later.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await assignFacility(suite.t, suite.admin, user.id, later);
    const settings = await ok<{ timeZone: string }>(
      suite.t,
      await suite.t.signIn(user.email),
      'GET',
      '/api/users/me/notification-preferences',
    );
    expect(settings.timeZone).toBe('America/Chicago');
  });
  it('reads defaults and replaces settings, with per-field errors for bad input', async () => {
    expect(await ok(suite.t, token, 'GET', '/api/users/me/notification-preferences')).toEqual({
      delivery: 'DAILY_DIGEST',
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
    });
    const settings = {
      delivery: 'WEEKLY_DIGEST',
      digestHour: 9,
      timeZone: 'Europe/Paris',
      quietUntil: '2026-04-01T00:00:00.000Z',
      categories: {
        TASK_OPENED: false,
        DUE_SOON: true,
        DUE_TODAY: true,
        OVERDUE: true,
        ESCALATION: false,
        CORRECTIVE_ACTION: false,
      },
    };
    const response = await call(suite.t, token, 'PUT', '/api/users/me/notification-preferences', settings);
    expect(response.status).toBe(200);
    expect(await ok(suite.t, token, 'GET', '/api/users/me/notification-preferences')).toEqual(settings);
    const bad = await suite.t.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-preferences',
      headers: { authorization: `Bearer ${token}` },
      payload: { ...settings, digestHour: 24, timeZone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { details: { path: string }[] }).details.map((d) => d.path).sort()).toEqual([
      'digestHour',
      'timeZone',
    ]);
    const anonymous = await suite.t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('exactly once across two app instances on one database', () => {
  const clock = testClock('2026-03-01T12:00:00Z');
  let t: TestApp;
  let second: App;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://rtms.example.com' }, { now: clock });
    second = await buildApp(t.config, { database: t.reopenDatabase(), serveWebApp: false, now: clock });
    const admin = await t.signIn(ADMIN_EMAIL);
    const facility = await createFacility(t, admin);
    for (let i = 0; i < 5; i += 1) {
      const user = await t.createUser('FACILITY_USER');
      await t.signIn(user.email);
      await assignFacility(t, admin, user.id, facility);
      await setDeliveryPreference(t, user.id, 'IMMEDIATE');
      await createRequirement(t, admin, {
        frequency: 'MONTHLY',
        firstDueDate: '2026-03-05',
        facilities: [{ facilityId: facility, assigneeId: user.id }],
      });
    }
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await smtp.close();
  });

  // PostgreSQL (the scale-out database) runs both instances at the same moment. On SQLite both connections
  // live in this one thread, where a synchronous wait for the other's write lock would block the very
  // thread that must release it: there they take turns (several SQLite processes are not a scale-out setup).
  const both = <T>(a: () => Promise<T>, b: () => Promise<T>): Promise<T[]> =>
    testDialect() === 'postgres' ? Promise.all([a(), b()]) : a().then(async (first) => [first, await b()]);

  it('creates each reminder once and sends each message once when both sweep and send at the same time', async () => {
    const [a, b] = await both(t.notifications.sweep, second.notifications.sweep);
    expect(a!.created + b!.created).toBe(5);
    const [again1, again2] = await both(t.notifications.sweep, second.notifications.sweep);
    expect(again1!.created + again2!.created).toBe(0);
    const [s1, s2] = await both(t.notifications.send, second.notifications.send);
    expect(s1!.sent + s2!.sent).toBe(5);
    const [r1, r2] = await both(t.notifications.send, second.notifications.send);
    expect(r1!.sent + r2!.sent).toBe(0);
    expect(smtp.received).toHaveLength(5);
    const recipients = smtp.received.flatMap((mail) => mail.envelopeTo);
    expect(new Set(recipients).size).toBe(5);
    const deliveries = await t.database.db.selectFrom('notification_deliveries').selectAll().execute();
    expect(deliveries.map((row) => row.status)).toEqual(['SENT', 'SENT', 'SENT', 'SENT', 'SENT']);
    expect(new Set(deliveries.map((row) => row.messageId)).size).toBe(5);
  });

  it('runs the scheduled sweep once per 15-minute slot across instances', async () => {
    clock.set('2026-03-02T09:05:00Z');
    const [a, b] = await both(t.jobs.runScheduledSweep, second.jobs.runScheduledSweep);
    expect([a!.ran, b!.ran].filter(Boolean)).toHaveLength(1);
    clock.set('2026-03-02T09:14:59Z');
    expect((await t.jobs.runScheduledSweep()).ran).toBe(false);
    clock.set('2026-03-02T09:15:00Z');
    expect((await second.jobs.runScheduledSweep()).ran).toBe(true);
    const slots = await t.database.db
      .selectFrom('job_leases')
      .select('day')
      .where('name', '=', 'reminders')
      .orderBy('day')
      .execute();
    expect(slots.map((slot) => slot.day)).toEqual(['2026-03-02T09:00', '2026-03-02T09:15']);
  });

  it('documents every notification route in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, object>;
    };
    for (const path of [
      '/api/notifications',
      '/api/notifications/unread-count',
      '/api/notifications/{id}/read',
      '/api/notifications/read-all',
      '/api/users/me/notification-preferences',
      '/api/users/me/notification-preferences/initial-time-zone',
      '/api/notification-deliveries',
      '/api/notifications/unsubscribe/{token}',
      '/api/jobs',
      '/api/jobs/{name}/run',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});
