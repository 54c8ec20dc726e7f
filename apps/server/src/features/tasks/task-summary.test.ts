import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskSummary } from '@rtms/shared/schemas/task-summary';
import type { Task } from '@rtms/shared/schemas/tasks';
import { summaryFigureQueries } from '@rtms/shared/summary-links';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createRequirement, DESERT_SUN, PRAIRIE_WIND } from '../../test/compliance-fixtures';
import { createMonthlySpccInspection } from '../../test/task-scenarios';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

describe('GET /api/tasks/summary (the dashboard)', () => {
  const suite = signedInSuiteAt('2026-03-10T12:00:00Z');
  const sites = suiteFacilities(suite, {
    plantA: PRAIRIE_WIND,
    plantB: DESERT_SUN,
  });
  let facilityUser: string;
  let tasksA: Task[];

  const at = (due: string) => tasksA.find((task) => task.dueDate === due)!;

  beforeAll(async () => {
    // Monthly at A from November (backfilled): Nov, Dec, Jan, Feb overdue; 15 March due soon.
    const monthly = await createMonthlySpccInspection(suite.t, suite.admin, [sites.plantA]);
    tasksA = await allTasks(suite.t, suite.admin, { requirementId: monthly.data._id });
    // Quarterly at B, first due 1 April (within 30 days, not within 7) and one overdue weekly series.
    await createRequirement(suite.t, suite.admin, {
      category: 'WATER',
      frequency: 'QUARTERLY',
      firstDueDate: '2026-04-01',
      facilities: [{ facilityId: sites.plantB }],
    });
    await createRequirement(suite.t, suite.admin, {
      category: 'AIR',
      frequency: 'ONCE',
      firstDueDate: '2026-03-01',
      backfillFrom: '2026-03-01',
      facilities: [{ facilityId: sites.plantB }],
    });
    const user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, sites.plantA);
    facilityUser = await suite.t.signIn(user.email);
  });

  const summaryOf = (token: string, query = '') => ok<TaskSummary>(suite.t, token, 'GET', `/api/tasks/summary${query}`);

  it('counts open, overdue, due soon and within 30 days against each facility’s today', async () => {
    const summary = await summaryOf(suite.admin);
    const queries = summaryFigureQueries(summary.today);
    const totalOf = async (query: Record<string, string>) => (await allTasks(suite.t, suite.admin, query)).length;
    expect(summary).toMatchObject({
      today: '2026-03-10',
      open: await totalOf(queries.open),
      upcoming: await totalOf(queries.upcoming),
      overdue: await totalOf(queries.overdue),
      dueSoon: await totalOf(queries.dueSoon),
      dueInWindow: await totalOf(queries.dueInWindow),
    });
    // Open work is the 5 overdue, 15 March (due soon) and 1 April at B (its window is open); the monthly
    // tasks of April onwards have not opened: upcoming, not open.
    const incomplete = await allTasks(suite.t, suite.admin, { status: 'INCOMPLETE' });
    expect(summary.open + summary.upcoming).toBe(incomplete.length);
    expect(summary.upcoming).toBe(incomplete.filter((task) => task.state === 'UPCOMING').length);
    expect(summary.upcoming).toBeGreaterThan(0);
    expect(summary.overdue).toBe(5); // Nov, Dec, Jan, Feb at A and the one-off at B
    expect(summary.dueSoon).toBe(1); // 15 March at A
    expect(summary.dueInWindow).toBe(2); // and 1 April at B
    expect(summary.overdueByFacility).toEqual([
      { facilityId: sites.plantA, facilityName: 'Prairie Wind', facilityCode: expect.any(String), count: 4 },
      { facilityId: sites.plantB, facilityName: 'Desert Sun', facilityCode: expect.any(String), count: 1 },
    ]);
    expect(summary.facilitiesWithOverdue).toBe(2);
    expect(summary.overdueByCategory).toEqual([
      { category: 'HAZARDOUS_MATERIALS', count: 4 },
      { category: 'AIR', count: 1 },
    ]);
    expect(summary.completedThisMonth).toBe(0);
    expect(summary.timeliness).toEqual({ onTime: 0, late: 0, missed: 0, rate: null });
    expect(summary.completionsByMonth).toHaveLength(12);
    expect(summary.completionsByMonth[0]!.month).toBe('2025-04');
    expect(summary.completionsByMonth[11]!.month).toBe('2026-03');
  });

  it('follows completions: this month, timeliness, the trend; not-applicable tasks are not open', async () => {
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-03-15')._id}/complete`, {});
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-02-15')._id}/complete`, {
      completedOn: '2026-02-19',
    });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${at('2025-12-15')._id}/complete`, {
      completedOn: '2026-03-02',
    });
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${at('2026-01-15')._id}`, {
      notApplicableReason: 'Plant shut down',
    });
    const summary = await summaryOf(suite.admin);
    expect(summary.completedThisMonth).toBe(2);
    expect(summary.timeliness).toEqual({ onTime: 1, late: 1, missed: 1, rate: 1 / 3 });
    expect(summary.completionsByMonth.slice(-2)).toEqual([
      { month: '2026-02', onTime: 0, late: 1, missed: 0 },
      { month: '2026-03', onTime: 1, late: 0, missed: 1 },
    ]);
    expect(summary.overdue).toBe(2); // Nov at A, the one-off at B
    expect(summary.overdueByFacility.map((row) => row.count)).toEqual([1, 1]);
    expect(summary.dueSoon).toBe(0);
  });

  it('moves with the date', async () => {
    suite.clock.set('2026-03-16T12:00:00Z');
    try {
      const summary = await summaryOf(suite.admin);
      expect(summary.today).toBe('2026-03-16');
      // 15 March was completed; nothing new is overdue at A; 1 April is now within 30 days, so is 15 April.
      expect(summary.overdue).toBe(2);
      expect(summary.dueInWindow).toBe(2);
    } finally {
      suite.clock.set('2026-03-10T12:00:00Z');
    }
  });

  it('keeps to the caller’s facilities, and to one facility when asked', async () => {
    const mine = await summaryOf(facilityUser);
    expect(mine.overdueByFacility.map((row) => row.facilityId)).toEqual([sites.plantA]);
    expect(mine.overdueByCategory).toEqual([{ category: 'HAZARDOUS_MATERIALS', count: 1 }]);
    const outside = await summaryOf(facilityUser, `?facilityId=${sites.plantB}`);
    expect(outside).toMatchObject({ open: 0, overdue: 0, completedThisMonth: 0, overdueByFacility: [] });
    const onlyB = await summaryOf(suite.admin, `?facilityId=${sites.plantB}`);
    expect(onlyB.overdueByFacility.map((row) => row.facilityId)).toEqual([sites.plantB]);
    expect(onlyB.completedThisMonth).toBe(0);
  });

  it('needs a session', async () => {
    const response = await suite.t.app.inject({ method: 'GET', url: '/api/tasks/summary' });
    expect(response.statusCode).toBe(401);
    expect((await call(suite.t, suite.admin, 'GET', '/api/tasks/summary?facilityId=')).status).toBe(400);
  });
});

