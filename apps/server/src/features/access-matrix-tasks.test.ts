/**
 * The roles' permission and scope matrix for requirements, tasks and hand-over: every role ×
 * every endpoint × (own facility, other facility, none), plus unauthenticated. Same layout as
 * access-matrix.test.ts (the directory endpoints). Expected statuses are listed in the order of ROLES:
 * ALL_FACILITY_ADMIN, ALL_FACILITY_USER, FACILITY_ADMIN, FACILITY_USER.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../test/test-clock';
import { TEST_PASSWORD } from '../test/test-app';
import { accessMatrix, ALL_OK, describeMatrix, readOfNone, type MatrixCase } from '../test/access-matrix';

type Case = MatrixCase<'own' | 'other' | 'none'>;

const matrix = accessMatrix({ now: testClock('2026-03-10T12:00:00Z') });
const { tokens, ids, send, asAdmin } = matrix;
const facility = { own: '', other: '' };

let counter = 0;
/** A new requirement at one facility, with its tasks (monthly, a year of history backfilled). */
async function freshRequirement(
  target: 'own' | 'other',
  extra: Record<string, unknown> = {},
): Promise<{ id: string; tasks: string[] }> {
  counter += 1;
  const requirement = await asAdmin({
    method: 'POST',
    url: '/api/requirements',
    payload: {
      title: `Matrix requirement ${counter}`,
      category: 'SAFETY',
      frequency: 'MONTHLY',
      firstDueDate: '2025-04-10',
      backfillFrom: '2025-04-01',
      facilities: [{ facilityId: facility[target] }],
      ...extra,
    },
  });
  const tasks = await asAdmin({ method: 'GET', url: `/api/tasks?requirementId=${requirement._id}&pageSize=50` });
  return { id: requirement._id, tasks: tasks.map((task: { _id: string }) => task._id) };
}

/** An open task at the facility. */
async function freshTask(target: 'own' | 'other'): Promise<string> {
  return (await freshRequirement(target)).tasks[0]!;
}

/** A completed task at the facility. */
async function completedTask(target: 'own' | 'other'): Promise<string> {
  const id = await freshTask(target);
  await asAdmin({ method: 'POST', url: `/api/tasks/${id}/complete`, payload: {} });
  return id;
}

/** A task awaiting review at the facility (completed by the first administrator, who is none of the roles' users). */
async function awaitingReviewTask(target: 'own' | 'other'): Promise<string> {
  const id = (await freshRequirement(target, { reviewRequired: true })).tasks[0]!;
  await asAdmin({ method: 'POST', url: `/api/tasks/${id}/complete`, payload: {} });
  return id;
}

/** A pending extension request of an open task at the facility, asked by the first administrator. */
async function pendingExtension(target: 'own' | 'other'): Promise<string> {
  const id = await freshTask(target);
  return (
    await asAdmin({
      method: 'POST',
      url: `/api/tasks/${id}/extension-requests`,
      payload: { requestedDueDate: '2027-01-31', reason: 'Turbine parts on back order' },
    })
  )._id;
}

const ADMIN_ROLES = [200, 200, 200, 403] as const;
const OUTSIDE = [200, 200, 404, 404] as const;
const OUTSIDE_ADMIN_ROLES = [200, 200, 404, 403] as const;

