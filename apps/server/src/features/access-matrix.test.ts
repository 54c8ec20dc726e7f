/**
 * The roles' permission and scope matrix for the directory endpoints: every role × every
 * endpoint × (own facility, other facility, no facility / self), plus unauthenticated. Runs on SQLite and
 * on PostgreSQL. Expected statuses are listed per role in the order of ROLES.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { accessMatrix, ALL_OK, describeMatrix, readOfNone, type MatrixCase } from '../test/access-matrix';

type Target = 'own' | 'other' | 'none' | 'self';
type Case = MatrixCase<Target>;

const matrix = accessMatrix();
const { tokens, ids, send, asAdmin } = matrix;
const fx = {
  facility: { own: '', other: '' },
  user: { own: '', other: '', none: '' },
  assignment: { own: '', other: '' },
  event: { own: '', other: '', none: '' },
  regulation: '',
  programArea: '',
};
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** A new FACILITY_USER assigned to the own or other facility (or to none). */
async function freshUser(target: 'own' | 'other' | 'none'): Promise<string> {
  const user = await matrix.t.createUser('FACILITY_USER');
  if (target !== 'none')
    await asAdmin({
      method: 'POST',
      url: '/api/user-facilities',
      payload: { userId: user.id, facilityId: fx.facility[target] },
    });
  return user.id;
}

async function freshAssignment(target: 'own' | 'other'): Promise<string> {
  const user = await matrix.t.createUser('FACILITY_USER');
  return (
    await asAdmin({
      method: 'POST',
      url: '/api/user-facilities',
      payload: { userId: user.id, facilityId: fx.facility[target] },
    })
  )._id;
}

async function flippedStatus(facilityId: string): Promise<'ACTIVE' | 'INACTIVE'> {
  const facility = await asAdmin({ method: 'GET', url: `/api/facilities/${facilityId}` });
  return facility.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
}

const MANAGE = [200, 200, 403, 403] as const;
const CREATE = [201, 201, 403, 403] as const;

function facilityCases(): Case[] {
  const cases: Case[] = [
    readOfNone('/api/facilities'),
    {
      endpoint: 'POST /api/facilities',
      target: 'none',
      expected: CREATE,
      request: () => {
        const code = `F${unique()}`.slice(0, 12).toUpperCase();
        return {
          method: 'POST',
          url: '/api/facilities',
          payload: { name: `Facility ${code}`, code, type: 'WIND', timeZone: 'America/Chicago' },
        };
      },
    },
  ];
  for (const target of ['own', 'other'] as const) {
    const own = target === 'own';
    cases.push(
      {
        endpoint: 'GET /api/facilities/:id',
        target,
        expected: own ? ALL_OK : [200, 200, 404, 404],
        request: () => ({ method: 'GET', url: `/api/facilities/${fx.facility[target]}` }),
      },
      {
        endpoint: 'PATCH /api/facilities/:id (edit)',
        target,
        expected: own ? [200, 200, 200, 403] : [200, 200, 404, 403],
        request: () => ({
          method: 'PATCH',
          url: `/api/facilities/${fx.facility[target]}`,
          payload: { notes: `note ${unique()}` },
        }),
      },
      {
        endpoint: 'PATCH /api/facilities/:id (deactivate/reactivate)',
        target,
        expected: own ? [200, 200, 403, 403] : [200, 200, 404, 403],
        request: async () => ({
          method: 'PATCH',
          url: `/api/facilities/${fx.facility[target]}`,
          payload: { status: await flippedStatus(fx.facility[target]) },
        }),
      },
    );
  }
  return cases;
}

