import { beforeAll, describe, expect, it } from 'vitest';
import type { RequirementListItem } from '@rtms/shared/schemas/requirements';
import { call, ok } from '../../test/api-calls';
import { createFacility, createRequirement } from '../../test/compliance-fixtures';
import { signedInSuite } from '../../test/signed-in-suite';

/**
 * The requirements list's answers are kept serialized while the labels revision holds (decision 034):
 * every write to what a row shows — the requirement, its program area, a new requirement in the filter —
 * must show on the next read of the same page, read just before.
 */
describe('the requirements answers kept per labels revision', () => {
  const suite = signedInSuite();
  let programAreaId: string;
  let facilityId: string;

  const page = async () => {
    const answer = await call<{ data: RequirementListItem[]; meta: { total: number } }>(
      suite.t,
      suite.admin,
      'GET',
      `/api/requirements?programAreaId=${programAreaId}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    programAreaId = (
      await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/program-areas', { name: 'Kept area' })
    )._id;
    facilityId = await createFacility(suite.t, suite.admin);
    await createRequirement(suite.t, suite.admin, {
      title: 'Kept permit renewal',
      frequency: 'YEARLY',
      firstDueDate: '2026-06-01',
      programAreaId,
      facilities: [{ facilityId }],
    });
  });

  it('shows a renamed program area and requirement, and a new requirement, at once', async () => {
    const before = await page();
    expect(before.data.map((row) => [row.title, row.programAreaName, row.facilityCount])).toEqual([
      ['Kept permit renewal', 'Kept area', 1],
    ]);
    await ok(suite.t, suite.admin, 'PATCH', `/api/program-areas/${programAreaId}`, { name: 'Renamed area' });
    expect((await page()).data[0]!.programAreaName).toBe('Renamed area');
    await ok(suite.t, suite.admin, 'PATCH', `/api/requirements/${before.data[0]!._id}`, { title: 'Renamed renewal' });
    expect((await page()).data[0]!.title).toBe('Renamed renewal');
    await createRequirement(suite.t, suite.admin, {
      title: 'Another kept permit',
      frequency: 'YEARLY',
      firstDueDate: '2026-07-01',
      programAreaId,
      facilities: [{ facilityId }],
    });
    expect((await page()).meta.total).toBe(2);
  });
});
