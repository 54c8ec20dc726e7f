/**
 * What may be uploaded as a document, shared by the server (the authority) and the web app (which checks a
 * file before sending it). A file is accepted only when its extension is allowed AND its content starts as
 * that format starts; the server additionally checks the whole file (ZIP structure, Office macros, text).
 */

/** Default of UPLOAD_MAX_BYTES (the server's configured limit is served by `GET /api/documents/upload-rules`). */
export const UPLOAD_MAX_BYTES_DEFAULT = 100 * 1024 * 1024;

/** Longest stored file name (characters); longer names are shortened, keeping the extension. */
export const FILE_NAME_MAX_LENGTH = 200;

/** How many leading bytes `checkFileHead` looks at (the web reads this much with `File.slice`). */
export const FILE_HEAD_BYTES = 4096;

/** The content families the server recognises. */
export type FileFamily =
  'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'docx' | 'xlsx' | 'pptx' | 'doc' | 'xls' | 'text' | 'zip';

export interface UploadType {
  extension: string;
  mediaType: string;
  family: FileFamily;
  /** Shown inline (`?inline=true`) in the browser: PDF and images only. */
  preview: boolean;
}

/** Every accepted extension, its media type and content family. */
export const UPLOAD_TYPES = [
  { extension: 'pdf', mediaType: 'application/pdf', family: 'pdf', preview: true },
  { extension: 'png', mediaType: 'image/png', family: 'png', preview: true },
  { extension: 'jpg', mediaType: 'image/jpeg', family: 'jpeg', preview: true },
  { extension: 'jpeg', mediaType: 'image/jpeg', family: 'jpeg', preview: true },
  { extension: 'gif', mediaType: 'image/gif', family: 'gif', preview: true },
  { extension: 'webp', mediaType: 'image/webp', family: 'webp', preview: true },
  {
    extension: 'docx',
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    family: 'docx',
    preview: false,
  },
  {
    extension: 'xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    family: 'xlsx',
    preview: false,
  },
  {
    extension: 'pptx',
    mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    family: 'pptx',
    preview: false,
  },
  { extension: 'doc', mediaType: 'application/msword', family: 'doc', preview: false },
  { extension: 'xls', mediaType: 'application/vnd.ms-excel', family: 'xls', preview: false },
  { extension: 'txt', mediaType: 'text/plain', family: 'text', preview: false },
  { extension: 'csv', mediaType: 'text/csv', family: 'text', preview: false },
  { extension: 'zip', mediaType: 'application/zip', family: 'zip', preview: false },
] as const satisfies readonly UploadType[];

/** For an `<input type="file" accept>`. */
export const UPLOAD_ACCEPT = UPLOAD_TYPES.map((type) => `.${type.extension}`).join(',');

/** Media types shown inline on request (PDF and images); everything else is always an attachment. */
export const PREVIEW_MEDIA_TYPES: readonly string[] = [
  ...new Set(UPLOAD_TYPES.filter((type) => type.preview).map((type) => type.mediaType)),
];

/** Macro-enabled Office formats: refused, macros are executable code. */
export const MACRO_EXTENSIONS = [
  'docm',
  'dotm',
  'xlsm',
  'xltm',
  'xlam',
  'xlsb',
  'pptm',
  'potm',
  'ppam',
  'ppsm',
  'sldm',
];

/**
 * Extensions refused with a specific reason (active content or executables). Anything else not in
 * UPLOAD_TYPES is refused as "not an accepted type". Also used for the entries of an uploaded ZIP.
 */
export const DANGEROUS_EXTENSIONS = [
  'html', 'htm', 'xhtml', 'shtml', 'mht', 'mhtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'hta',
  'js', 'mjs', 'cjs', 'jse', 'vbs', 'vbe', 'wsf', 'wsh', 'ps1', 'psm1', 'bat', 'cmd', 'sh', 'bash', 'zsh',
  'py', 'pl', 'rb', 'php', 'phtml', 'jsp', 'asp', 'aspx', 'cgi', 'jar', 'class', 'swf',
  'exe', 'dll', 'com', 'scr', 'pif', 'cpl', 'msi', 'msp', 'msc', 'sys', 'drv', 'ocx', 'lnk', 'url',
  'reg', 'inf', 'app', 'dmg', 'pkg', 'deb', 'rpm', 'apk', 'elf', 'bin', 'so', 'dylib', 'wasm',
  'iso', 'img', 'vhd', 'vhdx', 'appx', 'msix', 'application', 'gadget', 'chm', 'library-ms', 'settingcontent-ms',
  ...MACRO_EXTENSIONS,
]; // prettier-ignore

