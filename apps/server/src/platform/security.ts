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
  // Sent by the hook below, and only over HTTPS: on plain http a browser ignores it, and behind a proxy
  // that was not told to be trusted the header would be a claim about a connection we cannot see.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
});

const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Browser features the product never uses, turned off for its pages and anything they embed (a
 * previewed PDF, an injected script). Not listed, so left at their default (this origin only):
 * clipboard-write (copy buttons) and fullscreen (document preview).
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'ambient-light-sensor',
  'autoplay',
  'battery',
  'bluetooth',
  'camera',
  'display-capture',
  'document-domain',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * Strict security headers on every answer; on /api answers also `Cache-Control: no-store` (
 * no API answer may be kept by a browser or a shared cache; a route may tighten it, e.g. downloads'
 * `private, no-store`). HSTS only when the request came over HTTPS: TLS on this server, or
 * `X-Forwarded-Proto: https` from a proxy trusted with TRUST_PROXY (Fastify's `request.protocol`).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmetHeaders();
  app.decorateReply('cspNonce', null as unknown as { script: string; style: string });
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = freshNonces();
    reply.cspNonce = nonce;
    void reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (request.url === '/api' || request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
    (reply.raw as NonceResponse).cspNonce = nonce;
    const raw = reply.raw;
    for (const [name, value] of headers.fixed) raw.setHeader(name, value);
    raw.setHeader(headers.policyName, headers.policy(nonce));
    done();
  });
}

/**
 * What helmet's middleware sets, found once by running it against a recording response with marker
 * nonces: its headers are the same on every response but for the nonces in the policy. Setting the
 * recorded headers costs a tenth of running helmet's twelve middlewares on every request (8 % of a
 * task-list request's CPU).
 */
function helmetHeaders(): {
  fixed: [string, string][];
  policyName: string;
  policy: (nonce: { script: string; style: string }) => string;
} {
  const SCRIPT = '\u0000script\u0000';
  const STYLE = '\u0000style\u0000';
  const recorded = new Map<string, string>();
  const response = {
    cspNonce: { script: SCRIPT, style: STYLE },
    setHeader: (name: string, value: unknown) => recorded.set(name, String(value)),
    removeHeader: (name: string) => recorded.delete(name),
  } as unknown as ServerResponse;
  let failed: unknown;
  securityHeaders({ headers: {} } as IncomingMessage, response, (error?: unknown) => (failed = error));
  if (failed) throw failed as Error;
  const policyName = [...recorded.keys()].find((name) => recorded.get(name)!.includes(SCRIPT));
  if (!policyName) throw new Error('helmet set no Content-Security-Policy with a nonce');
  const [before, middle, after] = splitPolicy(recorded.get(policyName)!, SCRIPT, STYLE);
  recorded.delete(policyName);
  return {
    fixed: [...recorded],
    policyName,
    policy: (nonce) => `${before}${nonce.script}${middle}${nonce.style}${after}`,
  };
}

function splitPolicy(policy: string, script: string, style: string): [string, string, string] {
  const [before, rest] = policy.split(script) as [string, string];
  const [middle, after] = rest.split(style) as [string, string];
  if (before === undefined || after === undefined || policy.split(script).length !== 2) {
    throw new Error('unexpected Content-Security-Policy shape');
  }
  return [before, middle, after];
}

/** Two 16-byte nonces per response, hex; random bytes drawn from a pool filled 8 KB at a time. */
let pool = Buffer.alloc(0);
let used = 0;
function freshNonces(): { script: string; style: string } {
  if (used + 32 > pool.length) {
    pool = randomBytes(8192);
    used = 0;
  }
  const start = used;
  used += 32;
  return { script: pool.toString('hex', start, start + 16), style: pool.toString('hex', start + 16, start + 32) };
}
