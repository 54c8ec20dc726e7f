import { describe, expect, it } from 'vitest';
import { dayOfWeek, diffDays } from '@rtms/shared/calendar-date';
import type { TaskFrequency } from '@rtms/shared/enums';
import type { RequirementDetail, RequirementPreview } from '@rtms/shared/schemas/requirements';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createRequirement, dueDates, monthlyAt } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

/** Tuesday 10 March 2026, noon UTC: already Wednesday 11 March in Pacific/Kiritimati (UTC+14). */
const NOW = '2026-03-10T12:00:00Z';

describe('requirements make tasks', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, {
    utc: { timeZone: 'UTC' },
    chicago: { timeZone: 'America/Chicago' },
    kiritimati: { timeZone: 'Pacific/Kiritimati' },
  });

  const everywhere = () => [{ facilityId: sites.utc }, { facilityId: sites.chicago }, { facilityId: sites.kiritimati }];

  it('generates every frequency at several facilities, up to the horizon and always the next occurrence', async () => {
    // Today is 2026-03-10 (UTC, Chicago) and 2026-03-11 (Kiritimati); the horizon runs 13 months ahead.
    const cases: { frequency: TaskFrequency; first: string; expected: string[] | null; kiritimati?: string[] }[] = [
      { frequency: 'ONCE', first: '2026-06-15', expected: ['2026-06-15'] },
      { frequency: 'WEEKLY', first: '2026-03-02', expected: null },
      {
        frequency: 'MONTHLY',
        first: '2026-01-31',
        expected: [
          '2026-03-31',
          '2026-04-30',
          '2026-05-31',
          '2026-06-30',
          '2026-07-31',
          '2026-08-31',
          '2026-09-30',
          '2026-10-31',
          '2026-11-30',
          '2026-12-31',
          '2027-01-31',
          '2027-02-28',
          '2027-03-31',
        ],
      },
      {
        frequency: 'QUARTERLY',
        first: '2025-11-30',
        expected: ['2026-05-30', '2026-08-30', '2026-11-30', '2027-02-28'],
      },
      { frequency: 'SEMI-ANNUAL', first: '2024-08-31', expected: ['2026-08-31', '2027-02-28'] },
      { frequency: 'YEARLY', first: '2024-02-29', expected: ['2027-02-28'] },
      { frequency: 'BIENNIAL', first: '2025-05-01', expected: ['2027-05-01'] },
      { frequency: 'TRIENNUAL', first: '2024-09-15', expected: ['2027-09-15'] },
      { frequency: '4 YEARS', first: '2023-01-10', expected: ['2027-01-10'] },
      // Due today in UTC and Chicago; already past in Kiritimati, where the next one (2031) is generated.
      { frequency: '5 YEARS', first: '2021-03-10', expected: ['2026-03-10'], kiritimati: ['2031-03-10'] },
      { frequency: '6 YEARS', first: '2020-12-31', expected: ['2026-12-31'] },
      { frequency: '10 YEARS', first: '2017-04-01', expected: ['2027-04-01'] },
      { frequency: '12 YEARS', first: '2020-06-01', expected: ['2032-06-01'] },
    ];
    for (const { frequency, first, expected, kiritimati: inKiritimati } of cases) {
      const { data } = await createRequirement(suite.t, suite.admin, {
        frequency,
        firstDueDate: first,
        facilities: everywhere(),
      });
      for (const facilityId of [sites.utc, sites.chicago, sites.kiritimati]) {
        const dates = await dueDates(suite.t, suite.admin, data._id, facilityId);
        if (expected === null) {
          // Weekly: every Monday from the first on or after today through the horizon (2027-04-10).
          expect(dates[0]).toBe('2026-03-16');
          expect(dates.at(-1)).toBe('2027-04-05');
          expect(dates).toHaveLength(diffDays('2027-04-05', '2026-03-16') / 7 + 1);
          expect(dates.every((date) => dayOfWeek(date) === 1)).toBe(true);
        } else {
          expect(dates, `${frequency} at ${facilityId}`).toEqual(
            facilityId === sites.kiritimati && inKiritimati ? inKiritimati : expected,
          );
        }
      }
    }
    const monthly = await allTasks(suite.t, suite.admin, { frequency: 'MONTHLY', facilityId: sites.utc });
    expect(monthly.map((task) => task.periodLabel).slice(0, 3)).toEqual(['2026-03', '2026-04', '2026-05']);
    expect(monthly.map((task) => task.sequence).slice(0, 3)).toEqual([2, 3, 4]);
  });

  it('is idempotent: the daily job finds nothing to do after a save, and runs once per day', async () => {
    const before = (await allTasks(suite.t, suite.admin)).length;
    const first = await suite.t.jobs.runDailyGeneration();
    expect(first).toMatchObject({ ran: true, result: { inserted: 0 } });
    expect(await suite.t.jobs.runDailyGeneration()).toMatchObject({ ran: false });
    expect((await suite.t.jobs.runGenerationNow()).inserted).toBe(0);
    expect((await allTasks(suite.t, suite.admin)).length).toBe(before);
  });

  it('extends the horizon day by day, without ever duplicating a task', async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-15',
      facilities: [{ facilityId: sites.utc }],
    });
    expect((await dueDates(suite.t, suite.admin, data._id, sites.utc)).at(-1)).toBe('2027-03-15');
    suite.clock.set('2026-04-11T12:00:00Z');
    try {
      const run = await suite.t.jobs.runDailyGeneration();
      expect(run.ran).toBe(true);
      expect(run.result!.inserted).toBeGreaterThan(0);
      expect((await suite.t.jobs.runGenerationNow()).inserted).toBe(0);
      const dates = await dueDates(suite.t, suite.admin, data._id, sites.utc);
      expect(dates.at(-1)).toBe('2027-04-15');
      expect(new Set(dates).size).toBe(dates.length);
    } finally {
      suite.clock.set(NOW);
    }
  });

  it('generates history only when a backfill is asked for', async () => {
    const plain = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2025-01-31',
      facilities: [{ facilityId: sites.utc }],
    });
    expect((await dueDates(suite.t, suite.admin, plain.data._id, sites.utc))[0]).toBe('2026-03-31');

    const backfilled = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2025-01-31',
      backfillFrom: '2025-06-01',
      facilities: [{ facilityId: sites.utc }],
    });
    const tasks = await allTasks(suite.t, suite.admin, { requirementId: backfilled.data._id });
    expect(tasks[0]).toMatchObject({ dueDate: '2025-06-30', sequence: 5, overdue: true });
    expect(tasks.filter((task) => task.overdue).map((task) => task.dueDate)).toEqual([
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
    ]);
    expect(backfilled.data.facilities[0]!.generateFrom).toBe('2025-06-01');
  });

  it('applies the weekend shift to the due date, keeping the scheduled date and its period', async () => {
    const { tasks } = await monthlyAt(suite, sites.utc, '2026-03-31', { weekendShift: 'NEXT' });
    const may = tasks.find((task) => task.scheduledDueDate === '2026-05-31');
    expect(may).toMatchObject({ dueDate: '2026-06-01', periodLabel: '2026-05' });
  });

  it('defaults lead time and grace by frequency and answers the requirement with its bindings', async () => {
    const { data, meta } = await createRequirement(suite.t, suite.admin, {
      frequency: 'QUARTERLY',
      firstDueDate: '2026-04-01',
      permitNumber: 'NPDES-TX-0001',
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago, firstDueDate: '2026-04-15' }],
    });
    expect(data).toMatchObject({
      leadTimeDays: 14,
      graceDays: 7,
      scheduleMode: 'CALENDAR',
      weekendShift: 'NONE',
      status: 'ACTIVE',
      facilityCount: 2,
    });
    expect(meta.tasks.added).toBe(9);
    const read = await ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${data._id}`);
    expect(read.facilities.map((binding) => binding.firstDueDate).sort()).toEqual(['2026-04-15', null].sort());
    expect(await dueDates(suite.t, suite.admin, data._id, sites.chicago)).toEqual([
      '2026-04-15',
      '2026-07-15',
      '2026-10-15',
      '2027-01-15',
    ]);
  });

  it('needs a reason for a facility that is not applicable, and gives it no tasks', async () => {
    const missing = await call(suite.t, suite.admin, 'POST', '/api/requirements', {
      title: 'Stormwater inspection',
      category: 'WATER',
      frequency: 'MONTHLY',
      firstDueDate: '2026-04-01',
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago, applicable: false }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'facilities.1.notApplicableReason', message: expect.any(String) }]);

    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-04-01',
      facilities: [
        { facilityId: sites.utc },
        { facilityId: sites.chicago, applicable: false, notApplicableReason: 'No outfall on site' },
      ],
    });
    expect(await dueDates(suite.t, suite.admin, data._id, sites.chicago)).toEqual([]);
    expect((await dueDates(suite.t, suite.admin, data._id, sites.utc)).length).toBe(13);
    expect(data.facilities.find((binding) => binding.facilityId === sites.chicago)).toMatchObject({
      applicable: false,
      notApplicableReason: 'No outfall on site',
    });
    // Marking an applicable facility not applicable removes its untouched future tasks.
    const edited = await ok<RequirementDetail>(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, {
      facilities: [
        { facilityId: sites.utc, applicable: false, notApplicableReason: 'Decommissioned outfall' },
        { facilityId: sites.chicago, applicable: false, notApplicableReason: 'No outfall on site' },
      ],
    });
    expect(edited.facilities.every((binding) => !binding.applicable)).toBe(true);
    expect(await dueDates(suite.t, suite.admin, data._id, sites.utc)).toEqual([]);
  });

  it('validates references, dates and duplicates with per-field details', async () => {
    const base = { title: 'X', category: 'AIR', frequency: 'YEARLY', firstDueDate: '2026-05-01' };
    const cases: [object, string][] = [
      [{ ...base, regulationId: 'nope' }, 'regulationId'],
      [{ ...base, programAreaId: 'nope' }, 'programAreaId'],
      [{ ...base, firstDueDate: '2026-02-30' }, 'firstDueDate'],
      [{ ...base, frequency: 'DAILY' }, 'frequency'],
      [{ ...base, activeFrom: '2026-05-01', activeUntil: '2026-04-01' }, 'activeUntil'],
      [{ ...base, facilities: [{ facilityId: sites.utc }, { facilityId: sites.utc }] }, 'facilities.1.facilityId'],
      [{ ...base, facilities: [{ facilityId: 'unknown' }] }, 'facilities.0.facilityId'],
      [{ ...base, defaultAssigneeId: 'unknown' }, 'defaultAssigneeId'],
      [{ ...base, title: '' }, 'title'],
    ];
    for (const [payload, path] of cases) {
      const response = await call(suite.t, suite.admin, 'POST', '/api/requirements', payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect((response.body.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    }
  });

  it('a change of frequency never adds a task on a day a completed task already holds', async () => {
    const { data, tasks } = await monthlyAt(suite, sites.utc, '2026-01-31');
    const april = tasks.find((task) => task.dueDate === '2026-04-30')!;
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${april._id}/complete`, {});

    const preview = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', {
      requirementId: data._id,
      frequency: 'QUARTERLY',
    });
    expect(preview.added.map((occurrence) => occurrence.dueDate)).not.toContain('2026-04-30');
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, { frequency: 'QUARTERLY' });
    const after = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    expect(after.filter((task) => task.scheduledDueDate === '2026-04-30').map((task) => task._id)).toEqual([april._id]);
    const upcoming = after.filter((task) => task.scheduledDueDate >= '2026-03-10' && task._id !== april._id);
    expect(upcoming.slice(0, 3).map((task) => `${task.dueDate} ${task.periodLabel}`)).toEqual([
      '2026-07-31 2026-Q3',
      '2026-10-31 2026-Q4',
      '2027-01-31 2027-Q1',
    ]);
  });

  it('lists with filters, search and sort', async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      title: 'Avian mortality survey',
      category: 'SUSTAINABILITY',
      frequency: 'SEMI-ANNUAL',
      firstDueDate: '2026-05-01',
      citation: '16 U.S.C. 703',
      facilities: [{ facilityId: sites.kiritimati }],
    });
    const search = await ok<{ _id: string }[]>(suite.t, suite.admin, 'GET', '/api/requirements?search=avian%20703');
    expect(search.map((requirement) => requirement._id)).toEqual([data._id]);
    const filtered = await call<{ data: { _id: string; category: string }[]; meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/requirements?category=SUSTAINABILITY&frequency=SEMI-ANNUAL&facilityId=${sites.kiritimati}&sort=-title`,
    );
    expect(filtered.body.data.map((requirement) => requirement._id)).toContain(data._id);
    expect(filtered.body.data.every((requirement) => requirement.category === 'SUSTAINABILITY')).toBe(true);
    const page = await call<{ data: unknown[]; meta: { total: number; page: number; pageSize: number } }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/requirements?pageSize=5&page=2&sort=firstDueDate',
    );
    expect(page.body.meta).toMatchObject({ page: 2, pageSize: 5 });
    expect(page.body.meta.total).toBeGreaterThan(20);
    expect(page.body.data).toHaveLength(5);
  });

  it('facility admins manage requirements of their own facilities only', async () => {
    const facilityAdmin = await suite.t.createUser('FACILITY_ADMIN');
    await assignFacility(suite.t, suite.admin, facilityAdmin.id, sites.utc);
    const token = await suite.t.signIn(facilityAdmin.email);

    const own = await createRequirement(suite.t, token, {
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: sites.utc }],
    });
    expect(own.data.facilities).toHaveLength(1);
    expect(own.data.allowedActions).toEqual(['update', 'retire']);
    const other = await call(suite.t, token, 'POST', '/api/requirements', {
      title: 'X',
      category: 'AIR',
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: sites.chicago }],
    });
    // Outside the caller's facilities: 404, as a read of that facility answers, not a 400 naming it.
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', message: 'Facility not found' });

    const shared = await createRequirement(suite.t, suite.admin, {
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: sites.utc }, { facilityId: sites.chicago }],
    });
    const read = await ok<RequirementDetail>(suite.t, token, 'GET', `/api/requirements/${shared.data._id}`);
    expect(read.facilities.map((binding) => binding.facilityId)).toEqual([sites.utc]);
    // The server says so before anyone tries: nothing to offer on a requirement that binds others' facilities.
    expect(read.allowedActions).toEqual([]);
    expect(shared.data.allowedActions).toEqual(['update', 'retire']);
    expect(
      (await call(suite.t, token, 'PATCH', `/api/requirements/${shared.data._id}`, { title: 'Mine now' })).status,
    ).toBe(403);
    expect((await call(suite.t, token, 'POST', `/api/requirements/${shared.data._id}/retire`, {})).status).toBe(403);
    const user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, sites.utc);
    const userRead = await ok<RequirementDetail>(
      suite.t,
      await suite.t.signIn(user.email),
      'GET',
      `/api/requirements/${own.data._id}`,
    );
    expect(userRead.allowedActions).toEqual([]);
    const onlyOther = await createRequirement(suite.t, suite.admin, {
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: sites.chicago }],
    });
    expect((await call(suite.t, token, 'GET', `/api/requirements/${onlyOther.data._id}`)).status).toBe(404);
    expect(
      (await call(suite.t, token, 'PATCH', `/api/requirements/${onlyOther.data._id}`, { title: 'x' })).status,
    ).toBe(404);
    const listed = await allRequirementIds(token);
    // The list rows carry the same per-requirement answer as the detail, so the table offers nothing doomed.
    const listedActions = async (caller: string, requirement: { _id: string; title: string }) => {
      const rows = await ok<{ _id: string; allowedActions: string[] }[]>(
        suite.t,
        caller,
        'GET',
        `/api/requirements?pageSize=200&search=${encodeURIComponent(requirement.title)}`,
      );
      return rows.find((row) => row._id === requirement._id)?.allowedActions;
    };
    expect(await listedActions(token, shared.data)).toEqual([]);
    expect(await listedActions(token, own.data)).toEqual(['update', 'retire']);
    expect(await listedActions(suite.admin, shared.data)).toEqual(['update', 'retire']);
    expect(listed).toContain(shared.data._id);
    expect(listed).not.toContain(onlyOther.data._id);
    // The tasks it sees are those of its facility.
    const tasks: Task[] = await allTasks(suite.t, token, { requirementId: shared.data._id });
    expect(tasks.every((task) => task.facilityId === sites.utc)).toBe(true);
  });

  async function allRequirementIds(token: string): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ; page += 1) {
      const data = await ok<{ _id: string }[]>(suite.t, token, 'GET', `/api/requirements?pageSize=200&page=${page}`);
      ids.push(...data.map((requirement) => requirement._id));
      if (data.length < 200) return ids;
    }
  }
});
