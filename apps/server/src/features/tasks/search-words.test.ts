import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok } from '../../test/api-calls';
import { createFacility, createRequirement } from '../../test/compliance-fixtures';
import { testClock } from '../../test/test-clock';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/** A search's words are resolved once per word and cached while the search texts hold (search-words.ts). */
describe('the task search', () => {
  let t: TestApp;
  let admin: string;
  let facilityId: string;
  let requirementId: string;
  const total = async (search: string) =>
    (await call<{ meta: { total: number } }>(t, admin, 'GET', `/api/tasks?search=${search}`)).body.meta.total;

  beforeAll(async () => {
    t = await createTestApp({}, { now: testClock('2026-03-10T12:00:00Z') });
    admin = await t.signIn(ADMIN_EMAIL);
    facilityId = await createFacility(t, admin, { name: 'Zephyr Ridge' });
    const { data } = await createRequirement(t, admin, {
      title: 'Quarterly culvert check',
      frequency: 'QUARTERLY',
      firstDueDate: '2026-01-15',
      backfillFrom: '2026-01-01',
      facilities: [{ facilityId }],
    });
    requirementId = data._id;
  });
  afterAll(() => t.close());

  it('follows a renamed facility and a new requirement at once', async () => {
    const tasks = await total('zephyr');
    expect(tasks).toBeGreaterThan(0);
    expect(await total('kestrel')).toBe(0);
    await ok(t, admin, 'PATCH', `/api/facilities/${facilityId}`, { name: 'Kestrel Ridge' });
    expect(await total('kestrel')).toBe(tasks);
    expect(await total('zephyr')).toBe(0);

    expect(await total('heronry')).toBe(0);
    await createRequirement(t, admin, {
      title: 'Heronry survey',
      frequency: 'YEARLY',
      firstDueDate: '2026-06-15',
      facilities: [{ facilityId }],
    });
    expect(await total('heronry')).toBeGreaterThan(0);
    expect(await total('culvert')).toBe(tasks);
    expect(requirementId).toBeTruthy();
  });
});
