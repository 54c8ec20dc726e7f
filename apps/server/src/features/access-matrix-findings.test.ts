/**
 * The permission and scope matrix for findings and corrective actions: every role × every endpoint × (own
 * facility, other facility, none), plus unauthenticated. Expected statuses are listed in the order of ROLES:
 * ALL_FACILITY_ADMIN, ALL_FACILITY_USER, FACILITY_ADMIN, FACILITY_USER. Everyone records and reads findings in
 * their facilities; the facility's admins and the all-facility roles manage them; an action's owner updates it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@rtms/shared/enums';
import { testClock } from '../test/test-clock';
import { accessMatrix, ALL_OK, describeMatrix, readOfNone, type MatrixCase } from '../test/access-matrix';

type Case = MatrixCase<'own' | 'other' | 'none'>;

const matrix = accessMatrix({ now: testClock('2026-03-10T12:00:00Z') });
const { ids, send, tokens, asAdmin } = matrix;
const facility = { own: '', other: '' };

/** A finding recorded by the administrator at the facility. */
async function freshFinding(target: 'own' | 'other'): Promise<string> {
  const finding = await asAdmin({
    method: 'POST',
    url: '/api/findings',
    payload: {
      facilityId: facility[target],
      source: 'AUDIT',
      title: 'Spill kit incomplete',
      severity: 'MEDIUM',
      identifiedOn: '2026-03-09',
    },
  });
  return finding._id;
}

/** A finding whose fix an all-facility user verified (ready to close). */
async function verifiedFinding(target: 'own' | 'other'): Promise<string> {
  const id = await freshFinding(target);
  await asAdmin({ method: 'POST', url: `/api/findings/${id}/verify`, payload: { effective: true } });
  return id;
}

/** An open corrective action owned by `ownerId`. */
async function freshAction(target: 'own' | 'other', ownerId: string): Promise<string> {
  const findingId = await freshFinding(target);
  const action = await asAdmin({
    method: 'POST',
    url: `/api/findings/${findingId}/actions`,
    payload: { title: 'Restock the spill kit', type: 'CORRECTION', ownerId, dueDate: '2026-03-20' },
  });
  return action._id;
}

const MANAGERS = [200, 200, 200, 403] as const;
const OUTSIDE = [200, 200, 404, 404] as const;
const OUTSIDE_MANAGERS = [200, 200, 404, 403] as const;

function cases(): Case[] {
  const list: Case[] = [
    readOfNone('/api/findings'),
    readOfNone('/api/findings/summary'),
    readOfNone('/api/corrective-actions?overdue=true'),
    readOfNone('/api/finding-settings'),
    {
      endpoint: 'PUT /api/finding-settings',
      target: 'none',
      expected: [200, 403, 403, 403],
      request: () => ({
        method: 'PUT',
        url: '/api/finding-settings',
        payload: { missedTaskFindings: true, lateCompletionFindings: true },
      }),
    },
  ];
  for (const target of ['own', 'other'] as const) {
    const own = target === 'own';
    list.push(
      {
        endpoint: 'POST /api/findings',
        target,
        expected: own ? [201, 201, 201, 201] : [201, 201, 404, 404],
        request: () => ({
          method: 'POST',
          url: '/api/findings',
          payload: {
            facilityId: facility[target],
            source: 'SELF_IDENTIFIED',
            title: 'Eyewash station blocked',
            severity: 'LOW',
            identifiedOn: '2026-03-10',
          },
        }),
      },
      {
        endpoint: 'GET /api/findings/:id',
        target,
        expected: own ? ALL_OK : OUTSIDE,
        request: async () => ({ method: 'GET', url: `/api/findings/${await freshFinding(target)}` }),
      },
      {
        endpoint: 'PATCH /api/findings/:id',
        target,
        expected: own ? MANAGERS : OUTSIDE_MANAGERS,
        request: async () => ({
          method: 'PATCH',
          url: `/api/findings/${await freshFinding(target)}`,
          payload: { rootCause: 'No restock routine', rootCauseCategory: 'PROCESS' },
        }),
      },
      {
        endpoint: 'POST /api/findings/:id/actions',
        target,
        expected: own ? [201, 201, 201, 403] : [201, 201, 404, 403],
        request: async () => ({
          method: 'POST',
          url: `/api/findings/${await freshFinding(target)}/actions`,
          payload: {
            title: 'Monthly restock check',
            type: 'PREVENTIVE',
            ownerId: ids.ALL_FACILITY_USER,
            dueDate: '2026-04-01',
          },
        }),
      },
      {
        endpoint: 'POST /api/findings/:id/verify',
        target,
        expected: own ? MANAGERS : OUTSIDE_MANAGERS,
        request: async () => ({
          method: 'POST',
          url: `/api/findings/${await freshFinding(target)}/verify`,
          payload: { effective: true, note: 'Kit complete' },
        }),
      },
      {
        endpoint: 'POST /api/findings/:id/close',
        target,
        expected: own ? MANAGERS : OUTSIDE_MANAGERS,
        request: async () => ({ method: 'POST', url: `/api/findings/${await verifiedFinding(target)}/close` }),
      },
      {
        endpoint: 'POST /api/findings/:id/cancel',
        target,
        expected: own ? MANAGERS : OUTSIDE_MANAGERS,
        request: async () => ({
          method: 'POST',
          url: `/api/findings/${await freshFinding(target)}/cancel`,
          payload: { reason: 'Recorded twice' },
        }),
      },
      {
        endpoint: 'PATCH /api/corrective-actions/:id (its owner)',
        target,
        // At another facility the facility roles cannot own an action: an all-facility admin owns it there.
        expected: own ? ALL_OK : OUTSIDE,
        request: async (role: Role) => ({
          method: 'PATCH',
          url: `/api/corrective-actions/${await freshAction(target, own ? ids[role] : ids.ALL_FACILITY_ADMIN)}`,
          payload: { status: 'DONE', note: 'Restocked' },
        }),
      },
      {
        endpoint: 'PATCH /api/corrective-actions/:id (not its owner)',
        target,
        expected: own ? MANAGERS : OUTSIDE,
        request: async (role: Role) => ({
          method: 'PATCH',
          url: `/api/corrective-actions/${await freshAction(
            target,
            role === 'ALL_FACILITY_ADMIN' ? ids.ALL_FACILITY_USER : ids.ALL_FACILITY_ADMIN,
          )}`,
          payload: { dueDate: '2026-03-30', reason: 'Supplier delay' },
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
        payload: { name: `Findings ${target}`, code: `FD-${target.toUpperCase()}`, type: 'SOLAR', timeZone: 'UTC' },
      })
    )._id;
  }
  await matrix.signInRoles(facility.own);
});

describeMatrix(matrix, CASES);

describe('what the lists contain', () => {
  it('facility roles list only the findings and actions of their facilities', async () => {
    await freshAction('own', ids.ALL_FACILITY_ADMIN);
    await freshAction('other', ids.ALL_FACILITY_ADMIN);
    for (const role of ['FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      for (const url of ['/api/findings?pageSize=200', '/api/corrective-actions?pageSize=200']) {
        const page = (await send(tokens[role], { method: 'GET', url })).body;
        expect(page.meta.total).toBeGreaterThan(0);
        expect(page.data.every((row: { facilityId: string }) => row.facilityId === facility.own)).toBe(true);
      }
    }
  });
});
