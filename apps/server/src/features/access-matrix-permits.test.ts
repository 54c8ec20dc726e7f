/**
 * The permission and scope matrix for permits and their conditions: every role × every permit endpoint ×
 * (own facility, other facility, none), plus unauthenticated. Same layout as access-matrix-tasks.test.ts.
 * Expected statuses in the order ALL_FACILITY_ADMIN, ALL_FACILITY_USER, FACILITY_ADMIN, FACILITY_USER:
 * everyone reads the permits of their facilities; facility users change none (403); a facility administrator
 * names another facility's permit as if it did not exist (404).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../test/test-clock';
import { accessMatrix, ALL_OK, describeMatrix, readOfNone, type MatrixCase } from '../test/access-matrix';

type Case = MatrixCase<'own' | 'other' | 'none'>;

const matrix = accessMatrix({ now: testClock('2026-03-10T12:00:00Z') });
const { tokens, send, asAdmin } = matrix;
const facility = { own: '', other: '' };

let counter = 0;
/** A new permit at the facility with one scheduled and one standing condition. */
async function freshPermit(target: 'own' | 'other'): Promise<{ id: string; scheduled: string; standing: string }> {
  counter += 1;
  const permit = await asAdmin({
    method: 'POST',
    url: '/api/permits',
    payload: {
      facilityId: facility[target],
      number: `MX-${counter}`,
      title: 'Title V operating permit',
      agency: 'State air board',
      type: 'AIR',
      issuedOn: '2025-12-01',
      effectiveOn: '2026-01-01',
      expiresOn: '2030-12-31',
    },
  });
  const condition = (reference: string, schedule?: object) =>
    asAdmin({
      method: 'POST',
      url: `/api/permits/${permit._id}/conditions`,
      payload: { reference, text: 'Record the generator run hours.', ...(schedule ? { schedule } : {}) },
    });
  const scheduled = await condition('5.1', { frequency: 'MONTHLY', firstDueDate: '2026-01-20', category: 'AIR' });
  const standing = await condition('1.1');
  return { id: permit._id, scheduled: scheduled._id, standing: standing._id };
}

async function libraryDocument(target: 'own' | 'other'): Promise<string> {
  const boundary = 'matrixboundary';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body =
    part('title', 'Permit copy') +
    part('kind', 'LIBRARY') +
    part('facilityId', facility[target]) +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="permit.txt"\r\nContent-Type: text/plain\r\n\r\nPermit text\r\n--${boundary}--\r\n`;
  const response = await matrix.t.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: {
      authorization: `Bearer ${await matrix.t.signIn('admin@example.com')}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data._id;
}

const WRITE = [200, 200, 200, 403] as const;
const WRITE_OUTSIDE = [200, 200, 404, 403] as const;
const READ_OUTSIDE = [200, 200, 404, 404] as const;

