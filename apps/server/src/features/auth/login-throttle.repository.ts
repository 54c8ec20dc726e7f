import type { Db } from '../../db/schema';
import { findRow } from '../../db/rows';
import type { LoginThrottleTable } from './login-throttle.table';

export function findThrottle(db: Db, key: string): Promise<LoginThrottleTable | undefined> {
  return findRow(db, 'login_throttle', { key });
}

/**
 * Counts one failure for `key` in a single statement, so that concurrent failures are never lost:
 * adds one inside the window that started after `windowStart`, or starts a new window at `now`.
 * Returns the count after this failure.
 */
export async function incrementFailures(db: Db, key: string, now: string, windowStart: string): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, windowStartedAt: now, lockedUntil: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const windowOpen = eb('login_throttle.windowStartedAt', '>', windowStart);
        return {
          failures: eb
            .case()
            .when(windowOpen)
            .then(eb('login_throttle.failures', '+', 1))
            .else(1)
            .end(),
          windowStartedAt: eb
            .case()
            .when(windowOpen)
            .then(eb.ref('login_throttle.windowStartedAt'))
            .else(eb.ref('excluded.windowStartedAt'))
            .end(),
        };
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

/** Locks `key` until `until`, unless it is already locked for longer. */
export async function extendLock(db: Db, key: string, until: string): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set({ lockedUntil: until })
    .where('key', '=', key)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', until)]))
    .execute();
}

export async function deleteThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
