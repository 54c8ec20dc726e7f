import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../../test/sample-files';
import {
  call,
  documentsSuite,
  sha,
  storedFiles,
  tempFiles,
  upload,
  withInsertsRefused,
} from './documents-test-support';

/** Versions, metadata, archive, retention, deletion, and the file store kept consistent with the database. */

const suite = documentsSuite();

/** The administrator uploads a sample PDF named plan.pdf (to `url` when given: a new version). */
function uploadPlan(fields: Record<string, string>, url?: string) {
  return upload(suite.t, suite.dir.admin, fields, { fileName: 'plan.pdf', content: samplePdf() }, url);
}

async function auditOf(id: string) {
  const events = await call(suite.t, suite.dir.admin, 'GET', `/api/audit?entityType=DOCUMENT&entityId=${id}&sort=at`);
  return (events.body.data as { action: string; changes: Record<string, { before: unknown; after: unknown }> }[]).map(
    (event) => event,
  );
}

describe('versions', () => {
  it('keeps every version, lists them newest first and downloads any of them', async () => {
    const first = samplePdf('first');
    const created = await upload(
      suite.t,
      suite.dir.admin,
      { facilityId: suite.dir.facilityA, tags: ['Permit'] },
      { fileName: 'permit.pdf', content: first },
    );
    const id = created.body.data._id;
    const second = samplePng();
    const next = await upload(
      suite.t,
      suite.dir.tokens.FACILITY_USER,
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
      uploadedBy: suite.dir.userIds.FACILITY_USER,
      tags: ['Permit'],
      title: 'permit',
    });
    expect(next.body.data.versions.map((v: { version: number; sha256: string }) => [v.version, v.sha256])).toEqual([
      [2, sha(second)],
      [1, sha(first)],
    ]);
    const current = await suite.t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download`,
      headers: { authorization: `Bearer ${suite.dir.admin}` },
    });
    expect(current.rawPayload.equals(second)).toBe(true);
    expect(current.headers['x-document-version']).toBe('2');
    const old = await suite.t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download?version=1`,
      headers: { authorization: `Bearer ${suite.dir.admin}` },
    });
    expect(old.rawPayload.equals(first)).toBe(true);
    expect((await call(suite.t, suite.dir.admin, 'GET', `/api/documents/${id}/download?version=9`)).status).toBe(404);
    const audit = await auditOf(id);
    expect(audit.map((event) => event.action)).toEqual(['CREATE', 'UPDATE']);
    expect(audit[1]?.changes.version).toEqual({ before: 1, after: 2 });
    expect(audit[1]?.changes.sha256).toEqual({ before: sha(first), after: sha(second) });
  });

  it('refuses other fields with a new version, and new versions of archived documents', async () => {
    const created = await uploadPlan({ facilityId: suite.dir.facilityA });
    const id = created.body.data._id;
    const withFields = await uploadPlan({ title: 'x' }, `/api/documents/${id}/versions`);
    expect(withFields.status).toBe(400);
    await call(suite.t, suite.dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'Superseded' });
    const archived = await uploadPlan({}, `/api/documents/${id}/versions`);
    expect(archived.status).toBe(409);
    expect((await call(suite.t, suite.dir.admin, 'GET', `/api/documents/${id}`)).body.data.versions).toHaveLength(1);
  });
});

