import { describe, expect, it } from 'vitest';
import type { Role } from '@rtms/shared/enums';
import { callerOf } from '../../test/api-calls';
import { ADMIN_EMAIL } from '../../test/test-app';
import { signedInSuite } from '../../test/signed-in-suite';

const suite = signedInSuite();

const call = callerOf(() => suite.t);

async function facility(code: string): Promise<string> {
  const response = await call(suite.admin, 'POST', '/api/facilities', {
    name: `Facility ${code}`,
    code,
    type: 'SOLAR',
    timeZone: 'America/Phoenix',
  });
  expect(response.status).toBe(201);
  return response.body.data._id;
}

async function newUser(role: Role, extra: object = {}) {
  const response = await call(suite.admin, 'POST', '/api/users', {
    email: `u-${Math.random().toString(36).slice(2, 10)}@example.com`,
    firstName: 'New',
    lastName: 'Person',
    role,
    password: 'a-long-enough-password',
    mustChangePassword: false,
    ...extra,
  });
  expect(response.status).toBe(201);
  return response.body.data as { _id: string; email: string };
}

describe('creating users', () => {
  /** A new user with no password given: the server makes a temporary one. */
  const jane = { email: 'Jane.Doe@Example.com', firstName: 'Jane', lastName: 'Doe', role: 'FACILITY_USER' };

  it('generates a temporary password, returned once, that must be changed at first sign-in', async () => {
    const created = await call(suite.admin, 'POST', '/api/users', jane);
    expect(created.status).toBe(201);
    const { temporaryPassword, ...user } = created.body.data;
    expect(user).toMatchObject({
      email: 'jane.doe@example.com',
      name: 'Jane Doe',
      role: 'FACILITY_USER',
      active: true,
      mustChangePassword: true,
      facilityIds: [],
    });
    expect(temporaryPassword).toMatch(/^\S{20}$/);
    expect(typeof user.createdAt).toBe('string');

    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'jane.doe@example.com', password: temporaryPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.mustChangePassword).toBe(true);
    // Until the password is changed, the API refuses everything but the password change.
    expect((await call(login.json().data.token, 'GET', '/api/facilities')).body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    const read = await call(suite.admin, 'GET', `/api/users/${user._id}`);
    expect(read.body.data.temporaryPassword).toBeUndefined();
  });

  it('refuses a duplicate email regardless of case with 409', async () => {
    const response = await call(suite.admin, 'POST', '/api/users', { ...jane, email: 'JANE.DOE@example.com' });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: 'CONFLICT', message: 'A user with this email already exists' });
  });

  it('validates the body: unknown fields, weak password, bad role, unknown facility', async () => {
    const base = { email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'FACILITY_USER' };
    expect((await call(suite.admin, 'POST', '/api/users', { ...base, isAdmin: true })).status).toBe(400);
    const weak = await call(suite.admin, 'POST', '/api/users', { ...base, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.details[0].path).toBe('password');
    expect((await call(suite.admin, 'POST', '/api/users', { ...base, role: 'ROOT' })).status).toBe(400);
    const unknown = await call(suite.admin, 'POST', '/api/users', { ...base, facilityIds: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([{ path: 'facilityIds.0', message: 'Unknown facility nope' }]);
    // Nothing was written by the failed requests.
    expect((await call(suite.admin, 'GET', '/api/users?search=x@example.com')).body.meta.total).toBe(0);
  });

  it('assigns facilities at creation and audits the user and each assignment', async () => {
    const f = await facility('CRT1');
    const user = await newUser('FACILITY_ADMIN', { facilityIds: [f] });
    expect((await call(suite.admin, 'GET', `/api/users/${user._id}`)).body.data.facilityIds).toEqual([f]);
    const events = (await call(suite.admin, 'GET', `/api/audit?entityId=${user._id}`)).body.data;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'CREATE', entityType: 'USER' });
    expect(JSON.stringify(events[0].changes)).not.toMatch(/"password(Hash)?"/i);
    const assignments = (await call(suite.admin, 'GET', `/api/audit?entityType=USER_FACILITY&facilityId=${f}`)).body
      .data;
    expect(assignments).toHaveLength(1);
  });
});

