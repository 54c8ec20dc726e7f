import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages } from './fetch-all';

/** A fake list endpoint over `total` numbered rows. */
function endpoint(total: number) {
  return vi.fn(async (page: number, pageSize: number) => {
    const start = (page - 1) * pageSize;
    const data = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, index) => start + index);
    return { data, meta: { total, page, pageSize } };
  });
}

describe('fetchAllPages', () => {
  it('collects every row in order, page by page', async () => {
    const fetchPage = endpoint(1050);
    const progress: number[] = [];
    const result = await fetchAllPages(fetchPage, { pageSize: 200, onProgress: (loaded) => progress.push(loaded) });
    expect(result.rows).toHaveLength(1050);
    expect(result.rows.slice(0, 3)).toEqual([0, 1, 2]);
    expect(result.rows.at(-1)).toBe(1049);
    expect(result.truncated).toBe(false);
    expect(fetchPage).toHaveBeenCalledTimes(6);
    expect(progress.at(-1)).toBe(1050);
  });

  it('stops at the cap and says the export was cut short', async () => {
    const fetchPage = endpoint(5000);
    const result = await fetchAllPages(fetchPage, { pageSize: 200, cap: 1000 });
    expect(result.rows).toHaveLength(1000);
    expect(result.total).toBe(5000);
    expect(result.truncated).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(5);
  });

  it('makes one call for an empty list', async () => {
    const fetchPage = endpoint(0);
    await expect(fetchAllPages(fetchPage)).resolves.toEqual({ rows: [], total: 0, truncated: false });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('never has more than `concurrency` requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const inner = endpoint(2000);
    const fetchPage = async (page: number, pageSize: number) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return inner(page, pageSize);
    };
    const result = await fetchAllPages(fetchPage, { pageSize: 100, concurrency: 3 });
    expect(result.rows).toHaveLength(2000);
    expect(peak).toBeLessThanOrEqual(3);
  });

  it('fails when a page fails', async () => {
    const fetchPage = vi.fn(async (page: number) => {
      if (page === 2) throw new Error('boom');
      return { data: [1], meta: { total: 3, page, pageSize: 1 } };
    });
    await expect(fetchAllPages(fetchPage, { pageSize: 1 })).rejects.toThrow('boom');
  });
});
