import { beforeAll, describe, expect, it } from 'vitest';
import { callerOf } from '../../test/api-calls';
import { signedInSuite } from '../../test/signed-in-suite';

const suite = signedInSuite();
let air: string;
let storm: string;

const call = callerOf(() => suite.t);

const full = {
  name: 'Río Grande Wind Farm',
  code: 'rgw-01',
  type: 'WIND',
  status: 'ACTIVE',
  address: '1200 County Road 45',
  city: 'Sweetwater',
  state: 'TX',
  country: 'US',
  latitude: 32.470953,
  longitude: -100.405943,
  capacityMw: 250.5,
  commercialOperationDate: '2019-06-30',
  timeZone: 'America/Chicago',
  notes: 'Eagle monitoring in spring.',
};

beforeAll(async () => {
  air = (await call(suite.admin, 'POST', '/api/program-areas', { name: 'Air Quality' })).body.data._id;
  storm = (await call(suite.admin, 'POST', '/api/program-areas', { name: 'Stormwater' })).body.data._id;
});

describe('creating facilities', () => {
  it('stores every field and answers with camelCase fields, _id and timestamps', async () => {
    const created = await call(suite.admin, 'POST', '/api/facilities', { ...full, programAreaIds: [storm, air, air] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      ...full,
      code: 'RGW-01',
      programAreaIds: expect.arrayContaining([air, storm]),
    });
    expect(created.body.data.programAreaIds).toHaveLength(2);
    expect(created.body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const read = await call(suite.admin, 'GET', `/api/facilities/${created.body.data._id}`);
    expect(read.body.data).toMatchObject({ ...full, code: 'RGW-01', users: [] });
    expect(read.body.data.programAreas.map((a: { name: string }) => a.name)).toEqual(['Air Quality', 'Stormwater']);
  });

  it('refuses duplicate names (whatever the case) and codes with 409 and writes nothing', async () => {
    const name = await call(suite.admin, 'POST', '/api/facilities', {
      ...full,
      code: 'OTHER',
      name: 'RÍO GRANDE wind farm',
    });
    expect(name.status).toBe(409);
    expect(name.body).toMatchObject({ code: 'CONFLICT', details: [{ path: 'name' }] });
    const code = await call(suite.admin, 'POST', '/api/facilities', { ...full, name: 'Another', code: 'RGW-01' });
    expect(code.status).toBe(409);
    expect(code.body.message).toBe('A facility with code "RGW-01" already exists');
    expect((await call(suite.admin, 'GET', '/api/facilities?search=another')).body.meta.total).toBe(0);
  });

  it.each([
    [{ latitude: 91 }, 'latitude'],
    [{ longitude: -180.5 }, 'longitude'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    [{ timeZone: '+05:00' }, 'timeZone'],
    [{ code: 'X' }, 'code'],
    [{ code: 'has space' }, 'code'],
    [{ commercialOperationDate: '2023-02-29' }, 'commercialOperationDate'],
    [{ capacityMw: -1 }, 'capacityMw'],
    [{ type: 'NUCLEAR' }, 'type'],
    [{ owner: 'someone' }, ''],
  ])('answers 400 with field details for %j', async (change, path) => {
    const response = await call(suite.admin, 'POST', '/api/facilities', {
      ...full,
      name: 'Bad',
      code: 'BAD',
      ...change,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    if (path) expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('answers 400 naming an unknown program area, and writes neither facility nor audit event', async () => {
    const before = (await call(suite.admin, 'GET', '/api/audit')).body.meta.total;
    const response = await call(suite.admin, 'POST', '/api/facilities', {
      ...full,
      name: 'Ghost',
      code: 'GHOST',
      programAreaIds: [air, 'missing'],
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'programAreaIds.1', message: 'Unknown program area missing' }]);
    expect((await call(suite.admin, 'GET', '/api/facilities?search=ghost')).body.meta.total).toBe(0);
    expect((await call(suite.admin, 'GET', '/api/audit')).body.meta.total).toBe(before);
  });

  it('stores an IANA alias in its canonical spelling', async () => {
    const response = await call(suite.admin, 'POST', '/api/facilities', {
      name: 'Alias',
      code: 'ALIAS',
      type: 'OTHER',
      timeZone: 'US/Eastern',
    });
    expect(response.body.data.timeZone).toBe('America/New_York');
  });
});

describe('updating facilities', () => {
  it('updates fields and program areas, clears optional ones with null, audits before/after', async () => {
    const id = (
      await call(suite.admin, 'POST', '/api/facilities', { ...full, name: 'Upd', code: 'UPD', programAreaIds: [air] })
    ).body.data._id;
    const updated = await call(suite.admin, 'PATCH', `/api/facilities/${id}`, {
      capacityMw: 300,
      notes: null,
      programAreaIds: [storm],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ capacityMw: 300, notes: null, programAreaIds: [storm] });
    const [event] = (await call(suite.admin, 'GET', `/api/audit?entityId=${id}&action=UPDATE`)).body.data;
    expect(event).toMatchObject({ entityType: 'FACILITY', facilityId: id });
    expect(event.changes).toEqual({
      capacityMw: { before: 250.5, after: 300 },
      notes: { before: full.notes, after: null },
      programAreaIds: { before: [air], after: [storm] },
    });
    // No change, no event.
    await call(suite.admin, 'PATCH', `/api/facilities/${id}`, { capacityMw: 300 });
    expect((await call(suite.admin, 'GET', `/api/audit?entityId=${id}`)).body.meta.total).toBe(2);
  });

  it('deactivates and reactivates through status', async () => {
    const id = (await call(suite.admin, 'POST', '/api/facilities', { ...full, name: 'Off', code: 'OFF' })).body.data
      ._id;
    expect((await call(suite.admin, 'PATCH', `/api/facilities/${id}`, { status: 'INACTIVE' })).body.data.status).toBe(
      'INACTIVE',
    );
    expect(
      (await call(suite.admin, 'GET', `/api/facilities?status=INACTIVE`)).body.data.map((f: { _id: string }) => f._id),
    ).toEqual([id]);
    expect((await call(suite.admin, 'PATCH', `/api/facilities/${id}`, { status: 'ACTIVE' })).status).toBe(200);
    const actions = (await call(suite.admin, 'GET', `/api/audit?entityId=${id}&sort=at`)).body.data.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(['CREATE', 'DEACTIVATE', 'REACTIVATE']);
  });

  it('lets a FACILITY_ADMIN edit an own facility but not deactivate it, and hides other facilities', async () => {
    const own = (await call(suite.admin, 'POST', '/api/facilities', { ...full, name: 'Own', code: 'OWN' })).body.data
      ._id;
    const other = (await call(suite.admin, 'POST', '/api/facilities', { ...full, name: 'Other', code: 'OTH' })).body
      .data._id;
    const fa = await suite.t.createUser('FACILITY_ADMIN');
    const fu = await suite.t.createUser('FACILITY_USER');
    const peer = await suite.t.createUser('FACILITY_USER');
    await call(suite.admin, 'POST', '/api/user-facilities/bulk', {
      action: 'assign',
      userIds: [fa.id, fu.id, peer.id],
      facilityIds: [own],
    });
    const faToken = await suite.t.signIn(fa.email);
    const fuToken = await suite.t.signIn(fu.email);

    expect((await call(faToken, 'PATCH', `/api/facilities/${own}`, { notes: 'checked' })).status).toBe(200);
    const deactivate = await call(faToken, 'PATCH', `/api/facilities/${own}`, { status: 'INACTIVE' });
    expect(deactivate.status).toBe(403);
    expect(deactivate.body.message).toBe('You do not have permission to deactivate or reactivate a facility');
    expect((await call(faToken, 'PATCH', `/api/facilities/${other}`, { notes: 'x' })).status).toBe(404);
    expect((await call(faToken, 'GET', `/api/facilities/${other}`)).status).toBe(404);
    expect((await call(faToken, 'GET', '/api/facilities')).body.data.map((f: { _id: string }) => f._id)).toEqual([own]);

    // The detail lists the facility's users; a FACILITY_USER sees only themself among them.
    const faDetail = await call(faToken, 'GET', `/api/facilities/${own}`);
    expect(faDetail.body.data.users.map((u: { _id: string }) => u._id).sort()).toEqual([fa.id, fu.id, peer.id].sort());
    const fuDetail = await call(fuToken, 'GET', `/api/facilities/${own}`);
    expect(fuDetail.body.data.users.map((u: { _id: string }) => u._id)).toEqual([fu.id]);
    expect((await call(fuToken, 'PATCH', `/api/facilities/${own}`, { notes: 'x' })).status).toBe(403);
  });
});

describe('listing facilities', () => {
  it('filters, searches case- and accent-insensitively, sorts and paginates', async () => {
    const make = (name: string, code: string, extra: object) =>
      call(suite.admin, 'POST', '/api/facilities', {
        name,
        code,
        type: 'SOLAR',
        timeZone: 'America/Phoenix',
        ...extra,
      });
    await make('Ärztehaus Solar', 'AEH', { state: 'AZ', capacityMw: 10 });
    await make('Peña Blanca Solar', 'PBS', { state: 'AZ', capacityMw: 30, programAreaIds: [storm] });
    await make('Zuni 100% Solar_Park', 'ZUN', { state: 'NM', capacityMw: 20 });

    const ids = async (query: string) =>
      (await call(suite.admin, 'GET', `/api/facilities?${query}`)).body.data.map((f: { code: string }) => f.code);
    expect(await ids(`search=${encodeURIComponent('ÄRZTE')}`)).toEqual(['AEH']);
    expect(await ids(`search=${encodeURIComponent('pena')}`)).toEqual(['PBS']);
    expect(await ids(`search=${encodeURIComponent('PEÑA')}`)).toEqual(['PBS']);
    expect(await ids(`search=${encodeURIComponent('100%')}`)).toEqual(['ZUN']);
    expect(await ids(`search=${encodeURIComponent('solar_park')}`)).toEqual(['ZUN']);
    // "_" and "%" match themselves, not any character.
    expect(await ids(`search=${encodeURIComponent('pen_')}`)).toEqual([]);
    expect(await ids(`search=${encodeURIComponent('p%a')}`)).toEqual([]);
    // Every word must match (here: the name and the state).
    expect(await ids(`search=${encodeURIComponent('solar az')}&sort=code`)).toEqual(['AEH', 'PBS']);
    expect(await ids('type=SOLAR&sort=-capacityMw')).toEqual(['PBS', 'ZUN', 'AEH']);
    expect(await ids('type=SOLAR&state=AZ&sort=name')).toEqual(['AEH', 'PBS']);
    expect(await ids(`type=SOLAR&programAreaId=${storm}`)).toEqual(['PBS']);
    const page = await call(suite.admin, 'GET', '/api/facilities?type=SOLAR&sort=code&page=2&pageSize=2');
    expect(page.body).toMatchObject({ meta: { total: 3, page: 2, pageSize: 2 }, data: [{ code: 'ZUN' }] });
    expect((await call(suite.admin, 'GET', '/api/facilities?sort=searchText')).status).toBe(400);
  });
});