describe('editing users', () => {
  it('edits names and email, keeping emails unique', async () => {
    const user = await newUser('FACILITY_USER');
    const other = await newUser('FACILITY_USER');
    const edited = await call(suite.admin, 'PATCH', `/api/users/${user._id}`, {
      firstName: 'Ñuño',
      lastName: 'Äberg',
      email: 'NUNO@example.com',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Ñuño Äberg', email: 'nuno@example.com' });
    const clash = await call(suite.admin, 'PATCH', `/api/users/${other._id}`, { email: 'Nuno@Example.com' });
    expect(clash.status).toBe(409);
    // Search folds case and accents alike on both databases.
    for (const term of ['ñuño', 'NUNO', 'äberg', 'ABERG']) {
      const found = await call(suite.admin, 'GET', `/api/users?search=${encodeURIComponent(term)}`);
      expect(found.body.data.map((u: { _id: string }) => u._id)).toEqual([user._id]);
    }
  });

  it('changes a role and signs the user out at once; a user cannot change their own role', async () => {
    const user = await newUser('FACILITY_USER');
    const token = await suite.t.signIn(user.email, 'a-long-enough-password');
    const changed = await call(suite.admin, 'PATCH', `/api/users/${user._id}`, { role: 'FACILITY_ADMIN' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('FACILITY_ADMIN');
    expect((await call(token, 'POST', '/api/users/auth/me')).status).toBe(401);
    const events = (await call(suite.admin, 'GET', `/api/audit?entityId=${user._id}&action=ROLE_CHANGE`)).body.data;
    expect(events[0].changes).toEqual({ role: { before: 'FACILITY_USER', after: 'FACILITY_ADMIN' } });

    const self = (await call(suite.admin, 'POST', '/api/users/auth/me')).body.data._id;
    const own = await call(suite.admin, 'PATCH', `/api/users/${self}`, { role: 'FACILITY_USER' });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot change your own role');
  });

  it('deactivates (signing out, refusing sign-in) and reactivates', async () => {
    const user = await newUser('ALL_FACILITY_USER');
    const token = await suite.t.signIn(user.email, 'a-long-enough-password');
    const off = await call(suite.admin, 'PATCH', `/api/users/${user._id}`, { active: false });
    expect(off.body.data.active).toBe(false);
    expect((await call(token, 'POST', '/api/users/auth/me')).status).toBe(401);
    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: 'a-long-enough-password' },
    });
    expect(login.statusCode).toBe(401);
    expect(
      (await call(suite.admin, 'GET', '/api/users?active=false')).body.data.map((u: { _id: string }) => u._id),
    ).toContain(user._id);
    const on = await call(suite.admin, 'PATCH', `/api/users/${user._id}`, { active: true });
    expect(on.body.data.active).toBe(true);
    const actions = (await call(suite.admin, 'GET', `/api/audit?entityId=${user._id}&sort=at`)).body.data.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(['CREATE', 'DEACTIVATE', 'REACTIVATE']);
  });

  it('revokes the calendar feeds of a deactivated user for good: reactivation does not bring them back', async () => {
    const user = await newUser('ALL_FACILITY_USER');
    const token = await suite.t.signIn(user.email, 'a-long-enough-password');
    const created = await call(token, 'POST', '/api/calendar-feeds', { name: 'Deadlines', scope: 'MINE' });
    expect(created.status).toBe(201);
    const feedPath = new URL(created.body.data.url as string, 'http://localhost').pathname;
    const fetchFeed = async () => (await suite.t.app.inject({ method: 'GET', url: feedPath })).statusCode;
    expect(await fetchFeed()).toBe(200);

    expect((await call(suite.admin, 'PATCH', `/api/users/${user._id}`, { active: false })).status).toBe(200);
    expect(await fetchFeed()).toBe(404);
    expect((await call(suite.admin, 'PATCH', `/api/users/${user._id}`, { active: true })).status).toBe(200);
    expect(await fetchFeed()).toBe(404);
    const again = await suite.t.signIn(user.email, 'a-long-enough-password');
    expect((await call(again, 'GET', '/api/calendar-feeds')).body.data).toEqual([]);
    // The revocation is in the audit trail, under the feed.
    const audit = await call(
      suite.admin,
      'GET',
      `/api/audit?entityType=CALENDAR_FEED&entityId=${created.body.data._id}`,
    );
    expect(audit.body.data.map((event: { action: string }) => event.action).sort()).toEqual(['CREATE', 'DELETE']);
  });

  it('never removes the last active ALL_FACILITY_ADMIN (409), even when two admins act at once', async () => {
    const self = (await call(suite.admin, 'POST', '/api/users/auth/me')).body.data._id as string;
    const activeAdmins = async () =>
      (await call(suite.admin, 'GET', '/api/users?role=ALL_FACILITY_ADMIN&active=true&pageSize=200')).body.data as {
        _id: string;
      }[];
    for (const other of (await activeAdmins()).filter((a) => a._id !== self)) {
      expect((await call(suite.admin, 'PATCH', `/api/users/${other._id}`, { active: false })).status).toBe(200);
    }
    const last = await call(suite.admin, 'PATCH', `/api/users/${self}`, { active: false });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(
      `${ADMIN_EMAIL} is the last active all-facility administrator: make another user ALL_FACILITY_ADMIN first`,
    );

    // With a second admin, the first may be demoted; then the second is the last one.
    const second = await newUser('ALL_FACILITY_ADMIN');
    const secondToken = await suite.t.signIn(second.email, 'a-long-enough-password');
    expect((await call(secondToken, 'PATCH', `/api/users/${self}`, { role: 'ALL_FACILITY_USER' })).status).toBe(200);
    expect((await call(suite.admin, 'POST', '/api/users/auth/me')).status).toBe(401); // demoted: signed out
    expect((await call(secondToken, 'PATCH', `/api/users/${second._id}`, { active: false })).status).toBe(409);
    expect((await call(secondToken, 'PATCH', `/api/users/${self}`, { role: 'ALL_FACILITY_ADMIN' })).status).toBe(200);
    suite.admin = await suite.t.signIn(ADMIN_EMAIL);

    // Two admins deactivating each other at the same moment: exactly one succeeds.
    expect((await call(suite.admin, 'PATCH', `/api/users/${second._id}`, { active: false })).status).toBe(200);
    const x = await newUser('ALL_FACILITY_ADMIN');
    const y = await newUser('ALL_FACILITY_ADMIN');
    const [xToken, yToken] = await Promise.all([
      suite.t.signIn(x.email, 'a-long-enough-password'),
      suite.t.signIn(y.email, 'a-long-enough-password'),
    ]);
    expect((await call(xToken, 'PATCH', `/api/users/${self}`, { active: false })).status).toBe(200);
    const statuses = (
      await Promise.all([
        call(xToken, 'PATCH', `/api/users/${y._id}`, { active: false }),
        call(yToken, 'PATCH', `/api/users/${x._id}`, { active: false }),
      ])
    ).map((response) => response.status);
    // One wins; the other is refused: 409 when both ran at once, 401 when the loser was already deactivated.
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect([401, 409]).toContain(statuses.find((status) => status !== 200));
    const survivor = (await call(xToken, 'POST', '/api/users/auth/me')).status === 200 ? xToken : yToken;
    expect((await call(survivor, 'PATCH', `/api/users/${self}`, { active: true })).status).toBe(200);
    suite.admin = await suite.t.signIn(ADMIN_EMAIL);
    expect((await activeAdmins()).length).toBe(2);
  });

  it('lets only an ALL_FACILITY_ADMIN grant that role', async () => {
    const allUser = await newUser('ALL_FACILITY_USER');
    const token = await suite.t.signIn(allUser.email, 'a-long-enough-password');
    const target = await newUser('FACILITY_USER');
    const grant = await call(token, 'PATCH', `/api/users/${target._id}`, { role: 'ALL_FACILITY_ADMIN' });
    expect(grant.status).toBe(403);
    const create = await call(token, 'POST', '/api/users', {
      email: 'boss@example.com',
      firstName: 'B',
      lastName: 'B',
      role: 'ALL_FACILITY_ADMIN',
    });
    expect(create.status).toBe(403);
    // … but may manage the other roles.
    expect((await call(token, 'PATCH', `/api/users/${target._id}`, { role: 'FACILITY_ADMIN' })).status).toBe(200);
  });

  it('lets every user edit their own names, and nothing else of their own', async () => {
    const user = await newUser('FACILITY_USER');
    const token = await suite.t.signIn(user.email, 'a-long-enough-password');
    expect((await call(token, 'PATCH', `/api/users/${user._id}`, { firstName: 'Renamed' })).body.data.firstName).toBe(
      'Renamed',
    );
    const email = await call(token, 'PATCH', `/api/users/${user._id}`, { email: 'me@example.com' });
    expect(email.status).toBe(403);
    expect(email.body.message).toBe('You can change only your own first and last name');
    expect((await call(token, 'PATCH', `/api/users/${user._id}`, { active: false })).status).toBe(403);
  });
});

describe('resetting passwords', () => {
  it('issues a temporary password, requires a change at sign-in and signs the user out', async () => {
    const user = await newUser('FACILITY_ADMIN');
    const token = await suite.t.signIn(user.email, 'a-long-enough-password');
    const reset = await call(suite.admin, 'POST', `/api/users/${user._id}/reset-password`);
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body.data)).toEqual(['temporaryPassword']);
    expect((await call(token, 'POST', '/api/users/auth/me')).status).toBe(401);
    const login = await suite.t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password: reset.body.data.temporaryPassword },
    });
    expect(login.json().data.user.mustChangePassword).toBe(true);
    const events = (await call(suite.admin, 'GET', `/api/audit?entityId=${user._id}&action=PASSWORD_RESET`)).body.data;
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0])).not.toContain(reset.body.data.temporaryPassword);
    expect(Object.keys(events[0].changes)).toEqual(['mustChangePassword']);
  });

  it('is refused for oneself and for an unknown user', async () => {
    const self = (await call(suite.admin, 'POST', '/api/users/auth/me')).body.data._id;
    expect((await call(suite.admin, 'POST', `/api/users/${self}/reset-password`)).status).toBe(403);
    expect((await call(suite.admin, 'POST', '/api/users/unknown/reset-password')).status).toBe(404);
  });
});

