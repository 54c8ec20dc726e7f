import { beforeAll, describe, expect, it } from 'vitest';
import type { Requirement, RequirementDetail } from '@rtms/shared/schemas/requirements';
import { call, ok } from '../../test/api-calls';
import { assignFacility, createFacility, createRequirement } from '../../test/compliance-fixtures';
import { samplePdf } from '../../test/sample-files';
import { signedInSuite } from '../../test/signed-in-suite';
import { upload } from '../documents/documents-test-support';

/**
 * Facility ids in the bodies of creates and updates follow the rule of reads (facility-scope.ts,
 * `assertFacilitiesInScope`): outside the caller's facilities → 404, the same answer as for an id that
 * names no facility, and nothing is written. What a facility role is shown counts only its facilities.
 */
describe('facility ids a facility role writes, and the counts it is shown', () => {
  const suite = signedInSuite();
  let own: string;
  let outside: string;
  let token: string;

  beforeAll(async () => {
    own = await createFacility(suite.t, suite.admin);
    outside = await createFacility(suite.t, suite.admin);
    const facilityAdmin = await suite.t.createUser('FACILITY_ADMIN');
    await assignFacility(suite.t, suite.admin, facilityAdmin.id, own);
    token = await suite.t.signIn(facilityAdmin.email);
  });

  const requirementCount = async () =>
    (await suite.t.database.db.selectFrom('requirements').select('id').execute()).length;

  it.each([
    ['a facility outside theirs', () => outside],
    ['an id that names no facility', () => 'no-such-facility'],
  ])('creating a requirement for %s answers 404 and writes nothing', async (_, facilityId) => {
    const before = await requirementCount();
    const response = await call(suite.t, token, 'POST', '/api/requirements', {
      title: 'Outside inspection',
      category: 'AIR',
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: own }, { facilityId: facilityId() }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', message: 'Facility not found' });
    expect(await requirementCount()).toBe(before);
  });

  it('updating a requirement to add a facility outside theirs answers 404 and changes nothing', async () => {
    const mine = await createRequirement(suite.t, token, {
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: own }],
    });
    const response = await call(suite.t, token, 'PATCH', `/api/requirements/${mine.data._id}`, {
      facilities: [{ facilityId: own }, { facilityId: outside }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    const after = await ok<RequirementDetail>(suite.t, suite.admin, 'GET', `/api/requirements/${mine.data._id}`);
    expect(after.facilities.map((binding) => binding.facilityId)).toEqual([own]);
  });

  it('filing a document or making a calendar feed under a facility outside theirs answers 404', async () => {
    const filed = await upload(
      suite.t,
      token,
      { kind: 'LIBRARY', title: 'Permit', facilityId: outside },
      { fileName: 'permit.pdf', content: samplePdf('Permit') },
    );
    expect(filed.status).toBe(404);
    const feed = await call(suite.t, token, 'POST', '/api/calendar-feeds', {
      name: 'Theirs',
      scope: 'FACILITY',
      facilityId: outside,
    });
    expect(feed.status).toBe(404);
  });

  it('an all-facility administrator naming a facility that does not exist still gets 400 with the field', async () => {
    const response = await call(suite.t, suite.admin, 'POST', '/api/requirements', {
      title: 'Nowhere',
      category: 'AIR',
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: 'no-such-facility' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'facilities.0.facilityId', message: 'Unknown facility' }]);
  });

  it("counts a requirement's facilities within the caller's scope, in the list and in the detail", async () => {
    const shared = await createRequirement(suite.t, suite.admin, {
      title: 'Shared stack test',
      frequency: 'YEARLY',
      firstDueDate: '2026-09-01',
      facilities: [{ facilityId: own }, { facilityId: outside }],
    });
    const listed = async (as: string) =>
      (await ok<Requirement[]>(suite.t, as, 'GET', '/api/requirements?search=Shared%20stack&pageSize=50')).find(
        (requirement) => requirement._id === shared.data._id,
      );
    expect((await listed(suite.admin))?.facilityCount).toBe(2);
    expect((await listed(token))?.facilityCount).toBe(1);
    const detail = await ok<RequirementDetail>(suite.t, token, 'GET', `/api/requirements/${shared.data._id}`);
    expect(detail.facilityCount).toBe(1);
    expect(detail.facilities).toHaveLength(1);
    const user = await suite.t.createUser('FACILITY_USER');
    await assignFacility(suite.t, suite.admin, user.id, own);
    expect((await listed(await suite.t.signIn(user.email)))?.facilityCount).toBe(1);
  });
});
