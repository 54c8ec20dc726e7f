import { beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@rtms/shared/schemas/tasks';
import { ok } from '../../test/api-calls';
import { createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuite } from '../../test/signed-in-suite';
import { testClock } from '../../test/test-clock';

/**
 * A page's ids are kept while the tasks revision holds (task-page.repository.ts): every change of a task
 * must show on the next page asked for, in its filter and in its order, whatever page was read before.
 */
describe('the pages kept per tasks revision', () => {
  const clock = testClock('2026-03-10T12:00:00Z');
  const suite = signedInSuite({}, { now: clock });
  let requirementId: string;

  const page = (query: string) =>
    ok<Task[]>(suite.t, suite.admin, 'GET', `/api/tasks?pageSize=5&requirementId=${requirementId}&${query}`);

  beforeAll(async () => {
    const plant = await createFacility(suite.t, suite.admin, { name: 'Cache Ridge', timeZone: 'UTC' });
    const weekly = await createRequirement(suite.t, suite.admin, {
      frequency: 'WEEKLY',
      firstDueDate: '2026-03-02',
      facilities: [{ facilityId: plant }],
    });
    requirementId = weekly.data._id;
  });

  it('drops a completed task from the open tasks’ page read just before', async () => {
    const before = await page('status=INCOMPLETE');
    await ok(suite.t, suite.admin, 'POST', `/api/tasks/${before[0]!._id}/complete`, {});
    const after = await page('status=INCOMPLETE');
    expect(after.map((task) => task._id)).not.toContain(before[0]!._id);
    expect(after[0]!._id).toBe(before[1]!._id);
  });

  it('moves a rescheduled task to its new place in the due-date order', async () => {
    const before = await page('status=INCOMPLETE&sort=-dueDate');
    const moved = before[before.length - 1]!;
    await ok(suite.t, suite.admin, 'PATCH', `/api/tasks/${moved._id}`, {
      dueDate: '2099-12-31',
      rescheduleReason: 'Plant outage',
    });
    const after = await page('status=INCOMPLETE&sort=-dueDate');
    expect(after[0]!._id).toBe(moved._id);
  });
});
