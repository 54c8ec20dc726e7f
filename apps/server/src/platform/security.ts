import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's nonces: antd's runtime style tags carry the style nonce (see web-app.ts). */
    cspNonce: { script: string; style: string };
  }
}

type NonceResponse = ServerResponse & { cspNonce?: { script: string; style: string } };
const scriptNonce = (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${(response as NonceResponse).cspNonce?.script ?? ''}'`;
const styleNonce = (_request: IncomingMessage, response: ServerResponse) =>
  `'nonce-${(response as NonceResponse).cspNonce?.style ?? ''}'`;

/**
 * Strict security headers and a Content Security Policy without inline scripts, with a fresh nonce per
 * response (`reply.cspNonce`).
 *
 * helmet's middleware is built once, the nonces coming from directive functions. (@fastify/helmet built
 * it anew for every request when nonces were on: parsing every directive each time cost about 5 % of a
 * task-list request.)
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", scriptNonce],
      styleSrc: ["'self'", styleNonce],
      // Style attributes (set by antd for positioning and textarea sizing) are allowed; style elements need the nonce.
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // The same as frame-ancestors 'none', for browsers that only know the older header.
  frameguard: { action: 'deny' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
});

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  app.addHook('onRequest', (request, reply, done) => {
    const bytes = randomBytes(32);
    const nonce = { script: bytes.toString('hex', 0, 16), style: bytes.toString('hex', 16, 32) };
    reply.cspNonce = nonce;
    (reply.raw as NonceResponse).cspNonce = nonce;
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
