import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonthsClamped, todayInTimeZone } from '@rtms/shared/calendar-date';
import type { Role } from '@rtms/shared/enums';
import {
  SCORECARD_FIGURES,
  TREND_FIGURES,
  apiQueryOf,
  scorecardCellQuery,
  trendCellQuery,
} from '@rtms/shared/report-links';
import type { ReportGroupBy, ScorecardRow, TrendRow } from '@rtms/shared/schemas/reports';
import type { TrackerQuery } from '@rtms/shared/summary-links';
import { createDemoContext } from '../../cli/demo/context';
import { DEMO_LOADERS } from '../../cli/demo/loaders';
import { DEMO_USERS } from '../../cli/demo/users';
import { ok } from '../../test/api-calls';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Every number of the scorecard and the trend links to a Tasks Tracker list (packages/shared/src/report-links.ts)
 * whose total is the number: on the demo data, for an all-facility and a facility role, for every grouping.
 */
describe('report number = the total of the Tracker list it links to (demo data)', () => {
  let t: TestApp;
  const tokens = new Map<Role, string>();
  const today = todayInTimeZone('UTC', new Date());
  const period = { from: addMonthsClamped(`${today.slice(0, 8)}01`, -11), to: today };

  beforeAll(async () => {
    t = await createTestApp();
    const ctx = createDemoContext(t.database.db, t.config, () => undefined);
    for (const loader of DEMO_LOADERS.filter((entry) => entry.name !== 'documents')) await loader.load(ctx);
    for (const role of ['ALL_FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      const user = DEMO_USERS.find((candidate) => candidate.role === role)!;
      tokens.set(role, await t.signIn(user.email, user.password));
    }
  }, 240_000);
  afterAll(() => t.close());

  const totalOf = async (token: string, query: TrackerQuery) => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/tasks?${new URLSearchParams({ ...apiQueryOf(query), pageSize: '1' })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    return (list.json() as { meta: { total: number } }).meta.total;
  };

  const groupings: ReportGroupBy[] = ['facility', 'category', 'programArea', 'regulation'];
  const cases = (['ALL_FACILITY_ADMIN', 'FACILITY_USER'] as const).flatMap((role) =>
    groupings.map((groupBy) => [role, groupBy] as const),
  );

  it.each(cases)('scorecard for %s by %s: every cell', async (role, groupBy) => {
    const token = tokens.get(role)!;
    const rows = await ok<ScorecardRow[]>(
      t,
      token,
      'GET',
      `/api/reports/scorecard?${new URLSearchParams({ ...period, groupBy })}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // The demo has outcomes of every kind in a year: these compare numbers, not zeros.
    expect(rows.reduce((sum, row) => sum + row.onTime, 0)).toBeGreaterThan(0);
    expect(rows.reduce((sum, row) => sum + row.due, 0)).toBeGreaterThan(0);
    for (const row of rows) {
      const totals: Record<string, number> = {};
      const figures: Record<string, number> = {};
      for (const figure of SCORECARD_FIGURES) {
        totals[figure] = await totalOf(token, scorecardCellQuery(period, {}, groupBy, row.key, figure));
        figures[figure] = row[figure];
      }
      expect(totals, `${groupBy} ${row.label}`).toEqual(figures);
      expect(row.onTimeRate).toBe(
        row.onTime + row.late + row.missed ? row.onTime / (row.onTime + row.late + row.missed) : null,
      );
    }
  });

  it.each([
    ['ALL_FACILITY_ADMIN', 'category'],
    ['FACILITY_USER', 'facility'],
    ['ALL_FACILITY_ADMIN', 'regulation'],
  ] as const)('trend for %s by %s over six months: every cell', async (role, groupBy) => {
    const token = tokens.get(role)!;
    const trendPeriod = { from: addMonthsClamped(period.from, 6), to: today };
    const rows = await ok<TrendRow[]>(
      t,
      token,
      'GET',
      `/api/reports/trend?${new URLSearchParams({ ...trendPeriod, groupBy })}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.month)).size).toBe(6);
    expect(rows.reduce((sum, row) => sum + row.overdueAtMonthEnd, 0)).toBeGreaterThan(0);
    for (const row of rows) {
      for (const figure of TREND_FIGURES) {
        const query = trendCellQuery(trendPeriod, {}, groupBy, row.key, row.month, figure, today);
        expect(await totalOf(token, query), `${row.label} ${row.month} ${figure}`).toBe(row[figure]);
      }
    }
  });

  it('with the Tracker filters of the report (a category and a facility) the links carry them', async () => {
    const token = tokens.get('ALL_FACILITY_ADMIN')!;
    const [first] = await ok<ScorecardRow[]>(t, token, 'GET', `/api/reports/scorecard?${new URLSearchParams(period)}`);
    const filters = { facilityId: first!.key, category: 'WATER' as const };
    const rows = await ok<ScorecardRow[]>(
      t,
      token,
      'GET',
      `/api/reports/scorecard?${new URLSearchParams({ ...period, ...filters, groupBy: 'programArea' })}`,
    );
    for (const row of rows) {
      for (const figure of SCORECARD_FIGURES) {
        const query = scorecardCellQuery(period, filters, 'programArea', row.key, figure);
        expect(await totalOf(token, query), `${row.label} ${figure}`).toBe(row[figure]);
      }
    }
  });

  it('a facility user sees only their facilities; a facility outside the scope is an empty report', async () => {
    const adminRows = await ok<ScorecardRow[]>(
      t,
      tokens.get('ALL_FACILITY_ADMIN')!,
      'GET',
      `/api/reports/scorecard?${new URLSearchParams(period)}`,
    );
    const userRows = await ok<ScorecardRow[]>(
      t,
      tokens.get('FACILITY_USER')!,
      'GET',
      `/api/reports/scorecard?${new URLSearchParams(period)}`,
    );
    expect(userRows.length).toBeGreaterThan(0);
    expect(userRows.length).toBeLessThan(adminRows.length);
    const outside = adminRows.find((row) => !userRows.some((mine) => mine.key === row.key))!;
    for (const path of ['scorecard', 'trend']) {
      const rows = await ok<unknown[]>(
        t,
        tokens.get('FACILITY_USER')!,
        'GET',
        `/api/reports/${path}?${new URLSearchParams({ ...period, facilityId: outside.key })}`,
      );
      expect(rows).toEqual([]);
    }
  });
});
