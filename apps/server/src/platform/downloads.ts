import type { FastifyReply } from 'fastify';

/**
 * Serving stored files safely: a file is an attachment unless it may be previewed, never sniffed into
 * another type, and rendered (if at all) in a sandbox without scripts, plugins or network access.
 */

/** The CSP of every served file: nothing may load, and the document is sandboxed (no scripts, no same-origin). */
const FILE_CSP = "default-src 'none'; sandbox";

/**
 * `Content-Disposition` per RFC 6266: an ASCII `filename` for old clients (accents folded, anything else
 * replaced) and the exact name as RFC 8187 `filename*` (UTF-8, percent-encoded).
 */
function contentDisposition(disposition: 'attachment' | 'inline', fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot) : '';
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/%;]/g, '_')
    .replace(/_+/g, '_');
  const fallback = /^[_\s.]*$/.test(ascii.slice(0, ascii.length - extension.length))
    ? `download${extension.replace(/[^\x20-\x7e]/g, '')}`
    : ascii;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Sets the headers of a served file (the body is the caller's). */
export function setFileHeaders(
  reply: FastifyReply,
  file: { fileName: string; mediaType: string; size?: number; inline?: boolean; sha256?: string },
): void {
  void reply.header('content-type', file.mediaType);
  void reply.header('content-disposition', contentDisposition(file.inline ? 'inline' : 'attachment', file.fileName));
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('content-security-policy', FILE_CSP);
  void reply.header('cache-control', 'private, no-store');
  if (file.size !== undefined) void reply.header('content-length', String(file.size));
  if (file.sha256) {
    void reply.header('etag', `"${file.sha256}"`);
    // RFC 9530: the SHA-256 of the file, so that a client can check what it received.
    void reply.header('repr-digest', `sha-256=:${Buffer.from(file.sha256, 'hex').toString('base64')}:`);
  }
}
