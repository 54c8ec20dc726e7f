import fs from 'node:fs';
import yauzl from 'yauzl';
import {
  checkFileHead,
  checkFileName,
  DANGEROUS_EXTENSIONS,
  fileExtension,
  hasHiddenCharacters,
  isTextLike,
  sanitizeFileName,
  type UploadCheck,
  type UploadType,
} from '@rtms/shared/upload-rules';
import { AppError } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/uploads';

/**
 * Decides whether a received file may be stored, by its name AND its content (never by the media type
 * the client claims): the first bytes must be the format the extension names, and the whole file is
 * checked where its format allows (ZIP structure and bombs, Office macros, binary data in text).
 */

/** A file that passed: the name to store and show, and the media type to serve it with. */
export interface AcceptedFile {
  fileName: string;
  mediaType: string;
  type: UploadType;
}

/** ZIP limits: entries, total uncompressed size, and compression ratio of a large entry (zip bombs). */
const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxTotalUncompressed: 2 * 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioCheckedAbove: 1024 * 1024,
};

/** Archives inside a ZIP cannot be checked in turn (42.zip-style nesting): refused. */
const NESTED_ARCHIVES = ['zip', '7z', 'rar', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'cab', 'arj', 'lzh', 'zst'];

const unsupported = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

function orThrow(check: UploadCheck): UploadType {
  if (check.ok) return check.type;
  switch (check.reason) {
    case 'EMPTY':
      throw new AppError('VALIDATION_FAILED', check.message, [{ path: 'file', message: check.message }]);
    case 'NAME':
      throw new AppError('VALIDATION_FAILED', check.message, [{ path: 'file', message: check.message }]);
    case 'TOO_LARGE':
      throw new AppError('PAYLOAD_TOO_LARGE', check.message);
    case 'TYPE':
      throw unsupported(check.message);
  }
}

/**
 * Checks a received file; throws 400 (empty, no usable name), 415 (type refused) or resolves with the
 * name and media type to store.
 */
export async function validateUploadedFile(file: ReceivedFile): Promise<AcceptedFile> {
  const fileName = sanitizeFileName(file.clientFileName);
  const type = orThrow(checkFileName(fileName));
  if (file.size === 0) orThrow({ ok: false, reason: 'EMPTY', message: 'The file is empty' });
  orThrow(checkFileHead(type, file.head));
  switch (type.family) {
    case 'zip':
    case 'docx':
    case 'xlsx':
    case 'pptx':
      await inspectZip(file.tempPath, type);
      break;
    case 'doc':
    case 'xls':
      await inspectCompoundFile(file.tempPath, type);
      break;
    case 'text':
      await inspectText(file.tempPath);
      break;
    default:
      break;
  }
  return { fileName, mediaType: type.mediaType, type };
}

/** Reads the ZIP's central directory (never decompressing anything) and applies the ZIP rules. */
async function inspectZip(filePath: string, type: UploadType): Promise<void> {
  const label = type.family === 'zip' ? 'ZIP archive' : `${type.extension.toUpperCase()} file`;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(filePath, { strictFileNames: false, validateEntrySizes: true });
  } catch {
    throw unsupported(`This ${label} is damaged or not a ZIP-based file`);
  }
  const names: string[] = [];
  let totalUncompressed = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      names.push(entry.fileName);
      if (names.length > ZIP_LIMITS.maxEntries) {
        throw unsupported(`This ${label} has more than ${ZIP_LIMITS.maxEntries} entries and is not accepted`);
      }
      totalUncompressed += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        totalUncompressed > ZIP_LIMITS.maxTotalUncompressed ||
        (entry.uncompressedSize > ZIP_LIMITS.ratioCheckedAbove && ratio > ZIP_LIMITS.maxRatio)
      ) {
        throw unsupported(`This ${label} expands to an implausible size (a "zip bomb") and is not accepted`);
      }
      if (entry.isEncrypted()) {
        throw unsupported(`This ${label} is password-protected and cannot be checked; upload it without a password`);
      }
      if (type.family === 'zip') checkArchiveEntryName(entry.fileName);
    }
  } catch (error) {
    zip.close();
    if (error instanceof AppError) throw error;
    // yauzl refuses absolute and "../" entry names, bad sizes and malformed records.
    throw unsupported(`This ${label} is damaged or unsafe (${String((error as Error).message).slice(0, 120)})`);
  }
  if (type.family !== 'zip') checkOfficeParts(names, type);
}

