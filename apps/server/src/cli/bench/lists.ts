import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { LoadOptions, LoadResult } from './load';
import { BENCH_AUDIT_EVENTS, BENCH_DOCUMENTS, seedAuditEvents, seedDocuments } from './lists-seed';

/**
 * The list screens other than the Tasks Tracker: requirements sorted by title with
 * their facility counts, facilities, 50,000 documents and 500,000 audit events, each a first page, a
 * deep page and, for the audit trail, a facility's events.
 */
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

export async function measureLists(
  measure: Measure,
  base: string,
  headers: Record<string, string>,
  facilityId: string,
): Promise<LoadResult[]> {
  const lists: [string, string][] = [
    ['GET /api/requirements (by title)', '/api/requirements'],
    ['GET /api/requirements?page=40', '/api/requirements?page=40'],
    ['GET /api/requirements -title', '/api/requirements?sort=-title&page=20'],
    ['GET /api/facilities', '/api/facilities'],
    ['GET /api/documents', '/api/documents'],
    ['GET /api/documents?page=2000', '/api/documents?page=2000'],
    ['GET /api/audit', '/api/audit'],
    ['GET /api/audit?page=20000', '/api/audit?page=20000'],
    ['GET /api/audit a facility', `/api/audit?facilityId=${facilityId}`],
  ];
  const results: LoadResult[] = [];
  for (const [name, path] of lists) results.push(await measure({ name, url: `${base}${path}`, headers }));
  return results;
}
