import { beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskDetail } from '@rtms/shared/schemas/tasks';
import { ok } from '../../test/api-calls';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { samplePdf, samplePng } from '../../test/sample-files';

import { call, documentsSuite, upload } from './documents-test-support';

/** Task Documents: evidence attached to a task, its evidence date, and the evidence gate. */

let requirementId: string;
let task: Task;
let otherTask: Task;
const clock = testClock('2026-03-10T18:00:00Z');
const suite = documentsSuite({}, { now: clock });

beforeAll(async () => {
  const requirement = await createRequirement(suite.t, suite.dir.admin, {
    title: 'Quarterly stormwater inspection',
    frequency: 'MONTHLY',
    firstDueDate: '2026-01-31',
    evidenceRequired: true,
    minEvidence: 2,
    backfillFrom: '2026-01-01',
    facilities: [{ facilityId: suite.dir.facilityA }, { facilityId: suite.dir.facilityB }],
  });
  requirementId = requirement.data._id;
  const tasks = await allTasks(suite.t, suite.dir.admin, { requirementId });
  task = tasks.find((one) => one.facilityId === suite.dir.facilityA && one.dueDate === '2026-02-28') as Task;
  otherTask = tasks.find((one) => one.facilityId === suite.dir.facilityB && one.dueDate === '2026-01-31') as Task;
  expect(task).toBeDefined();
  expect(otherTask).toBeDefined();
});

const evidence = (token: string, fields: Record<string, string | string[]>, fileName = 'inspection.pdf') =>
  upload(
    suite.t,
    token,
    { kind: 'TASK', ...fields },
    { fileName, content: fileName.endsWith('.png') ? samplePng() : samplePdf() },
  );

describe('task evidence', () => {
  it('blocks completing a task until its requirement has enough evidence', async () => {
    const refused = await call(suite.t, suite.dir.tokens.FACILITY_USER, 'POST', `/api/tasks/${task._id}/complete`, {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This task needs 2 evidence documents before it can be completed (0 attached)');

    const first = await evidence(suite.dir.tokens.FACILITY_USER, {
      taskId: task._id,
      evidenceDate: '2026-02-27',
      title: 'Inspection form',
    });
    expect(first.status, first.response.body).toBe(201);
    expect(first.body.data).toMatchObject({
      kind: 'TASK',
      taskId: task._id,
      evidenceDate: '2026-02-27',
      facilityId: suite.dir.facilityA,
      facilityName: 'Sweetwater Wind',
      taskTitle: task.title,
      taskDueDate: '2026-02-28',
      requirementId,
      requirementTitle: 'Quarterly stormwater inspection',
      uploadedBy: suite.dir.userIds.FACILITY_USER,
    });
    const stillRefused = await call(
      suite.t,
      suite.dir.tokens.FACILITY_USER,
      'POST',
      `/api/tasks/${task._id}/complete`,
      {},
    );
    expect(stillRefused.body.message).toMatch(/\(1 attached\)/);

    // Without an evidence date: today at the facility (Chicago is still on 10 March at 18:00 UTC).
    const second = await evidence(suite.dir.tokens.FACILITY_USER, { taskId: task._id }, 'outfall.png');
    expect(second.body.data.evidenceDate).toBe('2026-03-10');
    const detail = await ok<TaskDetail>(suite.t, suite.dir.admin, 'GET', `/api/tasks/${task._id}`);
    expect(detail.evidenceCount).toBe(2);

    const completed = await call(
      suite.t,
      suite.dir.tokens.FACILITY_USER,
      'POST',
      `/api/tasks/${task._id}/complete`,
      {},
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);

    // Archived evidence no longer counts (the completion already recorded stands).
    await call(suite.t, suite.dir.admin, 'POST', `/api/documents/${second.body.data._id}/archive`, {
      reason: 'Wrong photo',
    });
    expect((await ok<TaskDetail>(suite.t, suite.dir.admin, 'GET', `/api/tasks/${task._id}`)).evidenceCount).toBe(1);
  });

  it('marks the task touched, so that requirement edits leave it alone', async () => {
    const fresh = (await allTasks(suite.t, suite.dir.admin, { requirementId, facilityId: suite.dir.facilityA })).find(
      (one) => one.dueDate === '2026-04-30',
    ) as Task;
    await evidence(suite.dir.tokens.FACILITY_ADMIN, { taskId: fresh._id, evidenceDate: '2026-03-01' });
    const row = await suite.t.database.db
      .selectFrom('tasks')
      .select('touched')
      .where('id', '=', fresh._id)
      .executeTakeFirst();
    expect(Number(row?.touched)).toBe(1);
  });

  it('refuses evidence dates in the future, a facility of its own, and tasks outside the caller’s facilities', async () => {
    const future = await evidence(suite.dir.tokens.FACILITY_USER, { taskId: task._id, evidenceDate: '2026-03-11' });
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([
      { path: 'evidenceDate', message: 'Use 2026-03-10 (today at the facility) or an earlier date' },
    ]);
    const withFacility = await evidence(suite.dir.tokens.FACILITY_USER, {
      taskId: task._id,
      facilityId: suite.dir.facilityA,
    });
    expect(withFacility.status).toBe(400);
    const outside = await evidence(suite.dir.tokens.FACILITY_USER, { taskId: otherTask._id });
    expect(outside).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Task not found' } });
    const unknown = await evidence(suite.dir.admin, { taskId: 'no-such-task' });
    expect(unknown.status).toBe(404);
  });

  it('lists task documents with task title, due date, facility and requirement, filtered by task or requirement', async () => {
    await evidence(suite.dir.admin, { taskId: otherTask._id, evidenceDate: '2026-01-30' }, 'mesa.pdf');
    const byTask = await call(suite.t, suite.dir.admin, 'GET', `/api/documents?kind=TASK&taskId=${task._id}`);
    expect(byTask.body.meta.total).toBe(1);
    expect(byTask.body.data[0]).toMatchObject({
      taskTitle: task.title,
      taskDueDate: '2026-02-28',
      requirementTitle: 'Quarterly stormwater inspection',
    });
    const byRequirement = await call(
      suite.t,
      suite.dir.admin,
      'GET',
      `/api/documents?kind=TASK&requirementId=${requirementId}&sort=taskDueDate`,
    );
    expect(byRequirement.body.data.map((d: { taskDueDate: string }) => d.taskDueDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-04-30',
    ]);
    // A facility user sees the evidence of their facilities only.
    const mine = await call(
      suite.t,
      suite.dir.tokens.FACILITY_USER,
      'GET',
      `/api/documents?kind=TASK&requirementId=${requirementId}`,
    );
    expect(mine.body.data.map((d: { facilityId: string }) => d.facilityId)).toEqual([
      suite.dir.facilityA,
      suite.dir.facilityA,
    ]);
    // Evidence cannot be moved to another facility, its date can be corrected.
    const id = byTask.body.data[0]._id;
    expect(
      (await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { facilityId: suite.dir.facilityB }))
        .status,
    ).toBe(400);
    const corrected = await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, {
      evidenceDate: '2026-02-26',
    });
    expect(corrected.body.data.evidenceDate).toBe('2026-02-26');
  });
});
