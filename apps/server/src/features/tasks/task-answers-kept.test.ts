import { beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuite, suiteUser } from '../../test/signed-in-suite';
import { testClock } from '../../test/test-clock';

/**
 * The Tasks Tracker's answers are kept serialized while the tasks revision, the labels revision and the
 * minute hold (decision 034): a rename of what labels a row, a write to a task and a facility's midnight
 * must each show on the next read of the same page, read just before.
 */
describe('the list answers kept per revision', () => {
  const clock = testClock('2026-03-10T12:00:00Z');
  const suite = signedInSuite({}, { now: clock });
  const worker = suiteUser(suite, 'FACILITY_USER');
  let facilityId: string;
  let requirementId: string;

  const page = () =>
    ok<Task[]>(suite.t, suite.admin, 'GET', `/api/tasks?pageSize=3&requirementId=${requirementId}&sort=dueDate`);

  beforeAll(async () => {
    facilityId = await createFacility(suite.t, suite.admin, { name: 'Kept Ridge', timeZone: 'Pacific/Auckland' });
    const weekly = await createRequirement(suite.t, suite.admin, {
      title: 'Kept weekly inspection',
      frequency: 'WEEKLY',
      firstDueDate: '2026-03-02',
      facilities: [{ facilityId }],
    });
    requirementId = weekly.data._id;
  });

  it('shows a renamed facility and requirement at once', async () => {
    expect((await page())[0]!.facilityName).toBe('Kept Ridge');
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${facilityId}`, { name: 'Renamed Ridge' });
    expect((await page())[0]!.facilityName).toBe('Renamed Ridge');
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirementId}`, { title: 'Renamed inspection' });
    expect((await page())[0]!.requirementTitle).toBe('Renamed inspection');
  });

  it('shows an assignment, then the assignee’s new name', async () => {
    const [first] = await page();
    await assignFacility(suite.t, suite.admin, worker.id, facilityId);
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${first!._id}`, { assigneeId: worker.id });
    expect((await page())[0]!.assigneeId).toBe(worker.id);
    await ok(suite.t, suite.admin, 'PATCH', `/api/users/${worker.id}`, { firstName: 'Kept', lastName: 'Renamed' });
    expect((await page())[0]!.assigneeName).toBe('Kept Renamed');
  });

  it('judges overdue against the facility’s new day once its midnight passes', async () => {
    // 2026-03-16 is a due date of the weekly series; 10:50 UTC is 23:50 on the 16th in Auckland (UTC+13), 11:05 UTC 00:05 on the 17th.
    clock.set('2026-03-16T10:50:00Z');
    const before = (await page()).find((task) => task.dueDate === '2026-03-16');
    clock.set('2026-03-16T11:05:00Z');
    const after = (await page()).find((task) => task.dueDate === '2026-03-16');
    expect(before?.overdue).toBe(false);
    expect(after?.overdue).toBe(true);
  });

  it('names a renamed facility on the dashboard, and recounts it after a completion', async () => {
    // The tasks due on 16 and 23 March are overdue on the 25th.
    clock.set('2026-03-25T00:00:00Z');
    const summary = () =>
      ok<{ overdue: number; overdueByFacility: { facilityName: string }[] }>(
        suite.t,
        suite.admin,
        'GET',
        `/api/tasks/summary?facilityId=${facilityId}`,
      );
    const before = await summary();
    expect(before.overdue).toBe(2);
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${facilityId}`, { name: 'Dashboard Ridge' });
    expect((await summary()).overdueByFacility.map((row) => row.facilityName)).toEqual(['Dashboard Ridge']);
    const overdue = (await page()).find((task) => task.overdue);
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${overdue!._id}/complete`, {});
    expect((await summary()).overdue).toBe(1);
  });

  it('recounts the calendar’s days after a completion', async () => {
    const days = async () =>
      (
        await ok<{ date: string; byState: Record<string, number> }[]>(
          suite.t,
          suite.admin,
          'GET',
          `/api/calendar/days?from=2026-03-01&to=2026-04-30&requirementId=${requirementId}`,
        )
      ).find((day) => day.date === '2026-03-30')!.byState;
    const before = await days();
    const task = (await page()).find((row) => row.dueDate === '2026-03-30');
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${task!._id}/complete`, {});
    const after = await days();
    expect(after.COMPLETED).toBe(before.COMPLETED! + 1);
  });

  it('moves a commented task to the top of the recently updated', async () => {
    clock.set('2026-03-26T08:00:00Z');
    const recent = async () =>
      (
        await ok<Task[]>(
          suite.t,
          suite.admin,
          'GET',
          `/api/tasks?pageSize=50&requirementId=${requirementId}&sort=-updatedAt`,
        )
      ).map((task) => task._id);
    const before = await recent();
    const last = before[before.length - 1]!;
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${last}/comments`, { body: 'Checked on site' });
    expect((await recent())[0]).toBe(last);
  });

  it('lists the tasks of a requirement moved to another program area under it at once', async () => {
    const area = await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/program-areas', { name: 'Kept area' });
    const total = async (query: string) =>
      (await call<{ meta: { total: number } }>(suite.t, suite.admin, 'GET', `/api/tasks?${query}`)).body.meta.total;
    expect(await total(`programAreaId=${area._id}`)).toBe(0);
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${requirementId}`, { programAreaId: area._id });
    expect(await total(`programAreaId=${area._id}`)).toBe(await total(`requirementId=${requirementId}`));
  });
});