describe('"Due within 7 days" and "within 30 days" count every incomplete task due then, whatever its window', () => {
  const suite = signedInSuiteAt('2026-12-06T12:00:00Z');
  const sites = suiteFacilities(suite, { plant: PRAIRIE_WIND });

  beforeAll(async () => {
    // The dates: 8 December with a 1-day lead time (its window opens tomorrow; it used to read
    // UPCOMING and be left out of "due within 7 days"), 10 and 15 December with 30 days, and 30 December
    // with a 1-day lead time (within 30 days, its window far from open).
    const once = (firstDueDate: string, leadTimeDays: number) =>
      createRequirement(suite.t, suite.admin, {
        frequency: 'ONCE',
        firstDueDate,
        leadTimeDays,
        facilities: [{ facilityId: sites.plant }],
      });
    await once('2026-12-08', 1);
    await once('2026-12-10', 30);
    await once('2026-12-15', 30);
    await once('2026-12-30', 1);
  });

  it('counts the short-lead task due in 2 days as due soon, and each figure equals its list’s total', async () => {
    const summary = await ok<TaskSummary>(suite.t, suite.admin, 'GET', '/api/tasks/summary');
    const queries = summaryFigureQueries(summary.today);
    const totalOf = async (query: Record<string, string>) => (await allTasks(suite.t, suite.admin, query)).length;
    const dueBy = async (days: number) =>
      totalOf({ status: 'INCOMPLETE', dueFrom: summary.today, dueTo: days === 7 ? '2026-12-13' : '2027-01-05' });
    expect(summary.today).toBe('2026-12-06');
    expect(summary.dueSoon).toBe(2); // 8 and 10 December
    expect(summary.dueSoon).toBe(await totalOf(queries.dueSoon));
    expect(summary.dueSoon).toBe(await dueBy(7));
    expect(summary.dueInWindow).toBe(4);
    expect(summary.dueInWindow).toBe(await totalOf(queries.dueInWindow));
    expect(summary.dueInWindow).toBe(await dueBy(30));
    expect(summary.open).toBe(await totalOf(queries.open));
    expect(summary.upcoming).toBe(await totalOf(queries.upcoming));
  });

  it('shows the states in due-date order from the most urgent down', async () => {
    const tasks = await allTasks(suite.t, suite.admin, { status: 'INCOMPLETE', sort: 'dueDate' });
    expect(tasks.map((task) => [task.dueDate, task.state])).toEqual([
      ['2026-12-08', 'DUE_SOON'],
      ['2026-12-10', 'DUE_SOON'],
      ['2026-12-15', 'OPEN'],
      ['2026-12-30', 'UPCOMING'],
    ]);
  });
});
