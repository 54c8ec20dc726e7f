import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countAuditEvents, type AuditFilters } from './audit.repository';

/** How many filters keep their count (the oldest used is dropped beyond). */
const MAX_CACHED_FILTERS = 500;

/**
 * Exact totals of the audit list without a scan per request (issue 15 item 3, decision 027). The trail is
 * append-only and every event takes the next `seq`, so a total counted up to seq S stays true for
 * events up to S forever: a later request counts only the events after S (an index range on `seq`)
 * and adds them. Each filter is counted in full once per process; afterwards the cost follows the
 * number of new events, not the size of the trail.
 */
export function createAuditCounter(db: Kysely<Database>) {
  const totals = new Map<string, { seq: number; total: number }>();
  /** The full count of a filter under way: concurrent first requests wait for it instead of each scanning. */
  const firstCounts = new Map<string, Promise<number>>();

  return async function countUpTo(filters: AuditFilters, lastSeq: number): Promise<number> {
    const key = JSON.stringify(filters);
    if (!totals.has(key)) {
      const running = firstCounts.get(key);
      if (running) await running.catch(() => undefined);
      else {
        const first = countFrom(key, filters, lastSeq);
        firstCounts.set(key, first);
        return first.finally(() => firstCounts.delete(key));
      }
    }
    return countFrom(key, filters, lastSeq);
  };

  async function countFrom(key: string, filters: AuditFilters, lastSeq: number): Promise<number> {
    const hit = totals.get(key);
    if (hit && hit.seq === lastSeq) return hit.total;
    // A request that read an older last seq than the cached one (a concurrent write) counts on its own.
    const total =
      hit && hit.seq < lastSeq
        ? hit.total + (await countAuditEvents(db, { ...filters, seqAfter: hit.seq, seqAtMost: lastSeq }))
        : await countAuditEvents(db, { ...filters, seqAtMost: lastSeq });
    if (hit && hit.seq > lastSeq) return total;
    totals.delete(key);
    totals.set(key, { seq: lastSeq, total });
    if (totals.size > MAX_CACHED_FILTERS) totals.delete(totals.keys().next().value!);
    return total;
  }
}