/** The lower-case extension of a file name without the dot ('' when there is none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  return fileName.slice(dot + 1).toLowerCase();
}

/** The accepted type of an extension, if it is accepted. */
export function uploadTypeOf(extension: string): UploadType | undefined {
  return UPLOAD_TYPES.find((type) => type.extension === extension.toLowerCase());
}

/**
 * Control, bidirectional-override and invisible characters: a right-to-left override (U+202E) makes
 * "invoice[RLO]fdp.exe" display as "invoiceexe.pdf".
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/g;

/** Whether a text holds control, NUL, bidirectional-override or invisible characters. */
export function hasHiddenCharacters(text: string): boolean {
  return new RegExp(INVISIBLE.source).test(text);
}

/**
 * A client's file name made safe to store and show: the last path segment only (no `../`, no folders),
 * no control, NUL, bidirectional-override or invisible characters, no characters Windows refuses,
 * no leading or trailing dots and spaces, no device names, at most FILE_NAME_MAX_LENGTH characters
 * (the extension is kept). The stored file itself never uses this name. May return ''.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.normalize('NFC').replace(INVISIBLE, '');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name)) name = `_${name}`;
  const chars = Array.from(name);
  if (chars.length > FILE_NAME_MAX_LENGTH) {
    const extension = fileExtension(name);
    const keep = extension && extension.length < 16 ? `.${extension}` : '';
    name = chars
      .slice(0, FILE_NAME_MAX_LENGTH - keep.length)
      .join('')
      .replace(/[\s.]+$/, '')
      .concat(keep);
  }
  return name;
}

/** The outcome of a check: accepted (with the media type to store), or refused with a message for the user. */
export type UploadCheck =
  { ok: true; type: UploadType } | { ok: false; reason: 'EMPTY' | 'TOO_LARGE' | 'NAME' | 'TYPE'; message: string };

const refuse = (reason: 'EMPTY' | 'TOO_LARGE' | 'NAME' | 'TYPE', message: string): UploadCheck => ({
  ok: false,
  reason,
  message,
});

const ACCEPTED_LIST =
  'PDF, PNG, JPEG, GIF, WebP, Word (docx, doc), Excel (xlsx, xls), PowerPoint (pptx), text, CSV and ZIP';

/** Checks a (sanitized) file name: its extension must be accepted. */
export function checkFileName(fileName: string): UploadCheck {
  if (!fileName) return refuse('NAME', 'The file has no usable name');
  const extension = fileExtension(fileName);
  if (!extension) return refuse('TYPE', `The file has no extension. Accepted types: ${ACCEPTED_LIST}`);
  if (MACRO_EXTENSIONS.includes(extension)) {
    return refuse('TYPE', `Macro-enabled Office files (.${extension}) are not accepted; save it without macros`);
  }
  if (DANGEROUS_EXTENSIONS.includes(extension)) {
    return refuse('TYPE', `.${extension} files are not accepted (web pages, scripts and programs are refused)`);
  }
  const type = uploadTypeOf(extension);
  if (!type) return refuse('TYPE', `.${extension} files are not accepted. Accepted types: ${ACCEPTED_LIST}`);
  return { ok: true, type };
}

function startsWith(head: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((byte, index) => head[offset + index] === byte);
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

const SIGNATURES = {
  pdf: ascii('%PDF-'),
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
  gif87: ascii('GIF87a'),
  gif89: ascii('GIF89a'),
  riff: ascii('RIFF'),
  webp: ascii('WEBP'),
  zip: [0x50, 0x4b, 0x03, 0x04],
  emptyZip: [0x50, 0x4b, 0x05, 0x06],
  ole: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
};

/** Whether the first bytes are those of each binary family's format. */
const HAS_SIGNATURE: Record<Exclude<FileFamily, 'text'>, (head: Uint8Array) => boolean> = {
  pdf: (head) => startsWith(head, SIGNATURES.pdf),
  png: (head) => startsWith(head, SIGNATURES.png),
  jpeg: (head) => startsWith(head, SIGNATURES.jpeg),
  gif: (head) => startsWith(head, SIGNATURES.gif87) || startsWith(head, SIGNATURES.gif89),
  webp: (head) => startsWith(head, SIGNATURES.riff) && startsWith(head, SIGNATURES.webp, 8),
  docx: (head) => startsWith(head, SIGNATURES.zip),
  xlsx: (head) => startsWith(head, SIGNATURES.zip),
  pptx: (head) => startsWith(head, SIGNATURES.zip),
  zip: (head) => startsWith(head, SIGNATURES.zip) || startsWith(head, SIGNATURES.emptyZip),
  doc: (head) => startsWith(head, SIGNATURES.ole),
  xls: (head) => startsWith(head, SIGNATURES.ole),
};

/** The Office formats that are ZIP containers (and OLE ones once protected by a password). */
const OFFICE_ZIP_FAMILIES: ReadonlySet<FileFamily> = new Set(['docx', 'xlsx', 'pptx']);

/** A name for content that is never accepted, recognised by its first bytes (for a clearer message). */
export function describeDangerousContent(head: Uint8Array): string | undefined {
  // "MZ" can also begin ordinary text ("MZ Wind Farm report"): a program header is binary.
  if (startsWith(head, ascii('MZ')) && !isTextLike(head)) return 'a Windows program';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'a Linux program';
  for (const magic of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ]) {
    if (startsWith(head, magic)) return 'a macOS or Java program';
  }
  if (startsWith(head, [0x00, 0x61, 0x73, 0x6d])) return 'a WebAssembly program';
  if (/^#!\s*\//.test(latin1(head.subarray(0, 16)))) return 'a script';
  const text = leadingText(head);
  if (/^<\?xml[\s\S]*<svg[\s>]/i.test(text) || /^<svg[\s>]/i.test(text)) return 'an SVG image (it can contain scripts)';
  if (MARKUP_START.test(text)) return 'a web page (HTML)';
  if (/^<\?xml/i.test(text)) return 'an XML document';
  return undefined;
}

/**
 * Tags that make a browser's (legacy) content sniffing treat a file as HTML, after WHATWG MIME Sniffing
 * §7.1 plus SVG and XML: refused at the start of a text file.
 */
const MARKUP_START =
  /^<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|object|embed|meta|link|img|form|base|!--)(?:[\s>/]|$)/i;

