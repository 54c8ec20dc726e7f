import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';
import { samplePdf, samplePng, samplesOfEveryType, sampleText } from '../../test/sample-files';
import {
  call,
  expectFileHeaders,
  setUpDirectory,
  storedFiles,
  tempFiles,
  upload,
  withInsertsRefused,
  type Directory,
} from './documents-test-support';

let t: TestApp;
let dir: Directory;

const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

beforeAll(async () => {
  t = await createTestApp();
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
});
afterAll(() => t.close());

async function auditOf(id: string) {
  const events = await call(t, dir.admin, 'GET', `/api/audit?entityType=DOCUMENT&entityId=${id}&sort=at`);
  return (events.body.data as { action: string; changes: Record<string, { before: unknown; after: unknown }> }[]).map(
    (event) => event,
  );
}

describe('uploading library documents', () => {
  it('accepts every allowed type, records size, SHA-256 and a media type from the content, and serves it back', async () => {
    for (const [fileName, content] of await samplesOfEveryType()) {
      const created = await upload(
        t,
        dir.admin,
        { facilityId: dir.facilityA, programAreaId: dir.programArea, regulationId: dir.regulation },
        // The client's Content-Type is ignored: everything is sent as octet-stream here.
        { fileName, content },
      );
      expect(created.status, `${fileName}: ${created.response.body}`).toBe(201);
      const doc = created.body.data;
      expect(doc).toMatchObject({
        kind: 'LIBRARY',
        fileName,
        size: content.length,
        sha256: sha(content),
        version: 1,
        facilityId: dir.facilityA,
        facilityName: 'Sweetwater Wind',
        programAreaId: dir.programArea,
        regulationId: dir.regulation,
        regulationTitle: 'Clean Water Act NPDES',
        uploadedByName: expect.any(String),
        archivedAt: null,
        legalHold: false,
        taskId: null,
        evidenceDate: null,
      });
      expect(doc.title).toBe(fileName.replace(/\.[^.]+$/, ''));
      expect(doc.versions).toHaveLength(1);
      const download = await t.app.inject({
        method: 'GET',
        url: `/api/documents/${doc._id}/download`,
        headers: { authorization: `Bearer ${dir.admin}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
      expect(download.headers['content-type']).toBe(doc.mediaType);
      expect(download.headers['content-length']).toBe(String(content.length));
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
      expectFileHeaders(download);
    }
    // Stored under generated names only, and no temporary file is left.
    const names = storedFiles(t).map((file) => file.split(/[\\/]/).pop());
    expect(names.every((name) => /^[0-9a-f-]{36}$/.test(name ?? ''))).toBe(true);
    expect(tempFiles(t)).toEqual([]);
  });

  it('previews only PDFs and images inline, and names files per RFC 6266', async () => {
    const pdf = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'Résumé été 报告.pdf', content: samplePdf() },
    );
    const txt = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'notes.txt', content: sampleText() },
    );
    const inline = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${pdf.body.data._id}/download?inline=true`,
      headers: { authorization: `Bearer ${dir.admin}` },
    });
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="Resume ete _.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé été 报告.pdf')}`,
    );
    expectFileHeaders(inline);
    const text = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${txt.body.data._id}/download?inline=true`,
      headers: { authorization: `Bearer ${dir.admin}` },
    });
    expect(String(text.headers['content-disposition'])).toMatch(/^attachment; filename="notes.txt"/);
    expect(text.headers['content-type']).toBe('text/plain');
  });

  it('takes tags as repeated fields, a JSON array or a comma list, dropping duplicates that differ by case', async () => {
    const repeated = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA, tags: ['Permit', 'SWPPP', 'permit'] },
      { fileName: 'a.pdf', content: samplePdf() },
    );
    expect(repeated.body.data.tags).toEqual(['Permit', 'SWPPP']);
    const json = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA, tags: '["Plan","2026"]' },
      { fileName: 'b.pdf', content: samplePdf() },
    );
    expect(json.body.data.tags).toEqual(['Plan', '2026']);
    const comma = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA, tags: 'Plan, SPCC ,' },
      { fileName: 'c.pdf', content: samplePdf() },
    );
    expect(comma.body.data.tags).toEqual(['Plan', 'SPCC']);
  });

  it('validates the fields with per-field details and stores nothing', async () => {
    const before = storedFiles(t).length;
    const cases: [Record<string, string | string[]>, string][] = [
      [{ kind: 'OTHER' }, 'kind'],
      [{ kind: 'TASK' }, 'taskId'],
      [{ facilityId: dir.facilityA, evidenceDate: '2026-01-01' }, 'evidenceDate'],
      [{ facilityId: dir.facilityA, unknown: 'x' }, ''],
      [{ facilityId: dir.facilityA, title: 'x'.repeat(301) }, 'title'],
      [{ facilityId: dir.facilityA, tags: '["a,b"]' }, 'tags.0'],
      [{ facilityId: dir.facilityA, retainUntil: '2026-02-30' }, 'retainUntil'],
      [{ facilityId: dir.facilityA, programAreaId: 'nope' }, 'programAreaId'],
      [{ facilityId: dir.facilityA, title: ['one', 'two'] }, 'title'],
      // Refused on both databases alike (PostgreSQL cannot store it).
      [{ facilityId: dir.facilityA, title: 'Spill\u0000plan' }, 'title'],
    ];
    for (const [fields, path] of cases) {
      const response = await upload(t, dir.admin, fields, { fileName: 'a.pdf', content: samplePdf() });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      if (path) expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const noFile = await upload(t, dir.admin, { facilityId: dir.facilityA }, undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.details).toEqual([{ path: 'file', message: 'Choose a file to upload' }]);
    const json = await call(t, dir.admin, 'POST', '/api/documents', { title: 'x' });
    expect(json.status).toBe(415);
    expect(storedFiles(t).length).toBe(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and a clear message, storing nothing', async () => {
    const small = await createTestApp({ UPLOAD_MAX_BYTES: '4096' });
    try {
      const admin = await small.signIn(ADMIN_EMAIL);
      const tooLarge = await upload(small, admin, {}, { fileName: 'big.txt', content: Buffer.alloc(5000, 'a') });
      expect(tooLarge.status).toBe(413);
      // The rest of an oversized body is not worth keeping the connection for.
      expect(tooLarge.response.headers.connection).toBe('close');
      expect(tooLarge.body).toEqual({
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than the limit of 4 KB. Nothing was stored.',
      });
      const exact = await upload(small, admin, {}, { fileName: 'exact.txt', content: Buffer.alloc(4096, 'a') });
      expect(exact.status).toBe(201);
      expect(storedFiles(small)).toHaveLength(1);
      expect(tempFiles(small)).toEqual([]);
      const list = await call(small, admin, 'GET', '/api/documents');
      expect(list.body.meta.total).toBe(1);
      const rules = await call(small, admin, 'GET', '/api/documents/upload-rules');
      expect(rules.body.data).toMatchObject({ maxBytes: 4096, accept: expect.stringContaining('.pdf') });
    } finally {
      await small.close();
    }
  });
});

describe('the API description', () => {
  it('lists every documents and evidence-pack route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [route, methods] of [
      ['/api/documents', ['get', 'post']],
      ['/api/documents/tags', ['get']],
      ['/api/documents/upload-rules', ['get']],
      ['/api/documents/{id}', ['get', 'patch', 'delete']],
      ['/api/documents/{id}/download', ['get']],
      ['/api/documents/{id}/versions', ['post']],
      ['/api/documents/{id}/archive', ['post']],
      ['/api/documents/{id}/restore', ['post']],
      ['/api/evidence-packs', ['get', 'post']],
    ] as const) {
      for (const method of methods) expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
  });
});

describe('listing and tags', () => {
  let ids: Record<string, string>;
  let own: TestApp;
  let local: Directory;

  beforeAll(async () => {
    own = await createTestApp();
    local = await setUpDirectory(own, await own.signIn(ADMIN_EMAIL));
    const make = async (fileName: string, fields: Record<string, string | string[]>) =>
      (await upload(own, local.admin, fields, { fileName, content: samplePdf(fileName) })).body.data._id as string;
    ids = {
      permit: await make('NPDES permit.pdf', {
        facilityId: local.facilityA,
        tags: ['Permit', 'NPDES'],
        regulationId: local.regulation,
        description: 'Issued by the state',
      }),
      swppp: await make('SWPPP.pdf', {
        facilityId: local.facilityA,
        tags: ['Plan', 'permit'],
        programAreaId: local.programArea,
      }),
      spcc: await make('SPCC plan.pdf', { facilityId: local.facilityB, tags: ['Plan'] }),
      policy: await make('Environmental policy.pdf', { tags: ['Policy'] }),
    };
  });
  afterAll(() => own.close());

  it('filters by facility, program area, regulation, tag and search, with {data, meta}', async () => {
    const list = async (query: string) => {
      const response = await call(own, local.admin, 'GET', `/api/documents?${query}`);
      expect(response.status, response.response.body).toBe(200);
      return response.body as { data: { _id: string }[]; meta: { total: number; page: number; pageSize: number } };
    };
    expect((await list(`facilityId=${local.facilityA}&sort=title`)).data.map((d) => d._id)).toEqual([
      ids.permit,
      ids.swppp,
    ]);
    expect((await list(`programAreaId=${local.programArea}`)).data.map((d) => d._id)).toEqual([ids.swppp]);
    expect((await list(`regulationId=${local.regulation}`)).data.map((d) => d._id)).toEqual([ids.permit]);
    expect((await list('tag=PERMIT&sort=title')).data.map((d) => d._id)).toEqual([ids.permit, ids.swppp]);
    expect((await list('search=issued state')).data.map((d) => d._id)).toEqual([ids.permit]);
    expect((await list('search=npdes&kind=LIBRARY')).data.map((d) => d._id)).toEqual([ids.permit]);
    const page = await list('tag=plan&sort=-title&pageSize=1&page=2');
    expect(page).toMatchObject({ data: [{ _id: ids.spcc }], meta: { total: 2, page: 2, pageSize: 1 } });
    expect((await list('kind=TASK&tag=plan')).meta.total).toBe(0);
  });

  it('suggests existing tags, most used first, for what the caller can see', async () => {
    const all = await call(own, local.admin, 'GET', '/api/documents/tags?search=p');
    expect(all.status).toBe(200);
    const tags = all.body.data as { tag: string; count: number }[];
    expect(tags.map((tag) => tag.tag)).toEqual(expect.arrayContaining(['Plan', 'Permit', 'Policy']));
    expect(tags.find((tag) => tag.tag.toLowerCase() === 'permit')?.count).toBeGreaterThanOrEqual(2);
    // A facility user of facility A sees only A's and company-wide tags.
    const scoped = await call(own, local.tokens.FACILITY_USER, 'GET', '/api/documents/tags');
    expect((scoped.body.data as { tag: string }[]).map((tag) => tag.tag).sort()).toEqual([
      'NPDES',
      'Permit',
      'Plan',
      'Policy',
    ]);
    const otherFacility = await setUpDirectory(own, local.admin, 'X');
    const outsider = await call(own, otherFacility.tokens.FACILITY_USER, 'GET', '/api/documents/tags');
    expect((outsider.body.data as { tag: string }[]).map((tag) => tag.tag)).toEqual(['Policy']);
  });
});

describe('versions', () => {
  it('keeps every version, lists them newest first and downloads any of them', async () => {
    const first = samplePdf('first');
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA, tags: ['Permit'] },
      { fileName: 'permit.pdf', content: first },
    );
    const id = created.body.data._id;
    const second = samplePng();
    const next = await upload(
      t,
      dir.tokens.FACILITY_USER,
      {},
      { fileName: 'permit-scan.png', content: second },
      `/api/documents/${id}/versions`,
    );
    expect(next.status, next.response.body).toBe(201);
    expect(next.body.data).toMatchObject({
      version: 2,
      fileName: 'permit-scan.png',
      mediaType: 'image/png',
      sha256: sha(second),
      uploadedBy: dir.userIds.FACILITY_USER,
      tags: ['Permit'],
      title: 'permit',
    });
    expect(next.body.data.versions.map((v: { version: number; sha256: string }) => [v.version, v.sha256])).toEqual([
      [2, sha(second)],
      [1, sha(first)],
    ]);
    const current = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download`,
      headers: { authorization: `Bearer ${dir.admin}` },
    });
    expect(current.rawPayload.equals(second)).toBe(true);
    expect(current.headers['x-document-version']).toBe('2');
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download?version=1`,
      headers: { authorization: `Bearer ${dir.admin}` },
    });
    expect(old.rawPayload.equals(first)).toBe(true);
    expect((await call(t, dir.admin, 'GET', `/api/documents/${id}/download?version=9`)).status).toBe(404);
    const audit = await auditOf(id);
    expect(audit.map((event) => event.action)).toEqual(['CREATE', 'UPDATE']);
    expect(audit[1]?.changes.version).toEqual({ before: 1, after: 2 });
    expect(audit[1]?.changes.sha256).toEqual({ before: sha(first), after: sha(second) });
  });

  it('refuses other fields with a new version, and new versions of archived documents', async () => {
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'plan.pdf', content: samplePdf() },
    );
    const id = created.body.data._id;
    const withFields = await upload(
      t,
      dir.admin,
      { title: 'x' },
      { fileName: 'plan.pdf', content: samplePdf() },
      `/api/documents/${id}/versions`,
    );
    expect(withFields.status).toBe(400);
    await call(t, dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'Superseded' });
    const archived = await upload(
      t,
      dir.admin,
      {},
      { fileName: 'plan.pdf', content: samplePdf() },
      `/api/documents/${id}/versions`,
    );
    expect(archived.status).toBe(409);
    expect((await call(t, dir.admin, 'GET', `/api/documents/${id}`)).body.data.versions).toHaveLength(1);
  });
});

describe('metadata, archive, retention and deletion', () => {
  it('updates metadata, audited with before and after', async () => {
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'plan.pdf', content: samplePdf() },
    );
    const id = created.body.data._id;
    const updated = await call(t, dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/documents/${id}`, {
      title: 'Stormwater Pollution Prevention Plan',
      description: 'Rev. 3',
      tags: ['SWPPP', 'Plan'],
      programAreaId: dir.programArea,
      regulationId: dir.regulation,
      retainUntil: '2031-12-31',
      legalHold: true,
    });
    expect(updated.status, updated.response.body).toBe(200);
    expect(updated.body.data).toMatchObject({
      title: 'Stormwater Pollution Prevention Plan',
      description: 'Rev. 3',
      tags: ['SWPPP', 'Plan'],
      programAreaId: dir.programArea,
      regulationId: dir.regulation,
      retainUntil: '2031-12-31',
      legalHold: true,
    });
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({
      action: 'UPDATE',
      changes: {
        title: { before: 'plan', after: 'Stormwater Pollution Prevention Plan' },
        legalHold: { before: false, after: true },
      },
    });
    const moved = await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { facilityId: dir.facilityB });
    expect(moved.body.data.facilityId).toBe(dir.facilityB);
    // Facility roles cannot set retention or legal hold, nor move a document out of their facilities.
    const mine = await upload(
      t,
      dir.tokens.FACILITY_USER,
      { facilityId: dir.facilityA },
      { fileName: 'x.pdf', content: samplePdf() },
    );
    expect(mine.status).toBe(201);
    const hold = await call(t, dir.tokens.FACILITY_USER, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      legalHold: true,
    });
    expect(hold.status).toBe(403);
    const away = await call(t, dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      facilityId: dir.facilityB,
    });
    expect(away.status).toBe(404);
    const noFacility = await call(t, dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      facilityId: null,
    });
    expect(noFacility.status).toBe(400);
    const badRef = await call(t, dir.admin, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      regulationId: 'missing',
    });
    expect(badRef.status).toBe(400);
  });

  it('archives (hidden, never deleted) and restores, with reason, audited', async () => {
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA, title: 'Old permit' },
      { fileName: 'old.pdf', content: samplePdf() },
    );
    const id = created.body.data._id;
    expect((await call(t, dir.admin, 'POST', `/api/documents/${id}/archive`, {})).status).toBe(400);
    const archived = await call(t, dir.tokens.FACILITY_ADMIN, 'POST', `/api/documents/${id}/archive`, {
      reason: 'Permit expired',
    });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({
      archiveReason: 'Permit expired',
      archivedBy: dir.userIds.FACILITY_ADMIN,
      archivedByName: expect.stringContaining('Pat'),
    });
    expect(archived.body.data.archivedAt).toMatch(/Z$/);
    expect((await call(t, dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'again' })).status).toBe(409);
    const active = await call(t, dir.admin, 'GET', '/api/documents?pageSize=200');
    expect(active.body.data.map((d: { _id: string }) => d._id)).not.toContain(id);
    const archive = await call(t, dir.admin, 'GET', '/api/documents?archived=true&pageSize=200');
    expect(archive.body.data.map((d: { _id: string }) => d._id)).toContain(id);
    // Read-only in the archive, except retention and legal hold; still downloadable.
    expect((await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { title: 'x' })).status).toBe(409);
    expect((await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { retainUntil: '2030-01-01' })).status).toBe(200);
    expect((await call(t, dir.admin, 'GET', `/api/documents/${id}/download`)).status).toBe(200);
    const restored = await call(t, dir.tokens.FACILITY_ADMIN, 'POST', `/api/documents/${id}/restore`);
    expect(restored.body.data).toMatchObject({ archivedAt: null, archiveReason: null, archivedBy: null });
    expect((await call(t, dir.admin, 'POST', `/api/documents/${id}/restore`)).status).toBe(409);
    expect((await auditOf(id)).map((event) => event.action)).toEqual(['CREATE', 'ARCHIVE', 'UPDATE', 'RESTORE']);
  });

  it('deletes permanently only archived documents without retention or hold, removing every file', async () => {
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'temp.pdf', content: samplePdf('v1') },
    );
    const id = created.body.data._id;
    await upload(t, dir.admin, {}, { fileName: 'temp.pdf', content: samplePdf('v2') }, `/api/documents/${id}/versions`);
    const filesBefore = storedFiles(t).length;
    expect((await call(t, dir.admin, 'DELETE', `/api/documents/${id}`)).body.message).toBe(
      'Archive the document before deleting it permanently',
    );
    await call(t, dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'Uploaded by mistake' });
    await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { legalHold: true, retainUntil: '2999-01-01' });
    const held = await call(t, dir.admin, 'DELETE', `/api/documents/${id}`);
    expect(held).toMatchObject({
      status: 409,
      body: { message: 'This document is under legal hold and cannot be deleted' },
    });
    await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { legalHold: false });
    const retained = await call(t, dir.admin, 'DELETE', `/api/documents/${id}`);
    expect(retained.status).toBe(409);
    expect(retained.body.message).toMatch(/retained until 2999-01-01/);
    const today = new Date().toISOString().slice(0, 10);
    await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { retainUntil: today });
    expect((await call(t, dir.admin, 'DELETE', `/api/documents/${id}`)).status).toBe(409);
    await call(t, dir.admin, 'PATCH', `/api/documents/${id}`, { retainUntil: '2000-01-01' });
    for (const role of ['ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      expect((await call(t, dir.tokens[role], 'DELETE', `/api/documents/${id}`)).status).toBe(403);
    }
    const deleted = await call(t, dir.admin, 'DELETE', `/api/documents/${id}`);
    expect(deleted.status).toBe(204);
    expect(storedFiles(t).length).toBe(filesBefore - 2);
    expect((await call(t, dir.admin, 'GET', `/api/documents/${id}`)).status).toBe(404);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: 'DELETE', changes: { title: { before: 'temp', after: null } } });
    expect((await call(t, dir.admin, 'GET', '/api/audit/verify')).body.data.intact).toBe(true);
  });
});

