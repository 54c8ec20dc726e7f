import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-calls';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../../test/test-app';
import { loadDemoInto } from '../../test/demo-loaders';
import { DEMO_LIBRARY_DOCUMENTS } from './documents';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Without the requirement and task-history loaders: this test makes its own completed tasks.
const loadDemo = () => loadDemoInto(t, ['requirements', 'task history']);

describe('demo documents', () => {
  it('adds library documents, then evidence on completed tasks, idempotently', async () => {
    const first = await loadDemo();
    expect(first).toContain(`  library documents: ${DEMO_LIBRARY_DOCUMENTS.length} created, 0 already there`);
    expect(first).toContain('  evidence files: 0 created, 0 already there');
    const admin = await t.signIn(ADMIN_EMAIL);
    const library = await t.app.inject({
      method: 'GET',
      url: '/api/documents?kind=LIBRARY&sort=title',
      headers: bearer(admin),
    });
    const docs = library.json().data as {
      _id: string;
      title: string;
      mediaType: string;
      facilityId: string | null;
      tags: string[];
    }[];
    expect(docs.map((doc) => doc.title).sort()).toEqual(DEMO_LIBRARY_DOCUMENTS.map((doc) => doc.title).sort());
    expect(docs.every((doc) => doc.mediaType === 'application/pdf')).toBe(true);
    expect(docs.filter((doc) => doc.facilityId === null)).toHaveLength(1);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${docs[0]?._id}/download`,
      headers: bearer(admin),
    });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Once tasks are completed, a second run attaches an inspection report and a readings log to each.
    const [facility] = await ok<{ _id: string }[]>(t, admin, 'GET', '/api/facilities?pageSize=1');
    const requirement = await createRequirement(t, admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2024-01-31',
      backfillFrom: '2024-01-01',
      facilities: [{ facilityId: facility?._id as string }],
    });
    const series = await allTasks(t, admin, { requirementId: requirement.data._id });
    const complete = async (tasks: typeof series) => {
      for (const task of tasks)
        await ok(t, admin, 'POST', `/api/tasks/${task._id}/complete`, { completedOn: task.dueDate });
    };
    await complete(series.slice(0, 2));
    const second = await loadDemo();
    expect(second).toContain(`  library documents: 0 created, ${DEMO_LIBRARY_DOCUMENTS.length} already there`);
    expect(second).toContain('  evidence files: 4 created, 0 already there');
    const evidence = await t.app.inject({
      method: 'GET',
      url: `/api/documents?kind=TASK&requirementId=${requirement.data._id}`,
      headers: bearer(admin),
    });
    expect(evidence.json().meta.total).toBe(4);
    expect(await loadDemo()).toContain('  evidence files: 0 created, 4 already there');
    // More completed tasks: evidence up to 24 tasks in all, then no more, however often the demo runs.
    await complete(series.slice(2, 32));
    expect(await loadDemo()).toContain('  evidence files: 44 created, 4 already there');
    expect(await loadDemo()).toContain('  evidence files: 0 created, 48 already there');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: bearer(admin) })).json().data.intact,
    ).toBe(true);
  });
});
