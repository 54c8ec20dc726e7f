import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeReminderSweeps } from '../../cli/bench/reminder-sweep';
import { createWeeklyBacklog } from '../../test/notification-fixtures';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/** A smoke run of the benchmark's sweep step (the figures on 500,000 tasks come from `npm run bench`). */
describe('the benchmark’s reminder sweep step', () => {
  const clock = testClock('2026-06-15T12:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
    const admin = await t.signIn(ADMIN_EMAIL);
    const user = await t.createUser('FACILITY_USER');
    await createWeeklyBacklog(t, admin, user.id);
  });
  afterAll(() => t.close());

  it('times a first sweep and a second that finds nothing, and the longest event-loop block', async () => {
    const timing = await timeReminderSweeps(t);
    // Weekly since January, never done: one reminder step and escalations per open task.
    expect(timing.created).toBeGreaterThan(3 * 20);
    expect(timing.secondCreated).toBe(0);
    expect(timing.firstMs).toBeGreaterThan(0);
    expect(Number.isFinite(timing.maxBlockMs)).toBe(true);
    // Running it again starts from an empty outbox and creates the same reminders.
    expect((await timeReminderSweeps(t)).created).toBe(timing.created);
  });

  it('creates the same reminders whatever the chunks a facility’s tasks are swept in', async () => {
    const keys = async () =>
      (await t.database.db.selectFrom('notifications').select(['taskId', 'step', 'userId']).execute())
        .map((row) => `${row.taskId} ${row.step} ${row.userId}`)
        .sort();
    await timeReminderSweeps(t);
    const whole = await keys();
    await t.database.db.deleteFrom('notification_deliveries').execute();
    await t.database.db.deleteFrom('notifications').execute();
    // Chunks of 3 tasks: every facility's open history spans many statements and transactions.
    const chunked = await t.notifications.sweep({ tasksPerChunk: 3 });
    expect(chunked.created).toBe(whole.length);
    expect(await keys()).toEqual(whole);
    const deliveries = await t.database.db.selectFrom('notification_deliveries').select('notificationId').execute();
    expect(deliveries).toHaveLength(whole.length);
  });
});
