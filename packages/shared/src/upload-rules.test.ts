import { describe, expect, it } from 'vitest';
import { documentUploadFieldsSchema, evidencePackQuerySchema, tagsSchema } from './schemas/documents';
import {
  checkFileHead,
  checkFileName,
  checkUploadCandidate,
  fileExtension,
  formatBytes,
  hasHiddenCharacters,
  PREVIEW_MEDIA_TYPES,
  sanitizeFileName,
  UPLOAD_TYPES,
  uploadTypeOf,
} from './upload-rules';

const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('sanitizeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\pat\\Desktop\\scan.pdf', 'scan.pdf'],
    ['report.pdf\u0000.exe', 'report.pdf.exe'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['  .hidden.txt. ', 'hidden.txt'],
    ['a\r\nb.pdf', 'ab.pdf'],
    ['what?<is>this:"*|.pdf', 'what__is_this____.pdf'],
    ['CON.pdf', '_CON.pdf'],
    ['lpt1', '_lpt1'],
    ['Re\u0301sume\u0301.pdf', 'Résumé.pdf'],
    ['zero\u200bwidth.pdf', 'zerowidth.pdf'],
    ['...', ''],
    ['', ''],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('shortens long names, keeping the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(500)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(Array.from(sanitizeFileName(`${'报'.repeat(300)}.docx`))).toHaveLength(200);
  });
});

describe('file names and types', () => {
  it('knows each accepted extension, case-insensitively', () => {
    expect(fileExtension('Report.PDF')).toBe('pdf');
    expect(fileExtension('.pdf')).toBe('');
    expect(fileExtension('x.')).toBe('');
    expect(uploadTypeOf('JPG')?.mediaType).toBe('image/jpeg');
    expect(PREVIEW_MEDIA_TYPES).toEqual(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    for (const type of UPLOAD_TYPES) expect(checkFileName(`file.${type.extension}`).ok).toBe(true);
  });

  it.each([
    'page.html',
    'logo.svg',
    'run.exe',
    'app.js',
    'plan.docm',
    'sheet.xlsm',
    'x.bat',
    'x.php',
    'noextension',
    'a.rar',
  ])('refuses %s', (name) => {
    const check = checkFileName(name);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(/not accepted|no extension/);
  });

  it('finds hidden characters', () => {
    expect(hasHiddenCharacters('a\u202eb')).toBe(true);
    expect(hasHiddenCharacters('a\u0000b')).toBe(true);
    expect(hasHiddenCharacters('Résumé 报告.pdf')).toBe(false);
  });
});

describe('checkFileHead', () => {
  const type = (extension: string) => uploadTypeOf(extension)!;
  it.each([
    ['pdf', '%PDF-1.7\n'],
    ['png', '\x89PNG\r\n\x1a\n\0\0\0\rIHDR'],
    ['jpg', '\xff\xd8\xff\xe0\0\x10JFIF'],
    ['gif', 'GIF89a\x01\0\x01\0'],
    ['webp', 'RIFF\x1a\0\0\0WEBPVP8L'],
    ['docx', 'PK\x03\x04\x14\0'],
    ['zip', 'PK\x05\x06'],
    ['xls', '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1'],
    ['txt', 'MZ Wind Farm inspection notes\n'],
    ['csv', '\xef\xbb\xbfdate,reading\n2026-01-01,3\n'],
    ['txt', 'Caf\xe9 (Windows-1252)\n'],
  ])('accepts a real .%s', (extension, head) => {
    expect(checkFileHead(type(extension), bytes(head))).toMatchObject({ ok: true });
  });

  it.each([
    ['pdf', '<!doctype html><script>', /web page/],
    ['txt', '  <html><body>', /web page/],
    ['png', '<svg onload=alert(1)>', /SVG/],
    ['pdf', 'MZ\x90\0\x03\0\0\0', /Windows program/],
    ['pdf', '\x7fELF\x02\x01', /Linux program/],
    ['txt', '#!/bin/sh\n', /script/],
    ['gif', 'GIF89a<script>alert(1)</script>', /markup/],
    ['pdf', '%PDF-1.4 <html>', /markup/],
    ['png', '\xff\xd8\xff', /not a PNG/],
    ['docx', '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', /Password-protected/],
    ['txt', 'a\0b', /binary/],
    ['pdf', '', /empty/],
  ])('refuses .%s starting %j', (extension, head, message) => {
    const check = checkFileHead(type(extension), bytes(head));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(message);
  });

  it('checks a candidate before upload: size, name, then content', () => {
    const pdf = bytes('%PDF-1.4');
    expect(checkUploadCandidate({ name: 'a.pdf', size: 0, head: pdf }, 100)).toMatchObject({
      ok: false,
      reason: 'EMPTY',
    });
    expect(checkUploadCandidate({ name: 'a.pdf', size: 101, head: pdf }, 100)).toMatchObject({
      ok: false,
      reason: 'TOO_LARGE',
      message: 'The file is larger than the limit of 100 bytes',
    });
    expect(checkUploadCandidate({ name: 'a.exe', size: 10, head: pdf }, 100)).toMatchObject({
      ok: false,
      reason: 'TYPE',
    });
    expect(checkUploadCandidate({ name: '../a.pdf', size: 10, head: pdf }, 100)).toMatchObject({ ok: true });
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
  });
});

describe('document schemas', () => {
  it('reads tags from arrays, JSON and comma lists', () => {
    expect(tagsSchema.parse(['A', 'b', 'a'])).toEqual(['A', 'b']);
    expect(tagsSchema.parse('["x","y"]')).toEqual(['x', 'y']);
    expect(tagsSchema.parse('x, y ,,')).toEqual(['x', 'y']);
    expect(tagsSchema.parse('')).toEqual([]);
    expect(tagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false);
  });

  it('requires a task for evidence and refuses an evidence date on a library document', () => {
    expect(documentUploadFieldsSchema.safeParse({ kind: 'TASK' }).success).toBe(false);
    expect(
      documentUploadFieldsSchema.safeParse({ kind: 'TASK', taskId: 't1', evidenceDate: '2026-02-30' }).success,
    ).toBe(false);
    expect(documentUploadFieldsSchema.safeParse({ evidenceDate: '2026-01-01' }).success).toBe(false);
    expect(documentUploadFieldsSchema.parse({ facilityId: '', title: ' ' })).toEqual({
      kind: 'LIBRARY',
      facilityId: null,
      title: null,
    });
  });

  it('needs a selection and an ordered period for an evidence pack', () => {
    expect(evidencePackQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(false);
    expect(evidencePackQuerySchema.safeParse({ facilityId: 'f', from: '2026-12-31', to: '2026-01-01' }).success).toBe(
      false,
    );
    expect(evidencePackQuerySchema.safeParse({ facilityId: 'f', from: '2026-01-01', to: '2026-12-31' }).success).toBe(
      true,
    );
  });
});