function userCases(): Case[] {
  const cases: Case[] = [
    readOfNone('/api/users'),
    {
      endpoint: 'GET /api/users/:id',
      target: 'self',
      expected: ALL_OK,
      request: (role) => ({ method: 'GET', url: `/api/users/${ids[role]}` }),
    },
    {
      endpoint: 'PATCH /api/users/:id (own names)',
      target: 'self',
      expected: ALL_OK,
      request: (role) => ({
        method: 'PATCH',
        url: `/api/users/${ids[role]}`,
        payload: { firstName: `Me ${unique()}` },
      }),
    },
    {
      endpoint: 'PATCH /api/users/:id (own role)',
      target: 'self',
      expected: [403, 403, 403, 403],
      request: (role) => ({
        method: 'PATCH',
        url: `/api/users/${ids[role]}`,
        payload: { role: role === 'FACILITY_USER' ? 'FACILITY_ADMIN' : 'FACILITY_USER' },
      }),
    },
    {
      endpoint: 'POST /api/users/:id/reset-password',
      target: 'self',
      expected: [403, 403, 403, 403],
      request: (role) => ({ method: 'POST', url: `/api/users/${ids[role]}/reset-password` }),
    },
  ];
  for (const target of ['own', 'other', 'none'] as const) {
    cases.push(
      {
        endpoint: 'GET /api/users/:id',
        target,
        expected: target === 'own' ? [200, 200, 200, 404] : [200, 200, 404, 404],
        request: () => ({ method: 'GET', url: `/api/users/${fx.user[target]}` }),
      },
      {
        endpoint: 'POST /api/users',
        target,
        expected: CREATE,
        request: () => ({
          method: 'POST',
          url: '/api/users',
          payload: {
            email: `new-${unique()}@example.com`,
            firstName: 'New',
            lastName: 'User',
            role: 'FACILITY_USER',
            ...(target === 'none' ? {} : { facilityIds: [fx.facility[target]] }),
          },
        }),
      },
      {
        endpoint: 'PATCH /api/users/:id (names)',
        target,
        expected: MANAGE,
        request: () => ({
          method: 'PATCH',
          url: `/api/users/${fx.user[target]}`,
          payload: { lastName: `Name ${unique()}` },
        }),
      },
      {
        endpoint: 'PATCH /api/users/:id (role)',
        target,
        expected: MANAGE,
        request: async () => ({
          method: 'PATCH',
          url: `/api/users/${await freshUser(target)}`,
          payload: { role: 'FACILITY_ADMIN' },
        }),
      },
      {
        endpoint: 'PATCH /api/users/:id (deactivate)',
        target,
        expected: MANAGE,
        request: async () => ({
          method: 'PATCH',
          url: `/api/users/${await freshUser(target)}`,
          payload: { active: false },
        }),
      },
      {
        endpoint: 'POST /api/users/:id/reset-password',
        target,
        expected: MANAGE,
        request: async () => ({ method: 'POST', url: `/api/users/${await freshUser(target)}/reset-password` }),
      },
    );
  }
  return cases;
}

function userFacilityCases(): Case[] {
  const cases: Case[] = [readOfNone('/api/user-facilities', MANAGE)];
  for (const target of ['own', 'other'] as const) {
    cases.push(
      {
        endpoint: 'GET /api/user-facilities?facilityId=',
        target,
        expected: MANAGE,
        request: () => ({ method: 'GET', url: `/api/user-facilities?facilityId=${fx.facility[target]}` }),
      },
      {
        endpoint: 'GET /api/user-facilities/:id',
        target,
        expected: MANAGE,
        request: () => ({ method: 'GET', url: `/api/user-facilities/${fx.assignment[target]}` }),
      },
      {
        endpoint: 'POST /api/user-facilities',
        target,
        expected: CREATE,
        request: async () => ({
          method: 'POST',
          url: '/api/user-facilities',
          payload: { userId: (await matrix.t.createUser('FACILITY_USER')).id, facilityId: fx.facility[target] },
        }),
      },
      {
        endpoint: 'POST /api/user-facilities/bulk',
        target,
        expected: MANAGE,
        request: async () => ({
          method: 'POST',
          url: '/api/user-facilities/bulk',
          payload: {
            action: 'assign',
            userIds: [(await matrix.t.createUser('FACILITY_USER')).id],
            facilityIds: [fx.facility[target]],
          },
        }),
      },
      {
        endpoint: 'DELETE /api/user-facilities/:id',
        target,
        expected: [204, 204, 403, 403],
        request: async () => ({ method: 'DELETE', url: `/api/user-facilities/${await freshAssignment(target)}` }),
      },
    );
  }
  return cases;
}

function settingsCases(): Case[] {
  return [
    readOfNone('/api/regulations'),
    {
      endpoint: 'GET /api/regulations/:id',
      target: 'none',
      expected: ALL_OK,
      request: () => ({ method: 'GET', url: `/api/regulations/${fx.regulation}` }),
    },
    {
      endpoint: 'POST /api/regulations',
      target: 'none',
      expected: CREATE,
      request: () => ({
        method: 'POST',
        url: '/api/regulations',
        payload: { title: `Rule ${unique()}`, jurisdiction: 'STATE' },
      }),
    },
    {
      endpoint: 'PATCH /api/regulations/:id',
      target: 'none',
      expected: MANAGE,
      request: () => ({
        method: 'PATCH',
        url: `/api/regulations/${fx.regulation}`,
        payload: { description: unique() },
      }),
    },
    readOfNone('/api/program-areas'),
    {
      endpoint: 'GET /api/program-areas/:id',
      target: 'none',
      expected: ALL_OK,
      request: () => ({ method: 'GET', url: `/api/program-areas/${fx.programArea}` }),
    },
    {
      endpoint: 'POST /api/program-areas',
      target: 'none',
      expected: CREATE,
      request: () => ({ method: 'POST', url: '/api/program-areas', payload: { name: `Area ${unique()}` } }),
    },
    {
      endpoint: 'PATCH /api/program-areas/:id',
      target: 'none',
      expected: MANAGE,
      request: () => ({
        method: 'PATCH',
        url: `/api/program-areas/${fx.programArea}`,
        payload: { description: unique() },
      }),
    },
  ];
}

