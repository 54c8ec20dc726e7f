import type { ErrorCode, FieldError } from '@rtms/shared/error-codes';
import { sanitizeFileName } from '@rtms/shared/upload-rules';
import { ApiError, reportUnauthorized } from './api-client';
import { readStoredToken } from './auth/session-storage';

/**
 * Binary downloads from the API (document files, evidence packs). `apiRequest` speaks JSON; a file
 * needs the raw bytes and the name in `Content-Disposition`. The token goes in the Authorization
 * header, never in a URL (URLs end up in logs, history and Referer headers).
 */

/** A downloaded file: its bytes, the name the server gave it and its media type. */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition` (`filename*` preferred), made safe to save; undefined when absent. */
  fileName: string | undefined;
  mediaType: string;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /** Bytes received so far, and the total when the server announced one. */
  onProgress?: (received: number, total: number | undefined) => void;
}

/** The typed error of a non-2xx answer whose body is (normally) the API's JSON error shape. */
export function apiErrorOf(status: number, text: string): ApiError {
  let body: { message?: string; code?: ErrorCode; details?: FieldError[] } = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    if (parsed && typeof parsed === 'object') body = parsed as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status tells what happened.
  }
  return new ApiError(status, body.code ?? 'INTERNAL', body.message ?? `The server answered ${status}`, body.details);
}

/** The error of a request that never got an answer. */
export function networkError(): ApiError {
  return new ApiError(0, 'NETWORK', 'The server cannot be reached. Check your connection and try again.');
}

function decodeRfc8187(value: string): string | undefined {
  // charset'language'percent-encoded-value; only UTF-8 (and its ASCII subset) is in use.
  const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value.trim());
  if (!match) return undefined;
  const charset = (match[1] ?? '').toLowerCase();
  if (charset !== 'utf-8' && charset !== 'us-ascii' && charset !== 'iso-8859-1') return undefined;
  try {
    if (charset === 'iso-8859-1') {
      return (match[2] ?? '').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    return decodeURIComponent(match[2] ?? '');
  } catch {
    return undefined;
  }
}

/** The parameters of a header like `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`, by lower-case name. */
function headerParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of header.matchAll(pattern)) {
    const name = (match[1] ?? '').toLowerCase();
    let value = (match[2] ?? '').trim();
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    if (!parameters.has(name)) parameters.set(name, value);
  }
  return parameters;
}

/**
 * The file name of a `Content-Disposition` header (RFC 6266): the exact name of `filename*` (RFC 8187,
 * UTF-8) when present and readable, else `filename`. The result is sanitized (last path segment, no
 * hidden characters), so that a server or proxy cannot choose a folder; undefined when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const parameters = headerParameters(header);
  const extended = parameters.get('filename*');
  const name = (extended === undefined ? undefined : decodeRfc8187(extended)) ?? parameters.get('filename');
  if (!name) return undefined;
  return sanitizeFileName(name) || undefined;
}

/**
 * A request to `/api${path}` that answers a file, with the session's token and never from a cache; resolves
 * with the successful response. A network failure is `networkError()`, an error status the server's
 * `ApiError` as from `apiRequest` (a 401 also ends the session); an abort is rethrown as it is.
 */
export async function fetchApiFile(
  path: string,
  init: { method: 'GET' | 'POST'; body?: BodyInit; signal?: AbortSignal },
): Promise<Response> {
  const token = readStoredToken();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...init, headers, cache: 'no-store' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  if (!response.ok) {
    const error = apiErrorOf(response.status, await response.text().catch(() => ''));
    if (response.status === 401) reportUnauthorized();
    throw error;
  }
  return response;
}

/** What a file response's headers say: its media type (without parameters) and its file name. */
export function fileHeadersOf(response: Response): Pick<DownloadedFile, 'mediaType' | 'fileName'> {
  return {
    mediaType: (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim(),
    fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
  };
}

/** GET `/api${path}` as a file, with the session's token. Errors are `ApiError`s as from `apiRequest`. */
export async function apiDownload(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const response = await fetchApiFile(path, { method: 'GET', signal: options.signal });
  const { mediaType, fileName } = fileHeadersOf(response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  let blob: Blob;
  try {
    blob =
      options.onProgress && response.body
        ? await readWithProgress(response.body, mediaType, total, options.onProgress)
        : await response.blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  return { blob, fileName, mediaType };
}

async function readWithProgress(
  body: ReadableStream<Uint8Array>,
  mediaType: string,
  total: number | undefined,
  onProgress: (received: number, total: number | undefined) => void,
): Promise<Blob> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type: mediaType });
}
