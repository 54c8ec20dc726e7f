import { describe, expect, it } from 'vitest';
import { en } from '../../../lib/i18n/messages/en';
import { checkPickedFile, uploadProblemOf } from './upload-check';

const bytes = (text: string) => new TextEncoder().encode(text);
const MB = 1024 * 1024;
const PDF = bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);

const check = (name: string, head: Uint8Array, size = head.length, max = 10 * MB) =>
  uploadProblemOf({ name, size, head }, max);

describe('uploadProblemOf', () => {
  it('accepts what the server accepts', () => {
    expect(check('inspection.pdf', PDF)).toBeUndefined();
    expect(check('Photo.PNG', PNG)).toBeUndefined();
    expect(check('plan.docx', ZIP)).toBeUndefined();
    expect(check('log.csv', bytes('date,reading\n2025-01-01,3\n'))).toBeUndefined();
    expect(check('legacy.doc', OLE)).toBeUndefined();
  });

  it('refuses an empty file and a file over the limit, naming the limit', () => {
    expect(check('empty.pdf', new Uint8Array(), 0)).toEqual({ key: 'documentUpload.empty' });
    expect(check('big.pdf', PDF, 12 * MB)).toEqual({
      key: 'documentUpload.tooLarge',
      values: { max: '10 MB', size: '12 MB' },
    });
  });

  it('says which name rule refused the file', () => {
    expect(check('README', bytes('hello'))).toEqual({ key: 'documentUpload.noExtension' });
    expect(check('budget.xlsm', ZIP)).toEqual({ key: 'documentUpload.macro', values: { extension: 'xlsm' } });
    expect(check('page.html', bytes('<p>hi</p>'))).toEqual({
      key: 'documentUpload.dangerousType',
      values: { extension: 'html' },
    });
    expect(check('setup.exe', bytes('MZ'))).toEqual({
      key: 'documentUpload.dangerousType',
      values: { extension: 'exe' },
    });
    expect(check('drawing.dwg', bytes('AC1032'))).toEqual({
      key: 'documentUpload.typeNotAccepted',
      values: { extension: 'dwg' },
    });
    expect(check('...', PDF)).toEqual({ key: 'documentUpload.noName' });
  });

  it('says which content rule refused the file', () => {
    expect(check('report.pdf', PNG)).toEqual({ key: 'documentUpload.contentMismatch', values: { extension: 'PDF' } });
    expect(check('notes.txt', bytes('<!DOCTYPE html><html>'))).toEqual({ key: 'documentUpload.dangerousContent' });
    expect(check('photo.jpg', new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toEqual({
      key: 'documentUpload.dangerousContent',
    });
    expect(check('data.csv', new Uint8Array([0x41, 0x00, 0x42]))).toEqual({ key: 'documentUpload.notText' });
    expect(check('locked.docx', OLE)).toEqual({ key: 'documentUpload.passwordProtected' });
    const polyglot = new Uint8Array([...bytes('GIF89a'), 1, 0, 1, 0, 0, 0, ...bytes('<script>alert(1)</script>')]);
    expect(check('image.gif', polyglot)).toEqual({ key: 'documentUpload.disguised' });
  });

  it('only uses keys the catalogue has', () => {
    for (const key of [
      'documentUpload.empty',
      'documentUpload.tooLarge',
      'documentUpload.noName',
      'documentUpload.noExtension',
      'documentUpload.macro',
      'documentUpload.dangerousType',
      'documentUpload.typeNotAccepted',
      'documentUpload.dangerousContent',
      'documentUpload.notText',
      'documentUpload.passwordProtected',
      'documentUpload.disguised',
      'documentUpload.contentMismatch',
    ]) {
      expect(en).toHaveProperty([key]);
    }
  });
});

describe('checkPickedFile', () => {
  it('reads the first bytes of a picked file', async () => {
    expect(await checkPickedFile(new File([PDF], 'ok.pdf'), MB)).toBeUndefined();
    expect(await checkPickedFile(new File([PNG], 'fake.pdf'), MB)).toEqual({
      key: 'documentUpload.contentMismatch',
      values: { extension: 'PDF' },
    });
  });
});
