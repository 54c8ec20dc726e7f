import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { nowIso } from '../../platform/ids';
import { deleteThrottle, extendLock, findThrottle, incrementFailures } from './login-throttle.repository';

/**
 * Sign-in throttling, kept in the database so that every app instance enforces the same limits.
 * - Per account: after ACCOUNT_FREE_FAILURES failures within ACCOUNT_WINDOW each further failure locks
 *   the account for a growing wait (30 s, 1 min, 2 min, … up to 15 min). A success clears it.
 * - Per address: ADDRESS_MAX_FAILURES failures within ADDRESS_WINDOW lock the address for ADDRESS_LOCK.
 * Failures are counted with one atomic statement each, so a burst of parallel attempts is counted in full.
 */
const ACCOUNT_FREE_FAILURES = 5;
const ACCOUNT_WINDOW_MS = 24 * 60 * 60_000;
const ACCOUNT_BASE_LOCK_MS = 30_000;
const ACCOUNT_MAX_LOCK_MS = 15 * 60_000;
const ADDRESS_MAX_FAILURES = 30;
const ADDRESS_WINDOW_MS = 15 * 60_000;
const ADDRESS_LOCK_MS = 15 * 60_000;

export interface LoginThrottle {
  /** Throws 429 with Retry-After while the account or the address is locked. */
  assertAllowed(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export function createLoginThrottle(db: Kysely<Database>): LoginThrottle {
  const accountKey = (email: string) => `account:${email.toLowerCase()}`;
  const addressKey = (ip: string) => `address:${ip}`;

  async function lockedFor(key: string, now: number): Promise<number> {
    const row = await findThrottle(db, key);
    if (!row?.lockedUntil) return 0;
    return Math.max(0, Date.parse(row.lockedUntil) - now);
  }

  return {
    async assertAllowed(email, ip) {
      const now = Date.now();
      const wait = Math.max(await lockedFor(accountKey(email), now), await lockedFor(addressKey(ip), now));
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          { retryAfterSeconds: seconds },
          { 'retry-after': String(seconds) },
        );
      }
    },

    async recordFailure(email, ip) {
      const now = Date.now();
      const at = nowIso(new Date(now));

      const accountFailures = await incrementFailures(
        db,
        accountKey(email),
        at,
        nowIso(new Date(now - ACCOUNT_WINDOW_MS)),
      );
      const extra = accountFailures - ACCOUNT_FREE_FAILURES;
      if (extra > 0) {
        const wait = Math.min(ACCOUNT_MAX_LOCK_MS, ACCOUNT_BASE_LOCK_MS * 2 ** Math.min(extra - 1, 30));
        await extendLock(db, accountKey(email), nowIso(new Date(now + wait)));
      }

      const addressFailures = await incrementFailures(
        db,
        addressKey(ip),
        at,
        nowIso(new Date(now - ADDRESS_WINDOW_MS)),
      );
      if (addressFailures >= ADDRESS_MAX_FAILURES) {
        await extendLock(db, addressKey(ip), nowIso(new Date(now + ADDRESS_LOCK_MS)));
      }
    },

    recordSuccess: (email) => deleteThrottle(db, accountKey(email)),
  };
}
