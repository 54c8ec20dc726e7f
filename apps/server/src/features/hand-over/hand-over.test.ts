import { beforeAll, describe, expect, it } from 'vitest';
import type { RequirementDetail } from '@rtms/shared/schemas/requirements';
import type { HandOverResult } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { signedInSuite } from '../../test/signed-in-suite';

describe('hand-over of a departing user', () => {
  const suite = signedInSuite({}, { now: testClock('2026-03-10T12:00:00Z') });
  let north: string;
  let south: string;

  beforeAll(async () => {
    north = await createFacility(suite.t, suite.admin);
    south = await createFacility(suite.t, suite.admin);
  });

  it('moves every open task and default assignment in one audited transaction and answers the counts', async () => {
    const leaving = await suite.t.createUser('FACILITY_ADMIN');
    const successor = await suite.t.createUser('FACILITY_ADMIN');
    for (const user of [leaving, successor]) {
      await assignFacility(suite.t, suite.admin, user.id, north);
      await assignFacility(suite.t, suite.admin, user.id, south);
    }
    const byDefault = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-20',
      backfillFrom: '2026-01-01',
      defaultAssigneeId: leaving.id,
      facilities: [{ facilityId: north }],
    });
    const byBinding = await createRequirement(suite.t, suite.admin, {
      frequency: 'QUARTERLY',
      firstDueDate: '2026-04-01',
      facilities: [{ facilityId: south, assigneeId: leaving.id }],
    });
    const tasks = await allTasks(suite.t, suite.admin, { assigneeId: leaving.id });
    expect(tasks.length).toBe(15 + 5);
    const done = tasks[0]!;
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${done._id}/complete`, {});

    // The confirmation shows, before anything moves, exactly the counts the hand-over then reports.
    const preview = await ok<Omit<HandOverResult, 'toUserId'>>(
      suite.t,
      suite.admin,
      'GET',
      `/api/users/${leaving.id}/hand-over`,
    );
    expect(preview).toEqual({ fromUserId: leaving.id, tasks: 19, requirements: 1, bindings: 1 });
    expect(await allTasks(suite.t, suite.admin, { assigneeId: leaving.id })).toHaveLength(20);
    const result = await ok<HandOverResult>(suite.t, suite.admin, 'POST', `/api/users/${leaving.id}/hand-over`, {
      toUserId: successor.id,
    });
    expect(result).toEqual({ ...preview, toUserId: successor.id });
    expect((await call(suite.t, suite.admin, 'GET', `/api/users/missing-user/hand-over`)).status).toBe(404);
    // The completed task keeps who it was assigned to; every open one moved.
    expect((await allTasks(suite.t, suite.admin, { assigneeId: leaving.id })).map((task) => task._id)).toEqual([
      done._id,
    ]);
    expect(await allTasks(suite.t, suite.admin, { assigneeId: successor.id })).toHaveLength(19);
    const first = await ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${byDefault.data._id}`);
    expect(first.defaultAssigneeId).toBe(successor.id);
    const second = await ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${byBinding.data._id}`);
    expect(second.facilities[0]!.assigneeId).toBe(successor.id);
    const events = await ok<{ action: string; changes: Record<string, { after: unknown }> }[]>(
      suite.t,
      suite.admin,
      'GET',
      `/api/audit?entityId=${leaving.id}&action=HAND_OVER`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.changes.openTasks!.after).toBe(19);
    // New tasks of those series go to the successor too.
    const again = await ok<HandOverResult>(suite.t, suite.admin, 'POST', `/api/users/${leaving.id}/hand-over`, {
      toUserId: successor.id,
    });
    expect(again).toMatchObject({ tasks: 0, requirements: 0, bindings: 0 });
  });

  it('refuses a recipient who cannot see the facilities, an inactive or unknown one, and oneself', async () => {
    const leaving = await suite.t.createUser('ALL_FACILITY_USER');
    await createRequirement(suite.t, suite.admin, {
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      defaultAssigneeId: leaving.id,
      facilities: [{ facilityId: north }, { facilityId: south }],
    });
    const onlyNorth = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, onlyNorth.id, north);
    const refused = await call(suite.t, suite.admin, 'POST', `/api/users/${leaving.id}/hand-over`, {
      toUserId: onlyNorth.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toEqual({ facilityIds: [south] });
    expect((await allTasks(suite.t, suite.admin, { assigneeId: leaving.id })).length).toBe(2);

    expect(
      (await call(suite.t, suite.admin, 'POST', `/api/users/${leaving.id}/hand-over`, { toUserId: leaving.id })).status,
    ).toBe(400);
    expect(
      (await call(suite.t, suite.admin, 'POST', `/api/users/${leaving.id}/hand-over`, { toUserId: 'nobody' })).status,
    ).toBe(400);
    expect(
      (await call(suite.t, suite.admin, 'POST', '/api/users/nobody/hand-over', { toUserId: onlyNorth.id })).status,
    ).toBe(404);
    expect((await call(suite.t, suite.admin, 'POST', `/api/users/${leaving.id}/hand-over`, {})).status).toBe(400);
  });

  it('is for the all-facility roles only', async () => {
    const leaving = await suite.t.createUser('FACILITY_USER');
    const successor = await suite.t.createUser('ALL_FACILITY_USER');
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      const user = await suite.t.createUser(role);
      const token = await suite.t.signIn(user.email);
      expect(
        (await call(suite.t, token, 'POST', `/api/users/${leaving.id}/hand-over`, { toUserId: successor.id })).status,
      ).toBe(403);
      expect((await call(suite.t, token, 'GET', `/api/users/${leaving.id}/hand-over`)).status).toBe(403);
    }
    const allUser = await suite.t.createUser('ALL_FACILITY_USER');
    const token = await suite.t.signIn(allUser.email);
    expect(
      (await call(suite.t, token, 'POST', `/api/users/${leaving.id}/hand-over`, { toUserId: successor.id })).status,
    ).toBe(200);
    const response = await suite.t.app.inject({
      method: 'POST',
      url: `/api/users/${leaving.id}/hand-over`,
      payload: { toUserId: successor.id },
    });
    expect(response.statusCode).toBe(401);
  });
});
