import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The encodings the API answers in, the server's preference first. zstd needs Node 22. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];
/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
const THRESHOLD = 1024;
/** Brotli's quality 4 (the plugin's default): smaller than gzip at about its cost; 11 costs tens of times more. */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses, brotli or gzip as the client accepts, the answers over 1 KB of the routes of `scope` and
 * of its children: the API (app.ts) and the per-response index.html (web-app.ts, which carries its own
 * CSP nonce and so cannot be compressed at build). It is registered in those scopes rather than on the
 * whole app because the plugin compresses every type mime-db calls compressible, and the web app's
 * hashed files are already compressed at build (sent as they are by @fastify/static). A route that
 * streams a stored file (a document download) opts out with `compress: false`, so that its bytes, length
 * and ranges stay the file's; ZIPs are not compressible and are left alone by the plugin. An answer that
 * is already encoded (a kept list answer, answer-cache.ts) is left alone too.
 *
 * Request-body decompression is off: no client sends compressed bodies, and inflating them would open a
 * door to zip bombs past the body limits.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
}

// Off the event loop (zlib's thread pool): a kept answer of 200 rows takes about a millisecond.
const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(zlib.brotliCompress)(body, BROTLI_OPTIONS),
  gzip: (body) => promisify(zlib.gzip)(body),
};

/** The encoding an answer of `bytes` bytes is sent in to `request`, as the plugin negotiates it; undefined: as it is. */
export function answerEncoding(request: FastifyRequest, bytes: number): Encoding | undefined {
  const accepted = request.headers['accept-encoding'];
  // As the plugin: `x-no-compression` asks for the answer as it is.
  if (bytes < THRESHOLD || !accepted || request.headers['x-no-compression'] !== undefined) return undefined;
  // As the plugin reads the header: `*` and `x-gzip` stand for gzip.
  return (negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]) ?? undefined) as
    Encoding | undefined;
}

/** `body` compressed in `encoding`, with the plugin's settings. */
export function compressAnswer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return compressors[encoding](body);
}
