import type { Db } from '../../db/schema';
import type { JobLeaseRow } from './jobs.table';

/**
 * Takes the lease of (name, day) for `owner`. Exactly one caller wins: the insert conflicts for
 * everyone else on the unique (name, day). A lease left unfinished since before `staleBefore` (its
 * instance died mid-run) can be taken over — again by exactly one caller, by a conditional update.
 */
export async function tryAcquireLease(
  db: Db,
  lease: { name: string; day: string; owner: string; now: string; staleBefore: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('job_leases')
    .values({
      name: lease.name,
      day: lease.day,
      owner: lease.owner,
      acquiredAt: lease.now,
      finishedAt: null,
      result: null,
    })
    .onConflict((oc) => oc.columns(['name', 'day']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  // Read first: the usual answer ("someone else has it") needs no write.
  const current = await db
    .selectFrom('job_leases')
    .select(['finishedAt', 'acquiredAt'])
    .where('name', '=', lease.name)
    .where('day', '=', lease.day)
    .executeTakeFirst();
  if (!current || current.finishedAt !== null || current.acquiredAt >= lease.staleBefore) return false;
  const takenOver = await db
    .updateTable('job_leases')
    .set({ owner: lease.owner, acquiredAt: lease.now })
    .where('name', '=', lease.name)
    .where('day', '=', lease.day)
    .where('finishedAt', 'is', null)
    .where('acquiredAt', '<', lease.staleBefore)
    .executeTakeFirst();
  return Number(takenOver.numUpdatedRows) === 1;
}

export async function finishLease(
  db: Db,
  lease: { name: string; day: string; owner: string; now: string; result: string },
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ finishedAt: lease.now, result: lease.result })
    .where('name', '=', lease.name)
    .where('day', '=', lease.day)
    .where('owner', '=', lease.owner)
    .execute();
}

/**
 * Gives back `owner`'s lease of (name, day) whose run failed: the row goes, so the next check on any instance
 * takes the lease anew. A finished run's row, or a lease another owner took over, stays.
 */
export async function releaseLease(db: Db, lease: { name: string; day: string; owner: string }): Promise<void> {
  await db
    .deleteFrom('job_leases')
    .where('name', '=', lease.name)
    .where('day', '=', lease.day)
    .where('owner', '=', lease.owner)
    .where('finishedAt', 'is', null)
    .execute();
}

/** The most recent run of a job (scheduled or by hand). */
export function findLastRun(db: Db, name: string): Promise<JobLeaseRow | undefined> {
  return db
    .selectFrom('job_leases')
    .selectAll()
    .where('name', '=', name)
    .orderBy('acquiredAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Removes a job's runs that started before `before` (periodic jobs leave one row per period). */
export async function deleteLeasesBefore(db: Db, name: string, before: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('acquiredAt', '<', before).execute();
}
