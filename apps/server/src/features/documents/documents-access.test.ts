import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@rtms/shared/enums';
import { allTasks, createRequirement } from '../../test/compliance-fixtures';
import { samplePdf } from '../../test/sample-files';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';
import { call, setUpDirectory, upload, type Directory } from './documents-test-support';

/**
 * Role × endpoint × scope for every document route: the "all" roles reach every facility,
 * FACILITY_ADMIN and FACILITY_USER only theirs (facility A here); an object outside the scope answers
 * 404, an action the role may not take 403, no session 401.
 */

const ROLES: Role[] = ['ALL_FACILITY_ADMIN', 'ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'];
/** own: facility A; other: facility B; company: a library document without a facility; ev*: task evidence. */
const TARGETS = ['own', 'other', 'company', 'evOwn', 'evOther'] as const;
type Target = (typeof TARGETS)[number];

let t: TestApp;
let dir: Directory;
let taskA: string;
let taskB: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
  const requirement = await createRequirement(t, dir.admin, {
    frequency: 'MONTHLY',
    firstDueDate: '2099-01-31',
    facilities: [{ facilityId: dir.facilityA }, { facilityId: dir.facilityB }],
  });
  const tasks = await allTasks(t, dir.admin, { requirementId: requirement.data._id });
  taskA = tasks.find((task) => task.facilityId === dir.facilityA)?._id as string;
  taskB = tasks.find((task) => task.facilityId === dir.facilityB)?._id as string;
});
afterAll(() => t.close());

const file = () => ({ fileName: 'evidence.pdf', content: samplePdf() });

/** A fresh document of the target, made by the administrator; archived when asked. */
async function documentOf(target: Target, archived = false): Promise<string> {
  const fields: Record<Target, Record<string, string>> = {
    own: { facilityId: dir.facilityA },
    other: { facilityId: dir.facilityB },
    company: {},
    evOwn: { kind: 'TASK', taskId: taskA },
    evOther: { kind: 'TASK', taskId: taskB },
  };
  const created = await upload(t, dir.admin, fields[target], file());
  expect(created.status, created.response.body).toBe(201);
  const id = created.body.data._id as string;
  if (archived)
    expect((await call(t, dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'test' })).status).toBe(200);
  return id;
}

const isAll = (role: Role) => role === 'ALL_FACILITY_ADMIN' || role === 'ALL_FACILITY_USER';
const inScope = (role: Role, target: Target) =>
  isAll(role) || target === 'own' || target === 'evOwn' || target === 'company';

/** What reading, changing and archiving answer, by role and target. */
function expectedRead(role: Role, target: Target): number {
  return inScope(role, target) ? 200 : 404;
}
function expectedChange(role: Role, target: Target, ok: number): number {
  if (!inScope(role, target)) return 404;
  if (target === 'company' && !isAll(role)) return 403;
  return ok;
}
function expectedArchive(role: Role, target: Target): number {
  if (role === 'FACILITY_USER') return 403;
  return expectedChange(role, target, 200);
}

interface Endpoint {
  name: string;
  archived?: boolean;
  expected(role: Role, target: Target): number;
  run(token: string | undefined, id: string): Promise<{ status: number }>;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /documents/:id',
    expected: expectedRead,
    run: (token, id) => call(t, token, 'GET', `/api/documents/${id}`),
  },
  {
    name: 'GET /documents/:id/download',
    expected: expectedRead,
    run: (token, id) => call(t, token, 'GET', `/api/documents/${id}/download`),
  },
  {
    name: 'PATCH /documents/:id',
    expected: (role, target) => expectedChange(role, target, 200),
    run: (token, id) => call(t, token, 'PATCH', `/api/documents/${id}`, { title: 'Renamed', tags: ['x'] }),
  },
  {
    name: 'PATCH /documents/:id {legalHold}',
    // Retention and legal hold need the archive permission, checked after the scope.
    expected: (role, target) => {
      const status = expectedChange(role, target, 200);
      return status === 200 && role === 'FACILITY_USER' ? 403 : status;
    },
    run: (token, id) => call(t, token, 'PATCH', `/api/documents/${id}`, { legalHold: true }),
  },
  {
    name: 'POST /documents/:id/versions',
    expected: (role, target) => expectedChange(role, target, 201),
    run: (token, id) => upload(t, token, {}, file(), `/api/documents/${id}/versions`),
  },
  {
    name: 'POST /documents/:id/archive',
    expected: expectedArchive,
    run: (token, id) => call(t, token, 'POST', `/api/documents/${id}/archive`, { reason: 'Superseded' }),
  },
  {
    name: 'POST /documents/:id/restore',
    archived: true,
    expected: expectedArchive,
    run: (token, id) => call(t, token, 'POST', `/api/documents/${id}/restore`),
  },
  {
    name: 'DELETE /documents/:id',
    archived: true,
    expected: (role) => (role === 'ALL_FACILITY_ADMIN' ? 204 : 403),
    run: (token, id) => call(t, token, 'DELETE', `/api/documents/${id}`),
  },
];

