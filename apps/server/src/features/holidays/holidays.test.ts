import { beforeAll, describe, expect, it } from 'vitest';
import type { Holiday, HolidayPage, HolidayPreview } from '@rtms/shared/schemas/holidays';
import type { RequirementPreview } from '@rtms/shared/schemas/requirements';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import {
  allTasks,
  assignFacility,
  createFacility,
  createRequirement,
  monthlyAt,
  TEXAS_PLANT,
} from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';
import { ADMIN_EMAIL } from '../../test/test-app';

/** Tuesday 10 March 2026, noon UTC. */
const NOW = '2026-03-10T12:00:00Z';

/** Holiday calendars per facility (business days and holidays, /api/facilities/{id}/holidays). */
describe('facility holiday calendars', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, {
    texas: TEXAS_PLANT,
    bavaria: { country: 'Germany', state: 'bayern', timeZone: 'Europe/Berlin' },
  });
  let facilityAdmin: string;
  let facilityUser: string;

  /** What adding or removing a holiday would move, as the administrator asks for it (nothing is written). */
  const previewHoliday = (facilityId: string, change: object) =>
    ok<HolidayPreview>(suite.t, suite.admin, 'POST', `/api/facilities/${facilityId}/holidays/preview`, change);

  beforeAll(async () => {
    const fa = await suite.t.createUser('FACILITY_ADMIN');
    await assignFacility(suite.t, suite.admin, fa.id, sites.bavaria);
    facilityAdmin = await suite.t.signIn(fa.email);
    const fu = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, fu.id, sites.texas);
    facilityUser = await suite.t.signIn(fu.email);
  });

  const holidays = async (facilityId: string, year: number, token = suite.admin) =>
    (await call<HolidayPage>(suite.t, token, 'GET', `/api/facilities/${facilityId}/holidays?year=${year}&pageSize=100`))
      .body;

  it('seeds each facility from its country and state, with observed days', async () => {
    const us = await holidays(sites.texas, 2027);
    expect(us.meta).toMatchObject({ year: 2027, country: 'US', state: 'TX' });
    const byDate = new Map(us.data.map((day) => [day.date, day]));
    expect(byDate.get('2027-07-04')).toEqual({ date: '2027-07-04', name: 'Independence Day', source: 'LIBRARY' });
    // 4 July 2027 is a Sunday: observed on Monday 5 July.
    expect(byDate.get('2027-07-05')?.name).toMatch(/Independence Day/);
    expect(byDate.get('2027-11-25')?.name).toBe('Thanksgiving Day');
    // In the country's own English: "Labor Day", not the library's default "Labour Day".
    expect(byDate.get('2027-09-06')?.name).toBe('Labor Day');
    expect(us.meta.total).toBe(us.data.length);

    const de = await holidays(sites.bavaria, 2027);
    expect(de.meta).toMatchObject({ country: 'DE', state: 'BY' });
    // Epiphany is a public holiday in Bavaria, not in every German state; no US holiday appears.
    expect(de.data.map((day) => day.date)).toContain('2027-01-06');
    expect(de.data.map((day) => day.date)).not.toContain('2027-07-04');

    // Paginated on the server, and the year defaults to this year in the facility's zone.
    const page = await call<HolidayPage>(
      suite.t,
      suite.admin,
      'GET',
      `/api/facilities/${sites.texas}/holidays?pageSize=2&page=2`,
    );
    expect(page.body.meta).toMatchObject({ year: 2026, page: 2, pageSize: 2 });
    expect(page.body.data).toHaveLength(2);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/api/facilities/{id}/holidays'] ?? {})).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/facilities/{id}/holidays/preview'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/facilities/{id}/holidays/{date}'] ?? {})).toEqual(['delete']);
  });

  it('refuses bad input and answers out-of-scope facilities as not found', async () => {
    expect((await call(suite.t, suite.admin, 'GET', `/api/facilities/${sites.texas}/holidays?year=abc`)).status).toBe(
      400,
    );
    expect((await call(suite.t, suite.admin, 'GET', `/api/facilities/${sites.texas}/holidays?year=99999`)).status).toBe(
      400,
    );
    const badDate = await call(suite.t, suite.admin, 'POST', `/api/facilities/${sites.texas}/holidays`, {
      date: '2027-02-30',
      name: 'x',
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.details).toEqual([{ path: 'date', message: expect.any(String) }]);
    const noName = await call(suite.t, suite.admin, 'POST', `/api/facilities/${sites.texas}/holidays`, {
      date: '2027-02-03',
      name: ' ',
    });
    expect(noName.body.details).toEqual([{ path: 'name', message: 'Please name the holiday' }]);
    expect(
      (await call(suite.t, suite.admin, 'DELETE', `/api/facilities/${sites.texas}/holidays/2027-02-03`)).status,
    ).toBe(404);
    expect((await call(suite.t, suite.admin, 'GET', '/api/facilities/nope/holidays')).status).toBe(404);
    const both = await call(suite.t, suite.admin, 'POST', `/api/facilities/${sites.texas}/holidays/preview`, {});
    expect(both.status).toBe(400);

    // A facility user reads their own calendar but may not change it; a facility administrator of
    // another facility does not see this one at all.
    expect((await call(suite.t, facilityUser, 'GET', `/api/facilities/${sites.texas}/holidays`)).status).toBe(200);
    const denied = await call(suite.t, facilityUser, 'POST', `/api/facilities/${sites.texas}/holidays`, {
      date: '2027-02-03',
      name: 'Site day',
    });
    expect(denied.status).toBe(403);
    expect((await call(suite.t, facilityAdmin, 'GET', `/api/facilities/${sites.texas}/holidays`)).status).toBe(404);
    const outside = await call(suite.t, facilityAdmin, 'POST', `/api/facilities/${sites.texas}/holidays`, {
      date: '2027-02-03',
      name: 'Site day',
    });
    expect(outside.status).toBe(404);
    expect(
      (
        await call(suite.t, facilityAdmin, 'POST', `/api/facilities/${sites.bavaria}/holidays`, {
          date: '2027-02-03',
          name: 'Fest',
        })
      ).status,
    ).toBe(201);
  });

  it('shifts off holidays, says why, and re-plans untouched future tasks when a day is added or removed', async () => {
    // 1 August 2026: the horizon reaches September 2027.
    suite.clock.set('2026-08-01T12:00:00Z');
    // Q2 2027 is due 4 days after 30 June: Sunday 4 July 2027, Independence Day; Monday 5 July is the
    // observed day, so the next business day is Tuesday 6 July.
    const quarterly: Parameters<typeof createRequirement>[2] = {
      frequency: 'QUARTERLY',
      scheduleMode: 'PERIOD_END',
      periodDueDays: 4,
      firstDueDate: '2027-01-01',
      weekendShift: 'NEXT',
      facilities: [{ facilityId: sites.texas }],
    };
    const { data } = await createRequirement(suite.t, suite.admin, quarterly);
    const q2 = async (): Promise<Task> =>
      (await allTasks(suite.t, suite.admin, { requirementId: data._id, facilityId: sites.texas })).find(
        (task) => task.periodLabel === '2027-Q2',
      )!;
    expect(await q2()).toMatchObject({
      scheduledDueDate: '2027-07-04',
      dueDate: '2027-07-06',
      dueDateShift: { scheduledDueDate: '2027-07-04', reason: 'HOLIDAY', holidayName: 'Independence Day' },
    });

    // Adding 6 July (a site shutdown): the preview shows the move, and writes nothing.
    const preview = await previewHoliday(sites.texas, { add: { date: '2027-07-06', name: 'Plant shutdown' } });
    const task = await q2();
    expect(preview.moved).toEqual([
      {
        taskId: task._id,
        facilityId: sites.texas,
        facilityName: expect.any(String),
        sequence: task.sequence,
        periodLabel: '2027-Q2',
        from: '2027-07-06',
        to: '2027-07-07',
      },
    ]);
    expect((await q2()).dueDate).toBe('2027-07-06');

    const added = await call<{ data: Holiday; meta: { tasks: { moved: number } } }>(
      suite.t,
      suite.admin,
      'POST',
      `/api/facilities/${sites.texas}/holidays`,
      { date: '2027-07-06', name: 'Plant shutdown' },
    );
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      data: { date: '2027-07-06', name: 'Plant shutdown', source: 'ADDED' },
      meta: { tasks: { moved: 1 } },
    });
    expect((await q2()).dueDate).toBe('2027-07-07');
    // The move is in the task's history, by the administrator who added the day.
    const detail = await ok<{ history: { actorEmail: string | null; changes: Record<string, unknown> }[] }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/tasks/${task._id}`,
    );
    expect(detail.history[0]).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      changes: { dueDate: { before: '2027-07-06', after: '2027-07-07' } },
    });
    expect(
      (
        await call(suite.t, suite.admin, 'POST', `/api/facilities/${sites.texas}/holidays`, {
          date: '2027-07-06',
          name: 'x',
        })
      ).status,
    ).toBe(409);

    // A requirement preview of a new series uses the calendar as it now is.
    const newSeries = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', {
      title: 'Quarterly report',
      category: 'AIR',
      ...quarterly,
    });
    expect(newSeries.added.find((occurrence) => occurrence.periodLabel === '2027-Q2')?.dueDate).toBe('2027-07-07');

    // Removing the library day: 4 July is still a Sunday, so the reason becomes the weekend.
    const removed = await call<{ data: Holiday }>(
      suite.t,
      suite.admin,
      'DELETE',
      `/api/facilities/${sites.texas}/holidays/2027-07-04`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ date: '2027-07-04', source: 'LIBRARY' });
    expect(await q2()).toMatchObject({
      dueDate: '2027-07-07',
      dueDateShift: { reason: 'WEEKEND', holidayName: null },
    });
    expect((await holidays(sites.texas, 2027)).data.map((day) => day.date)).not.toContain('2027-07-04');

    // Adding it back restores the library day; removing the added day moves the task back.
    const restored = await ok<Holiday>(suite.t, suite.admin, 'POST', `/api/facilities/${sites.texas}/holidays`, {
      date: '2027-07-04',
      name: 'ignored',
    });
    expect(restored).toEqual({ date: '2027-07-04', name: 'Independence Day', source: 'LIBRARY' });
    await ok(suite.t, suite.admin, 'DELETE', `/api/facilities/${sites.texas}/holidays/2027-07-06`);
    expect(await q2()).toMatchObject({ dueDate: '2027-07-06', dueDateShift: { holidayName: 'Independence Day' } });
    suite.clock.set(NOW);
  });

  it('never moves a task someone has worked on, nor one in the past', async () => {
    const { data, tasks } = await monthlyAt(suite, sites.bavaria, '2026-05-29', { weekendShift: 'PREVIOUS' });
    const may = tasks.find((task) => task.scheduledDueDate === '2026-05-29')!;
    const june = tasks.find((task) => task.scheduledDueDate === '2026-06-29')!;
    expect([may.dueDate, june.dueDate]).toEqual(['2026-05-29', '2026-06-29']);
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${may._id}/comments`, { body: 'Sampling booked for the 29th' });

    const preview = await previewHoliday(sites.bavaria, { add: { date: '2026-05-29', name: 'Site day' } });
    expect(preview.moved).toEqual([]);
    await ok(suite.t, suite.admin, 'POST', `/api/facilities/${sites.bavaria}/holidays`, {
      date: '2026-06-29',
      name: 'Site day',
    });
    const after = await allTasks(suite.t, suite.admin, { requirementId: data._id, facilityId: sites.bavaria });
    expect(after.find((task) => task._id === june._id)).toMatchObject({
      dueDate: '2026-06-26',
      dueDateShift: { reason: 'HOLIDAY', holidayName: 'Site day' },
    });

    // A day in the past changes nothing that was due then.
    suite.clock.set('2026-07-10T12:00:00Z');
    try {
      const past = await previewHoliday(sites.bavaria, { remove: '2026-06-29' });
      expect(past.moved).toEqual([]);
    } finally {
      suite.clock.set(NOW);
    }
  });

  it("re-plans untouched future tasks when the facility's country or state changes", async () => {
    const moving = await createFacility(suite.t, suite.admin, TEXAS_PLANT);
    // Friday 3 July 2026 is the observed Independence Day in the US: NEXT moves the task to Monday 6 July.
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'YEARLY',
      firstDueDate: '2026-07-03',
      weekendShift: 'NEXT',
      facilities: [{ facilityId: moving }],
    });
    const first = async () =>
      (await allTasks(suite.t, suite.admin, { requirementId: data._id, facilityId: moving }))[0]!;
    expect(await first()).toMatchObject({ dueDate: '2026-07-06', dueDateShift: { reason: 'HOLIDAY' } });
    // The same site, now recorded in Bavaria: 3 July is a working day there.
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${moving}`, { country: 'DE', state: 'BY' });
    expect(await first()).toMatchObject({ dueDate: '2026-07-03', dueDateShift: null });
    const detail = await ok<{ history: { changes: Record<string, unknown> }[] }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/tasks/${(await first())._id}`,
    );
    expect(detail.history[0]?.changes).toEqual({ dueDate: { before: '2026-07-06', after: '2026-07-03' } });
    expect((await holidays(moving, 2026)).meta).toMatchObject({ country: 'DE', state: 'BY' });
  });
});