describe('file and database stay consistent', () => {
  it('a failed database write leaves no stored file', async () => {
    await withInsertsRefused(t, 'documents', async () => {
      const before = storedFiles(t).length;
      const failed = await upload(
        t,
        dir.admin,
        { facilityId: dir.facilityA },
        { fileName: 'x.pdf', content: samplePdf() },
      );
      expect(failed.status).toBe(500);
      expect(failed.body.message).not.toMatch(/refused|documents|sql/i);
      expect(storedFiles(t).length).toBe(before);
      expect(tempFiles(t)).toEqual([]);
    });
  });

  it('a failed file write leaves no row', async () => {
    const root = t.config.storage.localRoot;
    const count = async () => (await call(t, dir.admin, 'GET', '/api/documents?pageSize=1')).body.meta.total as number;
    const before = await count();
    const events = (await call(t, dir.admin, 'GET', '/api/audit?pageSize=1')).body.meta.total as number;
    const moved = `${root}-moved`;
    fs.renameSync(root, moved);
    fs.writeFileSync(root, 'a file where the uploads folder should be');
    try {
      const failed = await upload(
        t,
        dir.admin,
        { facilityId: dir.facilityA },
        { fileName: 'x.pdf', content: samplePdf() },
      );
      expect(failed.status).toBe(500);
    } finally {
      fs.rmSync(root);
      fs.renameSync(moved, root);
    }
    expect(await count()).toBe(before);
    expect((await call(t, dir.admin, 'GET', '/api/audit?pageSize=1')).body.meta.total).toBe(events);
    expect(tempFiles(t)).toEqual([]);
  });
});
