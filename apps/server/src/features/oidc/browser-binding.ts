import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookie that binds a single sign-on attempt to the browser that started it (decision 036): the start
 * (or link) sets a random secret, the attempt keeps its hash, and the callback and the hand-off code refuse
 * a browser without it, so an address or a code sent to someone else completes nothing (the linking attack
 * and login CSRF). HttpOnly (no script reads it), SameSite=Lax (sent on the provider's top-level
 * redirect back to the callback, never on a cross-site subrequest), scoped to the SSO routes, short-lived,
 * Secure whenever our callback address is HTTPS (PUBLIC_URL, or the request behind TRUST_PROXY).
 */
export const BROWSER_COOKIE = 'rtms_sso';
const COOKIE_PATH = '/api/auth/oidc';

/** A new secret for the cookie. */
export const newBrowserSecret = (): string => randomBytes(32).toString('base64url');

/** The secret the request's browser holds, or '' (a cookie the server did not set is just another value). */
export function browserSecretOf(request: FastifyRequest): string {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === BROWSER_COOKIE) return part.slice(at + 1).trim();
  }
  return '';
}

function cookie(callbackUrl: string, value: string, maxAgeSeconds: number): string {
  const secure = callbackUrl.startsWith('https:') ? '; Secure' : '';
  return `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Gives the browser the secret of the attempt it starts, for as long as the attempt lives. */
export function setBrowserSecret(reply: FastifyReply, callbackUrl: string, secret: string, ms: number): void {
  reply.header('set-cookie', cookie(callbackUrl, secret, Math.ceil(ms / 1000)));
}

/** Removes the secret once the attempt is over. */
export function clearBrowserSecret(reply: FastifyReply, callbackUrl: string): void {
  reply.header('set-cookie', cookie(callbackUrl, '', 0));
}
