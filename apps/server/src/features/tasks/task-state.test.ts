import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATES, type TaskState } from '@rtms/shared/task-state';
import type { Task, TaskDetail } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp } from '../../test/test-app';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

/**
 * The derived task state on the server: on every task answer and as a list filter, judged on today in
 * each facility's time zone. One task due 20 June 2026 (lead time 10 days, grace 5) at three facilities:
 * UTC+14 (Kiritimati), UTC and UTC−11 (Pago Pago), so that one instant is two different days.
 */
describe('task state', () => {
  const suite = signedInSuiteAt('2026-06-01T12:00:00Z');
  const sites = suiteFacilities(suite, {
    east: { timeZone: 'Pacific/Kiritimati' },
    utc: { timeZone: 'UTC' },
    west: { timeZone: 'Pacific/Pago_Pago' },
  });
  let requirementId: string;

  beforeAll(async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'ONCE',
      firstDueDate: '2026-06-20',
      leadTimeDays: 10,
      graceDays: 5,
      facilities: [{ facilityId: sites.east }, { facilityId: sites.utc }, { facilityId: sites.west }],
    });
    requirementId = data._id;
  });

  const named = () =>
    new Map([
      [sites.east, 'east'],
      [sites.utc, 'utc'],
      [sites.west, 'west'],
    ]);

  /** Each facility's state as the task answers carry it. */
  async function states(): Promise<Record<string, TaskState>> {
    const names = named();
    const tasks = await allTasks(suite.t, suite.admin, { requirementId });
    return Object.fromEntries(tasks.map((task) => [names.get(task.facilityId)!, task.state]));
  }

  /** Each facility's state as the `state` filter finds it: every task must match its own state only. */
  async function filteredStates(): Promise<Record<string, TaskState>> {
    const names = named();
    const found: Record<string, TaskState> = {};
    for (const state of TASK_STATES) {
      const { body } = await call<{ data: Task[]; meta: { total: number } }>(
        suite.t,
        suite.admin,
        'GET',
        `/api/tasks?requirementId=${requirementId}&state=${state}`,
      );
      expect(body.meta.total).toBe(body.data.length);
      for (const task of body.data) {
        const name = names.get(task.facilityId)!;
        expect(found[name], `${name} matched ${found[name]} and ${state}`).toBeUndefined();
        found[name] = state;
      }
    }
    return found;
  }

  async function expectStates(instant: string, expected: Record<string, TaskState>) {
    suite.clock.set(instant);
    expect(await states(), `answers at ${instant}`).toEqual(expected);
    expect(await filteredStates(), `filter at ${instant}`).toEqual(expected);
  }

  it('is UPCOMING the day before the window opens and OPEN on the day it opens, per time zone', async () => {
    // 06-09 in UTC and Pago Pago (due − 11), already 06-10 (due − 10, the opening day) in Kiritimati.
    await expectStates('2026-06-09T12:00:00Z', { east: 'OPEN', utc: 'UPCOMING', west: 'UPCOMING' });
    // 06-10 in UTC, still 06-09 in Pago Pago.
    await expectStates('2026-06-10T00:30:00Z', { east: 'OPEN', utc: 'OPEN', west: 'UPCOMING' });
  });

  it('is DUE_SOON from seven days before the due date', async () => {
    // 06-13 (due − 7) in Kiritimati, 06-12 in UTC and Pago Pago.
    await expectStates('2026-06-12T11:00:00Z', { east: 'DUE_SOON', utc: 'OPEN', west: 'OPEN' });
  });

  it('is DUE_SOON on the due day and OVERDUE the day after', async () => {
    // 06-21 in Kiritimati, 06-20 in UTC, 06-19 in Pago Pago.
    await expectStates('2026-06-20T10:30:00Z', { east: 'OVERDUE', utc: 'DUE_SOON', west: 'DUE_SOON' });
  });

  it('stays OVERDUE on the last day of grace, and the detail says which day that is', async () => {
    await expectStates('2026-06-25T12:00:00Z', { east: 'OVERDUE', utc: 'OVERDUE', west: 'OVERDUE' });
    const [task] = await allTasks(suite.t, suite.admin, { requirementId, facilityId: sites.utc });
    const detail = await ok<TaskDetail>(suite.t, suite.admin, 'GET', `/api/tasks/${task!._id}`);
    expect(detail).toMatchObject({ state: 'OVERDUE', opensOn: '2026-06-10', graceEndsOn: '2026-06-25' });
  });

  it('is COMPLETED once completed and NOT_APPLICABLE once marked so, in answers and filters', async () => {
    suite.clock.set('2026-06-25T12:00:00Z');
    const tasks = await allTasks(suite.t, suite.admin, { requirementId });
    const byFacility = (id: string) => tasks.find((task) => task.facilityId === id)!;
    const completed = await ok<Task>(
      suite.t,
      suite.admin,
      'POST',
      `/api/tasks/${byFacility(sites.utc)._id}/complete`,
      {},
    );
    expect(completed.state).toBe('COMPLETED');
    const exempt = await ok<Task>(suite.t, suite.admin, 'PATCH', `/api/tasks/${byFacility(sites.west)._id}`, {
      notApplicableReason: 'Decommissioned',
    });
    expect(exempt.state).toBe('NOT_APPLICABLE');
    await expectStates('2026-06-25T12:00:00Z', { east: 'OVERDUE', utc: 'COMPLETED', west: 'NOT_APPLICABLE' });

    const several = await allTasks(suite.t, suite.admin, { requirementId, state: 'COMPLETED,NOT_APPLICABLE' });
    expect(several.map((task) => task.state).sort()).toEqual(['COMPLETED', 'NOT_APPLICABLE']);
    const params = new URLSearchParams([
      ['requirementId', requirementId],
      ['state', 'OVERDUE'],
      ['state', 'COMPLETED'],
    ]);
    const repeated = await ok<Task[]>(suite.t, suite.admin, 'GET', `/api/tasks?${params}`);
    expect(repeated.map((task) => task.state).sort()).toEqual(['COMPLETED', 'OVERDUE']);
  });

  it('follows a change of the lead time at once (no cached count outlives it)', async () => {
    suite.clock.set('2026-06-01T12:00:00Z');
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'ONCE',
      firstDueDate: '2026-06-30',
      leadTimeDays: 10,
      facilities: [{ facilityId: sites.utc }],
    });
    const upcoming = `/api/tasks?requirementId=${data._id}&state=UPCOMING`;
    const before = await call<{ meta: { total: number } }>(suite.t, suite.admin, 'GET', upcoming);
    expect(before.body.meta.total).toBe(1);
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${data._id}`, { leadTimeDays: 60 });
    const after = await call<{ data: Task[]; meta: { total: number } }>(suite.t, suite.admin, 'GET', upcoming);
    expect(after.body.meta.total).toBe(0);
    const [task] = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    expect(task!.state).toBe('OPEN');
  });

  it('filters within the caller scope only', async () => {
    suite.clock.set('2026-06-20T10:30:00Z');
    const user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, sites.east);
    const token = await suite.t.signIn(user.email);
    const overdue = await allTasks(suite.t, token, { requirementId, state: 'OVERDUE' });
    expect(overdue.map((task) => task.facilityId)).toEqual([sites.east]);
    expect(await allTasks(suite.t, token, { requirementId, state: 'DUE_SOON' })).toEqual([]);
  });

  it('refuses an unknown state with the field named', async () => {
    const response = await call(suite.t, suite.admin, 'GET', '/api/tasks?state=OPEN,LATE');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(response.body.details)).toContain('state');
  });
});

describe('overdue is judged in the facility’s time zone', () => {
  it('a task due 10 March is overdue in Kiritimati (UTC+14) but not yet in Pago Pago (UTC−11) at 10:30 UTC', async () => {
    const clock = testClock('2026-03-10T09:00:00Z');
    const t = await createTestApp({}, { now: clock });
    try {
      const admin = await t.signIn(ADMIN_EMAIL);
      const kiritimati = await createFacility(t, admin, { timeZone: 'Pacific/Kiritimati' });
      const pagoPago = await createFacility(t, admin, { timeZone: 'Pacific/Pago_Pago' });
      const { data } = await createRequirement(t, admin, {
        frequency: 'ONCE',
        firstDueDate: '2026-03-10',
        backfillFrom: '2026-03-01',
        facilities: [{ facilityId: kiritimati }, { facilityId: pagoPago }],
      });
      const state = async () =>
        Object.fromEntries(
          (await allTasks(t, admin, { requirementId: data._id })).map((task) => [
            task.facilityId === kiritimati ? 'kiritimati' : 'pagoPago',
            { overdue: task.overdue, dueSoon: task.dueSoon },
          ]),
        );
      const overdueIds = async () =>
        (await allTasks(t, admin, { requirementId: data._id, overdue: 'true' })).map((task) => task.facilityId);

      // 09:00 UTC: 23:00 on the 10th in Kiritimati, 22:00 on the 9th in Pago Pago.
      expect(await state()).toEqual({
        kiritimati: { overdue: false, dueSoon: true },
        pagoPago: { overdue: false, dueSoon: true },
      });
      expect(await overdueIds()).toEqual([]);
      // 10:30 UTC: 00:30 on the 11th in Kiritimati (overdue), 23:30 on the 9th in Pago Pago.
      clock.set('2026-03-10T10:30:00Z');
      expect(await state()).toEqual({
        kiritimati: { overdue: true, dueSoon: false },
        pagoPago: { overdue: false, dueSoon: true },
      });
      expect(await overdueIds()).toEqual([kiritimati]);
      expect(
        (await allTasks(t, admin, { requirementId: data._id, dueSoon: 'true' })).map((task) => task.facilityId),
      ).toEqual([pagoPago]);
      // 11:30 UTC next day: 00:30 on the 11th in Pago Pago — both overdue.
      clock.set('2026-03-11T11:30:00Z');
      expect((await overdueIds()).sort()).toEqual([kiritimati, pagoPago].sort());
      // The completion date defaults to the facility's today, and cannot be after it.
      const [task] = await allTasks(t, admin, { requirementId: data._id, facilityId: kiritimati });
      const late = await call(t, admin, 'POST', `/api/tasks/${task!._id}/complete`, { completedOn: '2026-03-13' });
      expect(late.status).toBe(400);
      const done = await ok<Task>(t, admin, 'POST', `/api/tasks/${task!._id}/complete`, {});
      expect(done).toMatchObject({ completedOn: '2026-03-12', timeliness: 'LATE' });
    } finally {
      await t.close();
    }
  });
});
