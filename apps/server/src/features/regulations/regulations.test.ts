import { describe, expect, it } from 'vitest';
import { callerOf } from '../../test/api-calls';
import { signedInSuite, suiteUser } from '../../test/signed-in-suite';

const suite = signedInSuite();
const facilityUser = suiteUser(suite, 'FACILITY_USER');

const call = callerOf(() => suite.t);

describe('regulations', () => {
  const spcc = {
    title: 'Spill Prevention, Control, and Countermeasure (SPCC) Rule',
    citation: '40 CFR 112',
    agency: 'U.S. EPA',
    jurisdiction: 'FEDERAL',
    link: 'https://www.ecfr.gov/current/title-40/chapter-I/subchapter-D/part-112',
    description: 'Oil spill prevention plans for facilities storing oil above threshold quantities.',
  };

  it('creates, reads, updates and deactivates; a deactivated regulation stays readable', async () => {
    const created = await call(suite.admin, 'POST', '/api/regulations', spcc);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...spcc, active: true });
    const id = created.body.data._id;
    const updated = await call(suite.admin, 'PATCH', `/api/regulations/${id}`, {
      agency: '',
      citation: '40 CFR Part 112',
    });
    expect(updated.body.data).toMatchObject({ agency: null, citation: '40 CFR Part 112' });
    expect((await call(suite.admin, 'PATCH', `/api/regulations/${id}`, { active: false })).body.data.active).toBe(
      false,
    );
    expect((await call(facilityUser.token, 'GET', `/api/regulations/${id}`)).body.data.active).toBe(false);
    expect(
      (await call(suite.admin, 'GET', '/api/regulations?active=false')).body.data.map((r: { _id: string }) => r._id),
    ).toEqual([id]);
    const events = (await call(suite.admin, 'GET', `/api/audit?entityType=REGULATION&entityId=${id}&sort=at`)).body
      .data;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['CREATE', 'UPDATE', 'DEACTIVATE']);
    expect(events[1].changes).toEqual({
      agency: { before: 'U.S. EPA', after: null },
      citation: { before: '40 CFR 112', after: '40 CFR Part 112' },
    });
  });

  it('validates jurisdiction, link and unknown fields', async () => {
    for (const body of [
      { ...spcc, jurisdiction: 'GLOBAL' },
      { ...spcc, link: 'javascript:alert(1)' },
      { ...spcc, link: 'not a url' },
      { ...spcc, title: '' },
      { ...spcc, owner: 'x' },
    ]) {
      expect((await call(suite.admin, 'POST', '/api/regulations', body)).status).toBe(400);
    }
  });

  it('lets every role read but only the all-facility roles manage', async () => {
    expect((await call(facilityUser.token, 'GET', '/api/regulations')).status).toBe(200);
    expect((await call(facilityUser.token, 'POST', '/api/regulations', spcc)).status).toBe(403);
  });

  it('searches title, citation and agency without regard to case or accents, and filters by jurisdiction', async () => {
    await call(suite.admin, 'POST', '/api/regulations', {
      title: 'Règlement sur la qualité de l’air',
      citation: 'Q-2, r. 4.1',
      agency: 'MELCCFP',
      jurisdiction: 'STATE',
    });
    await call(suite.admin, 'POST', '/api/regulations', {
      title: 'NPDES Stormwater Permits',
      citation: '40 CFR 122.26',
      agency: 'U.S. EPA',
      jurisdiction: 'FEDERAL',
    });
    const titles = async (query: string) =>
      (await call(suite.admin, 'GET', `/api/regulations?${query}`)).body.data.map((r: { title: string }) => r.title);
    expect(await titles(`search=${encodeURIComponent('QUALITÉ')}`)).toEqual(['Règlement sur la qualité de l’air']);
    expect(await titles(`search=${encodeURIComponent('regle')}`)).toEqual(['Règlement sur la qualité de l’air']);
    expect(await titles('search=122.26')).toEqual(['NPDES Stormwater Permits']);
    expect(await titles('jurisdiction=STATE')).toEqual(['Règlement sur la qualité de l’air']);
    expect(await titles('jurisdiction=FEDERAL&sort=-title')).toEqual([
      'Spill Prevention, Control, and Countermeasure (SPCC) Rule',
      'NPDES Stormwater Permits',
    ]);
  });
});
