import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@rtms/shared/enums';
import {
  SUMMARY_FIGURES,
  overdueAtFacilityQuery,
  overdueInCategoryQuery,
  summaryFigureQueries,
  type TrackerQuery,
} from '@rtms/shared/summary-links';
import type { TaskSummary } from '@rtms/shared/schemas/task-summary';
import { createDemoContext } from '../../cli/demo/context';
import { DEMO_LOADERS } from '../../cli/demo/loaders';
import { DEMO_USERS } from '../../cli/demo/users';
import { ok } from '../../test/api-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every dashboard figure links to a Tasks Tracker list (packages/shared/src/summary-links.ts) whose
 * total is the figure: on the demo data, for a user of each role, for the whole scope and per facility.
 */
describe('dashboard figure = the total of the Tracker list it links to (demo data)', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    const ctx = createDemoContext(t.database.db, t.config, () => undefined);
    // Evidence files change no figure; the other loaders give the demo's tasks and their history.
    for (const loader of DEMO_LOADERS.filter((entry) => entry.name !== 'documents')) await loader.load(ctx);
    for (const role of ROLES) {
      const user = DEMO_USERS.find((candidate) => candidate.role === role);
      if (!user) throw new Error(`The demo has no ${role}`);
      tokens.set(role, await t.signIn(user.email, user.password));
    }
  }, 240_000);
  afterAll(() => t.close());

  const totalOf = async (token: string, query: TrackerQuery) => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?${new URLSearchParams({ ...query, pageSize: '1' })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    return (list.json() as { meta: { total: number } }).meta.total;
  };

  it.each(ROLES)('for %s, every figure and every bar', async (role) => {
    const token = tokens.get(role) as string;
    const summary = await ok<TaskSummary>(t, token, 'GET', '/api/tasks/summary');
    expect(summary.open).toBeGreaterThan(0);
    const figures: Record<string, number> = {
      open: summary.open,
      upcoming: summary.upcoming,
      dueSoon: summary.dueSoon,
      dueInWindow: summary.dueInWindow,
      overdue: summary.overdue,
      completedThisMonth: summary.completedThisMonth,
      awaitingReview: summary.awaitingReview,
      onTime: summary.timeliness.onTime,
      late: summary.timeliness.late,
      missed: summary.timeliness.missed,
    };
    const queries = summaryFigureQueries(summary.today);
    const totals: Record<string, number> = {};
    for (const figure of SUMMARY_FIGURES) totals[figure] = await totalOf(token, queries[figure]);
    expect(totals).toEqual(figures);
    // The demo has completions of every kind, so this compares numbers, not zeros.
    expect(summary.timeliness.onTime + summary.timeliness.late + summary.timeliness.missed).toBeGreaterThan(0);

    for (const bar of summary.overdueByFacility) {
      expect(await totalOf(token, overdueAtFacilityQuery(bar.facilityId)), bar.facilityName).toBe(bar.count);
    }
    for (const bar of summary.overdueByCategory) {
      expect(await totalOf(token, overdueInCategoryQuery(bar.category)), bar.category).toBe(bar.count);
    }
  });

  it('for one facility (its page), every figure', async () => {
    const token = tokens.get('ALL_FACILITY_ADMIN') as string;
    const scope = await ok<TaskSummary>(t, token, 'GET', '/api/tasks/summary');
    const facilityId = scope.overdueByFacility[0]?.facilityId as string;
    expect(facilityId).toBeDefined();
    const summary = await ok<TaskSummary>(t, token, 'GET', `/api/tasks/summary?facilityId=${facilityId}`);
    const queries = summaryFigureQueries(summary.today, facilityId);
    expect(await totalOf(token, queries.open)).toBe(summary.open);
    expect(await totalOf(token, queries.overdue)).toBe(summary.overdue);
    expect(await totalOf(token, queries.missed)).toBe(summary.timeliness.missed);
    expect(await totalOf(token, queries.completedThisMonth)).toBe(summary.completedThisMonth);
  });
});