/** Markup that has no business in the first bytes of a binary format: the mark of a polyglot file. */
const MARKUP_ANYWHERE = /<(?:script|html|!doctype\s+html|svg|iframe|body|object|embed)[\s>/]/i;

/** The first bytes as Latin-1 text after a UTF-8 BOM and leading whitespace. */
function leadingText(head: Uint8Array): string {
  let start = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (start < head.length && [0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(head[start] as number)) start += 1;
  return latin1(head.subarray(start, start + 256));
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

/**
 * Whether `bytes` look like text: no NUL and no control characters other than tab, line feed, vertical
 * tab, form feed, carriage return and escape. Any 8-bit encoding passes (UTF-8, Windows-1252 …); UTF-16 does not.
 */
export function isTextLike(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x20 && !(byte >= 0x09 && byte <= 0x0d) && byte !== 0x1b) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * Checks the first bytes of a file (up to FILE_HEAD_BYTES) against the format its extension claims.
 * Executables, web pages, SVG and scripts are refused whatever their name; markup hidden in the first
 * kilobyte of a binary format (a polyglot such as GIF+HTML) is refused too.
 */
export function checkFileHead(type: UploadType, head: Uint8Array): UploadCheck {
  if (head.length === 0) return refuse('EMPTY', 'The file is empty');
  const dangerous = describeDangerousContent(head);
  if (dangerous) return refuse('TYPE', `The content of this file is ${dangerous}, which is not accepted`);
  const mismatch = refuse(
    'TYPE',
    `The content of this file is not a ${type.extension.toUpperCase()} file (its first bytes do not match its .${type.extension} name)`,
  );
  if (type.family === 'text') {
    if (isTextLike(head)) return { ok: true, type };
    return refuse(
      'TYPE',
      'This is not a text file (it contains binary data). Text files must be UTF-8 or another 8-bit encoding',
    );
  }
  // A password-protected Office file is an OLE container, not the ZIP its extension promises: say why.
  if (OFFICE_ZIP_FAMILIES.has(type.family) && startsWith(head, SIGNATURES.ole)) {
    return refuse('TYPE', 'Password-protected Office files cannot be checked; remove the password and upload again');
  }
  if (!HAS_SIGNATURE[type.family](head)) return mismatch;
  if (MARKUP_ANYWHERE.test(latin1(head.subarray(0, 1024)))) {
    return refuse(
      'TYPE',
      'This file contains web-page markup in its first bytes (a disguised file) and is not accepted',
    );
  }
  return { ok: true, type };
}

/**
 * Everything that can be checked before uploading: size, name, and the first bytes. `maxBytes` is the
 * server's limit. The server repeats these checks and checks the whole file.
 */
export function checkUploadCandidate(
  file: { name: string; size: number; head: Uint8Array },
  maxBytes: number,
): UploadCheck {
  if (file.size === 0) return refuse('EMPTY', 'The file is empty');
  if (file.size > maxBytes) return refuse('TOO_LARGE', `The file is larger than the limit of ${formatBytes(maxBytes)}`);
  const named = checkFileName(sanitizeFileName(file.name));
  if (!named.ok) return named;
  return checkFileHead(named.type, file.head);
}

/** "100 MB", "512 KB": a size for messages (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${Math.round((bytes / (1024 * 1024 * 1024)) * 10) / 10} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}
