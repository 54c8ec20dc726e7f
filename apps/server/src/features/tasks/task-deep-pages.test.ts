import { describe, expect, it } from 'vitest';
import type { Task } from '@rtms/shared/schemas/tasks';
import { call, ok } from '../../test/api-calls';
import { allTasks, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp } from '../../test/test-app';

/** Tuesday 10 March 2026, noon UTC (as the Tasks Tracker tests). */
const NOW = '2026-03-10T12:00:00Z';

/** Paging far into a large task list: its own app, with some 1,500 tasks (moved from tasks.test.ts by subject). */
describe('deep pages', () => {
  it('seek from cached boundaries and answer exactly what skipping would', async () => {
    const t = await createTestApp({}, { now: testClock(NOW) });
    try {
      const admin = await t.signIn(ADMIN_EMAIL);
      const facilities = [];
      for (let i = 0; i < 10; i += 1) facilities.push({ facilityId: await createFacility(t, admin) });
      await createRequirement(t, admin, {
        frequency: 'WEEKLY',
        firstDueDate: '2024-01-01',
        backfillFrom: '2024-06-01',
        facilities,
      });
      const all = await allTasks(t, admin);
      expect(all.length).toBeGreaterThan(1400);
      for (const [sort, page] of [
        ['dueDate', 61],
        ['-dueDate', 72],
        ['title', 55],
        ['dueDate', 26],
      ] as const) {
        const expected = await allTasks(t, admin, { sort });
        const response = await call<{ data: Task[]; meta: { total: number } }>(
          t,
          admin,
          'GET',
          `/api/tasks?sort=${sort}&page=${page}&pageSize=20`,
        );
        expect(response.body.meta.total).toBe(all.length);
        expect(response.body.data.map((task) => task._id)).toEqual(
          expected.slice((page - 1) * 20, page * 20).map((task) => task._id),
        );
      }
      // After a change the boundaries are recomputed.
      const first = all[0]!;
      await ok(t, admin, 'PATCH', `/api/tasks/${first._id}`, {
        dueDate: '2027-12-31',
        rescheduleReason: 'Moved to the end',
      });
      const expected = await allTasks(t, admin);
      const page = await call<{ data: Task[] }>(t, admin, 'GET', '/api/tasks?page=61&pageSize=20');
      expect(page.body.data.map((task) => task._id)).toEqual(expected.slice(1200, 1220).map((task) => task._id));
    } finally {
      await t.close();
    }
  });
});
