import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';
import { samplePdf, samplesOfEveryType, sampleText } from '../../test/sample-files';
import {
  call,
  documentsSuite,
  expectFileHeaders,
  setUpDirectory,
  sha,
  storedFiles,
  tempFiles,
  upload,
  type Directory,
} from './documents-test-support';

const suite = documentsSuite();

describe('uploading library documents', () => {
  it('accepts every allowed type, records size, SHA-256 and a media type from the content, and serves it back', async () => {
    for (const [fileName, content] of await samplesOfEveryType()) {
      const created = await upload(
        suite.t,
        suite.dir.admin,
        { facilityId: suite.dir.facilityA, programAreaId: suite.dir.programArea, regulationId: suite.dir.regulation },
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
        facilityId: suite.dir.facilityA,
        facilityName: 'Sweetwater Wind',
        programAreaId: suite.dir.programArea,
        regulationId: suite.dir.regulation,
        regulationTitle: 'Clean Water Act NPDES',
        uploadedByName: expect.any(String),
        archivedAt: null,
        legalHold: false,
        taskId: null,
        evidenceDate: null,
      });
      expect(doc.title).toBe(fileName.replace(/\.[^.]+$/, ''));
      expect(doc.versions).toHaveLength(1);
      const download = await suite.t.app.inject({
        method: 'GET',
        url: `/api/documents/${doc._id}/download`,
        headers: { authorization: `Bearer ${suite.dir.admin}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
      expect(download.headers['content-type']).toBe(doc.mediaType);
      expect(download.headers['content-length']).toBe(String(content.length));
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
      expectFileHeaders(download);
    }
    // Stored under generated names only, and no temporary file is left.
    const names = storedFiles(suite.t).map((file) => file.split(/[\\/]/).pop());
    expect(names.every((name) => /^[0-9a-f-]{36}$/.test(name ?? ''))).toBe(true);
    expect(tempFiles(suite.t)).toEqual([]);
  });

  it('previews only PDFs and images inline, and names files per RFC 6266', async () => {
    const pdf = await upload(
      suite.t,
      suite.dir.admin,
      { facilityId: suite.dir.facilityA },
      { fileName: 'Résumé été 报告.pdf', content: samplePdf() },
    );
    const txt = await upload(
      suite.t,
      suite.dir.admin,
      { facilityId: suite.dir.facilityA },
      { fileName: 'notes.txt', content: sampleText() },
    );
    const inline = await suite.t.app.inject({
      method: 'GET',
      url: `/api/documents/${pdf.body.data._id}/download?inline=true`,
      headers: { authorization: `Bearer ${suite.dir.admin}` },
    });
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="Resume ete _.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé été 报告.pdf')}`,
    );
    expectFileHeaders(inline);
    const text = await suite.t.app.inject({
      method: 'GET',
      url: `/api/documents/${txt.body.data._id}/download?inline=true`,
      headers: { authorization: `Bearer ${suite.dir.admin}` },
    });
    expect(String(text.headers['content-disposition'])).toMatch(/^attachment; filename="notes.txt"/);
    expect(text.headers['content-type']).toBe('text/plain');
  });

  it('takes tags as repeated fields, a JSON array or a comma list, dropping duplicates that differ by case', async () => {
    // The tags a PDF uploaded at facility A with this `tags` field is stored with.
    const storedTags = async (tags: string | string[]) =>
      (
        await upload(
          suite.t,
          suite.dir.admin,
          { facilityId: suite.dir.facilityA, tags },
          { fileName: 'tagged.pdf', content: samplePdf() },
        )
      ).body.data.tags;
    expect(await storedTags(['Permit', 'SWPPP', 'permit'])).toEqual(['Permit', 'SWPPP']);
    expect(await storedTags('["Plan","2026"]')).toEqual(['Plan', '2026']);
    expect(await storedTags('Plan, SPCC ,')).toEqual(['Plan', 'SPCC']);
  });

  it('validates the fields with per-field details and stores nothing', async () => {
    const before = storedFiles(suite.t).length;
    const cases: [Record<string, string | string[]>, string][] = [
      [{ kind: 'OTHER' }, 'kind'],
      [{ kind: 'TASK' }, 'taskId'],
      [{ facilityId: suite.dir.facilityA, evidenceDate: '2026-01-01' }, 'evidenceDate'],
      [{ facilityId: suite.dir.facilityA, unknown: 'x' }, ''],
      [{ facilityId: suite.dir.facilityA, title: 'x'.repeat(301) }, 'title'],
      [{ facilityId: suite.dir.facilityA, tags: '["a,b"]' }, 'tags.0'],
      [{ facilityId: suite.dir.facilityA, retainUntil: '2026-02-30' }, 'retainUntil'],
      [{ facilityId: suite.dir.facilityA, programAreaId: 'nope' }, 'programAreaId'],
      [{ facilityId: suite.dir.facilityA, title: ['one', 'two'] }, 'title'],
      // Refused on both databases alike (PostgreSQL cannot store it).
      [{ facilityId: suite.dir.facilityA, title: 'Spill\u0000plan' }, 'title'],
    ];
    for (const [fields, path] of cases) {
      const response = await upload(suite.t, suite.dir.admin, fields, { fileName: 'a.pdf', content: samplePdf() });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      if (path) expect(response.body.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const noFile = await upload(suite.t, suite.dir.admin, { facilityId: suite.dir.facilityA }, undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.details).toEqual([{ path: 'file', message: 'Choose a file to upload' }]);
    const json = await call(suite.t, suite.dir.admin, 'POST', '/api/documents', { title: 'x' });
    expect(json.status).toBe(415);
    expect(storedFiles(suite.t).length).toBe(before);
    expect(tempFiles(suite.t)).toEqual([]);
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
    const doc = (await suite.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
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