function cases(): Case[] {
  const list: Case[] = [readOfNone('/api/permits')];
  for (const target of ['own', 'other'] as const) {
    const own = target === 'own';
    const write = own ? WRITE : WRITE_OUTSIDE;
    const created = own ? ([201, 201, 201, 403] as const) : ([201, 201, 404, 403] as const);
    list.push(
      {
        endpoint: 'POST /api/permits',
        target,
        expected: created,
        request: () => ({
          method: 'POST',
          url: '/api/permits',
          payload: {
            facilityId: facility[target],
            number: `NEW-${(counter += 1)}`,
            title: 'Eagle take permit',
            agency: 'US Fish and Wildlife Service',
            type: 'WILDLIFE',
            issuedOn: '2026-01-01',
            effectiveOn: '2026-01-01',
          },
        }),
      },
      {
        endpoint: 'GET /api/permits/:id',
        target,
        expected: own ? ALL_OK : READ_OUTSIDE,
        request: async () => ({ method: 'GET', url: `/api/permits/${(await freshPermit(target)).id}` }),
      },
      {
        endpoint: 'PATCH /api/permits/:id',
        target,
        expected: write,
        request: async () => ({
          method: 'PATCH',
          url: `/api/permits/${(await freshPermit(target)).id}`,
          payload: { renewalSubmittedOn: '2030-05-01' },
        }),
      },
      {
        endpoint: 'POST /api/permits/:id/versions/preview',
        target,
        expected: write,
        request: async () => ({
          method: 'POST',
          url: `/api/permits/${(await freshPermit(target)).id}/versions/preview`,
          payload: { effectiveOn: '2026-07-01' },
        }),
      },
      {
        endpoint: 'POST /api/permits/:id/versions',
        target,
        expected: own ? [201, 201, 201, 403] : [201, 201, 404, 403],
        request: async () => ({
          method: 'POST',
          url: `/api/permits/${(await freshPermit(target)).id}/versions`,
          payload: { effectiveOn: '2026-07-01', expiresOn: '2031-06-30' },
        }),
      },
      {
        endpoint: 'POST /api/permits/:id/terminate/preview',
        target,
        expected: write,
        request: async () => ({
          method: 'POST',
          url: `/api/permits/${(await freshPermit(target)).id}/terminate/preview`,
          payload: { terminatedOn: '2026-08-01', reason: 'Generator removed' },
        }),
      },
      {
        endpoint: 'POST /api/permits/:id/terminate',
        target,
        expected: write,
        request: async () => ({
          method: 'POST',
          url: `/api/permits/${(await freshPermit(target)).id}/terminate`,
          payload: { terminatedOn: '2026-08-01', reason: 'Generator removed' },
        }),
      },
      {
        endpoint: 'GET /api/permits/:id/conditions',
        target,
        expected: own ? ALL_OK : READ_OUTSIDE,
        request: async () => ({ method: 'GET', url: `/api/permits/${(await freshPermit(target)).id}/conditions` }),
      },
      {
        endpoint: 'POST /api/permits/:id/conditions',
        target,
        expected: created,
        request: async () => ({
          method: 'POST',
          url: `/api/permits/${(await freshPermit(target)).id}/conditions`,
          payload: { reference: '6.3', text: 'Submit the annual emissions inventory.' },
        }),
      },
      {
        endpoint: 'PATCH /api/permits/:id/conditions/:conditionId',
        target,
        expected: write,
        request: async () => {
          const permit = await freshPermit(target);
          return {
            method: 'PATCH',
            url: `/api/permits/${permit.id}/conditions/${permit.scheduled}`,
            payload: { schedule: { frequency: 'QUARTERLY' } },
          };
        },
      },
      {
        endpoint: 'DELETE /api/permits/:id/conditions/:conditionId',
        target,
        expected: own ? [204, 204, 204, 403] : [204, 204, 404, 403],
        request: async () => {
          const permit = await freshPermit(target);
          return { method: 'DELETE', url: `/api/permits/${permit.id}/conditions/${permit.standing}` };
        },
      },
      {
        endpoint: 'PUT /api/permits/:id/documents/:documentId',
        target,
        expected: write,
        request: async () => ({
          method: 'PUT',
          url: `/api/permits/${(await freshPermit(target)).id}/documents/${await libraryDocument(target)}`,
        }),
      },
    );
  }
  return list;
}

const CASES = cases();

beforeAll(async () => {
  for (const target of ['own', 'other'] as const) {
    facility[target] = (
      await asAdmin({
        method: 'POST',
        url: '/api/facilities',
        payload: {
          name: `Permit matrix ${target}`,
          code: `PM-${target.toUpperCase()}`,
          type: 'SOLAR',
          timeZone: 'America/Denver',
        },
      })
    )._id;
  }
  await matrix.signInRoles(facility.own);
});

describeMatrix(matrix, CASES);

describe('what the register contains', () => {
  it('facility roles list only the permits of their facilities', async () => {
    await freshPermit('own');
    await freshPermit('other');
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      const permits = (await send(tokens[role], { method: 'GET', url: '/api/permits?pageSize=200' })).body;
      expect(permits.meta.total).toBeGreaterThan(0);
      expect(permits.data.every((permit: { facilityId: string }) => permit.facilityId === facility.own)).toBe(true);
    }
  });
});