describe('metadata, archive, retention and deletion', () => {
  it('updates metadata, audited with before and after', async () => {
    const created = await uploadPlan({ facilityId: suite.dir.facilityA });
    const id = created.body.data._id;
    const metadata = {
      title: 'Stormwater Pollution Prevention Plan',
      description: 'Rev. 3',
      tags: ['SWPPP', 'Plan'],
      programAreaId: suite.dir.programArea,
      regulationId: suite.dir.regulation,
      retainUntil: '2031-12-31',
      legalHold: true,
    };
    const updated = await call(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/documents/${id}`, metadata);
    expect(updated.status, updated.response.body).toBe(200);
    // The answer carries every field as sent.
    expect(updated.body.data).toMatchObject(metadata);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({
      action: 'UPDATE',
      changes: {
        title: { before: 'plan', after: 'Stormwater Pollution Prevention Plan' },
        legalHold: { before: false, after: true },
      },
    });
    const moved = await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, {
      facilityId: suite.dir.facilityB,
    });
    expect(moved.body.data.facilityId).toBe(suite.dir.facilityB);
    // Facility roles cannot set retention or legal hold, nor move a document out of their facilities.
    const mine = await upload(
      suite.t,
      suite.dir.tokens.FACILITY_USER,
      { facilityId: suite.dir.facilityA },
      { fileName: 'x.pdf', content: samplePdf() },
    );
    expect(mine.status).toBe(201);
    const hold = await call(suite.t, suite.dir.tokens.FACILITY_USER, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      legalHold: true,
    });
    expect(hold.status).toBe(403);
    const away = await call(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      facilityId: suite.dir.facilityB,
    });
    expect(away.status).toBe(404);
    const noFacility = await call(
      suite.t,
      suite.dir.tokens.FACILITY_ADMIN,
      'PATCH',
      `/api/documents/${mine.body.data._id}`,
      {
        facilityId: null,
      },
    );
    expect(noFacility.status).toBe(400);
    const badRef = await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${mine.body.data._id}`, {
      regulationId: 'missing',
    });
    expect(badRef.status).toBe(400);
  });

  it('archives (hidden, never deleted) and restores, with reason, audited', async () => {
    const created = await upload(
      suite.t,
      suite.dir.admin,
      { facilityId: suite.dir.facilityA, title: 'Old permit' },
      { fileName: 'old.pdf', content: samplePdf() },
    );
    const id = created.body.data._id;
    expect((await call(suite.t, suite.dir.admin, 'POST', `/api/documents/${id}/archive`, {})).status).toBe(400);
    const archived = await call(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'POST', `/api/documents/${id}/archive`, {
      reason: 'Permit expired',
    });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({
      archiveReason: 'Permit expired',
      archivedBy: suite.dir.userIds.FACILITY_ADMIN,
      archivedByName: expect.stringContaining('Pat'),
    });
    expect(archived.body.data.archivedAt).toMatch(/Z$/);
    expect(
      (await call(suite.t, suite.dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'again' })).status,
    ).toBe(409);
    const active = await call(suite.t, suite.dir.admin, 'GET', '/api/documents?pageSize=200');
    expect(active.body.data.map((d: { _id: string }) => d._id)).not.toContain(id);
    const archive = await call(suite.t, suite.dir.admin, 'GET', '/api/documents?archived=true&pageSize=200');
    expect(archive.body.data.map((d: { _id: string }) => d._id)).toContain(id);
    // Read-only in the archive, except retention and legal hold; still downloadable.
    expect((await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { title: 'x' })).status).toBe(409);
    expect(
      (await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { retainUntil: '2030-01-01' })).status,
    ).toBe(200);
    expect((await call(suite.t, suite.dir.admin, 'GET', `/api/documents/${id}/download`)).status).toBe(200);
    const restored = await call(suite.t, suite.dir.tokens.FACILITY_ADMIN, 'POST', `/api/documents/${id}/restore`);
    expect(restored.body.data).toMatchObject({ archivedAt: null, archiveReason: null, archivedBy: null });
    expect((await call(suite.t, suite.dir.admin, 'POST', `/api/documents/${id}/restore`)).status).toBe(409);
    expect((await auditOf(id)).map((event) => event.action)).toEqual(['CREATE', 'ARCHIVE', 'UPDATE', 'RESTORE']);
  });

  it('deletes permanently only archived documents without retention or hold, removing every file', async () => {
    const created = await upload(
      suite.t,
      suite.dir.admin,
      { facilityId: suite.dir.facilityA },
      { fileName: 'temp.pdf', content: samplePdf('v1') },
    );
    const id = created.body.data._id;
    await upload(
      suite.t,
      suite.dir.admin,
      {},
      { fileName: 'temp.pdf', content: samplePdf('v2') },
      `/api/documents/${id}/versions`,
    );
    const filesBefore = storedFiles(suite.t).length;
    expect((await call(suite.t, suite.dir.admin, 'DELETE', `/api/documents/${id}`)).body.message).toBe(
      'Archive the document before deleting it permanently',
    );
    await call(suite.t, suite.dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'Uploaded by mistake' });
    await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, {
      legalHold: true,
      retainUntil: '2999-01-01',
    });
    const held = await call(suite.t, suite.dir.admin, 'DELETE', `/api/documents/${id}`);
    expect(held).toMatchObject({
      status: 409,
      body: { message: 'This document is under legal hold and cannot be deleted' },
    });
    await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { legalHold: false });
    const retained = await call(suite.t, suite.dir.admin, 'DELETE', `/api/documents/${id}`);
    expect(retained.status).toBe(409);
    expect(retained.body.message).toMatch(/retained until 2999-01-01/);
    const today = new Date().toISOString().slice(0, 10);
    await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { retainUntil: today });
    expect((await call(suite.t, suite.dir.admin, 'DELETE', `/api/documents/${id}`)).status).toBe(409);
    await call(suite.t, suite.dir.admin, 'PATCH', `/api/documents/${id}`, { retainUntil: '2000-01-01' });
    for (const role of ['ALL_FACILITY_USER', 'FACILITY_ADMIN', 'FACILITY_USER'] as const) {
      expect((await call(suite.t, suite.dir.tokens[role], 'DELETE', `/api/documents/${id}`)).status).toBe(403);
    }
    const deleted = await call(suite.t, suite.dir.admin, 'DELETE', `/api/documents/${id}`);
    expect(deleted.status).toBe(204);
    expect(storedFiles(suite.t).length).toBe(filesBefore - 2);
    expect((await call(suite.t, suite.dir.admin, 'GET', `/api/documents/${id}`)).status).toBe(404);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({ action: 'DELETE', changes: { title: { before: 'temp', after: null } } });
    expect((await call(suite.t, suite.dir.admin, 'GET', '/api/audit/verify')).body.data.intact).toBe(true);
  });
});

