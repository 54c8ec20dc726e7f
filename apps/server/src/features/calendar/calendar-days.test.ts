import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarDay } from '@rtms/shared/schemas/calendar';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

/** The days a task list gives, counted per date and state: what /api/calendar/days must answer. */
function daysOf(tasks: Task[]): CalendarDay[] {
  const byDate = new Map<string, CalendarDay>();
  for (const task of tasks) {
    const day = byDate.get(task.dueDate) ?? {
      date: task.dueDate,
      total: 0,
      byState: { UPCOMING: 0, OPEN: 0, DUE_SOON: 0, OVERDUE: 0, PENDING_REVIEW: 0, COMPLETED: 0, NOT_APPLICABLE: 0 },
    };
    day.total += 1;
    day.byState[task.state] += 1;
    byDate.set(task.dueDate, day);
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

describe('GET /api/calendar/days', () => {
  const suite = signedInSuiteAt('2026-06-10T12:00:00Z');
  const sites = suiteFacilities(suite, { east: { timeZone: 'Asia/Tokyo' }, west: { timeZone: 'America/Los_Angeles' } });
  let weekly: string;
  let programAreaId: string;
  let user: { id: string; email: string; token: string };

  beforeAll(async () => {
    programAreaId = (
      await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/program-areas', { name: 'Air Quality' })
    )._id;
    weekly = (
      await createRequirement(suite.t, suite.admin, {
        programAreaId,
        frequency: 'WEEKLY',
        category: 'AIR',
        firstDueDate: '2026-05-04',
        backfillFrom: '2026-05-01',
        leadTimeDays: 3,
        facilities: [{ facilityId: sites.east }, { facilityId: sites.west }],
      })
    ).data._id;
    await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      category: 'WATER',
      // Due 14 June: due soon on 10 June.
      firstDueDate: '2026-05-14',
      backfillFrom: '2026-05-01',
      leadTimeDays: 30,
      facilities: [{ facilityId: sites.west }],
    });
    // Due 25 June, open since 26 May: OPEN on 10 June.
    await createRequirement(suite.t, suite.admin, {
      frequency: 'QUARTERLY',
      category: 'SAFETY',
      firstDueDate: '2026-06-25',
      leadTimeDays: 30,
      facilities: [{ facilityId: sites.east }],
    });
    const created = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, created.id, sites.east);
    user = { ...created, token: await suite.t.signIn(created.email) };
    // Some history: one completed and one not applicable task in the range.
    const mayTasks = await allTasks(suite.t, suite.admin, {
      requirementId: weekly,
      facilityId: sites.east,
      dueTo: '2026-05-31',
    });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${mayTasks[0]!._id}/complete`, {});
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${mayTasks[1]!._id}`, {
      notApplicableReason: 'Plant shut down',
    });
  });

  async function days(query: string) {
    return call<{ data: CalendarDay[] }>(suite.t, suite.admin, 'GET', `/api/calendar/days?${query}`);
  }

  it('counts each day’s tasks by state exactly as the task list (with its date range) shows them', async () => {
    const { status, body } = await days('from=2026-05-01&to=2026-07-01');
    expect(status).toBe(200);
    const tasks = await allTasks(suite.t, suite.admin, { dueFrom: '2026-05-01', dueTo: '2026-07-01' });
    expect(body.data).toEqual(daysOf(tasks));
    const states = new Set(
      body.data.flatMap((day) =>
        Object.entries(day.byState)
          .filter(([, n]) => n > 0)
          .map(([s]) => s),
      ),
    );
    // The range holds every kind of task: the test would notice a state counted wrong.
    expect([...states].sort()).toEqual(['COMPLETED', 'DUE_SOON', 'NOT_APPLICABLE', 'OPEN', 'OVERDUE', 'UPCOMING']);
    expect(body.data.every((day) => day.total > 0)).toBe(true);
  });

  it('applies the task list’s filters, state included', async () => {
    const queries: Record<string, string>[] = [
      { facilityId: sites.west },
      { category: 'AIR' },
      { requirementId: weekly },
      { state: 'OVERDUE,UPCOMING' },
      { status: 'COMPLETED' },
      { programAreaId },
    ];
    for (const query of queries) {
      const params = new URLSearchParams({ from: '2026-05-01', to: '2026-07-01', ...query });
      const { body } = await days(params.toString());
      const tasks = await allTasks(suite.t, suite.admin, { ...query, dueFrom: '2026-05-01', dueTo: '2026-07-01' });
      expect(body.data, JSON.stringify(query)).toEqual(daysOf(tasks));
      expect(body.data.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
    const ofProgramArea = await allTasks(suite.t, suite.admin, { programAreaId });
    expect(ofProgramArea.length).toBeGreaterThan(0);
    expect(ofProgramArea.every((task) => task.requirementId === weekly)).toBe(true);
  });

  it('judges states in each facility’s time zone', async () => {
    // 2026-06-10T16:00Z is 11 June in Tokyo and 10 June in Los Angeles: a task due 10 June is overdue
    // in Tokyo only.
    suite.clock.set('2026-06-10T16:00:00Z');
    const { body } = await days('from=2026-06-08&to=2026-06-08');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]!.byState.OVERDUE).toBeGreaterThan(0);
    const tasks = await allTasks(suite.t, suite.admin, { dueFrom: '2026-06-08', dueTo: '2026-06-08' });
    expect(body.data).toEqual(daysOf(tasks));
    suite.clock.set('2026-06-10T12:00:00Z');
  });

  it('answers only the caller’s facilities', async () => {
    const response = await call<{ data: CalendarDay[] }>(
      suite.t,
      user.token,
      'GET',
      '/api/calendar/days?from=2026-05-01&to=2026-07-01',
    );
    const mine = await allTasks(suite.t, suite.admin, {
      facilityId: sites.east,
      dueFrom: '2026-05-01',
      dueTo: '2026-07-01',
    });
    expect(response.body.data).toEqual(daysOf(mine));
    const outside = await call<{ data: CalendarDay[] }>(
      suite.t,
      user.token,
      'GET',
      `/api/calendar/days?from=2026-05-01&to=2026-07-01&facilityId=${sites.west}`,
    );
    expect(outside.status).toBe(200);
    expect(outside.body.data).toEqual([]);
  });

  it('follows a change at once (the cached answer is dropped)', async () => {
    const before = (await days('from=2026-06-01&to=2026-06-30')).body.data;
    const [task] = await allTasks(suite.t, suite.admin, {
      facilityId: sites.west,
      dueFrom: '2026-06-15',
      dueTo: '2026-06-30',
    });
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${task!._id}`, {
      dueDate: '2026-06-29',
      rescheduleReason: 'Crane',
    });
    const after = (await days('from=2026-06-01&to=2026-06-30')).body.data;
    expect(after).not.toEqual(before);
    expect(after).toEqual(daysOf(await allTasks(suite.t, suite.admin, { dueFrom: '2026-06-01', dueTo: '2026-06-30' })));
  });

  it('allows 62 days and refuses 63, a reversed range and bad dates with the field named', async () => {
    expect((await days('from=2026-05-01&to=2026-07-01')).status).toBe(200);
    for (const [query, path] of [
      ['from=2026-05-01&to=2026-07-02', 'to'],
      ['from=2026-06-10&to=2026-06-09', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-06-01&to=tomorrow', 'to'],
      ['to=2026-06-01', 'from'],
      ['from=2026-06-01&to=2026-06-30&state=SOON', 'state'],
    ] as const) {
      const response = await days(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(response.body.details), query).toContain(`"${path}`);
    }
  });

  it('is for signed-in users only', async () => {
    const response = await suite.t.app.inject({
      method: 'GET',
      url: '/api/calendar/days?from=2026-06-01&to=2026-06-30',
    });
    expect(response.statusCode).toBe(401);
  });
});
