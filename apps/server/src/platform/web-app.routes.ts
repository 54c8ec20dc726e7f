import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { registerCompression } from './compression';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * The built web app: apps/web/dist, found from this file whether it runs from the bundle
 * (apps/server/dist/server.js) or from source under tsx (apps/server/src/platform/web-app.ts).
 */
export const WEB_DIST =
  path.basename(here) === 'platform' ? path.resolve(here, '../../../web/dist') : path.resolve(here, '../../web/dist');

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface WebAppOptions {
  /**
   * The one origin besides the app's own that its pages may embed in a frame (the BI report set in Settings →
   * Reports), or undefined: added to the page's frame-src, and to no other directive or response.
   */
  frameSource?: () => Promise<string | undefined>;
}

/** Adds an origin to the frame-src of the Content Security Policy already set on the response. */
function allowFrameSource(response: ServerResponse, origin: string): void {
  const name = 'content-security-policy';
  const policy = response.getHeader(name);
  if (typeof policy !== 'string') return;
  response.setHeader(name, policy.replace(/(^|;)frame-src ([^;]*)/, `$1frame-src $2 ${origin}`));
}

/**
 * Serves the single-page app on the same port as the API: hashed assets from disk with long caching,
 * and index.html for every other GET outside /api, with this response's CSP nonce written into it
 * (the page's own <style> elements, put in at build, and antd's runtime style tags carry that nonce; no
 * inline script exists).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string = WEB_DIST,
  options: WebAppOptions = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The build writes file.br and file.gz beside each compressible file (vite.config.ts): the smallest
      // one the client accepts is sent as it is, with its Content-Encoding, and no CPU spent per request.
      preCompressed: true,
      // Off so that the header set here is the one sent (the plugin's own would replace it).
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed build output never changes under its name; other files are revalidated.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers differently by Accept-Encoding: caches must keep the variants apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served (run npm run build)');
  }

  // index.html is written per response (its nonce), so it is compressed per response, in a scope of its
  // own: the static files above are sent as the build compressed them.
  await app.register(async (page) => {
    await registerCompression(page);
    page.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return reply
          .status(404)
          .send({ code: 'NOT_FOUND', message: `Route GET ${request.url.split('?')[0]} not found` });
      }
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built. Run "npm run build" or "npm start".');
      }
      const nonce = reply.cspNonce?.style ?? '';
      const frameSource = await options.frameSource?.();
      if (frameSource) allowFrameSource(reply.raw, frameSource);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
    });
  });
}
