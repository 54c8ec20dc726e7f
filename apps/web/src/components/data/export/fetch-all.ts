import { MAX_PAGE_SIZE } from '@rtms/shared/constants';
import type { PageMeta } from '@rtms/shared/schemas/common';

/** The most rows one export collects (a spreadsheet is not the tool beyond that). */
export const EXPORT_ROW_CAP = 50_000;

export type FetchPage<T> = (page: number, pageSize: number, signal?: AbortSignal) => Promise<{ data: T[]; meta: PageMeta }>;

export interface FetchAllResult<T> {
  rows: T[];
  /** Rows the filter matches on the server (may exceed `rows.length` when capped). */
  total: number;
  /** Whether the cap cut the export short. */
  truncated: boolean;
}

/**
 * Every row of the current filter, page by page at the largest page size, up to `cap` rows.
 * After the first page (which tells the total) up to `concurrency` pages are fetched at a time.
 */
export async function fetchAllPages<T>(
  fetchPage: FetchPage<T>,
  {
    cap = EXPORT_ROW_CAP,
    pageSize = MAX_PAGE_SIZE,
    concurrency = 3,
    signal,
    onProgress,
  }: {
    cap?: number;
    pageSize?: number;
    concurrency?: number;
    signal?: AbortSignal;
    onProgress?: (loaded: number, total: number) => void;
  } = {},
): Promise<FetchAllResult<T>> {
  const first = await fetchPage(1, pageSize, signal);
  const total = first.meta.total;
  const wanted = Math.min(total, cap);
  const pageCount = Math.ceil(wanted / pageSize);
  const pages: T[][] = [first.data];
  let loaded = first.data.length;
  onProgress?.(Math.min(loaded, wanted), wanted);

  let next = 2;
  const worker = async () => {
    while (next <= pageCount) {
      const page = next++;
      const { data } = await fetchPage(page, pageSize, signal);
      pages[page - 1] = data;
      loaded += data.length;
      onProgress?.(Math.min(loaded, wanted), wanted);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(pageCount - 1, 0)) }, worker));
  const rows = pages.flat().slice(0, cap);
  return { rows, total, truncated: total > cap };
}
