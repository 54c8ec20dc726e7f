import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { loadDemoInto } from '../../test/demo-loaders';
import { DEMO_FACILITIES } from './facilities';
import { DEMO_PROGRAM_AREAS } from './program-areas';
import { DEMO_REGULATIONS } from './regulations';
import { DEMO_USERS } from './users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loadDemo = () => loadDemoInto(t);

describe('demo data', () => {
  it('loads every group through the services, idempotently, with working sign-ins', async () => {
    const first = await loadDemo();
    expect(first).toContain(`  facilities: ${DEMO_FACILITIES.length} created, 0 already there`);
    const second = await loadDemo();
    expect(second).toContain(`  facilities: 0 created, ${DEMO_FACILITIES.length} already there`);
    expect(second).toContain(`  users: 0 created, ${DEMO_USERS.length} already there`);

    const admin = DEMO_USERS.find((user) => user.role === 'ALL_FACILITY_ADMIN');
    const token = await t.signIn(admin?.email ?? '', admin?.password);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();
    expect((await get('/api/facilities')).meta.total).toBe(DEMO_FACILITIES.length);
    expect((await get('/api/regulations')).meta.total).toBe(DEMO_REGULATIONS.length);
    expect((await get('/api/program-areas')).meta.total).toBe(DEMO_PROGRAM_AREAS.length);
    expect(new Set(DEMO_FACILITIES.map((f) => f.type)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(DEMO_FACILITIES.map((f) => f.timeZone)).size).toBeGreaterThanOrEqual(4);
    expect((await get('/api/audit/verify')).data.intact).toBe(true);
    // Findings in every status.
    for (const status of ['OPEN', 'ACTIONS_IN_PROGRESS', 'PENDING_VERIFICATION', 'CLOSED', 'CANCELLED'])
      expect((await get(`/api/findings?status=${status}`)).meta.total, status).toBeGreaterThan(0);
    expect(second).toContain('  findings: 0 created, 5 already there');

    const site = DEMO_USERS.find((user) => user.role === 'FACILITY_USER');
    const siteToken = await t.signIn(site?.email ?? '', site?.password);
    const own = await t.app.inject({ method: 'GET', url: '/api/facilities', headers: bearer(siteToken) });
    expect(own.json().meta.total).toBe(site?.facilities.length);
  });
});
