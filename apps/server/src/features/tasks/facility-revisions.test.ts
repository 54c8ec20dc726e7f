import { beforeAll, describe, expect, it } from 'vitest';
import type { CalendarDay } from '@rtms/shared/schemas/calendar';
import type { TaskSummary } from '@rtms/shared/schemas/task-summary';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createRequirement, DESERT_SUN, PRAIRIE_WIND } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';
import { findTaskFacilityRevisions } from './tasks.repository';

/**
 * The cached figures are kept per facility and recounted for the facilities whose revision moved
 * (decision 026): every write to a facility's tasks must move its revision, in the write's transaction,
 * and nothing else's; so must the requirement changes that change its tasks' states or filters.
 */
describe('per-facility tasks revisions and the figures cached on them', () => {
  const suite = signedInSuiteAt('2026-03-10T12:00:00Z');
  const sites = suiteFacilities(suite, {
    plantA: PRAIRIE_WIND,
    plantB: { ...DESERT_SUN, timeZone: 'America/Chicago' },
  });
  let requirementId: string;

  const revisions = () => findTaskFacilityRevisions(suite.t.database.db);
  const summary = () => ok<TaskSummary>(suite.t, suite.admin, 'GET', '/api/tasks/summary');
  const total = async (query = '') =>
    (await call<{ meta: { total: number } }>(suite.t, suite.admin, 'GET', `/api/tasks?pageSize=1${query}`)).body.meta
      .total;
  const days = () => ok<CalendarDay[]>(suite.t, suite.admin, 'GET', '/api/calendar/days?from=2026-03-01&to=2026-03-31');

  /** Every cached figure against what the task list says. */
  async function expectFiguresOfTheList() {
    const tasks = await allTasks(suite.t, suite.admin);
    const figures = await summary();
    const count = (predicate: (task: Task) => boolean) => tasks.filter(predicate).length;
    expect(figures.overdue).toBe(count((task) => task.state === 'OVERDUE'));
    expect(figures.upcoming).toBe(count((task) => task.state === 'UPCOMING'));
    expect(figures.completedThisMonth).toBe(count((task) => (task.completedOn ?? '').startsWith('2026-03')));
    expect(await total()).toBe(tasks.length);
    expect(await total('&status=COMPLETED')).toBe(count((task) => task.status === 'COMPLETED'));
    const march = tasks.filter((task) => task.dueDate.startsWith('2026-03'));
    const calendar = await days();
    expect(calendar.reduce((sum, day) => sum + day.total, 0)).toBe(march.length);
    expect(calendar.reduce((sum, day) => sum + day.byState.COMPLETED, 0)).toBe(
      march.filter((task) => task.status === 'COMPLETED').length,
    );
  }

  beforeAll(async () => {
    const weekly = await createRequirement(suite.t, suite.admin, {
      frequency: 'WEEKLY',
      firstDueDate: '2026-02-02',
      backfillFrom: '2026-02-01',
      leadTimeDays: 3,
      facilities: [{ facilityId: sites.plantA }, { facilityId: sites.plantB }],
    });
    requirementId = weekly.data._id;
  });

  it('moves only the written facility’s revision, and the cached figures follow the write', async () => {
    await expectFiguresOfTheList(); // warms every cache
    const before = await revisions();
    const [task] = await allTasks(suite.t, suite.admin, { facilityId: sites.plantA, state: 'OVERDUE' });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${task!._id}/complete`, {});
    const after = await revisions();
    expect(after.get(sites.plantA)).toBeGreaterThan(before.get(sites.plantA) ?? 0);
    expect(after.get(sites.plantB)).toBe(before.get(sites.plantB));
    await expectFiguresOfTheList();
  });

  it('moves the bound facilities when a requirement’s lead time changes (tasks move between UPCOMING and OPEN)', async () => {
    await expectFiguresOfTheList();
    const before = await revisions();
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirementId}`, { leadTimeDays: 20 });
    const after = await revisions();
    expect(after.get(sites.plantA)).toBeGreaterThan(before.get(sites.plantA) ?? 0);
    expect(after.get(sites.plantB)).toBeGreaterThan(before.get(sites.plantB) ?? 0);
    await expectFiguresOfTheList();
  });

  it('caches a search’s total and follows a change of the searched texts and of the tasks', async () => {
    const before = await allTasks(suite.t, suite.admin, { search: 'lighthouse' });
    expect(before).toHaveLength(0);
    expect(await total('&search=lighthouse')).toBe(0);
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirementId}`, { title: 'Weekly lighthouse check' });
    const matching = await allTasks(suite.t, suite.admin, { search: 'lighthouse' });
    expect(matching.length).toBeGreaterThan(0);
    expect(await total('&search=lighthouse')).toBe(matching.length);
    expect(await total('&search=lighthouse&status=COMPLETED')).toBe(
      matching.filter((task) => task.status === 'COMPLETED').length,
    );
    const open = matching.find((task) => task.status === 'INCOMPLETE' && task.facilityId === sites.plantA)!;
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${open._id}/complete`, {});
    expect(await total('&search=lighthouse&status=COMPLETED')).toBe(
      matching.filter((task) => task.status === 'COMPLETED').length + 1,
    );
  });

  it('rolls back with the write: a refused completion moves nothing', async () => {
    const before = await revisions();
    const [done] = await allTasks(suite.t, suite.admin, { facilityId: sites.plantB, status: 'INCOMPLETE' });
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${done!._id}/complete`, {});
    const middle = await revisions();
    const response = await suite.t.app.inject({
      method: 'POST',
      url: `/api/tasks/${done!._id}/complete`,
      headers: { authorization: `Bearer ${suite.admin}` },
      payload: {},
    });
    expect(response.statusCode).toBe(409);
    expect(await revisions()).toEqual(middle);
    expect(middle.get(sites.plantA)).toBe(before.get(sites.plantA));
  });
});
