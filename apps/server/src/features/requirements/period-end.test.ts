import { describe, expect, it } from 'vitest';
import type { CreateRequirementBody, RequirementDetail, RequirementPreview } from '@rtms/shared/schemas/requirements';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createRequirement, TEXAS_PLANT, unique } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

/** Tuesday 10 March 2026, noon UTC. The horizon runs to 10 April 2027. */
const NOW = '2026-03-10T12:00:00Z';

/** Period-end requirements through the API ("Period-end mode"), on both databases. */
describe('period-end requirements', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, {
    texas: TEXAS_PLANT,
    ontario: { country: 'Canada', state: 'Ontario', timeZone: 'America/Toronto' },
  });

  /** A period-end requirement at one facility, first due today. */
  const periodEndAt = (
    facilityId: string,
    fields: Partial<CreateRequirementBody> & Pick<CreateRequirementBody, 'frequency'>,
  ) =>
    createRequirement(suite.t, suite.admin, {
      scheduleMode: 'PERIOD_END',
      firstDueDate: '2026-03-10',
      facilities: [{ facilityId }],
      ...fields,
    });

  const tasksOf = async (requirementId: string, facilityId: string): Promise<Task[]> =>
    allTasks(suite.t, suite.admin, { requirementId, facilityId, sort: 'dueDate' });

  it('makes one task per quarter, due 30 days after quarter end, labelled by the quarter reported on', async () => {
    const { data, meta } = await periodEndAt(sites.texas, {
      frequency: 'QUARTERLY',
      periodDueDays: 30,
      weekendShift: 'NEXT',
    });
    expect(data).toMatchObject({ scheduleMode: 'PERIOD_END', periodDueDays: 30, periodDueDayOfMonth: null });
    expect(data.periodStartMonth).toBe(1);
    const tasks = await tasksOf(data._id, sites.texas);
    expect(meta.tasks.added).toBe(tasks.length);
    expect(tasks.map((task) => [task.periodLabel, task.scheduledDueDate, task.dueDate])).toEqual([
      ['2026-Q1', '2026-04-30', '2026-04-30'],
      ['2026-Q2', '2026-07-30', '2026-07-30'],
      ['2026-Q3', '2026-10-30', '2026-10-30'],
      // Saturday 30 January 2027 → Monday 1 February.
      ['2026-Q4', '2027-01-30', '2027-02-01'],
    ]);
    expect(tasks[3]!.dueDateShift).toEqual({ scheduledDueDate: '2027-01-30', reason: 'WEEKEND', holidayName: null });
    expect(tasks[0]!.dueDateShift).toBeNull();
  });

  it('makes a DMR due on the 28th of the month after each month, in a fiscal-year-aligned requirement too', async () => {
    const dmr = await periodEndAt(sites.texas, { frequency: 'MONTHLY', periodDueDayOfMonth: 28 });
    const tasks = await tasksOf(dmr.data._id, sites.texas);
    expect(tasks.slice(0, 3).map((task) => [task.periodLabel, task.dueDate])).toEqual([
      ['2026-02', '2026-03-28'],
      ['2026-03', '2026-04-28'],
      ['2026-04', '2026-05-28'],
    ]);
    expect(new Set(tasks.map((task) => task.periodLabel)).size).toBe(tasks.length);

    const fiscal = await periodEndAt(sites.ontario, {
      frequency: 'YEARLY',
      periodStartMonth: 7,
      periodDueDayOfMonth: 31,
    });
    // The year July 2025–June 2026 is FY2026, due 31 July 2026; FY2027 is due after the horizon.
    const yearly = await tasksOf(fiscal.data._id, sites.ontario);
    expect(yearly.map((task) => [task.periodLabel, task.dueDate])).toEqual([['FY2026', '2026-07-31']]);
  });

  it('refuses a period-end rule without exactly one due rule, for ONCE, and a weekly day-of-month', async () => {
    const base = { title: `R ${unique()}`, category: 'AIR', firstDueDate: '2026-04-01', scheduleMode: 'PERIOD_END' };
    const paths = async (body: object) => {
      const response = await call<unknown>(suite.t, suite.admin, 'POST', '/api/requirements', { ...base, ...body });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      return (response.body.details as { path: string }[]).map((detail) => detail.path);
    };
    expect(await paths({ frequency: 'QUARTERLY' })).toEqual(['periodDueDays', 'periodDueDayOfMonth']);
    expect(await paths({ frequency: 'QUARTERLY', periodDueDays: 30, periodDueDayOfMonth: 28 })).toEqual([
      'periodDueDays',
      'periodDueDayOfMonth',
    ]);
    expect(await paths({ frequency: 'ONCE', periodDueDays: 30 })).toEqual(['frequency']);
    expect(await paths({ frequency: 'WEEKLY', periodDueDayOfMonth: 3 })).toEqual(['periodDueDayOfMonth']);
    expect(await paths({ frequency: 'QUARTERLY', periodDueDays: 30, periodStartMonth: 13 })).toEqual([
      'periodStartMonth',
    ]);
    expect(await paths({ frequency: 'QUARTERLY', periodDueDays: -1 })).toEqual(['periodDueDays']);
    expect(await paths({ frequency: 'QUARTERLY', periodDueDayOfMonth: 32 })).toEqual(['periodDueDayOfMonth']);
    // At the end of the supported calendar no period is due: a clear 400, never a 500.
    expect(await paths({ frequency: 'YEARLY', periodDueDays: 30, firstDueDate: '9999-06-01' })).toEqual([
      'firstDueDate',
    ]);
  });

  it('previews the first due dates per facility before saving, and writes nothing', async () => {
    const before = (await allTasks(suite.t, suite.admin, { facilityId: sites.ontario })).length;
    const preview = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', {
      title: 'Quarterly emissions report',
      category: 'AIR',
      frequency: 'QUARTERLY',
      scheduleMode: 'PERIOD_END',
      periodDueDays: 45,
      firstDueDate: '2026-03-10',
      facilities: [{ facilityId: sites.texas }, { facilityId: sites.ontario }],
    });
    const first = (facilityId: string) =>
      preview.added
        .filter((added) => added.facilityId === facilityId)
        .slice(0, 2)
        .map((added) => [added.periodLabel, added.dueDate]);
    expect(first(sites.texas)).toEqual([
      ['2026-Q1', '2026-05-15'],
      ['2026-Q2', '2026-08-14'],
    ]);
    expect(first(sites.ontario)).toEqual(first(sites.texas));
    expect(preview.moved).toEqual([]);
    expect((await allTasks(suite.t, suite.admin, { facilityId: sites.ontario })).length).toBe(before);
  });

  it('an edit moves untouched future tasks, never a completed one, and numbers stay unique', async () => {
    const { data } = await periodEndAt(sites.ontario, { frequency: 'QUARTERLY', periodDueDays: 30 });
    const [q1] = await tasksOf(data._id, sites.ontario);
    expect(q1).toMatchObject({ periodLabel: '2026-Q1', dueDate: '2026-04-30' });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${q1!._id}/complete`, { completionNote: 'Filed early' });

    const edit = { periodDueDays: null, periodDueDayOfMonth: 15, requirementId: data._id };
    const preview = await ok<RequirementPreview>(suite.t, suite.admin, 'POST', '/api/requirements/preview', edit);
    expect(preview.moved.map((moved) => [moved.periodLabel, moved.from, moved.to])).toEqual([
      ['2026-Q2', '2026-07-30', '2026-07-15'],
      ['2026-Q3', '2026-10-30', '2026-10-15'],
      ['2026-Q4', '2027-01-30', '2027-01-15'],
    ]);
    expect(preview.added).toEqual([]);
    expect(preview.removed).toEqual([]);

    const saved = await call<{ data: RequirementDetail; meta: { tasks: { moved: number; added: number } } }>(
      suite.t,
      suite.admin,
      'PATCH',
      `/api/requirements/${data._id}`,
      { periodDueDayOfMonth: 15 },
    );
    expect(saved.status).toBe(200);
    // Setting the day of the month clears the day count.
    expect(saved.body.data).toMatchObject({ periodDueDays: null, periodDueDayOfMonth: 15 });
    expect(saved.body.meta.tasks).toMatchObject({ moved: 3, added: 0 });
    const after = await tasksOf(data._id, sites.ontario);
    expect(after.map((task) => [task.periodLabel, task.dueDate, task.status])).toEqual([
      ['2026-Q1', '2026-04-30', 'COMPLETED'],
      ['2026-Q2', '2026-07-15', 'INCOMPLETE'],
      ['2026-Q3', '2026-10-15', 'INCOMPLETE'],
      ['2026-Q4', '2027-01-15', 'INCOMPLETE'],
    ]);
    expect(new Set(after.map((task) => task.sequence)).size).toBe(after.length);
    // Each moved task says so in its history.
    const q2 = await ok<{ history: { changes: Record<string, unknown> }[] }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/tasks/${after[1]!._id}`,
    );
    expect(q2.history.map((entry) => entry.changes.dueDate)).toContainEqual({
      before: '2026-07-30',
      after: '2026-07-15',
    });

    // Switching back to calendar mode clears the due rule.
    const calendar = await ok<RequirementDetail>(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, {
      scheduleMode: 'CALENDAR',
      firstDueDate: '2026-04-30',
    });
    expect(calendar).toMatchObject({ scheduleMode: 'CALENDAR', periodDueDays: null, periodDueDayOfMonth: null });
  });

  it('daily generation extends period-end series without duplicates and a re-run does nothing', async () => {
    const { data } = await periodEndAt(sites.texas, { frequency: 'MONTHLY', periodDueDays: 20 });
    const before = await tasksOf(data._id, sites.texas);
    suite.clock.set('2026-06-10T12:00:00Z');
    try {
      const first = await suite.t.jobs.runGenerationNow();
      expect(first.inserted).toBeGreaterThan(0);
      const second = await suite.t.jobs.runGenerationNow();
      expect(second.inserted).toBe(0);
      const after = await tasksOf(data._id, sites.texas);
      expect(after.length).toBe(before.length + 3);
      expect(after.slice(0, before.length).map((task) => task._id)).toEqual(before.map((task) => task._id));
      const labels = after.map((task) => task.periodLabel);
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.at(-1)).toBe('2027-05');
      expect(new Set(after.map((task) => task.sequence)).size).toBe(after.length);
    } finally {
      suite.clock.set(NOW);
    }
  });
});
