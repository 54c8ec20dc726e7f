import { describe, expect, it } from 'vitest';
import type { Facility } from '@rtms/shared/schemas/facilities';
import { call, ok } from '../../test/api-calls';
import { createFacility } from '../../test/compliance-fixtures';
import { signedInSuite } from '../../test/signed-in-suite';

/**
 * The facility list's answers are kept serialized while the labels revision holds (decision 034): a rename
 * and a new program area of a facility must show on the next read of the same page, read just before.
 */
describe('the facility list answers kept per labels revision', () => {
  const suite = signedInSuite();

  const page = async () => {
    const answer = await call<{ data: Facility[] }>(suite.t, suite.admin, 'GET', '/api/facilities?search=kept');
    expect(answer.status).toBe(200);
    return answer.body.data;
  };

  it('shows a renamed facility and its new program area at once', async () => {
    const id = await createFacility(suite.t, suite.admin, { name: 'Kept Mesa' });
    expect((await page()).map((row) => [row.name, row.programAreaIds])).toEqual([['Kept Mesa', []]]);
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${id}`, { name: 'Kept Butte' });
    expect((await page()).map((row) => row.name)).toEqual(['Kept Butte']);
    const area = await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/program-areas', { name: 'Kept area' });
    await ok(suite.t, suite.admin, 'PATCH', `/api/facilities/${id}`, { programAreaIds: [area._id] });
    expect((await page())[0]!.programAreaIds).toEqual([area._id]);
  });
});
