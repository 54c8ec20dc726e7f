import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findTaskFacilityRevisions, findTasksRevision } from './tasks.repository';

/**
 * Cached figures kept per facility (decision 026). Every figure of the list totals, the dashboard and the
 * calendar is a sum over facilities, and a write changes one facility's tasks: its revision moves (by
 * triggers, migration 0090), so only that facility's part is recounted — a few thousand rows on an
 * index instead of the whole table after any write, which blocked SQLite's event loop for 0.4 s and
 * made every concurrent PostgreSQL request recount at once.
 */

/** Each facility's tasks revision, reread only when the global tasks revision has moved. */
export function createFacilityRevisions(db: Kysely<Database>): (global?: number) => Promise<Map<string, number>> {
  let known: { global: number; revisions: Map<string, number> } | undefined;
  let reading: { global: number; promise: Promise<Map<string, number>> } | undefined;
  return async (given) => {
    const global = given ?? (await findTasksRevision(db));
    if (known && known.global >= global) return known.revisions;
    if (!reading || reading.global < global) {
      // The map is read after `global`: it is at least as new as the revision it is kept under.
      const promise = findTaskFacilityRevisions(db).then((revisions) => {
        if (!known || known.global < global) known = { global, revisions };
        return revisions;
      });
      reading = { global, promise };
      promise
        .finally(() => {
          if (reading?.promise === promise) reading = undefined;
        })
        .catch(() => undefined);
    }
    return reading.promise;
  };
}

const allFacilityIds = new WeakMap<Map<string, number>, string[]>();

/**
 * Every facility of a revisions map, as one array per map: the same array while the map holds, so that
 * `get` recognises a request that finds nothing changed by identity, without comparing 200 ids.
 */
export function facilityIdsOf(revisions: Map<string, number>): string[] {
  let ids = allFacilityIds.get(revisions);
  if (!ids) allFacilityIds.set(revisions, (ids = [...revisions.keys()]));
  return ids;
}

/**
 * Per key (a filter set and its days), each facility's part and the revision it was counted at. `get`
 * recounts the parts whose facility moved (all of them the first time: `compute(null)`), one recount per
 * key at a time — concurrent requests wait for it instead of recounting too — and answers the parts of
 * `facilityIds` (a facility without a counted part has nothing: `empty`).
 */
export function createFacilityPartsCache<T>(size: number, empty: T) {
  const entries = new Map<string, Map<string, { revision: number; value: T }>>();
  /** The last answer of each key, while none of its parts changed (summing 200 parts per request costs). */
  const answers = new Map<
    string,
    { facilities: string; answer: unknown; revisions?: Map<string, number>; facilityIds?: readonly string[] }
  >();
  const inFlight = new Map<string, Promise<void>>();

  async function refresh(
    key: string,
    facilityIds: readonly string[],
    revisions: Map<string, number>,
    compute: (stale: string[] | null) => Promise<Map<string, T>>,
  ): Promise<void> {
    const known = entries.get(key);
    const stale = facilityIds.filter((id) => known?.get(id)?.revision !== (revisions.get(id) ?? 0));
    if (stale.length === 0) return;
    const values = await compute(known ? stale : null);
    const parts = entries.get(key) ?? new Map<string, { revision: number; value: T }>();
    for (const id of stale) parts.set(id, { revision: revisions.get(id) ?? 0, value: values.get(id) ?? empty });
    entries.delete(key);
    entries.set(key, parts);
    answers.delete(key);
    if (entries.size > size) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
      answers.delete(oldest);
    }
  }

  return {
    /** The answer `combine` makes of the parts of `facilityIds`, recounting the parts that moved first. */
    async get<R>(
      key: string,
      facilityIds: readonly string[],
      revisions: Map<string, number>,
      compute: (stale: string[] | null) => Promise<Map<string, T>>,
      combine: (parts: T[]) => R,
    ): Promise<R> {
      for (;;) {
        const running = inFlight.get(key);
        if (!running) break;
        await running;
      }
      // The same revisions map and facilities as the last answer: nothing moved since (a recount drops it).
      const last = answers.get(key);
      if (last && last.revisions === revisions && last.facilityIds === facilityIds) return last.answer as R;
      const parts = entries.get(key);
      if (!parts || facilityIds.some((id) => parts.get(id)?.revision !== (revisions.get(id) ?? 0))) {
        const promise = refresh(key, facilityIds, revisions, compute).finally(() => inFlight.delete(key));
        inFlight.set(key, promise);
        await promise;
      }
      const facilities = facilityIds.join();
      const known = answers.get(key);
      if (known && known.facilities === facilities) {
        answers.set(key, { ...known, revisions, facilityIds });
        return known.answer as R;
      }
      const counted = entries.get(key)!;
      const answer = combine(facilityIds.map((id) => counted.get(id)?.value ?? empty));
      answers.set(key, { facilities, answer, revisions, facilityIds });
      return answer;
    },
  };
}
