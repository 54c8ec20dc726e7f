import { beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../test/api-calls';
import { signedInSuite } from '../../test/signed-in-suite';
import { assertFacilityInScope, facilityScopeOf, isFacilityInScope } from './facility-scope';

const suite = signedInSuite();
const facilities: Record<string, string> = {};

const call = callerOf(() => suite.t);

beforeAll(async () => {
  for (const [code, name] of [
    ['ALPHA', 'Alpha Wind'],
    ['BRAVO', 'Bravo Sólar'],
    ['CHARLIE', 'Charlie Hydro'],
  ] as const) {
    const response = await call(suite.admin, 'POST', '/api/facilities', { name, code, type: 'OTHER', timeZone: 'UTC' });
    facilities[code] = response.body.data._id;
  }
});

describe('assigning users to facilities', () => {
  it('assigns, lists with user and facility fields, refuses a duplicate, removes', async () => {
    const user = await suite.t.createUser('FACILITY_USER', 'zoë@example.com', {
      firstName: 'Zoë',
      lastName: 'Ångström',
    });
    const created = await call(suite.admin, 'POST', '/api/user-facilities', {
      userId: user.id,
      facilityId: facilities.ALPHA,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      userId: user.id,
      facilityId: facilities.ALPHA,
      user: { _id: user.id, email: 'zoë@example.com', name: 'Zoë Ångström', role: 'FACILITY_USER', active: true },
      facility: { _id: facilities.ALPHA, name: 'Alpha Wind', code: 'ALPHA', status: 'ACTIVE' },
    });
    const duplicate = await call(suite.admin, 'POST', '/api/user-facilities', {
      userId: user.id,
      facilityId: facilities.ALPHA,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This user is already assigned to this facility');

    const byUser = await call(suite.admin, 'GET', `/api/user-facilities?userId=${user.id}`);
    expect(byUser.body.meta.total).toBe(1);
    const bySearch = await call(
      suite.admin,
      'GET',
      `/api/user-facilities?search=${encodeURIComponent('ANGSTROM alpha')}`,
    );
    expect(bySearch.body.data.map((row: { _id: string }) => row._id)).toEqual([created.body.data._id]);
    expect((await call(suite.admin, 'GET', `/api/user-facilities/${created.body.data._id}`)).status).toBe(200);

    expect((await call(suite.admin, 'DELETE', `/api/user-facilities/${created.body.data._id}`)).status).toBe(204);
    expect((await call(suite.admin, 'DELETE', `/api/user-facilities/${created.body.data._id}`)).status).toBe(404);
    const actions = (await call(suite.admin, 'GET', `/api/audit?entityId=${created.body.data._id}&sort=at`)).body.data;
    expect(actions.map((e: { action: string }) => e.action)).toEqual(['ASSIGN', 'UNASSIGN']);
    expect(actions[1]).toMatchObject({
      facilityId: facilities.ALPHA,
      changes: { userId: { before: user.id, after: null } },
    });
  });

  it('answers 400 with field details for an unknown user or facility', async () => {
    const user = await suite.t.createUser('FACILITY_USER');
    const unknownUser = await call(suite.admin, 'POST', '/api/user-facilities', {
      userId: 'nobody',
      facilityId: facilities.ALPHA,
    });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.details).toEqual([{ path: 'userId', message: 'Unknown user nobody' }]);
    const unknownFacility = await call(suite.admin, 'POST', '/api/user-facilities', {
      userId: user.id,
      facilityId: 'nowhere',
    });
    expect(unknownFacility.body.details).toEqual([{ path: 'facilityId', message: 'Unknown facility nowhere' }]);
    const bulk = await call(suite.admin, 'POST', '/api/user-facilities/bulk', {
      action: 'assign',
      userIds: [user.id, 'x'],
      facilityIds: ['y'],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.details.map((d: { path: string }) => d.path)).toEqual(['userIds.1', 'facilityIds.0']);
    expect((await call(suite.admin, 'GET', `/api/user-facilities?userId=${user.id}`)).body.meta.total).toBe(0);
  });

  it('assigns and unassigns in bulk from either side, counting what changed', async () => {
    const a = await suite.t.createUser('FACILITY_USER');
    const b = await suite.t.createUser('FACILITY_ADMIN');
    const all = [facilities.ALPHA, facilities.BRAVO, facilities.CHARLIE] as string[];
    const first = await call(suite.admin, 'POST', '/api/user-facilities/bulk', {
      action: 'assign',
      userIds: [a.id],
      facilityIds: [facilities.ALPHA],
    });
    expect(first.body.data).toEqual({ action: 'assign', changed: 1, unchanged: 0 });
    const many = await call(suite.admin, 'POST', '/api/user-facilities/bulk', {
      action: 'assign',
      userIds: [a.id, b.id],
      facilityIds: all,
    });
    expect(many.body.data).toEqual({ action: 'assign', changed: 5, unchanged: 1 });
    const byFacility = await call(
      suite.admin,
      'GET',
      `/api/user-facilities?facilityId=${facilities.BRAVO}&sort=-userEmail`,
    );
    expect(byFacility.body.data.map((row: { userId: string }) => row.userId)).toEqual(
      [a, b].sort((x, y) => (x.email < y.email ? 1 : -1)).map((u) => u.id),
    );
    const off = await call(suite.admin, 'POST', '/api/user-facilities/bulk', {
      action: 'unassign',
      userIds: [a.id],
      facilityIds: all,
    });
    expect(off.body.data).toEqual({ action: 'unassign', changed: 3, unchanged: 0 });
    expect(
      (await call(suite.admin, 'GET', `/api/user-facilities?userId=${b.id}&sort=facilityName`)).body.data.map(
        (r: { facility: { code: string } }) => r.facility.code,
      ),
    ).toEqual(['ALPHA', 'BRAVO', 'CHARLIE']);
  });

  it('signs the affected user out when their facilities change', async () => {
    const user = await suite.t.createUser('FACILITY_USER');
    const token = await suite.t.signIn(user.email);
    await call(suite.admin, 'POST', '/api/user-facilities', { userId: user.id, facilityId: facilities.CHARLIE });
    expect((await call(token, 'GET', '/api/facilities')).status).toBe(401);
    const again = await suite.t.signIn(user.email);
    expect((await call(again, 'GET', '/api/facilities')).body.data.map((f: { _id: string }) => f._id)).toEqual([
      facilities.CHARLIE,
    ]);
  });
});

describe('facility scope helper', () => {
  it('gives every facility to the all roles and the assigned ones to the facility roles', async () => {
    const { db } = suite.t.database;
    const fa = await suite.t.createUser('FACILITY_ADMIN');
    await call(suite.admin, 'POST', '/api/user-facilities', { userId: fa.id, facilityId: facilities.BRAVO });
    expect(await facilityScopeOf(db, { id: 'x', role: 'ALL_FACILITY_USER' })).toEqual({ all: true });
    const scope = await facilityScopeOf(db, { id: fa.id, role: 'FACILITY_ADMIN' });
    expect(scope).toEqual({ all: false, facilityIds: [facilities.BRAVO] });
    expect(isFacilityInScope(scope, facilities.BRAVO)).toBe(true);
    expect(isFacilityInScope(scope, facilities.ALPHA)).toBe(false);
    expect(isFacilityInScope(scope, null)).toBe(false);
    expect(() => assertFacilityInScope(scope, facilities.ALPHA, 'Task')).toThrow('Task not found');
    const none = await facilityScopeOf(db, { id: 'unassigned', role: 'FACILITY_USER' });
    expect(none).toEqual({ all: false, facilityIds: [] });
  });
});
