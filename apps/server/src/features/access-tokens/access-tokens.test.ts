import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessToken } from '@rtms/shared/schemas/access-tokens';
import { call, ok } from '../../test/api-calls';
import { createFacility } from '../../test/compliance-fixtures';
import { signedInSuiteAt } from '../../test/signed-in-suite';
import { bearer } from '../../test/test-app';

/** Personal access tokens: made, listed and revoked on /api; they open /odata only, as their owner is now. */
describe('personal access tokens', () => {
  const suite = signedInSuiteAt('2026-06-10T12:00:00Z');
  const user = { id: '', email: '', token: '' };
  let siteA: string;
  let siteB: string;
  let assignmentB: string;

  beforeAll(async () => {
    Object.assign(user, await suite.t.createUser('FACILITY_USER'));
    siteA = await createFacility(suite.t, suite.admin, { name: 'Alpha Ridge', timeZone: 'UTC' });
    siteB = await createFacility(suite.t, suite.admin, { name: 'Bravo Flats', timeZone: 'UTC' });
    await ok(suite.t, suite.admin, 'POST', '/api/user-facilities', { userId: user.id, facilityId: siteA });
    assignmentB = (
      await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/user-facilities', {
        userId: user.id,
        facilityId: siteB,
      })
    )._id;
    // Changing a user's facilities ends their sessions: sign in once they are assigned.
    user.token = await suite.t.signIn(user.email);
  });

  const create = (body: object, as = user.token) =>
    call<{ data: AccessToken & { token: string } }>(suite.t, as, 'POST', '/api/access-tokens', body);
  const feed = (url: string, headers: Record<string, string>) => suite.t.app.inject({ method: 'GET', url, headers });
  const basic = (token: string, name = 'anyone') => ({
    authorization: `Basic ${Buffer.from(`${name}:${token}`).toString('base64')}`,
  });
  const facilityNames = async (headers: Record<string, string>) => {
    const response = await feed('/odata/Facilities?$select=name&$orderby=name', headers);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { value: { name: string }[] }).value.map((row) => row.name);
  };

  it('requires an expiry after today and at most a year ahead', async () => {
    const first = await create({ name: 'No expiry' });
    expect(first.status, JSON.stringify(first.body)).toBe(400);
    for (const expiresOn of ['2026-06-10', '2026-06-09', '2027-06-12', '2026-02-30', 'soon']) {
      const answer = await create({ name: 'Bad expiry', expiresOn });
      expect(answer.status, expiresOn).toBe(400);
      expect(JSON.stringify(answer.body.details)).toContain('expiresOn');
    }
    expect((await create({ name: '', expiresOn: '2026-07-01' })).status).toBe(400);
    expect((await create({ name: 'Extra', expiresOn: '2026-07-01', scope: 'ALL' })).status).toBe(400);
  });

  it('shows the secret once and stores only its SHA-256', async () => {
    const created = await create({ name: 'Excel workbook', expiresOn: '2026-12-31' });
    expect(created.status).toBe(201);
    const { token, ...shown } = created.body.data;
    expect(shown).toMatchObject({ name: 'Excel workbook', expiresOn: '2026-12-31', lastUsedAt: null });
    expect(token).toMatch(/^rtms_pat_[A-Za-z0-9_-]{43}$/);

    const listed = await ok<AccessToken[]>(suite.t, user.token, 'GET', '/api/access-tokens');
    expect(listed.map((item) => item.name)).toEqual(['Excel workbook']);
    expect(Object.keys(listed[0]!).sort()).toEqual(['_id', 'createdAt', 'expiresOn', 'lastUsedAt', 'name']);
    expect(JSON.stringify(listed)).not.toContain(token);
    const rows = await suite.t.database.db.selectFrom('access_tokens').selectAll().execute();
    expect(rows.map((row) => row.secretHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);
    // Another user neither sees nor revokes it.
    expect(await ok<AccessToken[]>(suite.t, suite.admin, 'GET', '/api/access-tokens')).toEqual([]);
    expect((await call(suite.t, suite.admin, 'DELETE', `/api/access-tokens/${shown._id}`)).status).toBe(404);
    expect((await call(suite.t, user.token, 'DELETE', `/api/access-tokens/${shown._id}`)).status).toBe(204);
  });

  it('lists my tokens a page at a time, with the total, newest first or as sorted', async () => {
    const made: string[] = [];
    for (const [name, expiresOn, minute] of [
      ['Charlie', '2026-08-01', '01'],
      ['alpha', '2026-10-01', '02'],
      ['Bravo', '2026-09-01', '03'],
    ] as const) {
      suite.clock.set(`2026-06-10T12:${minute}:00Z`);
      made.push((await create({ name, expiresOn })).body.data._id);
    }
    suite.clock.set('2026-06-10T12:00:00Z');
    const page = (query: string) =>
      call<{ data: AccessToken[]; meta: object }>(suite.t, user.token, 'GET', `/api/access-tokens${query}`);
    const first = await page('?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.data.map((token) => token.name)).toEqual(['Bravo', 'alpha']);
    expect((await page('?pageSize=2&page=2')).body.data.map((token) => token.name)).toEqual(['Charlie']);
    expect((await page('?sort=name')).body.data.map((token) => token.name)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect((await page('?sort=-expiresOn')).body.data.map((token) => token.name)).toEqual([
      'alpha',
      'Bravo',
      'Charlie',
    ]);
    for (const query of ['?sort=secretHash', '?search=alpha', '?pageSize=0', '?page=x', '?userId=someone']) {
      const refused = await page(query);
      expect(refused.status, query).toBe(400);
    }
    for (const id of made)
      expect((await call(suite.t, user.token, 'DELETE', `/api/access-tokens/${id}`)).status).toBe(204);
  });

  it('opens /odata with Bearer or Basic (any user name), records the use, and is refused on /api', async () => {
    const { token, _id } = (await create({ name: 'Power BI', expiresOn: '2026-09-01' })).body.data;
    expect((await feed('/odata/Facilities', bearer(token))).statusCode).toBe(200);
    expect((await feed('/odata/Facilities', basic(token))).statusCode).toBe(200);
    expect((await feed('/odata/Facilities', basic(token, ''))).statusCode).toBe(200);
    const [listed] = await ok<AccessToken[]>(suite.t, user.token, 'GET', '/api/access-tokens');
    expect(listed!.lastUsedAt).toBe('2026-06-10T12:00:00.000Z');

    for (const url of ['/api/tasks', '/api/facilities', '/api/users/me/preferences', '/api/access-tokens']) {
      const refused = await suite.t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(refused.statusCode, url).toBe(401);
    }
    expect(
      (await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
    // A session token is no access token; a wrong or missing one is a 401 with a Basic challenge.
    for (const headers of [bearer(user.token), basic(user.token), basic(`${token}x`), bearer('rtms_pat_x'), {}]) {
      const refused = await feed('/odata/Tasks', headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    expect((await call(suite.t, user.token, 'DELETE', `/api/access-tokens/${_id}`)).status).toBe(204);
    expect((await feed('/odata/Facilities', bearer(token))).statusCode).toBe(401);
  });

  it("reads with the owner's current facilities: an unassigned facility leaves the feed at once", async () => {
    const { token, _id } = (await create({ name: 'Scope', expiresOn: '2026-09-01' })).body.data;
    expect(await facilityNames(bearer(token))).toEqual(['Alpha Ridge', 'Bravo Flats']);
    expect((await call(suite.t, suite.admin, 'DELETE', `/api/user-facilities/${assignmentB}`)).status).toBeLessThan(
      300,
    );
    expect(await facilityNames(bearer(token))).toEqual(['Alpha Ridge']);
    const byId = await feed(`/odata/Facilities?$filter=id eq '${siteB}'`, bearer(token));
    expect(byId.json()).toMatchObject({ value: [] });
    assignmentB = (
      await ok<{ _id: string }>(suite.t, suite.admin, 'POST', '/api/user-facilities', {
        userId: user.id,
        facilityId: siteB,
      })
    )._id;
    expect(await facilityNames(bearer(token))).toEqual(['Alpha Ridge', 'Bravo Flats']);
    user.token = await suite.t.signIn(user.email);
    expect((await call(suite.t, user.token, 'DELETE', `/api/access-tokens/${_id}`)).status).toBe(204);
  });

  it('ends after its expiry day, and while its owner is deactivated', async () => {
    const { token, _id } = (await create({ name: 'Short', expiresOn: '2026-06-11' })).body.data;
    suite.clock.set('2026-06-11T23:59:00Z');
    expect((await feed('/odata/Facilities', bearer(token))).statusCode).toBe(200);
    suite.clock.set('2026-06-12T00:00:01Z');
    expect((await feed('/odata/Facilities', bearer(token))).statusCode).toBe(401);
    suite.clock.set('2026-06-10T12:00:00Z');
    await call(suite.t, user.token, 'DELETE', `/api/access-tokens/${_id}`);

    const other = await suite.t.createUser('ALL_FACILITY_USER');
    const otherToken = await suite.t.signIn(other.email);
    const secret = (await create({ name: 'Leaver', expiresOn: '2026-09-01' }, otherToken)).body.data.token;
    expect((await feed('/odata/Facilities', bearer(secret))).statusCode).toBe(200);
    await ok(suite.t, suite.admin, 'PATCH', `/api/users/${other.id}`, { active: false });
    expect((await feed('/odata/Facilities', bearer(secret))).statusCode).toBe(401);
  });

  it('records creation and revocation in the audit trail, never the secret', async () => {
    const { token, _id } = (await create({ name: 'Audited', expiresOn: '2026-08-01' })).body.data;
    expect((await call(suite.t, user.token, 'DELETE', `/api/access-tokens/${_id}`)).status).toBe(204);
    const events = await suite.t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entityType', '=', 'ACCESS_TOKEN')
      .where('entityId', '=', _id)
      .orderBy('seq')
      .execute();
    expect(events.map((event) => event.action)).toEqual(['CREATE', 'DELETE']);
    expect(JSON.stringify(events)).not.toContain(token);
  });
});
