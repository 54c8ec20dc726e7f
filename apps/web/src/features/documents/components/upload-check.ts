import {
  DANGEROUS_EXTENSIONS,
  FILE_HEAD_BYTES,
  MACRO_EXTENSIONS,
  checkFileHead,
  checkUploadCandidate,
  describeDangerousContent,
  fileExtension,
  formatBytes,
  sanitizeFileName,
  uploadTypeOf,
} from '@rtms/shared/upload-rules';
import type { MessageKey } from '../../../lib/i18n/messages/en';

/**
 * The check a file gets before it is uploaded, with a message in the interface language. The rules
 * are the server's (`checkUploadCandidate` from the shared package); this only says in the user's
 * language which rule refused the file. The server repeats every check and checks the whole file.
 */

/** A refused file: the catalogue key of the reason and its values. */
export interface UploadProblem {
  key: MessageKey;
  values?: Record<string, string | number>;
}

const OFFICE_ZIP_FAMILIES = new Set(['docx', 'xlsx', 'pptx']);
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Why a file would be refused (undefined when it passes): the same decision as `checkUploadCandidate`,
 * refined into the reason the user can act on.
 */
export function uploadProblemOf(
  file: { name: string; size: number; head: Uint8Array },
  maxBytes: number,
  formatSize: (bytes: number) => string = formatBytes,
): UploadProblem | undefined {
  const verdict = checkUploadCandidate(file, maxBytes);
  if (verdict.ok) return undefined;
  switch (verdict.reason) {
    case 'EMPTY':
      return { key: 'documentUpload.empty' };
    case 'TOO_LARGE':
      return { key: 'documentUpload.tooLarge', values: { max: formatSize(maxBytes), size: formatSize(file.size) } };
    case 'NAME':
      return { key: 'documentUpload.noName' };
    case 'TYPE':
      break;
  }
  const name = sanitizeFileName(file.name);
  const extension = fileExtension(name);
  const type = uploadTypeOf(extension);
  if (!type) {
    if (!extension) return { key: 'documentUpload.noExtension' };
    if (MACRO_EXTENSIONS.includes(extension)) return { key: 'documentUpload.macro', values: { extension } };
    if (DANGEROUS_EXTENSIONS.includes(extension)) return { key: 'documentUpload.dangerousType', values: { extension } };
    return { key: 'documentUpload.typeNotAccepted', values: { extension } };
  }
  // The name is accepted: the first bytes refused the file.
  if (describeDangerousContent(file.head)) return { key: 'documentUpload.dangerousContent' };
  if (type.family === 'text') return { key: 'documentUpload.notText' };
  if (OFFICE_ZIP_FAMILIES.has(type.family) && OLE_SIGNATURE.every((byte, index) => file.head[index] === byte)) {
    return { key: 'documentUpload.passwordProtected' };
  }
  // Every signature lies in the first 16 bytes: when those pass, markup further on refused the file.
  if (checkFileHead(type, file.head.subarray(0, 16)).ok) return { key: 'documentUpload.disguised' };
  return { key: 'documentUpload.contentMismatch', values: { extension: type.extension.toUpperCase() } };
}

/** The bytes of a blob (FileReader where `Blob.arrayBuffer` is missing, as in older engines and jsdom). */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads the first bytes of a picked file and checks it as the server will. */
export async function checkPickedFile(
  file: File,
  maxBytes: number,
  formatSize?: (bytes: number) => string,
): Promise<UploadProblem | undefined> {
  const head = new Uint8Array(await readBytes(file.slice(0, FILE_HEAD_BYTES)));
  return uploadProblemOf({ name: file.name, size: file.size, head }, maxBytes, formatSize);
}
