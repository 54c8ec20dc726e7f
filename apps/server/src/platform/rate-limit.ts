import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from './errors';
import { countHit, deleteEndedBuckets } from './rate-limit.repository';

/**
 * Request rate limits on the expensive or abusable endpoints, counted in the database so that every
 * app instance behind a load balancer enforces the same limit (an in-memory counter would allow N times
 * the limit with N instances). Fixed windows aligned on the clock: one atomic upsert per request.
 *
 * Applying a rule to a route is one line in its options, after authentication (the scope's onRequest
 * hook runs first, so the signed-in user is known):
 *
 *   onRequest: rateLimits.limit(RATE_LIMITS.evidencePacks),
 */
export interface RateLimitRule {
  /** Names the family of buckets (`<name>:<caller>`); one per rule. */
  name: string;
  /** Requests allowed per caller in one window. */
  limit: number;
  windowMs: number;
  /**
   * Who is counted: `caller` = the signed-in user (the address when signed out), `address` = the
   * client's address (with TRUST_PROXY, the forwarded one).
   */
  per: 'caller' | 'address';
  /** The 429 message's subject, e.g. "uploads". */
  what: string;
}

/** The product's rules. A route opts in with `onRequest: rateLimits.limit(RATE_LIMITS.<rule>)`. */
export const RATE_LIMITS = {
  /** File uploads and new versions: generous for a bulk upload of evidence, a wall for a script. */
  uploads: { name: 'uploads', limit: 300, windowMs: 10 * 60_000, per: 'caller', what: 'uploads' },
  /** Evidence packs read and zip every evidence file of a selection: the most expensive read. */
  evidencePacks: { name: 'evidence-packs', limit: 30, windowMs: 10 * 60_000, per: 'caller', what: 'evidence packs' },
  /** Error reports of the web app, open to signed-out clients: a few per page at most. */
  clientErrors: { name: 'client-errors', limit: 20, windowMs: 60_000, per: 'address', what: 'error reports' },
  /**
   * Calendar feeds (no bearer token; calendar apps poll every few hours): per address, generous enough for
   * an office behind one NAT address, a wall for guessing secrets. Applied to GET /ical/{secret}.ics.
   */
  calendarFeeds: { name: 'calendar-feeds', limit: 600, windowMs: 60 * 60_000, per: 'address', what: 'feed requests' },
  /**
   * The OData feed for BI tools (personal access tokens): a refresh pages through every set, a thousand rows a
   * request; per address, a wall for guessing tokens, far above a refresh of a large database.
   */
  odata: { name: 'odata', limit: 3000, windowMs: 10 * 60_000, per: 'address', what: 'feed requests' },
} as const satisfies Record<string, RateLimitRule>;

export interface RateLimiter {
  /** Counts one request of `caller` under `rule`; throws 429 RATE_LIMITED with Retry-After past the limit. */
  consume(rule: RateLimitRule, caller: string): Promise<void>;
  /** An onRequest hook that counts each request of the route under `rule`. */
  limit(rule: RateLimitRule): onRequestAsyncHookHandler;
}

/** How often (at most) one instance deletes the buckets of ended windows. */
const PURGE_EVERY_MS = 60_000;

function callerOf(request: FastifyRequest, rule: RateLimitRule): string {
  if (rule.per === 'caller' && request.principal) return `user:${request.principal.id}`;
  return `address:${request.ip}`;
}

export function createRateLimiter(db: Kysely<Database>, now: () => number = Date.now): RateLimiter {
  let lastPurge = 0;

  async function purgeEndedWindows(at: number): Promise<void> {
    if (at - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at;
    await deleteEndedBuckets(db, new Date(at).toISOString());
  }

  async function consume(rule: RateLimitRule, caller: string): Promise<void> {
    const at = now();
    const start = Math.floor(at / rule.windowMs) * rule.windowMs;
    const end = start + rule.windowMs;
    const windowStartedAt = new Date(start).toISOString();
    const hits = await countHit(db, {
      key: `${rule.name}:${caller}`,
      windowStartedAt,
      windowEndsAt: new Date(end).toISOString(),
    });
    await purgeEndedWindows(at);
    if (hits <= rule.limit) return;
    const seconds = Math.max(1, Math.ceil((end - at) / 1000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many ${rule.what}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      { retryAfterSeconds: seconds },
      { 'retry-after': String(seconds) },
    );
  }

  return {
    consume,
    limit(rule) {
      return async (request) => consume(rule, callerOf(request, rule));
    },
  };
}
