import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoadOptions, LoadResult } from './load';
import { listEndpoints } from './endpoints';
import { BENCH_AUDIT_EVENTS, BENCH_DOCUMENTS, seedAuditEvents, seedDocuments } from './lists-seed';

/** The data of the list screens other than the Tasks Tracker: 50,000 documents and 500,000 audit events. */
export async function seedLists(
  db: Kysely<Database>,
  admin: { id: string; email: string },
): Promise<{ documents: number; auditEvents: number }> {
  const facilities = await db
    .selectFrom('facilities')
    .select('id')
    .where('code', 'like', 'BENCH-%')
    .orderBy('code')
    .execute();
  const ids = facilities.map((facility) => facility.id);
  return { documents: await seedDocuments(db, ids), auditEvents: await seedAuditEvents(db, ids, admin) };
}

export const LIST_SEED_SIZES = `${BENCH_DOCUMENTS} documents, ${BENCH_AUDIT_EVENTS} audit events`;

type Measure = (options: Omit<LoadOptions, 'connections' | 'durationSeconds'>) => Promise<LoadResult>;

/** Measures each of the other lists (bench/endpoints.ts) in turn. */
export async function measureLists(
  measure: Measure,
  base: string,
  headers: Record<string, string>,
  facilityId: string,
): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (const { name, path } of listEndpoints(facilityId)) {
    results.push(await measure({ name, url: `${base}${path}`, headers }));
  }
  return results;
}
