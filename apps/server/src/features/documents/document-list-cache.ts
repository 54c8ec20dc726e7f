import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createKept, valueBytes } from '../../platform/kept';
import type { SortSpec } from '../../platform/list-query';
import {
  countDocuments,
  findDocumentPageBoundaries,
  findDocumentsRevision,
  seeksFromBoundaries,
  type DocumentFilters,
  type DocumentPageWindow,
  type DocumentSortField,
} from './documents.repository';

/** Deep pages seek from every BOUNDARY_EVERY-th row (kept per filter and order). */
const BOUNDARY_EVERY = 500;

/**
 * What the document list keeps between requests while the documents revision has not moved (every write
 * to documents or their tags moves it, in its transaction; decisions 027 and 029): each filter's total,
 * and each filter's and order's page boundaries. The revision is read once per request, before any
 * counting, so a write that lands during a count only makes the next request count again. Both are kept
 * in the process's one store (platform/kept.ts), stamped with the revision.
 */
export function createDocumentListCache(db: Kysely<Database>) {
  const totals = createKept<number>(() => 16);
  const boundaries = createKept<string[][]>(valueBytes);
  return {
    revision: () => findDocumentsRevision(db),

    total: (filters: DocumentFilters, revision: number) =>
      totals.get(JSON.stringify(filters), revision, () => countDocuments(db, filters)),

    /**
     * The window of a page: deep in a list sorted by creation date, from the nearest boundary before it,
     * so that page 2,000 skips at most BOUNDARY_EVERY index entries instead of 40,000 (decision 029).
     */
    async window(
      filters: DocumentFilters,
      sort: SortSpec<DocumentSortField>,
      window: { limit: number; offset: number },
      revision: number,
    ): Promise<DocumentPageWindow> {
      if (window.offset < 2 * BOUNDARY_EVERY || !seeksFromBoundaries(sort)) return window;
      const rows = await boundaries.get(JSON.stringify([filters, sort]), revision, () =>
        findDocumentPageBoundaries(db, filters, sort, BOUNDARY_EVERY),
      );
      const index = Math.min(Math.floor(window.offset / BOUNDARY_EVERY), rows.length) - 1;
      const after = index >= 0 ? rows[index] : undefined;
      return after ? { limit: window.limit, offset: window.offset - (index + 1) * BOUNDARY_EVERY, after } : window;
    },
  };
}
