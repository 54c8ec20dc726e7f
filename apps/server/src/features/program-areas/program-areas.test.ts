import { describe, expect, it } from 'vitest';
import { callerOf } from '../../test/api-calls';
import { signedInSuite, suiteUser } from '../../test/signed-in-suite';

const suite = signedInSuite();
const facilityAdmin = suiteUser(suite, 'FACILITY_ADMIN');

const call = callerOf(() => suite.t);

describe('program areas', () => {
  it('creates, reads, updates, deactivates (still readable and still linked to facilities)', async () => {
    const created = await call(suite.admin, 'POST', '/api/program-areas', {
      name: 'Avian & Bat Protection',
      description: 'Eagle take permits, curtailment.',
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    const facility = await call(suite.admin, 'POST', '/api/facilities', {
      name: 'W',
      code: 'WW',
      type: 'WIND',
      timeZone: 'UTC',
      programAreaIds: [id],
    });
    expect((await call(suite.admin, 'PATCH', `/api/program-areas/${id}`, { active: false })).body.data.active).toBe(
      false,
    );
    expect((await call(facilityAdmin.token, 'GET', `/api/program-areas/${id}`)).body.data).toMatchObject({
      name: 'Avian & Bat Protection',
      active: false,
    });
    const detail = await call(suite.admin, 'GET', `/api/facilities/${facility.body.data._id}`);
    expect(detail.body.data.programAreas).toEqual([{ _id: id, name: 'Avian & Bat Protection', active: false }]);
    expect((await call(suite.admin, 'GET', '/api/program-areas?active=true')).body.meta.total).toBe(0);
  });

  it('keeps names unique regardless of case (409), on create and on rename', async () => {
    await call(suite.admin, 'POST', '/api/program-areas', { name: 'Stormwater' });
    const dup = await call(suite.admin, 'POST', '/api/program-areas', { name: '  STORMWATER ' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      message: 'A program area named "STORMWATER" already exists',
      details: [{ path: 'name' }],
    });
    const other = (await call(suite.admin, 'POST', '/api/program-areas', { name: 'SPCC' })).body.data._id;
    expect((await call(suite.admin, 'PATCH', `/api/program-areas/${other}`, { name: 'stormwater' })).status).toBe(409);
    expect((await call(suite.admin, 'PATCH', `/api/program-areas/${other}`, { name: 'Spcc' })).status).toBe(200);
  });

  it('lets every role read but only the all-facility roles manage', async () => {
    expect((await call(facilityAdmin.token, 'GET', '/api/program-areas')).status).toBe(200);
    expect((await call(facilityAdmin.token, 'POST', '/api/program-areas', { name: 'Noise' })).status).toBe(403);
    expect((await call(suite.admin, 'GET', '/api/program-areas/unknown')).status).toBe(404);
  });

  it('searches case-insensitively for non-ASCII text and sorts', async () => {
    await call(suite.admin, 'POST', '/api/program-areas', { name: 'Ökologie' });
    const names = async (query: string) =>
      (await call(suite.admin, 'GET', `/api/program-areas?${query}`)).body.data.map((a: { name: string }) => a.name);
    expect(await names(`search=${encodeURIComponent('ÖKO')}`)).toEqual(['Ökologie']);
    expect(await names(`search=${encodeURIComponent('oko')}`)).toEqual(['Ökologie']);
    expect(await names('sort=name')).toEqual(['Avian & Bat Protection', 'Ökologie', 'Spcc', 'Stormwater']);
    expect(await names('sort=-name&pageSize=1&page=2')).toEqual(['Spcc']);
  });
});
