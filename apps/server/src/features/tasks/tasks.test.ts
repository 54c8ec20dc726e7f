import { beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskDetail } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, assignFacility, createRequirement, DESERT_SUN, PRAIRIE_WIND } from '../../test/compliance-fixtures';
import { createMonthlySpccInspection } from '../../test/task-scenarios';
import { signedInSuiteAt, suiteFacilities } from '../../test/signed-in-suite';

const NOW = '2026-03-10T12:00:00Z';

const TASK_FIELDS = [
  '_id',
  'requirementId',
  'facilityId',
  'facilityName',
  'requirementTitle',
  'sequence',
  'title',
  'category',
  'frequency',
  'periodLabel',
  'scheduledDueDate',
  'dueDate',
  'rescheduleReason',
  'dueDateShift',
  'status',
  'notApplicableReason',
  'timeliness',
  'overdue',
  'dueSoon',
  'state',
  'assigneeId',
  'assigneeName',
  'completedAt',
  'completedOn',
  'completedBy',
  'completedByName',
  'completionNote',
  'createdAt',
  'updatedAt',
];

describe('the Tasks Tracker', () => {
  const suite = signedInSuiteAt(NOW);
  const sites = suiteFacilities(suite, { plantA: PRAIRIE_WIND, plantB: DESERT_SUN });
  let requirementId: string;
  let tasksA: Task[];
  let facilityUser: { id: string; email: string; token: string };
  let facilityAdmin: { id: string; email: string; token: string };

  const at = (due: string, facilityId = sites.plantA) =>
    tasksA.concat([]).find((task) => task.dueDate === due && task.facilityId === facilityId)!;

  beforeAll(async () => {
    const { data } = await createMonthlySpccInspection(suite.t, suite.admin, [sites.plantA, sites.plantB]);
    requirementId = data._id;
    tasksA = await allTasks(suite.t, suite.admin, { requirementId });
    for (const [role, holder] of [
      ['FACILITY_USER', (value: typeof facilityUser) => (facilityUser = value)],
      ['FACILITY_ADMIN', (value: typeof facilityAdmin) => (facilityAdmin = value)],
    ] as const) {
      const user = await suite.t.createUser(role);
      await assignFacility(suite.t, suite.admin, user.id, sites.plantA);
      holder({ ...user, token: await suite.t.signIn(user.email) });
    }
  });

  it('lists tasks with every field, derived overdue and due soon', async () => {
    const response = await call<{
      data: Task[];
      meta: { total: number; page: number; pageSize: number; nextCursor: string };
    }>(suite.t, suite.admin, 'GET', `/api/tasks?requirementId=${requirementId}&pageSize=5`);
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ total: tasksA.length, page: 1, pageSize: 5 });
    expect(Object.keys(response.body.data[0]!).sort()).toEqual([...TASK_FIELDS].sort());
    expect(response.body.data[0]).toMatchObject({
      dueDate: '2025-11-15',
      periodLabel: '2025-11',
      overdue: true,
      dueSoon: false,
      status: 'INCOMPLETE',
      requirementTitle: 'Monthly SPCC inspection',
      category: 'HAZARDOUS_MATERIALS',
      frequency: 'MONTHLY',
    });
    const march = at('2026-03-15');
    expect(march).toMatchObject({ overdue: false, dueSoon: true });
  });

  it('records timeliness at completion: on time, late within grace, missed after it', async () => {
    const onTime = await ok<Task>(suite.t, facilityUser.token, 'POST', `/api/tasks/${at('2026-03-15')._id}/complete`, {
      completionNote: 'All tanks inspected',
    });
    expect(onTime).toMatchObject({
      status: 'COMPLETED',
      timeliness: 'ON_TIME',
      completedOn: '2026-03-10',
      completedBy: facilityUser.id,
      completedByName: 'Test FACILITY_USER',
      completionNote: 'All tanks inspected',
      overdue: false,
    });
    const late = await ok<Task>(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-02-15')._id}/complete`, {
      completedOn: '2026-02-20',
    });
    expect(late.timeliness).toBe('LATE');
    const missed = await ok<Task>(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-01-15')._id}/complete`, {
      completedOn: '2026-02-21',
    });
    expect(missed.timeliness).toBe('MISSED');
    const again = await call(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-01-15')._id}/complete`, {});
    expect(again.status).toBe(409);
    const future = await call(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-04-15')._id}/complete`, {
      completedOn: '2026-03-11',
    });
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([{ path: 'completedOn', message: expect.stringContaining('2026-03-10') }]);
  });

  it('reopens (not as a facility user) and keeps the whole story in the history', async () => {
    const id = at('2026-02-15')._id;
    expect((await call(suite.t, facilityUser.token, 'POST', `/api/tasks/${id}/reopen`, {})).status).toBe(403);
    const reopened = await ok<Task>(suite.t, facilityAdmin.token, 'POST', `/api/tasks/${id}/reopen`, {
      reason: 'Wrong tank',
    });
    expect(reopened).toMatchObject({
      status: 'INCOMPLETE',
      timeliness: null,
      completedAt: null,
      completedBy: null,
      overdue: true,
    });
    expect((await call(suite.t, suite.admin, 'POST', `/api/tasks/${id}/reopen`, {})).status).toBe(409);
    const detail = await ok<TaskDetail>(suite.t, facilityUser.token, 'GET', `/api/tasks/${id}`);
    expect(detail.history.map((entry) => entry.action)).toEqual(['COMPLETE', 'REOPEN']);
    expect(detail).toMatchObject({
      graceDays: 5,
      leadTimeDays: 7,
      opensOn: '2026-02-08',
      graceEndsOn: '2026-02-20',
      evidenceRequired: false,
    });
  });

  it('needs a reason to reschedule, and keeps the scheduled due date', async () => {
    const id = at('2026-04-15')._id;
    const missing = await call(suite.t, suite.admin, 'PATCH', `/api/tasks/${id}`, { dueDate: '2026-04-20' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([{ path: 'rescheduleReason', message: expect.any(String) }]);
    expect(
      (
        await call(suite.t, facilityUser.token, 'PATCH', `/api/tasks/${id}`, {
          dueDate: '2026-04-20',
          rescheduleReason: 'x',
        })
      ).status,
    ).toBe(403);
    const moved = await ok<Task>(suite.t, facilityAdmin.token, 'PATCH', `/api/tasks/${id}`, {
      dueDate: '2026-04-20',
      rescheduleReason: 'Inspector available on the 20th',
    });
    expect(moved).toMatchObject({
      dueDate: '2026-04-20',
      scheduledDueDate: '2026-04-15',
      rescheduleReason: 'Inspector available on the 20th',
    });
    // The same due date again needs no reason and changes nothing.
    expect((await call(suite.t, suite.admin, 'PATCH', `/api/tasks/${id}`, { dueDate: '2026-04-20' })).status).toBe(200);
    const completed = at('2026-03-15')._id;
    expect(
      (
        await call(suite.t, suite.admin, 'PATCH', `/api/tasks/${completed}`, {
          dueDate: '2026-03-20',
          rescheduleReason: 'x',
        })
      ).status,
    ).toBe(409);
  });

  it('assigns only to users who can see the facility', async () => {
    const id = at('2026-05-15')._id;
    const outsider = await suite.t.createUser('FACILITY_USER');
    const refused = await call(suite.t, suite.admin, 'PATCH', `/api/tasks/${id}`, { assigneeId: outsider.id });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ path: 'assigneeId', message: expect.any(String) }]);
    const assigned = await ok<Task>(suite.t, suite.admin, 'PATCH', `/api/tasks/${id}`, { assigneeId: facilityUser.id });
    expect(assigned).toMatchObject({ assigneeId: facilityUser.id, assigneeName: 'Test FACILITY_USER' });
    const mine = await allTasks(suite.t, facilityUser.token, { assigneeId: facilityUser.id });
    expect(mine.map((task) => task._id)).toEqual([id]);
    const detail = await ok<TaskDetail>(suite.t, suite.admin, 'GET', `/api/tasks/${id}`);
    expect(detail.history.at(-1)).toMatchObject({
      action: 'ASSIGN',
      changes: { assigneeId: { before: null, after: facilityUser.id } },
    });
  });

  it('marks a task not applicable: no longer overdue, and not completable until cleared', async () => {
    const id = at('2025-12-15')._id;
    const marked = await ok<Task>(suite.t, suite.admin, 'PATCH', `/api/tasks/${id}`, {
      notApplicableReason: 'Site shut down for repowering',
    });
    expect(marked).toMatchObject({ overdue: false, notApplicableReason: 'Site shut down for repowering' });
    const overdue = await allTasks(suite.t, suite.admin, { requirementId, facilityId: sites.plantA, overdue: 'true' });
    expect(overdue.map((task) => task._id)).not.toContain(id);
    expect((await call(suite.t, suite.admin, 'POST', `/api/tasks/${id}/complete`, {})).status).toBe(409);
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${id}`, { notApplicableReason: null });
    expect(
      (await allTasks(suite.t, suite.admin, { requirementId, facilityId: sites.plantA, overdue: 'true' })).map(
        (task) => task._id,
      ),
    ).toContain(id);
  });

  it('takes comments from every role in scope and shows them with the history', async () => {
    const id = at('2026-06-15')._id;
    const response = await call<{ data: { _id: string; body: string; authorName: string } }>(
      suite.t,
      facilityUser.token,
      'POST',
      `/api/tasks/${id}/comments`,
      { body: 'Waiting for the contractor' },
    );
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ body: 'Waiting for the contractor', authorName: 'Test FACILITY_USER' });
    expect((await call(suite.t, facilityUser.token, 'POST', `/api/tasks/${id}/comments`, { body: '  ' })).status).toBe(
      400,
    );
    const detail = await ok<TaskDetail>(suite.t, suite.admin, 'GET', `/api/tasks/${id}`);
    expect(detail.comments.map((comment) => comment.body)).toEqual(['Waiting for the contractor']);
    expect(detail.history.map((entry) => entry.action)).toEqual(['COMMENT']);
  });

  it('keeps tasks of other facilities out of reach (404) for the facility roles', async () => {
    const other = at('2026-03-15', sites.plantB)._id;
    for (const token of [facilityUser.token, facilityAdmin.token]) {
      expect((await call(suite.t, token, 'GET', `/api/tasks/${other}`)).status).toBe(404);
      expect((await call(suite.t, token, 'POST', `/api/tasks/${other}/complete`, {})).status).toBe(404);
      expect((await call(suite.t, token, 'POST', `/api/tasks/${other}/comments`, { body: 'hello' })).status).toBe(404);
      const visible = await allTasks(suite.t, token, { requirementId });
      expect(visible.every((task) => task.facilityId === sites.plantA)).toBe(true);
      const filtered = await call<{ data: Task[]; meta: { total: number } }>(
        suite.t,
        token,
        'GET',
        `/api/tasks?facilityId=${sites.plantB}`,
      );
      expect(filtered.body.meta.total).toBe(0);
    }
    expect(
      (await call(suite.t, facilityAdmin.token, 'PATCH', `/api/tasks/${other}`, { notApplicableReason: 'x' })).status,
    ).toBe(404);
  });

  it('completes and assigns in bulk, all or nothing, checking every id', async () => {
    const completedAtA = () =>
      allTasks(suite.t, suite.admin, { requirementId, facilityId: sites.plantA, status: 'COMPLETED' });
    const ids = [at('2026-07-15')._id, at('2026-08-15')._id];
    const outOfScope = at('2026-07-15', sites.plantB)._id;
    const refused = await call(suite.t, facilityAdmin.token, 'POST', '/api/tasks/bulk', {
      ids: [...ids, outOfScope],
      action: 'complete',
    });
    expect(refused.status).toBe(404);
    const untouched = await completedAtA();
    expect(untouched.map((task) => task._id)).not.toContain(ids[0]);

    expect(
      (
        await call(suite.t, facilityUser.token, 'POST', '/api/tasks/bulk', {
          ids,
          action: 'assign',
          assigneeId: facilityUser.id,
        })
      ).status,
    ).toBe(403);
    const assigned = await ok<{ updated: number }>(suite.t, facilityAdmin.token, 'POST', '/api/tasks/bulk', {
      ids,
      action: 'assign',
      assigneeId: facilityAdmin.id,
    });
    expect(assigned.updated).toBe(2);
    const completed = await ok<{ updated: number }>(suite.t, facilityUser.token, 'POST', '/api/tasks/bulk', {
      ids,
      action: 'complete',
      completionNote: 'Done together',
    });
    expect(completed.updated).toBe(2);
    const after = await completedAtA();
    expect(after.filter((task) => ids.includes(task._id)).map((task) => task.timeliness)).toEqual([
      'ON_TIME',
      'ON_TIME',
    ]);
    // One of them already completed: the whole batch is refused.
    const mixed = await call(suite.t, suite.admin, 'POST', '/api/tasks/bulk', {
      ids: [ids[0], at('2026-09-15')._id],
      action: 'complete',
    });
    expect(mixed.status).toBe(409);
    expect((await ok<TaskDetail>(suite.t, suite.admin, 'GET', `/api/tasks/${at('2026-09-15')._id}`)).status).toBe(
      'INCOMPLETE',
    );
    const missingAssignee = await call(suite.t, suite.admin, 'POST', '/api/tasks/bulk', { ids, action: 'assign' });
    expect(missingAssignee.status).toBe(400);
  });

  it('refuses to complete without the evidence the requirement requires', async () => {
    const { data } = await createRequirement(suite.t, suite.admin, {
      frequency: 'YEARLY',
      firstDueDate: '2026-06-01',
      evidenceRequired: true,
      facilities: [{ facilityId: sites.plantA }],
    });
    expect(data.minEvidence).toBe(1);
    const [task] = await allTasks(suite.t, suite.admin, { requirementId: data._id });
    const refused = await call(suite.t, suite.admin, 'POST', `/api/tasks/${task!._id}/complete`, {});
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'evidence', message: 'Attach 1 more evidence document' }],
    });
    const detail = await ok<TaskDetail>(suite.t, suite.admin, 'GET', `/api/tasks/${task!._id}`);
    expect(detail).toMatchObject({ evidenceRequired: true, minEvidence: 1, evidenceCount: 0 });
  });

  it('filters, sorts, searches and pages — by offset or by cursor — with correct totals', async () => {
    const all = await allTasks(suite.t, suite.admin);
    const total = (await call<{ meta: { total: number } }>(suite.t, suite.admin, 'GET', '/api/tasks')).body.meta.total;
    expect(total).toBe(all.length);
    const byDue = [...all].sort((a, b) =>
      a.dueDate === b.dueDate ? (a._id < b._id ? -1 : 1) : a.dueDate < b.dueDate ? -1 : 1,
    );
    expect(all.map((task) => task._id)).toEqual(byDue.map((task) => task._id));

    // Cursor pages continue exactly where offset pages do.
    let cursor: string | null = null;
    const viaCursor: string[] = [];
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page: { body: { data: Task[]; meta: { nextCursor: string | null } } } = await call(
        suite.t,
        suite.admin,
        'GET',
        `/api/tasks?pageSize=7&sort=-dueDate${query}`,
      );
      viaCursor.push(...page.body.data.map((task) => task._id));
      cursor = page.body.meta.nextCursor;
    } while (cursor);
    expect(viaCursor).toEqual([...byDue].reverse().map((task) => task._id));
    expect((await call(suite.t, suite.admin, 'GET', '/api/tasks?sort=facility&cursor=abc')).status).toBe(400);
    expect((await call(suite.t, suite.admin, 'GET', '/api/tasks?cursor=not-a-cursor')).status).toBe(400);

    const completed = await call<{ data: Task[]; meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/tasks?status=COMPLETED&sort=-completedAt',
    );
    expect(completed.body.data.every((task) => task.status === 'COMPLETED')).toBe(true);
    const countBefore = completed.body.meta.total;
    // The cached total follows a change at once.
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${at('2026-10-15')._id}/complete`, {});
    expect(
      (
        await call<{ meta: { total: number } }>(
          suite.t,
          suite.admin,
          'GET',
          '/api/tasks?status=COMPLETED&sort=-completedAt',
        )
      ).body.meta.total,
    ).toBe(countBefore + 1);

    const bySearch = await allTasks(suite.t, suite.admin, { search: 'spcc prairie' });
    expect(bySearch.length).toBeGreaterThan(0);
    expect(bySearch.every((task) => task.facilityId === sites.plantA && task.requirementId === requirementId)).toBe(
      true,
    );
    const range = await allTasks(suite.t, suite.admin, {
      dueFrom: '2026-04-01',
      dueTo: '2026-06-30',
      facilityId: sites.plantB,
    });
    expect(range.map((task) => task.dueDate)).toEqual(['2026-04-15', '2026-05-15', '2026-06-15']);
    const soon = await allTasks(suite.t, suite.admin, { dueSoon: 'true' });
    expect(soon.every((task) => task.dueSoon)).toBe(true);
    const notOverdue = await allTasks(suite.t, suite.admin, { overdue: 'false', requirementId });
    expect(notOverdue.every((task) => !task.overdue)).toBe(true);
    const byTitle = await call<{ data: Task[] }>(
      suite.t,
      suite.admin,
      'GET',
      '/api/tasks?sort=title&category=HAZARDOUS_MATERIALS&frequency=MONTHLY',
    );
    expect(byTitle.status).toBe(200);
    const byFacility = await allTasks(suite.t, suite.admin, { sort: '-facility', requirementId });
    expect(byFacility[0]!.facilityName).toBe('Prairie Wind');
    expect(byFacility.at(-1)!.facilityName).toBe('Desert Sun');
    expect((await call(suite.t, suite.admin, 'GET', '/api/tasks?overdue=maybe')).status).toBe(400);
  });
});
