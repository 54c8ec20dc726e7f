/**
 * The permission and scope matrix of the BI endpoints: personal access tokens (every role, each their own), the
 * embedded report's address (everyone reads, only the all-facility administrator sets), and the OData feed read
 * with each role's token (own facilities only for the facility roles; a session token never opens it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@rtms/shared/enums';
import { accessMatrix, describeMatrix, readOfNone, type MatrixCase } from '../test/access-matrix';
import { bearer } from '../test/test-app';

const matrix = accessMatrix();
const { tokens, send, asAdmin } = matrix;
const fx = { own: '', other: '', adminToken: '' };
const CREATED = [201, 201, 201, 201] as const;
/** A month from now: tokens need an expiry within a year. */
const EXPIRES = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

const cases: MatrixCase[] = [
  readOfNone('/api/access-tokens'),
  {
    endpoint: 'POST /api/access-tokens',
    target: 'none',
    expected: CREATED,
    request: () => ({ method: 'POST', url: '/api/access-tokens', payload: { name: 'Excel', expiresOn: EXPIRES } }),
  },
  {
    endpoint: 'DELETE /api/access-tokens/:id',
    target: 'self',
    expected: [204, 204, 204, 204],
    request: async (role) => {
      const made = await send(tokens[role], {
        method: 'POST',
        url: '/api/access-tokens',
        payload: { name: 'Power BI', expiresOn: EXPIRES },
      });
      return { method: 'DELETE', url: `/api/access-tokens/${(made.body?.data?._id as string) ?? 'none'}` };
    },
  },
  {
    endpoint: 'DELETE /api/access-tokens/:id',
    target: 'other',
    expected: [404, 404, 404, 404],
    request: () => ({ method: 'DELETE', url: `/api/access-tokens/${fx.adminToken}` }),
  },
  readOfNone('/api/report-embed'),
  {
    endpoint: 'PUT /api/report-embed',
    target: 'none',
    expected: [200, 403, 403, 403],
    request: () => ({ method: 'PUT', url: '/api/report-embed', payload: { url: 'https://app.powerbi.com/view?r=1' } }),
  },
  // A session token is no personal access token: the feed answers 401 to every role's session.
  readOfNone('/odata/Facilities', [401, 401, 401, 401]),
];

beforeAll(async () => {
  for (const [target, code] of [
    ['own', 'OWNBI'],
    ['other', 'OTHBI'],
  ] as const) {
    const payload = { name: `${target} site`, code, type: 'WIND', timeZone: 'UTC' };
    fx[target] = (await asAdmin({ method: 'POST', url: '/api/facilities', payload }))._id;
  }
  await matrix.signInRoles(fx.own);
  fx.adminToken = (
    await asAdmin({
      method: 'POST',
      url: '/api/access-tokens',
      payload: { name: 'Admin', expiresOn: EXPIRES },
    })
  )._id;
});

describeMatrix(matrix, cases);

describe('the OData feed read with each role’s own token', () => {
  it.each(ROLES.map((role) => ({ role })))('$role sees its own facilities only', async ({ role }) => {
    const made = await send(tokens[role], {
      method: 'POST',
      url: '/api/access-tokens',
      payload: { name: 'Feed', expiresOn: EXPIRES },
    });
    const pat = made.body.data.token as string;
    const read = async (url: string) => {
      const response = await matrix.t.app.inject({ method: 'GET', url, headers: bearer(pat) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { value: { id: string }[]; '@odata.count': number };
    };
    const seen = (await read('/odata/Facilities?$select=id')).value.map((row) => row.id);
    const all = role === 'ALL_FACILITY_ADMIN' || role === 'ALL_FACILITY_USER';
    expect(seen.includes(fx.own)).toBe(true);
    expect(seen.includes(fx.other)).toBe(all);
    const other = await read(`/odata/Facilities?$filter=id eq '${fx.other}'&$count=true`);
    expect(other['@odata.count']).toBe(all ? 1 : 0);
    // Settings are read by every role.
    expect((await read('/odata/Regulations?$top=1')).value).toBeDefined();
    // The token opens nothing under /api.
    expect(
      (await matrix.t.app.inject({ method: 'GET', url: '/api/facilities', headers: bearer(pat) })).statusCode,
    ).toBe(401);
  });
});
