import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Task } from '@rtms/shared/schemas/tasks';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { loadDemoInto } from '../../test/demo-loaders';
import { DEMO_REQUIREMENTS } from './requirements';
import { DEMO_USERS } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every loader up to and including the task history (documents are covered by their own test). */
const loadDemo = () => loadDemoInto(t, ['documents']);

describe('demo requirements and task history', () => {
  it('creates about sixty requirements with two years of tasks: completed on time and late, open, overdue', async () => {
    const first = await loadDemo();
    expect(first).toContain(`  requirements: ${DEMO_REQUIREMENTS.length} created, 0 already there`);
    expect(DEMO_REQUIREMENTS.length).toBeGreaterThanOrEqual(55);
    const second = await loadDemo();
    expect(second).toContain(`  requirements: 0 created, ${DEMO_REQUIREMENTS.length} already there`);
    expect(second).toContain('  task history (completions): 0 created, 0 already there');

    const admin = DEMO_USERS.find((user) => user.role === 'ALL_FACILITY_ADMIN')!;
    const token = await t.signIn(admin.email, admin.password);
    const page = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/tasks?${query}`, headers: bearer(token) })).json() as {
        data: Task[];
        meta: { total: number };
      };
    const all = await page('pageSize=1&sort=dueDate');
    expect(all.meta.total).toBeGreaterThan(2000);
    // History reaches two years back.
    expect(all.data[0]!.dueDate <= addMonthsClamped(todayInTimeZone('UTC'), -23)).toBe(true);
    const completed = await page('status=COMPLETED&pageSize=1');
    const overdue = await page('overdue=true&pageSize=1');
    const open = await page('status=INCOMPLETE&pageSize=1');
    expect(completed.meta.total).toBeGreaterThan(1000);
    expect(overdue.meta.total).toBeGreaterThan(50);
    expect(open.meta.total).toBeGreaterThan(overdue.meta.total);
    const timeliness = await t.database.db
      .selectFrom('tasks')
      .select(['timeliness', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', 'COMPLETED')
      .groupBy('timeliness')
      .execute();
    const share = (value: string) => Number(timeliness.find((row) => row.timeliness === value)?.count ?? 0);
    expect(share('ON_TIME')).toBeGreaterThan(share('LATE'));
    expect(share('LATE')).toBeGreaterThan(0);
    expect(share('MISSED')).toBeGreaterThan(0);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: bearer(token) })).json();
    expect(audit.data.intact).toBe(true);
  });
});
