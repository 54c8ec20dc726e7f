import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, setUpDirectory, upload, call, withInsertsRefused, type Directory } from './documents-test-support';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { samplePdf, samplePng } from '../../test/sample-files';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../../test/test-app';

/** The documents feature with STORAGE_DRIVER=s3, against s3rver (an S3-compatible server) in a child process. */

let s3: TestS3Server;
let t: TestApp;
let dir: Directory;

/** The objects s3rver holds under the UPLOAD_FOLDER prefix (its own metadata files excluded). */
const objects = () =>
  filesUnder(s3.directory).filter((file) => /[\\/]uploads[\\/]/.test(file) && file.endsWith('._S3rver_object'));

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp(s3.env);
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('documents on S3-compatible storage', () => {
  it('reports the bucket in readiness', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready', storage: true });
  });

  it('uploads, versions, downloads and deletes through the bucket', async () => {
    const first = samplePdf('s3 v1');
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'permit.pdf', content: first },
    );
    expect(created.status, created.response.body).toBe(201);
    const id = created.body.data._id;
    expect(created.body.data.sha256).toBe(createHash('sha256').update(first).digest('hex'));
    const second = samplePng();
    expect(
      (await upload(t, dir.admin, {}, { fileName: 'permit.png', content: second }, `/api/documents/${id}/versions`))
        .status,
    ).toBe(201);
    expect(objects()).toHaveLength(2);

    const current = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download`,
      headers: bearer(dir.admin),
    });
    expect(current.rawPayload.equals(second)).toBe(true);
    const old = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${id}/download?version=1`,
      headers: bearer(dir.admin),
    });
    expect(old.rawPayload.equals(first)).toBe(true);

    await call(t, dir.admin, 'POST', `/api/documents/${id}/archive`, { reason: 'Superseded' });
    expect((await call(t, dir.admin, 'DELETE', `/api/documents/${id}`)).status).toBe(204);
    expect(objects()).toHaveLength(0);
  });

  it('a failed database write leaves no object in the bucket; a refused file never reaches it', async () => {
    await withInsertsRefused(t, 'document_versions', async () => {
      const failed = await upload(
        t,
        dir.admin,
        { facilityId: dir.facilityA },
        { fileName: 'x.pdf', content: samplePdf() },
      );
      expect(failed.status).toBe(500);
    });
    expect(objects()).toHaveLength(0);
    const refused = await upload(t, dir.admin, { facilityId: dir.facilityA }, { fileName: 'x.pdf', content: '<html>' });
    expect(refused.status).toBe(415);
    expect(objects()).toHaveLength(0);
  });

  it('streams a 12 MB file through a multipart upload', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 'x');
    const created = await upload(
      t,
      dir.admin,
      { facilityId: dir.facilityA },
      { fileName: 'readings.csv', content: big },
    );
    expect(created.status, created.response.body).toBe(201);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${created.body.data._id}/download`,
      headers: bearer(dir.admin),
    });
    expect(back.rawPayload.length).toBe(big.length);
    expect(createHash('sha256').update(back.rawPayload).digest('hex')).toBe(created.body.data.sha256);
  });
});
