import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATES } from '@rtms/shared/task-state';
import { call, ok } from '../../test/api-calls';
import { allTasks, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { bearer } from '../../test/test-app';

interface Collection {
  '@odata.count'?: number;
  value: Record<string, unknown>[];
}

/**
 * The Tasks set's computed `state` and `overdue`: the derived state the API shows (task-state.ts and its SQL twin),
 * judged in each facility's today, in $metadata, $select, $filter and $orderby, counted against GET /api/tasks.
 */
describe('OData task state', () => {
  // 12:00 UTC: already 11 June at Kiritimati (UTC+14), still 10 June at Pago Pago (UTC-11) and in UTC.
  const suite = signedInSuiteAt('2026-06-10T12:00:00Z', { PUBLIC_URL: 'https://rtms.example.com' });
  const user = { id: '', email: '', token: '', pat: '' };
  let adminPat = '';
  let east = '';

  beforeAll(async () => {
    const { t, admin } = suite;
    east = await createFacility(t, admin, { name: 'East Atoll', timeZone: 'Pacific/Kiritimati' });
    const west = await createFacility(t, admin, { name: 'West Bay', timeZone: 'Pacific/Pago_Pago' });
    const middle = await createFacility(t, admin, { name: 'Greenwich Yard', timeZone: 'UTC' });
    const everywhere = [{ facilityId: east }, { facilityId: west }, { facilityId: middle }];
    // Due on 10 June: overdue at East (its today is the 11th), due soon elsewhere.
    await createRequirement(t, admin, {
      frequency: 'WEEKLY',
      firstDueDate: '2026-05-06',
      backfillFrom: '2026-05-01',
      leadTimeDays: 3,
      facilities: everywhere,
    });
    // Lead times that open the window or not before the due date.
    for (const leadTimeDays of [3, 30]) {
      await createRequirement(t, admin, {
        frequency: 'MONTHLY',
        firstDueDate: '2026-06-25',
        leadTimeDays,
        facilities: everywhere,
      });
    }
    const reviewed = await createRequirement(t, admin, {
      frequency: 'MONTHLY',
      firstDueDate: '2026-05-20',
      backfillFrom: '2026-05-01',
      reviewRequired: true,
      facilities: everywhere,
    });
    // A completion awaiting review, a completion, a task not applicable.
    const [first, second] = await allTasks(t, admin, { requirementId: reviewed.data._id, facilityId: east });
    await ok(t, admin, 'POST', `/api/tasks/${first!._id}/complete`, {});
    const weekly = await allTasks(t, admin, { facilityId: west, sort: 'dueDate' });
    await ok(t, admin, 'POST', `/api/tasks/${weekly[0]!._id}/complete`, {});
    await ok(t, admin, 'PATCH', `/api/tasks/${weekly[1]!._id}`, { notApplicableReason: 'Plant shut down' });
    expect(second).toBeDefined();

    Object.assign(user, await t.createUser('FACILITY_USER'));
    await ok(t, admin, 'POST', '/api/user-facilities', { userId: user.id, facilityId: east });
    user.token = await t.signIn(user.email);
    const pat = async (token: string) =>
      (await ok<{ token: string }>(t, token, 'POST', '/api/access-tokens', { name: 'BI', expiresOn: '2026-12-31' }))
        .token;
    adminPat = await pat(admin);
    user.pat = await pat(user.token);
  });

  const feed = async (query: string, pat = adminPat): Promise<Collection> => {
    const response = await suite.t.app.inject({ method: 'GET', url: `/odata/Tasks?${query}`, headers: bearer(pat) });
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json() as Collection;
  };
  const feedCount = async (filter: string, pat?: string) =>
    (await feed(`$filter=${encodeURIComponent(filter)}&$count=true&$top=0`, pat))['@odata.count'];
  const apiTotal = async (query: string, token = suite.admin) => {
    const response = await call<{ meta: { total: number } }>(suite.t, token, 'GET', `/api/tasks?${query}&pageSize=1`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.meta.total;
  };

  it('declares state and overdue in $metadata', async () => {
    const response = await suite.t.app.inject({ method: 'GET', url: '/odata/$metadata', headers: bearer(adminPat) });
    expect(response.body).toContain('<Property Name="state" Type="Edm.String" Nullable="false"/>');
    expect(response.body).toContain('<Property Name="overdue" Type="Edm.Boolean" Nullable="false"/>');
  });

  it('counts every state and overdue as the API’s task list does, for every facility and for one', async () => {
    const seen = new Set<number>();
    for (const [pat, token] of [
      [adminPat, suite.admin],
      [user.pat, user.token],
    ] as const) {
      for (const state of TASK_STATES) {
        const total = await apiTotal(`state=${state}`, token);
        expect(await feedCount(`state eq '${state}'`, pat), state).toBe(total);
        seen.add(total);
      }
      expect(await feedCount('overdue eq true', pat)).toBe(await apiTotal('overdue=true', token));
      expect(await feedCount('overdue eq false', pat)).toBe(
        (await apiTotal('sort=dueDate', token)) - (await apiTotal('overdue=true', token)),
      );
      expect(await feedCount("state ne 'OVERDUE' and overdue eq true", pat)).toBe(0);
    }
    // The data makes the states differ: not every count is the same.
    expect(seen.size).toBeGreaterThan(3);
    // Every state occurs among the admin's tasks.
    for (const state of TASK_STATES) expect(await feedCount(`state eq '${state}'`), state).toBeGreaterThan(0);
  });

  it('selects each task’s state as the API shows it, and orders by it', async () => {
    const api = await allTasks(suite.t, suite.admin, { facilityId: east });
    const rows = (await feed(`$select=id,state,overdue&$filter=facilityId eq '${east}'`)).value;
    expect(rows).toHaveLength(api.length);
    const byId = new Map(rows.map((row) => [row['id'], row]));
    for (const task of api) {
      expect(byId.get(task._id), task._id).toEqual({
        id: task._id,
        state: task.state,
        overdue: task.state === 'OVERDUE',
      });
    }
    const ordered = (await feed('$select=state&$orderby=state desc,dueDate')).value.map(
      (row) => row['state'] as string,
    );
    expect(ordered).toEqual([...ordered].sort().reverse());
  });

  it('refuses a state or overdue compared with the wrong type', async () => {
    for (const filter of ["overdue eq 'yes'", 'state eq 3', 'overdue gt 1']) {
      const response = await suite.t.app.inject({
        method: 'GET',
        url: `/odata/Tasks?$filter=${encodeURIComponent(filter)}`,
        headers: bearer(adminPat),
      });
      expect(response.statusCode, filter).toBe(400);
    }
  });
});
