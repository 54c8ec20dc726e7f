import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtensionRequest } from '@rtms/shared/schemas/reviews';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createRequirement, DESERT_SUN, PRAIRIE_WIND } from '../../test/compliance-fixtures';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

type User = { id: string; email: string; token: string };

describe('extension requests', () => {
  const suite = signedInSuiteAt('2026-03-10T12:00:00Z');
  const sites = suiteFacilities(suite, { plantA: PRAIRIE_WIND, plantB: DESERT_SUN });
  let tasks: Task[];
  const users = {} as Record<'worker' | 'siteAdmin' | 'otherSiteAdmin', User>;
  let pending: ExtensionRequest;

  const ask = (token: string, taskId: string, body: object) =>
    call<{ data: ExtensionRequest; details: { path: string }[] }>(
      suite.t,
      token,
      'POST',
      `/api/tasks/${taskId}/extension-requests`,
      body,
    );
  const decide = (token: string, id: string, body: object) =>
    call<{ data: ExtensionRequest; details: { path: string }[] }>(
      suite.t,
      token,
      'POST',
      `/api/extension-requests/${id}/decide`,
      body,
    );
  const list = (token: string, query = '') =>
    call<{ data: ExtensionRequest[]; meta: { total: number } }>(
      suite.t,
      token,
      'GET',
      `/api/extension-requests${query}`,
    );

  beforeAll(async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-03-20',
      facilities: [{ facilityId: sites.plantA }],
    });
    tasks = (await allTasks(suite.t, suite.admin, { requirementId: data._id })).sort((a, b) =>
      a.dueDate < b.dueDate ? -1 : 1,
    );
    for (const [name, role, site] of [
      ['worker', 'FACILITY_USER', sites.plantA],
      ['siteAdmin', 'FACILITY_ADMIN', sites.plantA],
      ['otherSiteAdmin', 'FACILITY_ADMIN', sites.plantB],
    ] as const) {
      const user = await suite.t.createUser(role);
      await assignFacility(suite.t, suite.admin, user.id, site);
      users[name] = { ...user, token: await suite.t.signIn(user.email) };
    }
  });

  it('whoever may complete a task asks for a later date with a reason', async () => {
    const task = tasks[0]!;
    const noReason = await ask(users.worker.token, task._id, { requestedDueDate: '2026-04-03' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details.map((d) => d.path)).toEqual(['reason']);
    const earlier = await ask(users.worker.token, task._id, { requestedDueDate: '2026-03-01', reason: 'Crane booked' });
    expect(earlier.status).toBe(400);
    expect(earlier.body.details.map((d) => d.path)).toEqual(['requestedDueDate']);
    expect(
      (await ask(users.otherSiteAdmin.token, task._id, { requestedDueDate: '2026-04-03', reason: 'x' })).status,
    ).toBe(404);

    const asked = await ask(users.worker.token, task._id, {
      requestedDueDate: '2026-04-03',
      reason: 'The crane is booked until April',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    pending = asked.body.data;
    expect(pending).toMatchObject({
      taskId: task._id,
      requesterId: users.worker.id,
      currentDueDate: '2026-03-20',
      requestedDueDate: '2026-04-03',
      status: 'PENDING',
    });
    expect((await ask(users.worker.token, task._id, { requestedDueDate: '2026-04-10', reason: 'Again' })).status).toBe(
      409,
    );
    const notes = await ok<{ category: string; step: string }[]>(
      suite.t,
      users.siteAdmin.token,
      'GET',
      '/api/notifications',
    );
    expect(notes.some((n) => n.category === 'REVIEW' && n.step.startsWith('EXTENSION-REQUESTED'))).toBe(true);
  });

  it('lists pending requests to the deciders of their facilities only', async () => {
    const mine = await list(users.siteAdmin.token, '?status=PENDING');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r) => r._id)).toEqual([pending._id]);
    expect(mine.body.meta.total).toBe(1);
    expect((await list(users.otherSiteAdmin.token, '?status=PENDING')).body.meta.total).toBe(0);
    expect((await list(suite.admin, `?facilityId=${sites.plantA}`)).body.meta.total).toBe(1);
    expect((await list(users.worker.token)).status).toBe(403);
    expect((await list(suite.admin, '?status=LATER')).status).toBe(400);
    expect((await decide(users.otherSiteAdmin.token, pending._id, { decision: 'APPROVE' })).status).toBe(404);
    expect((await decide(users.worker.token, pending._id, { decision: 'APPROVE' })).status).toBe(403);
  });

  it('approving reschedules the task with the request’s reason; the scheduled date stays', async () => {
    const approved = await decide(users.siteAdmin.token, pending._id, { decision: 'APPROVE' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'APPROVED', decidedById: users.siteAdmin.id });
    const task = await ok<Task>(suite.t, users.worker.token, 'GET', `/api/tasks/${tasks[0]!._id}`);
    expect(task).toMatchObject({
      scheduledDueDate: '2026-03-20',
      dueDate: '2026-04-03',
      rescheduleReason: 'The crane is booked until April',
    });
    expect((await decide(users.siteAdmin.token, pending._id, { decision: 'REJECT', reason: 'No' })).status).toBe(409);
    const notes = await ok<{ category: string; step: string }[]>(
      suite.t,
      users.worker.token,
      'GET',
      '/api/notifications',
    );
    expect(notes.some((n) => n.step.startsWith('EXTENSION-APPROVED'))).toBe(true);
  });

  it('rejecting needs a reason and leaves the date; the requester is told', async () => {
    const task = tasks[1]!;
    const asked = await ask(users.worker.token, task._id, { requestedDueDate: '2026-05-30', reason: 'Holidays' });
    const noReason = await decide(suite.admin, asked.body.data._id, { decision: 'REJECT' });
    expect(noReason.status).toBe(400);
    const rejected = await decide(suite.admin, asked.body.data._id, { decision: 'REJECT', reason: 'Permit condition' });
    expect(rejected.body.data).toMatchObject({ status: 'REJECTED', decisionReason: 'Permit condition' });
    expect((await ok<Task>(suite.t, suite.admin, 'GET', `/api/tasks/${task._id}`)).dueDate).toBe(task.dueDate);
    const notes = await ok<{ step: string }[]>(suite.t, users.worker.token, 'GET', '/api/notifications');
    expect(notes.some((n) => n.step.startsWith('EXTENSION-REJECTED'))).toBe(true);
  });
});
