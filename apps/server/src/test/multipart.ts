import { randomBytes } from 'node:crypto';

/** One file part of a test form. */
export interface TestFilePart {
  /** Part name (default `file`). */
  field?: string;
  fileName: string;
  content: Buffer | string;
  /** The part's Content-Type header (default application/octet-stream). */
  contentType?: string;
  /**
   * How the name is sent: `quoted` (as browsers do: UTF-8 inside filename="…", quotes and line breaks
   * percent-encoded) or `ext` (RFC 5987 filename*=UTF-8''…, which can carry any character, NUL included).
   */
  nameEncoding?: 'quoted' | 'ext';
}

/** A multipart/form-data body for `inject()`: the fields first, then the file parts. */
export function multipartBody(
  fields: Record<string, string | string[]> = {},
  files: TestFilePart | TestFilePart[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----rtms-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${one}\r\n`));
    }
  }
  for (const file of Array.isArray(files) ? files : [files]) {
    chunks.push(Buffer.from(`--${boundary}\r\n${filePartHeader(file)}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function filePartHeader(file: TestFilePart): string {
  const name =
    file.nameEncoding === 'ext'
      ? `filename*=UTF-8''${encodeURIComponent(file.fileName)}`
      : `filename="${file.fileName.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
  return (
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; ${name}\r\n` +
    `Content-Type: ${file.contentType ?? 'application/octet-stream'}`
  );
}
