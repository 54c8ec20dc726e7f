import { describe, expect, it } from 'vitest';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { samplePdf } from '../../test/sample-files';
import { call, documentsSuite, upload } from './documents-test-support';

const suite = documentsSuite();

/**
 * The document list's answers are kept serialized while the documents, tasks and labels revisions hold
 * (decision 034): a new document, a retitled one and a renamed regulation must each show on the next read
 * of the same page, read just before.
 */
describe('the document list answers kept per revision', () => {
  const page = async () => {
    const answer = await call(suite.t, suite.dir.admin, 'GET', `/api/documents?facilityId=${suite.dir.facilityB}`);
    expect(answer.status).toBe(200);
    return answer.body as {
      data: { _id: string; title: string; regulationTitle: string | null }[];
      meta: { total: number };
    };
  };

  it('shows a new document, a new title and a renamed regulation at once', async () => {
    expect((await page()).meta.total).toBe(0);
    const created = await upload(
      suite.t,
      suite.dir.admin,
      { facilityId: suite.dir.facilityB, regulationId: suite.dir.regulation, title: 'Kept permit' },
      { fileName: 'kept.pdf', content: await samplePdf() },
    );
    expect(created.status).toBe(201);
    expect((await page()).data.map((row) => row.title)).toEqual(['Kept permit']);
    const id = created.body.data._id as string;
    expect(
      (await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { title: 'Retitled permit' })).status,
    ).toBe(200);
    expect((await page()).data[0]!.title).toBe('Retitled permit');
    const renamed = await call(suite.t, suite.dir.admin, 'PATCH', `/api/regulations/${suite.dir.regulation}`, {
      title: 'Renamed regulation',
    });
    expect(renamed.status).toBe(200);
    expect((await page()).data[0]!.regulationTitle).toBe('Renamed regulation');
  });

  it('moves a task to the top of the recently updated when its first evidence arrives', async () => {
    const requirement = await createRequirement(suite.t, suite.dir.admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-01-31',
      facilities: [{ facilityId: suite.dir.facilityB }],
    });
    const recent = async () =>
      (await allTasks(suite.t, suite.dir.admin, { requirementId: requirement.data._id, sort: '-updatedAt' })).map(
        (task) => task._id,
      );
    const before = await recent();
    const last = before[before.length - 1]!;
    const attached = await upload(
      suite.t,
      suite.dir.admin,
      { kind: 'TASK', taskId: last },
      { fileName: 'evidence.pdf', content: await samplePdf() },
    );
    expect(attached.status).toBe(201);
    expect((await recent())[0]).toBe(last);
  });
});
