import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeReminderSweeps } from '../../cli/bench/reminder-sweep';
import { assignFacility, createFacility, createRequirement, testClock } from '../../test/compliance-fixtures';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/** A smoke run of the benchmark's sweep step (the figures on 500,000 tasks come from `npm run bench`). */
describe('the benchmark’s reminder sweep step', () => {
  const clock = testClock('2026-06-15T12:00:00Z');
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { now: clock });
    const admin = await t.signIn(ADMIN_EMAIL);
    const user = await t.createUser('FACILITY_USER');
    for (let i = 0; i < 3; i += 1) {
      const facility = await createFacility(t, admin);
      await assignFacility(t, admin, user.id, facility);
      await createRequirement(t, admin, {
        frequency: 'WEEKLY',
        firstDueDate: '2026-01-05',
        backfillFrom: '2026-01-05',
        facilities: [{ facilityId: facility, assigneeId: user.id }],
      });
    }
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
});
