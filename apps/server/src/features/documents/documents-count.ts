import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countDocuments, findDocumentsRevision, type DocumentFilters } from './documents.repository';

/** How many filters keep their total (the oldest used is dropped beyond). */
const MAX_CACHED_FILTERS = 500;

/**
 * Totals of the document list, cached per filter while the documents revision has not moved (every
 * write to documents or their tags moves it, in its transaction; decision 027). The revision is read
 * before counting, so a write that lands during the count only makes the next request count again.
 */
export function createDocumentCounter(db: Kysely<Database>) {
  const totals = new Map<string, { revision: number; total: number }>();
  return async function cachedCount(filters: DocumentFilters): Promise<number> {
    const key = JSON.stringify(filters);
    const revision = await findDocumentsRevision(db);
    const hit = totals.get(key);
    if (hit && hit.revision === revision) return hit.total;
    const total = await countDocuments(db, filters);
    totals.delete(key);
    totals.set(key, { revision, total });
    if (totals.size > MAX_CACHED_FILTERS) totals.delete(totals.keys().next().value!);
    return total;
  };
}