function checkArchiveEntryName(name: string): void {
  if (name.endsWith('/')) return;
  const extension = fileExtension(name);
  if (hasHiddenCharacters(name)) {
    throw unsupported('The ZIP archive contains a file name with hidden or control characters and is not accepted');
  }
  if (DANGEROUS_EXTENSIONS.includes(extension)) {
    throw unsupported(`The ZIP archive contains a .${extension} file (web pages, scripts and programs are refused)`);
  }
  if (NESTED_ARCHIVES.includes(extension)) {
    throw unsupported('The ZIP archive contains another archive, which cannot be checked; upload the files directly');
  }
}

/** The part that makes an OOXML package the document its extension names, and the parts that hold macros. */
const OFFICE_MAIN_PART: Record<string, RegExp> = {
  docx: /^word\/document\.xml$/i,
  xlsx: /^xl\/workbook\.xml$/i,
  pptx: /^ppt\/presentation\.xml$/i,
};
const MACRO_PARTS = /(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$|^xl\/macrosheets\/|(^|\/)activeX\/.*\.bin$/i;

function checkOfficeParts(names: string[], type: UploadType): void {
  const main = OFFICE_MAIN_PART[type.family];
  if (!names.includes('[Content_Types].xml') || !main || !names.some((name) => main.test(name))) {
    throw unsupported(`The content of this file is not a ${type.extension.toUpperCase()} document`);
  }
  if (names.some((name) => MACRO_PARTS.test(name))) {
    throw unsupported(
      'This Office file contains macros or ActiveX controls, which are not accepted; save it without macros',
    );
  }
}

const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const OLE_NAMES = {
  vba: utf16('_VBA_PROJECT'),
  encrypted: utf16('EncryptedPackage'),
  word: utf16('WordDocument'),
  workbook: utf16('Workbook'),
  book: utf16('Book'),
};

/**
 * Legacy Office files (OLE2 compound files): the directory names their streams in UTF-16. A Word file
 * has a WordDocument stream, an Excel file a Workbook (or Book) stream; a VBA project means macros.
 */
async function inspectCompoundFile(filePath: string, type: UploadType): Promise<void> {
  const found = await findPatterns(filePath, OLE_NAMES);
  if (found.has('encrypted')) {
    throw unsupported('Password-protected Office files cannot be checked; remove the password and upload again');
  }
  if (found.has('vba')) {
    throw unsupported('This Office file contains macros, which are not accepted; save it without macros');
  }
  const isRightKind = type.family === 'doc' ? found.has('word') : found.has('workbook') || found.has('book');
  if (!isRightKind) {
    throw unsupported(`The content of this file is not a ${type.extension.toUpperCase()} document`);
  }
}

/** Which of the byte patterns occur anywhere in the file (streamed; chunk borders are overlapped). */
async function findPatterns<K extends string>(filePath: string, patterns: Record<K, Buffer>): Promise<Set<K>> {
  const found = new Set<K>();
  const entries = Object.entries(patterns) as [K, Buffer][];
  const overlap = Math.max(...entries.map(([, pattern]) => pattern.length)) - 1;
  let tail = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 256 * 1024 })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    for (const [name, pattern] of entries) {
      if (!found.has(name) && window.includes(pattern)) found.add(name);
    }
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return found;
}

/** The whole of a text file must be text (the first bytes were checked for markup already). */
async function inspectText(filePath: string): Promise<void> {
  for await (const chunk of fs.createReadStream(filePath, { highWaterMark: 256 * 1024 })) {
    if (!isTextLike(chunk as Buffer)) {
      throw unsupported(
        'This is not a text file (it contains binary data). Text files must be UTF-8 or another 8-bit encoding',
      );
    }
  }
}
