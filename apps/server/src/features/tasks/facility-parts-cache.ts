import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createKept } from '../../platform/kept';
import { findTaskFacilityRevisions, findTasksRevision } from './tasks.repository';

/**
 * Cached figures kept per facility (decision 026). Every figure of the list totals, the dashboard and the
 * calendar is a sum over facilities, and a write changes one facility's tasks: its revision moves (by
 * triggers, migration 0090), so only that facility's part is recounted — a few thousand rows on an
 * index instead of the whole table after any write, which blocked SQLite's event loop for 0.4 s and
 * made every concurrent PostgreSQL request recount at once. Kept in the process's one store
 * (platform/kept.ts), stamped with the global tasks revision (decision 039).
 */

/** Each facility's tasks revision, and the global tasks revision the map was read at (or after). */
export interface FacilityRevisions {
  global: number;
  revisions: Map<string, number>;
}

/** Each facility's tasks revision, reread only when the global tasks revision has moved. */
export function createFacilityRevisions(db: Kysely<Database>): (global?: number) => Promise<FacilityRevisions> {
  const kept = createKept<FacilityRevisions>(({ revisions }) => 64 + revisions.size * 96);
  return async (given) => {
    const global = given ?? (await findTasksRevision(db));
    // The map is read after `global`: it is at least as new as the revision it is kept under.
    return kept.get('facility revisions', global, async () => ({
      global,
      revisions: await findTaskFacilityRevisions(db),
    }));
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

/** A key's parts, each with the facility revision it was counted at, and the last sum made of them. */
interface Parts<T> {
  parts: Map<string, { revision: number; value: T }>;
  last?: { facilityIds: readonly string[]; facilities: string; answer: unknown };
}

/**
 * Per key (a filter set and its days), each facility's part and the revision it was counted at. `get`
 * recounts the parts whose facility moved since the key's previous stamp (all of them the first time:
 * `compute(null)`), one recount per key and stamp — concurrent requests wait for it instead of recounting
 * too — and answers the parts of `facilityIds` (a facility without a counted part has nothing: `empty`).
 * `partBytes` sizes a part for the store's budget.
 */
export function createFacilityPartsCache<T>(empty: T, partBytes: (part: T) => number) {
  const kept = createKept<Parts<T>>(({ parts }) => {
    let bytes = 64;
    // Twice the parts: the sum kept beside them (`last`) is of their order.
    for (const { value } of parts.values()) bytes += 2 * (96 + partBytes(value));
    return bytes;
  });

  return {
    /** The answer `combine` makes of the parts of `facilityIds`, recounting the parts that moved first. */
    async get<R>(
      key: string,
      facilityIds: readonly string[],
      { global, revisions }: FacilityRevisions,
      compute: (stale: string[] | null) => Promise<Map<string, T>>,
      combine: (parts: T[]) => R,
    ): Promise<R> {
      const counted = await kept.get(key, global, async (previous) => {
        const stale = previous
          ? facilityIds.filter((id) => previous.parts.get(id)?.revision !== (revisions.get(id) ?? 0))
          : null;
        if (previous && stale?.length === 0) return { parts: previous.parts, last: previous.last };
        const values = await compute(stale);
        // A copy: the previous stamp's parts may still be read by a request that holds them.
        const parts = new Map(previous?.parts);
        for (const id of stale ?? facilityIds) {
          parts.set(id, { revision: revisions.get(id) ?? 0, value: values.get(id) ?? empty });
        }
        return { parts };
      });
      // The same facilities as the last answer of these parts: nothing to sum again.
      const last = counted.last;
      if (last?.facilityIds === facilityIds) return last.answer as R;
      const facilities = facilityIds.join();
      if (last?.facilities === facilities) {
        counted.last = { ...last, facilityIds };
        return last.answer as R;
      }
      const answer = combine(facilityIds.map((id) => counted.parts.get(id)?.value ?? empty));
      counted.last = { facilityIds, facilities, answer };
      return answer;
    },
  };
}