function cases(): Case[] {
  const list: Case[] = [
    readOfNone('/api/requirements'),
    readOfNone('/api/tasks?overdue=true'),
    readOfNone('/api/extension-requests?status=PENDING', [200, 200, 200, 403]),
    readOfNone('/api/reports/scorecard?from=2025-04-01&to=2026-03-31&groupBy=facility'),
    readOfNone('/api/reports/trend?from=2025-04-01&to=2026-03-31&groupBy=category'),
    readOfNone('/api/reports/scorecard/export?from=2026-01-01&to=2026-03-31&format=XLSX'),
    readOfNone('/api/reports/trend/export?from=2026-01-01&to=2026-03-31&format=XLSX'),
    readOfNone('/api/report-subscriptions'),
    {
      endpoint: 'POST /api/report-subscriptions',
      target: 'none',
      expected: [201, 201, 201, 201],
      request: () => ({
        method: 'POST',
        url: '/api/report-subscriptions',
        payload: { report: 'SCORECARD', frequency: 'WEEKLY', format: 'PDF', filters: { groupBy: 'category' } },
      }),
    },
    {
      endpoint: 'DELETE /api/report-subscriptions/:id',
      target: 'own',
      expected: [204, 204, 204, 204],
      request: async (role) => {
        const created = await send(tokens[role], {
          method: 'POST',
          url: '/api/report-subscriptions',
          payload: { report: 'TREND', frequency: 'MONTHLY', format: 'XLSX' },
        });
        return { method: 'DELETE', url: `/api/report-subscriptions/${created.body.data._id}` };
      },
    },
    {
      endpoint: 'PATCH /api/report-subscriptions/:id',
      target: 'own',
      expected: [200, 200, 200, 200],
      request: async (role) => {
        const created = await send(tokens[role], {
          method: 'POST',
          url: '/api/report-subscriptions',
          payload: { report: 'TREND', frequency: 'MONTHLY', format: 'XLSX' },
        });
        return {
          method: 'PATCH',
          url: `/api/report-subscriptions/${created.body.data._id}`,
          payload: { active: false, format: 'PDF' },
        };
      },
    },
    {
      // Another user's scheduled report does not exist for the caller, whatever their role.
      endpoint: 'PATCH /api/report-subscriptions/:id',
      target: 'other',
      expected: [404, 404, 404, 404],
      request: async () => {
        const created = await asAdmin({
          method: 'POST',
          url: '/api/report-subscriptions',
          payload: { report: 'TREND', frequency: 'MONTHLY', format: 'XLSX' },
        });
        return { method: 'PATCH', url: `/api/report-subscriptions/${created._id}`, payload: { active: false } };
      },
    },
    {
      // Another user's scheduled report does not exist for the caller, whatever their role.
      endpoint: 'DELETE /api/report-subscriptions/:id',
      target: 'other',
      expected: [404, 404, 404, 404],
      request: async () => {
        const created = await asAdmin({
          method: 'POST',
          url: '/api/report-subscriptions',
          payload: { report: 'TREND', frequency: 'MONTHLY', format: 'XLSX' },
        });
        return { method: 'DELETE', url: `/api/report-subscriptions/${created._id}` };
      },
    },
    {
      endpoint: 'POST /api/users/:id/hand-over',
      target: 'none',
      expected: [200, 200, 403, 403],
      request: async () => {
        const from = await matrix.t.createUser('ALL_FACILITY_USER');
        const to = await matrix.t.createUser('ALL_FACILITY_USER');
        return { method: 'POST', url: `/api/users/${from.id}/hand-over`, payload: { toUserId: to.id } };
      },
    },
  ];
  for (const target of ['own', 'other'] as const) {
    const own = target === 'own';
    list.push(
      {
        endpoint: 'POST /api/requirements',
        target,
        expected: own ? [201, 201, 201, 403] : [201, 201, 404, 403],
        request: () => ({
          method: 'POST',
          url: '/api/requirements',
          payload: {
            title: 'Quarterly stormwater inspection',
            category: 'WATER',
            frequency: 'QUARTERLY',
            firstDueDate: '2026-04-01',
            facilities: [{ facilityId: facility[target] }],
          },
        }),
      },
      {
        endpoint: 'POST /api/requirements/preview',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => ({
          method: 'POST',
          url: '/api/requirements/preview',
          payload: { requirementId: (await freshRequirement(target)).id, firstDueDate: '2025-04-15' },
        }),
      },
      {
        endpoint: 'GET /api/requirements/:id',
        target,
        expected: own ? ALL_OK : OUTSIDE,
        request: async () => ({ method: 'GET', url: `/api/requirements/${(await freshRequirement(target)).id}` }),
      },
      {
        endpoint: 'PATCH /api/requirements/:id',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => ({
          method: 'PATCH',
          url: `/api/requirements/${(await freshRequirement(target)).id}`,
          payload: { title: 'Renamed' },
        }),
      },
      {
        endpoint: 'POST /api/requirements/:id/retire',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => ({
          method: 'POST',
          url: `/api/requirements/${(await freshRequirement(target)).id}/retire`,
          payload: { reason: 'Permit terminated' },
        }),
      },
      {
        endpoint: 'GET /api/tasks/:id',
        target,
        expected: own ? ALL_OK : OUTSIDE,
        request: async () => ({ method: 'GET', url: `/api/tasks/${await freshTask(target)}` }),
      },
      {
        endpoint: 'PATCH /api/tasks/:id',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => ({
          method: 'PATCH',
          url: `/api/tasks/${await freshTask(target)}`,
          payload: { dueDate: '2026-12-31', rescheduleReason: 'Contractor availability' },
        }),
      },
      {
        endpoint: 'POST /api/tasks/:id/complete',
        target,
        expected: own ? ALL_OK : OUTSIDE,
        request: async () => ({ method: 'POST', url: `/api/tasks/${await freshTask(target)}/complete`, payload: {} }),
      },
      {
        endpoint: 'POST /api/tasks/:id/reopen',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => ({ method: 'POST', url: `/api/tasks/${await completedTask(target)}/reopen`, payload: {} }),
      },
      {
        endpoint: 'POST /api/tasks/:id/comments',
        target,
        expected: own ? [201, 201, 201, 201] : [201, 201, 404, 404],
        request: async () => ({
          method: 'POST',
          url: `/api/tasks/${await freshTask(target)}/comments`,
          payload: { body: 'Checked the containment berm' },
        }),
      },
      {
        endpoint: 'POST /api/tasks/:id/review',
        target,
        expected: own ? [201, 201, 201, 403] : [201, 201, 404, 403],
        request: async () => ({
          method: 'POST',
          url: `/api/tasks/${await awaitingReviewTask(target)}/review`,
          payload: { decision: 'APPROVE', meaning: 'REVIEWED', password: TEST_PASSWORD },
        }),
      },
      {
        endpoint: 'GET /api/tasks/:id/signatures',
        target,
        expected: own ? ALL_OK : OUTSIDE,
        request: async () => ({ method: 'GET', url: `/api/tasks/${await awaitingReviewTask(target)}/signatures` }),
      },
      {
        endpoint: 'POST /api/tasks/:id/extension-requests',
        target,
        expected: own ? [201, 201, 201, 201] : [201, 201, 404, 404],
        request: async () => ({
          method: 'POST',
          url: `/api/tasks/${await freshTask(target)}/extension-requests`,
          payload: { requestedDueDate: '2027-01-31', reason: 'Access road washed out' },
        }),
      },
      {
        endpoint: 'POST /api/extension-requests/:id/decide',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => ({
          method: 'POST',
          url: `/api/extension-requests/${await pendingExtension(target)}/decide`,
          payload: { decision: 'REJECT', reason: 'Inspection cannot wait' },
        }),
      },
      {
        endpoint: 'POST /api/tasks/bulk (complete)',
        target,
        expected: own ? ALL_OK : OUTSIDE,
        request: async () => {
          const { tasks } = await freshRequirement(target);
          return { method: 'POST', url: '/api/tasks/bulk', payload: { ids: tasks.slice(0, 3), action: 'complete' } };
        },
      },
      {
        endpoint: 'POST /api/tasks/bulk (assign)',
        target,
        expected: own ? ADMIN_ROLES : OUTSIDE_ADMIN_ROLES,
        request: async () => {
          const { tasks } = await freshRequirement(target);
          return {
            method: 'POST',
            url: '/api/tasks/bulk',
            payload: { ids: tasks.slice(0, 3), action: 'assign', assigneeId: ids.ALL_FACILITY_USER },
          };
        },
      },
    );
  }
  return list;
}

