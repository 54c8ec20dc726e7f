import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses, brotli or gzip as the client accepts, the answers over 1 KB of the routes of `scope` and
 * of its children: the API (app.ts) and the per-response index.html (web-app.ts, which carries its own
 * CSP nonce and so cannot be compressed at build). It is registered in those scopes rather than on the
 * whole app because the plugin compresses every type mime-db calls compressible, and the web app's
 * hashed files are already compressed at build (sent as they are by @fastify/static). A route that
 * streams a stored file (a document download) opts out with `compress: false`, so that its bytes, length
 * and ranges stay the file's; ZIPs are not compressible and are left alone by the plugin.
 *
 * Request-body decompression is off: no client sends compressed bodies, and inflating them would open a
 * door to zip bombs past the body limits.
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    // Brotli first: smaller, and at the plugin's quality 4 it costs about what gzip does. zstd needs Node 22.
    encodings: ['br', 'gzip'],
  });
}
