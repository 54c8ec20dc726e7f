import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../../../package.json';
import { ADMIN_EMAIL, bearer, createTestApp } from '../test/test-app';
import { registerSecurityHeaders } from './security';
import { WEB_DIST, registerWebApp } from './web-app.routes';
import { appSuite } from '../test/signed-in-suite';

/** A Content-Security-Policy header as a map of directive → sources. */
function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

function nonceOf(sources: string[] | undefined): string {
  const nonce = sources?.find((source) => source.startsWith("'nonce-"));
  expect(nonce, `no nonce in ${JSON.stringify(sources)}`).toBeDefined();
  return nonce ?? '';
}

function expectStrictHeaders(headers: Record<string, unknown>): Map<string, string[]> {
  const csp = parseCsp(headers['content-security-policy']);
  const scriptSrc = csp.get('script-src') ?? [];
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc.some((source) => source.startsWith('http') || source === '*' || source === 'data:')).toBe(false);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
  nonceOf(csp.get('style-src'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  // Plain http (inject): no HSTS, which a browser ignores there anyway (see the HTTPS tests).
  expect(headers['strict-transport-security']).toBeUndefined();
  const permissions = String(headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    expect(permissions).toContain(`${feature}=()`);
  }
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-powered-by']).toBeUndefined();
  return csp;
}

describe('security headers', () => {
  const suite = appSuite();

  it('sends a strict policy on API answers, with a fresh style nonce per response', async () => {
    const first = await suite.t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await suite.t.app.inject({ method: 'GET', url: '/api/health' });
    const a = expectStrictHeaders(first.headers);
    const b = expectStrictHeaders(second.headers);
    expect(nonceOf(a.get('style-src'))).not.toBe(nonceOf(b.get('style-src')));
    expect(nonceOf(a.get('style-src'))).toMatch(/^'nonce-[A-Za-z0-9+/=_-]{16,}'$/);
  });

  it('sends the same headers on errors, sign-in and authenticated answers', async () => {
    const token = await suite.t.signIn(ADMIN_EMAIL);
    for (const response of [
      await suite.t.app.inject({ method: 'GET', url: '/api/nope' }),
      await suite.t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 'x' } }),
      await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me' }),
      await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(token) }),
      await suite.t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ]) {
      expectStrictHeaders(response.headers);
    }
  });

  it('says Cache-Control: no-store on every API answer: success, errors, 401, 404, a bad address, the document', async () => {
    const token = await suite.t.signIn(ADMIN_EMAIL);
    const answers = {
      health: await suite.t.app.inject({ method: 'GET', url: '/api/health' }),
      me: await suite.t.app.inject({ method: 'POST', url: '/api/users/auth/me', headers: bearer(token) }),
      anonymous: await suite.t.app.inject({ method: 'GET', url: '/api/users' }),
      invalid: await suite.t.app.inject({ method: 'POST', url: '/api/users/login', payload: {} }),
      unknown: await suite.t.app.inject({ method: 'GET', url: '/api/nope' }),
      badAddress: await suite.t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' }),
      document: await suite.t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
      list: await suite.t.app.inject({ method: 'GET', url: '/api/users?page=1', headers: bearer(token) }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
    expect(answers.me.statusCode).toBe(200);
    expect(answers.anonymous.statusCode).toBe(401);
    expect(answers.badAddress.statusCode).toBe(400);
  });

  it('sends HSTS only for HTTPS: never for plain http, nor for X-Forwarded-Proto from an untrusted proxy', async () => {
    const forwarded = await suite.t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forwarded.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('sends HSTS on a TLS connection to the server itself', async () => {
    const tlsDir = path.join(import.meta.dirname, '../test/tls');
    const tls = {
      key: fs.readFileSync(path.join(tlsDir, 'localhost-test-only.key')),
      cert: fs.readFileSync(path.join(tlsDir, 'localhost-test-only.crt')),
    };
    const app = Fastify({ logger: false, https: tls });
    await registerSecurityHeaders(app);
    app.get('/api/health', async () => ({ status: 'ok' }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        https
          .get(`${address}/api/health`, { ca: tls.cert }, (response) => {
            response.resume();
            resolve(response.headers);
          })
          .on('error', reject);
      });
      expect(address).toMatch(/^https:/);
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('serves an OpenAPI 3 document generated from the route schemas', async () => {
    const response = await suite.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expectStrictHeaders(response.headers);
    const doc = response.json() as {
      openapi: string;
      info: { title: string; version: string };
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
      >;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe(version);
    for (const [route, method] of [
      ['/api/users/login', 'post'],
      ['/api/users/auth/me', 'post'],
      ['/api/users/logout', 'post'],
      ['/api/users/change-password', 'post'],
      ['/api/users/me/preferences', 'get'],
      ['/api/users/me/preferences', 'put'],
      ['/api/health', 'get'],
      ['/api/ready', 'get'],
    ] as const) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
    const loginBody = doc.paths['/api/users/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(loginBody?.properties ?? {}).sort()).toEqual(['email', 'password']);
    // Internal routes stay out of the document.
    expect(Object.keys(doc.paths).some((route) => route.startsWith('/api/docs') || route === '/api/openapi.json')).toBe(
      false,
    );
  });

  it('serves browsable docs under a policy that lets swagger-ui run but stays strict', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const response = await suite.t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('swagger-ui');
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      // It would blank the docs on a plain-http intranet address.
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // swagger-ui's scripts are files, not inline.
      expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
    const script = await suite.t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    // The docs policy does not leak onto the app's own answers.
    expectStrictHeaders((await suite.t.app.inject({ method: 'GET', url: '/api/health' })).headers);
  });
});

describe('web app page', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rtms-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('writes the response’s own style nonce into index.html, fresh each time', async () => {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app);
    await registerWebApp(app, dist);
    try {
      const nonces: string[] = [];
      for (const url of ['/', '/tasks/123', '/signin']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        const csp = expectStrictHeaders(response.headers);
        const nonce = nonceOf(csp.get('style-src')).slice("'nonce-".length, -1);
        expect(response.body).toContain(`content="${nonce}"`);
        expect(response.body).not.toContain('__CSP_NONCE__');
        nonces.push(nonce);
      }
      expect(new Set(nonces).size).toBe(3);
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      const logo = await app.inject({ method: 'GET', url: '/logo.svg' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['cache-control']).toBe('no-cache');
      // Unknown API paths stay JSON 404s, not the page.
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      await app.close();
    }
  });

  it('finds apps/web/dist when running from source', () => {
    expect(WEB_DIST).toBe(path.resolve(import.meta.dirname, '../../../web/dist'));
  });
});