function auditCases(): Case[] {
  const cases: Case[] = [
    readOfNone('/api/audit', [200, 200, 200, 403]),
    readOfNone('/api/audit/verify', MANAGE),
    {
      endpoint: 'GET /api/audit/:id',
      target: 'none',
      expected: [200, 200, 404, 403],
      request: () => ({ method: 'GET', url: `/api/audit/${fx.event.none}` }),
    },
  ];
  for (const target of ['own', 'other'] as const) {
    cases.push(
      {
        endpoint: 'GET /api/audit?facilityId=',
        target,
        expected: [200, 200, 200, 403],
        request: () => ({ method: 'GET', url: `/api/audit?facilityId=${fx.facility[target]}` }),
      },
      {
        endpoint: 'GET /api/audit/:id',
        target,
        expected: target === 'own' ? [200, 200, 200, 403] : [200, 200, 404, 403],
        request: () => ({ method: 'GET', url: `/api/audit/${fx.event[target]}` }),
      },
    );
  }
  return cases;
}

const CASES: Case[] = [...facilityCases(), ...userCases(), ...userFacilityCases(), ...settingsCases(), ...auditCases()];

beforeAll(async () => {
  for (const target of ['own', 'other'] as const) {
    fx.facility[target] = (
      await asAdmin({
        method: 'POST',
        url: '/api/facilities',
        payload: { name: `Facility ${target}`, code: target.toUpperCase(), type: 'SOLAR', timeZone: 'America/Phoenix' },
      })
    )._id;
  }
  for (const target of ['own', 'other', 'none'] as const) fx.user[target] = await freshUser(target);
  for (const target of ['own', 'other'] as const) fx.assignment[target] = await freshAssignment(target);
  fx.regulation = (
    await asAdmin({
      method: 'POST',
      url: '/api/regulations',
      payload: { title: 'NERC PRC-005', jurisdiction: 'FEDERAL' },
    })
  )._id;
  fx.programArea = (
    await asAdmin({ method: 'POST', url: '/api/program-areas', payload: { name: 'NERC Reliability' } })
  )._id;
  for (const target of ['own', 'other'] as const) {
    fx.event[target] = (
      await asAdmin({ method: 'GET', url: `/api/audit?entityType=FACILITY&entityId=${fx.facility[target]}` })
    )[0]._id;
  }
  fx.event.none = (
    await asAdmin({ method: 'GET', url: `/api/audit?entityType=REGULATION&entityId=${fx.regulation}` })
  )[0]._id;

  await matrix.signInRoles(fx.facility.own);
});

describeMatrix(matrix, CASES);

describe('what the lists contain', () => {
  it('facility roles list only their facilities, users and events', async () => {
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      const facilities = (await send(tokens[role], { method: 'GET', url: '/api/facilities?pageSize=200' })).body.data;
      expect(facilities.map((f: { _id: string }) => f._id)).toEqual([fx.facility.own]);
    }
    const faUsers = (await send(tokens.FACILITY_ADMIN, { method: 'GET', url: '/api/users?pageSize=200' })).body
      .data as { _id: string; facilityIds: string[] }[];
    expect(faUsers.map((u) => u._id)).toContain(fx.user.own);
    expect(faUsers.map((u) => u._id)).not.toContain(fx.user.other);
    expect(faUsers.map((u) => u._id)).not.toContain(fx.user.none);
    expect(faUsers.every((u) => u._id === ids.FACILITY_ADMIN || u.facilityIds.includes(fx.facility.own))).toBe(true);
    const fuUsers = (await send(tokens.FACILITY_USER, { method: 'GET', url: '/api/users' })).body;
    expect(fuUsers).toMatchObject({ meta: { total: 1 }, data: [{ _id: ids.FACILITY_USER }] });
    const faOther = (
      await send(tokens.FACILITY_ADMIN, { method: 'GET', url: `/api/audit?facilityId=${fx.facility.other}` })
    ).body;
    expect(faOther.meta.total).toBe(0);
    const allOther = (
      await send(tokens.ALL_FACILITY_USER, { method: 'GET', url: `/api/audit?facilityId=${fx.facility.other}` })
    ).body;
    expect(allOther.meta.total).toBeGreaterThan(0);
  });
});
