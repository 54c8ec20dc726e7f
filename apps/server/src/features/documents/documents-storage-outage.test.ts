import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpDirectory, upload, type Directory } from './documents-test-support';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { samplePdf } from '../../test/sample-files';
import { ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';

/** Decision 038: file storage that cannot be reached makes uploads 503 and the instance not ready, half of nothing. */

let s3: TestS3Server;
let t: TestApp;
let dir: Directory;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const documentRows = async () => {
  const documents = await t.database.db.selectFrom('documents').select('id').execute();
  const versions = await t.database.db.selectFrom('document_versions').select('id').execute();
  return documents.length + versions.length;
};

describe('S3 storage unreachable', () => {
  it('answers uploads 503 with Retry-After, writes no document row, and /api/ready says 503', async () => {
    const stored = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'a.pdf', content: samplePdf() },
    );
    expect(stored.status).toBe(201);
    const rowsBefore = await documentRows();

    await s3.close();
    const refused = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'b.pdf', content: samplePdf('b') },
    );
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining('File storage') });
    expect(refused.response.headers['retry-after']).toBe('5');
    const version = await upload(
      t,
      dir.admin,
      {},
      { fileName: 'a2.pdf', content: samplePdf('a2') },
      `/api/documents/${stored.body.data._id}/versions`,
    );
    expect(version.status).toBe(503);
    expect(await documentRows()).toBe(rowsBefore);

    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not ready', database: true, storage: false });
  });
});