const CASES = cases();

beforeAll(async () => {
  for (const target of ['own', 'other'] as const) {
    facility[target] = (
      await asAdmin({
        method: 'POST',
        url: '/api/facilities',
        payload: {
          name: `Matrix ${target}`,
          code: `MX-${target.toUpperCase()}`,
          type: 'HYDRO',
          timeZone: 'America/Denver',
        },
      })
    )._id;
  }
  await matrix.signInRoles(facility.own);
});

describeMatrix(matrix, CASES);

describe('what the lists contain', () => {
  it('facility roles list only the requirements and tasks of their facilities', async () => {
    await freshRequirement('own');
    await freshRequirement('other');
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      const tasks = (await send(tokens[role], { method: 'GET', url: '/api/tasks?pageSize=200' })).body;
      expect(tasks.meta.total).toBeGreaterThan(0);
      expect(tasks.data.every((task: { facilityId: string }) => task.facilityId === facility.own)).toBe(true);
      const requirements = (await send(tokens[role], { method: 'GET', url: '/api/requirements?pageSize=200' })).body
        .data;
      for (const requirement of requirements) {
        const detail = (await send(tokens[role], { method: 'GET', url: `/api/requirements/${requirement._id}` })).body
          .data;
        expect(detail.facilities.map((binding: { facilityId: string }) => binding.facilityId)).toEqual([facility.own]);
      }
    }
  });
});

describe('what the reports contain', () => {
  it('facility roles see only their facilities in the scorecard and the trend, whatever the filter', async () => {
    await freshRequirement('own');
    await freshRequirement('other');
    const period = 'from=2025-04-01&to=2026-03-31';
    const all = (await send(tokens.ALL_FACILITY_USER, { method: 'GET', url: `/api/reports/scorecard?${period}` })).body
      .data as { key: string }[];
    expect(all.map((row) => row.key).sort()).toEqual([facility.own, facility.other].sort());
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      for (const path of ['scorecard', 'trend']) {
        const mine = (await send(tokens[role], { method: 'GET', url: `/api/reports/${path}?${period}` })).body.data;
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.every((row: { key: string }) => row.key === facility.own)).toBe(true);
        const other = await send(tokens[role], {
          method: 'GET',
          url: `/api/reports/${path}?${period}&facilityId=${facility.other}`,
        });
        expect(other.status).toBe(200);
        expect(other.body.data).toEqual([]);
      }
    }
  });
});