describe('documents: role × endpoint × scope', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      const seen: string[] = [];
      for (const target of TARGETS) {
        // Without a session: 401, whatever the target.
        const anonymous = await endpoint.run(undefined, await documentOf(target, endpoint.archived));
        expect(anonymous.status, `anonymous ${target}`).toBe(401);
        for (const role of ROLES) {
          const id = await documentOf(target, endpoint.archived);
          const response = await endpoint.run(dir.tokens[role], id);
          seen.push(`${role} ${target} ${response.status}`);
          expect(
            response.status,
            `${role} on ${target}: ${JSON.stringify((response as { body?: unknown }).body)}`,
          ).toBe(endpoint.expected(role, target));
        }
      }
      expect(seen).toHaveLength(TARGETS.length * ROLES.length);
    });
  }

  it('POST /documents (library): own facility for everyone; another facility or none only for the all-facility roles', async () => {
    for (const role of ROLES) {
      const token = dir.tokens[role];
      expect((await upload(t, token, { facilityId: dir.facilityA }, file())).status, role).toBe(201);
      expect((await upload(t, token, { facilityId: dir.facilityB }, file())).status, role).toBe(
        isAll(role) ? 201 : 404,
      );
      expect((await upload(t, token, {}, file())).status, role).toBe(isAll(role) ? 201 : 400);
      expect((await upload(t, token, { facilityId: 'no-such-facility' }, file())).status, role).toBe(404);
    }
    expect((await upload(t, undefined, { facilityId: dir.facilityA }, file())).status).toBe(401);
  });

  it('POST /documents (evidence): tasks of own facilities for everyone, of others only for the all-facility roles', async () => {
    for (const role of ROLES) {
      const token = dir.tokens[role];
      expect((await upload(t, token, { kind: 'TASK', taskId: taskA }, file())).status, role).toBe(201);
      expect((await upload(t, token, { kind: 'TASK', taskId: taskB }, file())).status, role).toBe(
        isAll(role) ? 201 : 404,
      );
    }
    expect((await upload(t, undefined, { kind: 'TASK', taskId: taskA }, file())).status).toBe(401);
  });

  it('GET /documents, /documents/tags and /documents/upload-rules: everyone, lists limited to their facilities', async () => {
    await upload(t, dir.admin, { facilityId: dir.facilityB, tags: ['only-b'] }, file());
    for (const role of ROLES) {
      const token = dir.tokens[role];
      for (const query of ['', '?archived=true', '?kind=TASK', '?kind=LIBRARY']) {
        const list = await call(t, token, 'GET', `/api/documents${query}${query ? '&' : '?'}pageSize=200`);
        expect(list.status).toBe(200);
        const facilities = new Set((list.body.data as { facilityId: string | null }[]).map((doc) => doc.facilityId));
        if (!isAll(role))
          expect(
            [...facilities].every((id) => id === dir.facilityA || id === null),
            role,
          ).toBe(true);
        else if (!query.includes('archived')) expect(facilities.has(dir.facilityB), role).toBe(true);
      }
      const tags = await call(t, token, 'GET', '/api/documents/tags');
      expect(tags.status).toBe(200);
      expect((tags.body.data as { tag: string }[]).some((tag) => tag.tag === 'only-b')).toBe(isAll(role));
      expect((await call(t, token, 'GET', '/api/documents/upload-rules')).status).toBe(200);
      // Filtering by a facility outside the scope finds nothing rather than revealing anything.
      const outside = await call(t, token, 'GET', `/api/documents?facilityId=${dir.facilityB}`);
      expect(outside.body.meta.total > 0).toBe(isAll(role));
    }
    for (const url of ['/api/documents', '/api/documents/tags', '/api/documents/upload-rules']) {
      expect((await call(t, undefined, 'GET', url)).status).toBe(401);
    }
  });

  it('answers 404 for unknown documents to every role', async () => {
    for (const role of ROLES) {
      expect((await call(t, dir.tokens[role], 'GET', '/api/documents/no-such-document')).status).toBe(404);
      expect((await call(t, dir.tokens[role], 'GET', '/api/documents/no-such-document/download')).status).toBe(404);
    }
  });
});
