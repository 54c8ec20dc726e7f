import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createKept } from '../../platform/kept';
import { countAuditEvents, type AuditFilters } from './audit.repository';

/**
 * Exact totals of the audit list without a scan per request (decision 027). The trail is
 * append-only and every event takes the next `seq`, so a total counted up to seq S stays true for
 * events up to S forever: a later request counts only the events after S (an index range on `seq`)
 * and adds them. Each filter is counted in full once per process (while it stays in the process's one
 * store, platform/kept.ts, stamped with the last seq); afterwards the cost follows the number of new
 * events, not the size of the trail.
 */
export function createAuditCounter(db: Kysely<Database>) {
  const totals = createKept<{ seq: number; total: number }>(() => 32);
  return async function countUpTo(filters: AuditFilters, lastSeq: number): Promise<number> {
    const counted = await totals.get(JSON.stringify(filters), lastSeq, async (previous) => {
      if (!previous) return { seq: lastSeq, total: await countAuditEvents(db, { ...filters, seqAtMost: lastSeq }) };
      // From the previous total: the events after it, or (a request that read an older last seq than a
      // concurrent one) without the events after this one's.
      const [from, to] = previous.seq < lastSeq ? [previous.seq, lastSeq] : [lastSeq, previous.seq];
      const between = from === to ? 0 : await countAuditEvents(db, { ...filters, seqAfter: from, seqAtMost: to });
      return { seq: lastSeq, total: previous.seq < lastSeq ? previous.total + between : previous.total - between };
    });
    return counted.total;
  };
}
