import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of more than 1 KB that are JSON (the API) or HTML (the per-response index.html, which carries
 * its own CSP nonce and so cannot be compressed at build) go out brotli- or gzip-compressed, as the
 * client accepts. Nothing else is touched: the web app's hashed assets are compressed at build and served
 * as they are (web-app.ts), and files (documents, evidence-pack ZIPs, calendar feeds) go out byte for
 * byte, so their length, ETag and ranges keep meaning what they say. A route that streams a file of a JSON
 * or HTML type opts out with `compress: false`.
 *
 * Registered before the routes and before @fastify/static (the plugin's rule), with request-body
 * decompression off: no client sends compressed bodies, and inflating them would open a zip-bomb door.
 */
export const COMPRESSIBLE_TYPES = /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)(?:;|$)/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    // Brotli first (smaller, and the plugin's quality 4 costs about what gzip does); zstd is not in Node 20.
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}
