import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { FILE_HEAD_BYTES, formatBytes } from '@rtms/shared/upload-rules';
import { AppError } from './errors';
import { NUL, nulRefused } from './no-nul';

/**
 * Receiving a multipart upload: the text fields, and one file streamed to a temporary file while its
 * size, SHA-256 and first bytes are measured. Memory stays constant whatever the file size; the
 * temporary file never leaves this server and is removed by `cleanup()` whatever happens next.
 */

/** Multipart limits (besides the file size): one file, a few short fields. */
export const MULTIPART_LIMITS = {
  files: 1,
  fields: 30,
  parts: 40,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
};

export interface ReceivedFile {
  /** Where the bytes are, on this server's disk. */
  tempPath: string;
  /** The name the client sent: untrusted, to be sanitized before it is stored or shown. */
  clientFileName: string;
  /** The media type the client sent: untrusted, never used to decide anything. */
  clientMediaType: string;
  size: number;
  sha256: string;
  /** The first FILE_HEAD_BYTES bytes (fewer for a smaller file). */
  head: Buffer;
}

export interface ReceivedUpload {
  /** Text fields; a field sent more than once is an array. */
  fields: Record<string, string | string[]>;
  /** The file part, if one was sent. */
  file: ReceivedFile | undefined;
  /** Removes the temporary file; safe to call more than once. */
  cleanup(): Promise<void>;
}

export interface ReceiveOptions {
  /** Folder for temporary files (created when missing). */
  tempDir: string;
  /** Largest file accepted (UPLOAD_MAX_BYTES); a larger one is answered 413 and nothing is kept. */
  maxBytes: number;
  /** Name of the file part. */
  fileField?: string;
}

/** Counts, hashes and keeps the first bytes of what flows through. */
class MeasuringStream extends Transform {
  private readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.headLength < FILE_HEAD_BYTES) {
      const part = chunk.subarray(0, FILE_HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    callback(null, chunk);
  }

  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}

const badForm = (message: string) => new AppError('BAD_REQUEST', message);

/** Maps the multipart parser's errors (busboy's are plain Errors) to client errors: bad input is never a 500. */
function toClientError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return badForm('Send one file per upload');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badForm('The form has too many fields');
    case 'FST_PROTO_VIOLATION':
      return badForm('The form has a field with a forbidden name');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badForm('A form field sent as JSON is not valid JSON');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
    default:
      return badForm('The upload is not a valid multipart form; please try again');
  }
}

/**
 * Reads a multipart request: every field, and the one file part streamed to a temporary file.
 * Throws 415 for a request that is not multipart, 413 for a file over `maxBytes`, 400 for a malformed
 * form; in every error case the temporary file is already removed.
 */
export async function receiveUpload(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedUpload> {
  const fileField = options.fileField ?? 'file';
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file as multipart/form-data, in a part named "${fileField}"`,
    );
  }
  await fsp.mkdir(options.tempDir, { recursive: true });
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  let file: ReceivedFile | undefined;
  let tempPath: string | undefined;
  const cleanup = async () => {
    if (tempPath) await fsp.rm(tempPath, { force: true });
  };

  try {
    let tooLarge = false;
    let extraFile = false;
    // The multipart plugin is registered with `throwFileSizeLimit: false`: a file over the limit is cut
    // short and flagged `truncated`, and the 413 is answered below once the form has been read.
    const parts = request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: options.maxBytes } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw badForm(`The field "${part.fieldname}" is too long`);
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        // As for JSON bodies (no-nul.ts): the same answer on both databases.
        if (value.includes(NUL)) throw nulRefused([part.fieldname]);
        const existing = fields[part.fieldname];
        fields[part.fieldname] =
          existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
        continue;
      }
      if (part.fieldname !== fileField || file) {
        // Read and discard, so that the rest of the form can still be parsed.
        extraFile = true;
        await drain(part);
        continue;
      }
      tempPath = path.join(options.tempDir, `${randomUUID()}.upload`);
      const measuring = new MeasuringStream();
      await pipeline(part.file, measuring, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
      if (part.file.truncated) tooLarge = true;
      file = {
        tempPath,
        clientFileName: part.filename ?? '',
        clientMediaType: part.mimetype ?? '',
        size: measuring.size,
        sha256: measuring.sha256(),
        head: measuring.head(),
      };
    }
    if (tooLarge) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than the limit of ${formatBytes(options.maxBytes)}. Nothing was stored.`,
        undefined,
        { connection: 'close' },
      );
    }
    if (extraFile) throw badForm(`Send one file per upload, in the part named "${fileField}"`);
  } catch (error) {
    await cleanup();
    throw toClientError(error);
  }
  return { fields, file, cleanup };
}

async function drain(part: MultipartFile): Promise<void> {
  part.file.resume();
  await new Promise<void>((resolve) => {
    part.file.once('end', resolve);
    part.file.once('close', resolve);
    part.file.once('error', () => resolve());
  });
}

/**
 * Removes temporary upload files older than `maxAgeMs` (left by a process that stopped mid-upload).
 * Each instance has its own temporary folder on its own disk; run at start.
 */
export async function removeStaleUploads(tempDir: string, maxAgeMs = 24 * 60 * 60 * 1000): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(tempDir);
  } catch {
    return 0;
  }
  let removed = 0;
  const limit = Date.now() - maxAgeMs;
  for (const name of names.filter((entry) => entry.endsWith('.upload'))) {
    const file = path.join(tempDir, name);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (stat && stat.mtimeMs < limit) {
      await fsp.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
