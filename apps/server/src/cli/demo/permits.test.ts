import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit, PermitDetail } from '@rtms/shared/schemas/permits';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { loadDemoInto } from '../../test/demo-loaders';
import { DEMO_USERS } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo permits', () => {
  it('loads realistic permits with conditions: one near expiry, one administratively continued, one in version 2', async () => {
    // The directory and the permits (the requirements' history and documents are covered by their own tests).
    const skip = ['requirements', 'task history', 'documents'];
    const first = await loadDemoInto(t, skip);
    expect(first).toContain('  permits: 5 created, 0 already there');
    expect(await loadDemoInto(t, skip)).toContain('  permits: 0 created, 5 already there');

    const admin = DEMO_USERS.find((user) => user.role === 'ALL_FACILITY_ADMIN')!;
    const token = await t.signIn(admin.email, admin.password);
    const get = async <T>(url: string) =>
      ((await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json() as { data: T }).data;
    const permits = await get<Permit[]>('/api/permits?pageSize=50');
    const byNumber = new Map(permits.filter((p) => !p.nextVersionId).map((p) => [p.number, p]));
    expect(new Set(permits.map((p) => p.type))).toEqual(
      new Set(['STORMWATER', 'AIR', 'WILDLIFE', 'INTERCONNECTION', 'WATER_DISCHARGE']),
    );
    expect(byNumber.get('TXR05Y417')?.status).toBe('EXPIRING');
    expect(byNumber.get('AP4911-2207')?.status).toBe('ADMINISTRATIVELY_CONTINUED');
    expect(byNumber.get('LGIA-2019-0734')).toMatchObject({ status: 'ACTIVE', expiresOn: null });
    expect(byNumber.get('ME0036943')).toMatchObject({ version: 2, status: 'ACTIVE' });

    const stormwater = await get<PermitDetail>(`/api/permits/${byNumber.get('TXR05Y417')!._id}`);
    expect(stormwater.conditions.filter((c) => c.requirementId)).toHaveLength(2);
    expect(stormwater.conditions.filter((c) => !c.requirementId)).toHaveLength(1);
    expect(stormwater.renewalTask?.title).toBe('Renew TXR05Y417');
    const continued = await get<PermitDetail>(`/api/permits/${byNumber.get('AP4911-2207')!._id}`);
    expect(continued.conditions.find((c) => c.reference === 'IV.A.3')?.nextTask).not.toBeNull();
    const maine = await get<PermitDetail>(`/api/permits/${byNumber.get('ME0036943')!._id}`);
    expect(maine.versions.map((v) => v.status)).toEqual(['SUPERSEDED', 'ACTIVE']);
  });
});