describe('listing users by scope', () => {
  it('shows everyone to the all-facility roles, users sharing a facility to FACILITY_ADMIN, only oneself to FACILITY_USER', async () => {
    const a = await facility('SCP1');
    const b = await facility('SCP2');
    const fa = await newUser('FACILITY_ADMIN', { facilityIds: [a] });
    const fu = await newUser('FACILITY_USER', { facilityIds: [a] });
    const elsewhere = await newUser('FACILITY_USER', { facilityIds: [b] });
    const both = await newUser('FACILITY_USER', { facilityIds: [a, b] });
    const faToken = await suite.t.signIn(fa.email, 'a-long-enough-password');
    const fuToken = await suite.t.signIn(fu.email, 'a-long-enough-password');

    const faList = await call(faToken, 'GET', '/api/users?pageSize=200');
    expect(faList.body.data.map((u: { _id: string }) => u._id).sort()).toEqual([fa._id, fu._id, both._id].sort());
    // Facility ids of another facility are not revealed to a FACILITY_ADMIN.
    expect(faList.body.data.find((u: { _id: string }) => u._id === both._id).facilityIds).toEqual([a]);
    expect((await call(faToken, 'GET', `/api/users/${elsewhere._id}`)).status).toBe(404);

    const fuList = await call(fuToken, 'GET', '/api/users');
    expect(fuList.body).toMatchObject({ meta: { total: 1 }, data: [{ _id: fu._id }] });
    expect((await call(fuToken, 'GET', `/api/users/${fa._id}`)).status).toBe(404);

    const all = await call(suite.admin, 'GET', `/api/users?facilityId=${a}&sort=-email`);
    const emails = all.body.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(all.body.meta.total).toBe(3);
  });

  it('lists with assignableTo only the users who may see every named facility (assignee pickers)', async () => {
    const [x, y] = [await facility('ASX'), await facility('ASY')];
    const onX = await newUser('FACILITY_USER', { facilityIds: [x] });
    const onBoth = await newUser('FACILITY_ADMIN', { facilityIds: [x, y] });
    const onY = await newUser('FACILITY_USER', { facilityIds: [y] });
    const everywhere = await newUser('ALL_FACILITY_USER');
    const idsFor = async (query: string) => {
      const response = await call(suite.admin, 'GET', `/api/users?pageSize=200&${query}`);
      expect(response.status).toBe(200);
      return response.body.data.map((user: { _id: string }) => user._id) as string[];
    };
    const forX = await idsFor(`assignableTo=${x}`);
    expect(forX).toEqual(expect.arrayContaining([onX._id, onBoth._id, everywhere._id]));
    expect(forX).not.toContain(onY._id);
    // Several facilities (a bulk assignment across sites): only those who may open every task.
    const forBoth = await idsFor(`assignableTo=${y},${x}`);
    expect(forBoth).toEqual(expect.arrayContaining([onBoth._id, everywhere._id]));
    expect(forBoth).not.toContain(onX._id);
    expect(forBoth).not.toContain(onY._id);
    const tooMany = Array.from({ length: 201 }, (_, index) => `f${index}`).join(',');
    const invalidList = await call(suite.admin, 'GET', `/api/users?assignableTo=${tooMany}`);
    expect(invalidList.status).toBe(400);
    expect(invalidList.body.details?.[0]?.path).toMatch(/^assignableTo/);
  });

  it('paginates and rejects a sort that is not allowed', async () => {
    const page = await call(suite.admin, 'GET', '/api/users?page=2&pageSize=2&sort=createdAt');
    expect(page.body.meta).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.body.data).toHaveLength(2);
    expect((await call(suite.admin, 'GET', '/api/users?sort=passwordHash')).status).toBe(400);
  });
});
