import type { Db } from '../db/schema';

/**
 * Counts one hit in the bucket `key` for the window [windowStartedAt, windowEndsAt) and returns the hits of
 * that window. One statement: concurrent requests on any instance are all counted (no read-then-write race);
 * a bucket left from an earlier window starts again at 1.
 */
export async function countHit(
  db: Db,
  bucket: { key: string; windowStartedAt: string; windowEndsAt: string },
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_buckets')
    .values({ ...bucket, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const sameWindow = eb('rate_limit_buckets.windowStartedAt', '=', eb.ref('excluded.windowStartedAt'));
        return {
          hits: eb
            .case()
            .when(sameWindow)
            .then(eb('rate_limit_buckets.hits', '+', 1))
            .else(1)
            .end(),
          windowStartedAt: eb.ref('excluded.windowStartedAt'),
          windowEndsAt: eb.ref('excluded.windowEndsAt'),
        };
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Removes the buckets whose window ended before `before`. */
export async function deleteEndedBuckets(db: Db, before: string): Promise<void> {
  await db.deleteFrom('rate_limit_buckets').where('windowEndsAt', '<', before).execute();
}
