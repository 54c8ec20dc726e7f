import { isIP } from 'node:net';

/**
 * Which proxies in front of the instances are trusted to say who the client is (TRUST_PROXY).
 * The client's address is then the right-most entry of `X-Forwarded-For` that is not a trusted proxy
 * (Fastify's proxy-addr walks the header from the right and stops at the first untrusted hop), so an
 * address a client writes into the header itself is never taken.
 *
 * - `false`: no proxy; the socket's address is the client (the default).
 * - a hop count: the last N hops (the socket and N-1 entries to its left) are proxies. `true` means 1,
 *   the one balancer of the shipped nginx configuration; it never means "trust the whole header".
 * - addresses/CIDRs (`10.0.0.5, 10.1.0.0/16`, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`):
 *   only hops from these addresses are proxies — stricter than a count, as a client that reaches an
 *   instance directly cannot pass for a proxy.
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

/** An address, an address with a prefix length (CIDR) or a named range; the form proxy-addr accepts. */
function isTrustEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY's text, or undefined when it is none of the accepted forms. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const value = text.trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return 1;
  if (/^\d+$/.test(value)) return Number(value) <= MAX_HOPS ? Number(value) : undefined;
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isTrustEntry) ? entries : undefined;
}

/**
 * Fastify's `trustProxy` option. A list goes to proxy-addr as it is. A count becomes proxy-addr's hop
 * function: Fastify itself turns a bare number into "trust nothing" (it cannot check the peer), so the
 * count is given as the function Express uses for the same setting.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  const hops = trust;
  return (_address, hop) => hop < hops;
}
