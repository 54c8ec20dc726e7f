import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lastLocation, TestProviders } from './testing';
import { useTableUrlState } from './use-table-url-state';

const wrapperAt =
  (url: string) =>
  ({ children }: { children: ReactNode }) => <TestProviders url={url}>{children}</TestProviders>;

/** A list query type as `z.input` of a shared schema gives it. */
type Q = { sort?: string; role?: string; active?: string; from?: string; to?: string; userId?: string };

describe('useTableUrlState', () => {
  it('reads page, size, sort, search and filters from the URL, with defaults', () => {
    const { result } = renderHook(() => useTableUrlState<Q>({ filters: ['role', 'active'] as const, defaultSort: 'name' }), {
      wrapper: wrapperAt('/users?page=3&pageSize=50&search=ann&role=FACILITY_USER&other=x'),
    });
    expect(result.current.query).toEqual({ page: 3, pageSize: 50, sort: 'name', search: 'ann', role: 'FACILITY_USER' });
    expect(result.current.isFiltered).toBe(true);
  });

  it('ignores nonsense in the URL', () => {
    const { result } = renderHook(() => useTableUrlState(), { wrapper: wrapperAt('/x?page=-2&pageSize=100000') });
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(20);
    expect(result.current.isFiltered).toBe(false);
  });

  it('writes changes to the URL and goes back to page 1 when the search, a filter or the sort changes', () => {
    const { result } = renderHook(() => useTableUrlState<Q>({ filters: ['role'] as const, defaultSort: 'name' }), {
      wrapper: wrapperAt('/users?page=4'),
    });
    act(() => result.current.setSearch('wind'));
    expect(lastLocation.search).toBe('?search=wind');
    act(() => result.current.setPage(3, 20));
    expect(result.current.page).toBe(3);
    act(() => result.current.setFilter('role', 'FACILITY_ADMIN'));
    expect(new URLSearchParams(lastLocation.search).get('page')).toBeNull();
    act(() => result.current.setSort('-email'));
    expect(result.current.query).toMatchObject({ sort: '-email', search: 'wind', role: 'FACILITY_ADMIN', page: 1 });
    act(() => result.current.setSort('name'));
    expect(new URLSearchParams(lastLocation.search).get('sort')).toBeNull();
  });

  it('changing the page size starts again at page 1', () => {
    const { result } = renderHook(() => useTableUrlState(), { wrapper: wrapperAt('/x?page=5') });
    act(() => result.current.setPage(5, 50));
    expect(result.current.page).toBe(1);
    expect(result.current.pageSize).toBe(50);
  });

  it('sets several filters in one navigation', () => {
    const { result } = renderHook(() => useTableUrlState<Q>({ filters: ['from', 'to'] as const }), { wrapper: wrapperAt('/audit') });
    act(() => result.current.setFilters({ from: '2026-01-01', to: '2026-01-31' }));
    expect(result.current.filters).toEqual({ from: '2026-01-01', to: '2026-01-31' });
  });

  it('clears search and filters but keeps pinned filters and the sort', () => {
    const { result } = renderHook(
      () => useTableUrlState<Q>({ filters: ['userId', 'role'] as const, pinned: ['userId'] as const }),
      { wrapper: wrapperAt('/uf?userId=u1&role=X&search=s&sort=-createdAt') },
    );
    expect(result.current.isFiltered).toBe(true);
    act(() => result.current.clear());
    expect(result.current.filters).toEqual({ userId: 'u1' });
    expect(result.current.search).toBe('');
    expect(result.current.sort).toBe('-createdAt');
    expect(result.current.isFiltered).toBe(false);
  });

  it('keeps two tables on one page apart with a prefix', () => {
    const { result } = renderHook(() => useTableUrlState({ prefix: 'u' }), { wrapper: wrapperAt('/f?page=2&u.page=3') });
    expect(result.current.page).toBe(3);
    act(() => result.current.setSearch('x'));
    expect(new URLSearchParams(lastLocation.search).get('u.search')).toBe('x');
    expect(new URLSearchParams(lastLocation.search).get('page')).toBe('2');
  });
});
