import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createSignedInApp, type TestApp } from '../test/test-app';
import { setUpDirectory, upload } from '../features/documents/documents-test-support';
import { createFacility, createRequirement } from '../test/compliance-fixtures';
import { registerCompression } from './compression';
import { registerSecurityHeaders } from './security';
import { registerWebApp } from './web-app.routes';

/** The body as the client reads it, decoded by the Content-Encoding the server declared. */
function decoded(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(raw).toString('utf8');
    case undefined:
      return raw.toString('utf8');
    default:
      throw new Error(`unexpected encoding ${String(response.headers['content-encoding'])}`);
  }
}

describe('web app files on the wire', () => {
  let dist: string;
  // Large enough to be worth compressing, and different in each variant so that the test sees which was sent.
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><title>${'RTMS '.repeat(300)}</title></head><body><div id="root"></div><script type="module" src="/assets/app-Ab12.js"></script></body></html>`,
    );
    const file = path.join(dist, 'assets', 'app-Ab12.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  async function webApp() {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app);
    // The API's own scope, as app.ts registers it, beside the web app's.
    await app.register(async (api) => registerCompression(api), { prefix: '/api' });
    await registerWebApp(app, dist);
    return app;
  }

  it('sends the build’s brotli or gzip file as the client accepts, cached for a year and varying by encoding', async () => {
    const app = await webApp();
    try {
      const cases = [
        { accept: 'gzip, deflate, br', encoding: 'br' },
        { accept: 'gzip', encoding: 'gzip' },
        { accept: undefined, encoding: undefined },
      ];
      for (const { accept, encoding } of cases) {
        const response = await app.inject({
          method: 'GET',
          url: '/assets/app-Ab12.js',
          headers: accept ? { 'accept-encoding': accept } : {},
        });
        expect(response.statusCode, accept).toBe(200);
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(response)).toBe(script);
        if (encoding) expect(response.rawPayload.length).toBeLessThan(script.length / 2);
      }
    } finally {
      await app.close();
    }
  });

  it('compresses index.html per response, with its own nonce, and never lets it be cached', async () => {
    const app = await webApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/tasks', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-store');
      const nonce = /style-src[^;]*'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      const html = decoded(response);
      expect(html).toContain(`content="${nonce}"`);
      expect(html).not.toContain('__CSP_NONCE__');
      // A file the build did not compress (too small): sent as it is, and revalidated as it is not hashed.
      const logo = await app.inject({ method: 'GET', url: '/logo.svg', headers: { 'accept-encoding': 'br' } });
      expect(logo.headers['content-encoding']).toBeUndefined();
      expect(logo.headers['cache-control']).toBe('no-cache');
    } finally {
      await app.close();
    }
  });
});

describe('API answers on the wire', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await createSignedInApp());
  });
  afterAll(() => t.close());

  it('compresses JSON over 1 KB as the client accepts and leaves small answers alone', async () => {
    const directory = await setUpDirectory(t, admin);
    expect(directory.facilityA).toBeTruthy();
    const url = '/api/users?pageSize=100';
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(admin), 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    // Errors are JSON answers too, in the one error shape whatever the encoding.
    const denied = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(denied.statusCode).toBe(401);
    expect(JSON.parse(decoded(denied))).toMatchObject({ code: expect.any(String) });
  });

  it('compresses a kept list answer once, not for every request that asks for it', async () => {
    const facilityId = await createFacility(t, admin, { name: 'Compressed Ridge' });
    await createRequirement(t, admin, {
      title: 'Weekly inspection of the compressed answers',
      frequency: 'WEEKLY',
      firstDueDate: '2026-01-05',
      facilities: [{ facilityId }],
    });
    const url = '/api/tasks?pageSize=100';
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const compress = vi.spyOn(zlib, 'brotliCompress');
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...bearer(admin), 'accept-encoding': 'br' },
        });
        expect(response.headers['content-encoding']).toBe('br');
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(JSON.parse(decoded(response))).toEqual(plain.json());
      }
      expect(compress).toHaveBeenCalledTimes(1);
      const gzipped = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(admin), 'accept-encoding': 'gzip' },
      });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decoded(gzipped))).toEqual(plain.json());
    } finally {
      compress.mockRestore();
    }
  });

  it('leaves a kept answer to the plugin when compressing it fails, and keeps its form on the next request', async () => {
    const url = '/api/tasks?pageSize=99';
    const headers = { ...bearer(admin), 'accept-encoding': 'br' };
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const compress = vi
      .spyOn(zlib, 'brotliCompress')
      .mockImplementationOnce(((_body: Buffer, _options: zlib.BrotliOptions, callback: zlib.CompressCallback) =>
        callback(new Error('zlib ran out of memory'), Buffer.alloc(0))) as typeof zlib.brotliCompress);
    try {
      // Left to the plugin, which compresses it for this request: the body is what its encoding says.
      const failed = await t.app.inject({ method: 'GET', url, headers });
      expect(failed.statusCode).toBe(200);
      expect(JSON.parse(decoded(failed))).toEqual(plain.json());
      const next = await t.app.inject({ method: 'GET', url, headers });
      expect(next.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decoded(next))).toEqual(plain.json());
      expect(compress).toHaveBeenCalledTimes(2);
    } finally {
      compress.mockRestore();
    }
  });

  it('sends a downloaded file byte for byte, never re-encoded', async () => {
    const directory = await setUpDirectory(t, admin, 'D');
    const content = Buffer.from('reading,value\n'.repeat(400));
    const created = await upload(t, admin, { facilityId: directory.facilityA }, { fileName: 'readings.txt', content });
    expect(created.status, created.response.body).toBe(201);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${created.body.data._id}/download`,
      headers: { ...bearer(admin), 'accept-encoding': 'br, gzip' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.rawPayload.equals(content)).toBe(true);
  });
});