describe('file and database stay consistent', () => {
  it('a failed database write leaves no stored file', async () => {
    await withInsertsRefused(suite.t, 'documents', async () => {
      const before = storedFiles(suite.t).length;
      const failed = await uploadPlan({ facilityId: suite.dir.facilityA });
      expect(failed.status).toBe(500);
      expect(failed.body.message).not.toMatch(/refused|documents|sql/i);
      expect(storedFiles(suite.t).length).toBe(before);
      expect(tempFiles(suite.t)).toEqual([]);
    });
  });

  it('a failed file write leaves no row', async () => {
    const root = suite.t.config.storage.localRoot;
    const count = async () =>
      (await call(suite.t, suite.dir.admin, 'GET', '/api/documents?pageSize=1')).body.meta.total as number;
    const before = await count();
    const events = (await call(suite.t, suite.dir.admin, 'GET', '/api/audit?pageSize=1')).body.meta.total as number;
    const moved = `${root}-moved`;
    fs.renameSync(root, moved);
    fs.writeFileSync(root, 'a file where the uploads folder should be');
    try {
      const failed = await uploadPlan({ facilityId: suite.dir.facilityA });
      expect(failed.status).toBe(500);
    } finally {
      fs.rmSync(root);
      fs.renameSync(moved, root);
    }
    expect(await count()).toBe(before);
    expect((await call(suite.t, suite.dir.admin, 'GET', '/api/audit?pageSize=1')).body.meta.total).toBe(events);
    expect(tempFiles(suite.t)).toEqual([]);
  });
});
