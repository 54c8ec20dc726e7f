import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { samplePdf } from '../../test/sample-files';
import type { TestApp } from '../../test/test-app';
import { openDocumentsApp, upload, type Directory } from '../documents/documents-test-support';

/** GET /api/tasks/:id: what the task page needs besides the task itself (issue 11, point 7). */
describe('the task page', () => {
  let t: TestApp;
  let dir: Directory;
  let taskId: string;
  const clock = testClock('2026-03-10T12:00:00Z');

  beforeAll(async () => {
    ({ t, dir } = await openDocumentsApp({}, { now: clock }));
    const { data } = await createRequirement(t, dir.admin, {
      title: 'Quarterly outfall sampling',
      description: 'Sample outfalls 001 and 002 within 30 minutes of discharge.\nSend to the certified lab.',
      citation: '40 CFR 122.41(j)',
      permitNumber: 'TX0123456',
      regulationId: dir.regulation,
      frequency: 'QUARTERLY',
      firstDueDate: '2026-03-31',
      facilities: [{ facilityId: dir.facilityA }],
    });
    const [task] = await allTasks(t, dir.admin, { requirementId: data._id });
    taskId = task!._id;
  });
  afterAll(() => t.close());

  it('shows the requirement’s instructions: description, citation, regulation and permit number', async () => {
    const detail = await ok<TaskDetail>(t, dir.tokens.FACILITY_USER, 'GET', `/api/tasks/${taskId}`);
    expect(detail.instructions).toEqual({
      description: 'Sample outfalls 001 and 002 within 30 minutes of discharge.\nSend to the certified lab.',
      citation: '40 CFR 122.41(j)',
      permitNumber: 'TX0123456',
      regulationId: dir.regulation,
      regulationTitle: 'Clean Water Act NPDES',
      regulationCitation: '40 CFR 122',
    });
  });

  it('lists evidence added and removed, reschedules and assignments in the history, oldest first', async () => {
    const added = await upload(
      t,
      dir.tokens.FACILITY_USER,
      { kind: 'TASK', taskId, title: 'Lab report Q1', evidenceDate: '2026-03-09' },
      { fileName: 'lab.pdf', content: samplePdf('lab') },
    );
    expect(added.status, added.response.body).toBe(201);
    const documentId = added.body.data._id as string;
    await ok(t, dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/tasks/${taskId}`, {
      dueDate: '2026-04-03',
      rescheduleReason: 'Lab closed for the holiday',
    });
    await ok(t, dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/tasks/${taskId}`, {
      assigneeId: dir.userIds.FACILITY_USER,
    });
    await ok(t, dir.tokens.FACILITY_ADMIN, 'POST', `/api/documents/${documentId}/archive`, {
      reason: 'Wrong quarter',
    });
    await ok(t, dir.tokens.FACILITY_USER, 'POST', `/api/tasks/${taskId}/comments`, { body: 'Resampling Friday' });

    const detail = await ok<TaskDetail>(t, dir.tokens.FACILITY_USER, 'GET', `/api/tasks/${taskId}`);
    expect(detail.history.map((entry) => [entry.entityType, entry.action, entry.documentTitle, entry.changes])).toEqual(
      [
        ['DOCUMENT', 'CREATE', 'Lab report Q1', {}],
        [
          'TASK',
          'UPDATE',
          null,
          {
            dueDate: { before: '2026-03-31', after: '2026-04-03' },
            rescheduleReason: { before: null, after: 'Lab closed for the holiday' },
          },
        ],
        ['TASK', 'ASSIGN', null, { assigneeId: { before: null, after: dir.userIds.FACILITY_USER } }],
        ['DOCUMENT', 'ARCHIVE', 'Lab report Q1', { archiveReason: { before: null, after: 'Wrong quarter' } }],
        ['TASK', 'COMMENT', null, expect.any(Object)],
      ],
    );
    expect(detail.history.filter((entry) => entry.entityType === 'DOCUMENT').map((entry) => entry.documentId)).toEqual([
      documentId,
      documentId,
    ]);
  });

  it('keeps another task’s evidence out of this history', async () => {
    const other = (await allTasks(t, dir.admin, { facilityId: dir.facilityA })).find((task) => task._id !== taskId);
    expect(other).toBeDefined();
    const detail = await ok<TaskDetail>(t, dir.admin, 'GET', `/api/tasks/${other!._id}`);
    expect(detail.history.some((entry) => entry.entityType === 'DOCUMENT')).toBe(false);
    expect((await call(t, dir.tokens.FACILITY_USER, 'GET', `/api/tasks/${taskId}x`)).status).toBe(404);
  });
});
