import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { samplePdf } from '../../test/sample-files';

import { documentsSuite, upload } from '../documents/documents-test-support';

/** GET /api/tasks/:id: what the task page needs besides the task itself. */
describe('the task page', () => {
  let taskId: string;
  const clock = testClock('2026-03-10T12:00:00Z');
  const suite = documentsSuite({}, { now: clock });

  beforeAll(async () => {
    const { data } = await createRequirement(suite.t, suite.dir.admin, {
      title: 'Quarterly outfall sampling',
      description: 'Sample outfalls 001 and 002 within 30 minutes of discharge.\nSend to the certified lab.',
      citation: '40 CFR 122.41(j)',
      permitNumber: 'TX0123456',
      regulationId: suite.dir.regulation,
      frequency: 'QUARTERLY',
      firstDueDate: '2026-03-31',
      facilities: [{ facilityId: suite.dir.facilityA }],
    });
    const [task] = await allTasks(suite.t, suite.dir.admin, { requirementId: data._id });
    taskId = task!._id;
  });

  it('shows the requirement’s instructions: description, citation, regulation and permit number', async () => {
    const detail = await ok<TaskDetail>(suite.t, suite.dir.tokens.FACILITY_USER, 'GET', `/api/tasks/${taskId}`);
    expect(detail.instructions).toEqual({
      description: 'Sample outfalls 001 and 002 within 30 minutes of discharge.\nSend to the certified lab.',
      citation: '40 CFR 122.41(j)',
      permitNumber: 'TX0123456',
      regulationId: suite.dir.regulation,
      regulationTitle: 'Clean Water Act NPDES',
      regulationCitation: '40 CFR 122',
    });
  });

  it('lists evidence added and removed, reschedules and assignments in the history, oldest first', async () => {
    const added = await upload(
      suite.t,
      suite.dir.tokens.FACILITY_USER,
      { kind: 'TASK', taskId, title: 'Lab report Q1', evidenceDate: '2026-03-09' },
      { fileName: 'lab.pdf', content: samplePdf('lab') },
    );
    expect(added.status, added.response.body).toBe(201);
    const documentId = added.body.data._id as string;
    await ok(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/tasks/${taskId}`, {
      dueDate: '2026-04-03',
      rescheduleReason: 'Lab closed for the holiday',
    });
    await ok(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/tasks/${taskId}`, {
      assigneeId: suite.dir.userIds.FACILITY_USER,
    });
    await ok(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'POST', `/api/documents/${documentId}/archive`, {
      reason: 'Wrong quarter',
    });
    await ok(suite.t, suite.dir.tokens.FACILITY_USER, 'POST', `/api/tasks/${taskId}/comments`, {
      body: 'Resampling Friday',
    });

    const detail = await ok<TaskDetail>(suite.t, suite.dir.tokens.FACILITY_USER, 'GET', `/api/tasks/${taskId}`);
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
        ['TASK', 'ASSIGN', null, { assigneeId: { before: null, after: suite.dir.userIds.FACILITY_USER } }],
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
    const other = (await allTasks(suite.t, suite.dir.admin, { facilityId: suite.dir.facilityA })).find(
      (task) => task._id !== taskId,
    );
    expect(other).toBeDefined();
    const detail = await ok<TaskDetail>(suite.t, suite.dir.admin, 'GET', `/api/tasks/${other!._id}`);
    expect(detail.history.some((entry) => entry.entityType === 'DOCUMENT')).toBe(false);
    expect((await call(suite.t, suite.dir.tokens.FACILITY_USER, 'GET', `/api/tasks/${taskId}x`)).status).toBe(404);
  });
});
