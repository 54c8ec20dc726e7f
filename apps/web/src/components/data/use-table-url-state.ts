import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@rtms/shared/constants';

export interface TableUrlStateOptions<F extends string, S extends string = string> {
  /** Names of the filters this table keeps in the URL (e.g. `['role', 'active']`). */
  filters?: readonly F[];
  /**
   * Filters that choose what the table is about rather than narrow it (the user picked on User
   * Facilities): not counted by `isFiltered`, not cleared by `clear()`.
   */
  pinned?: readonly F[];
  /** Prefix of every URL parameter, for a second table on the same page (e.g. `u` → `u.page`). */
  prefix?: string;
  /** Sort when the URL has none (e.g. `name` or `-at`); the server's own default when undefined. */
  defaultSort?: S;
  defaultPageSize?: number;
}

/** The query every list endpoint takes: page, pageSize, sort, search and this table's filters. */
export type ListQuery<F extends string> = {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
} & Partial<Record<F, string>>;

/** The filters of a list's query type: its parameters besides page, pageSize, sort and search. */
export type FilterOf<Q> = Exclude<keyof Q & string, 'page' | 'pageSize' | 'sort' | 'search'>;
/** The sort values a list's query type allows. */
export type SortOf<Q> = Q extends { sort?: infer S } ? Extract<S, string> : string;

export interface TableUrlState<F extends string, Q = ListQuery<F>> {
  page: number;
  pageSize: number;
  /** `name` ascending, `-name` descending, undefined for the server's default. */
  sort: string | undefined;
  search: string;
  filters: Partial<Record<F, string>>;
  /** Whether a search or any filter narrows the list (the empty state then offers to clear them). */
  isFiltered: boolean;
  /** The API query of the current page. */
  query: Q;
  setPage(page: number, pageSize?: number): void;
  setSort(sort: string | undefined): void;
  /** Replaces the search (not a new history entry: typing should not fill the back button). */
  setSearch(search: string): void;
  setFilter(name: F, value: string | undefined): void;
  /** Sets several filters in one navigation (e.g. both ends of a date range). */
  setFilters(changes: Partial<Record<F, string | undefined>>): void;
  /** Clears search and filters (keeps the sort). */
  clear(): void;
}

function positiveInt(value: string | null, fallback: number, max: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

/** The URL parameter of `name` in a table with `prefix`. */
function keyOf(prefix: string, name: string): string {
  return prefix ? `${prefix}.${name}` : name;
}

/**
 * A server-driven table's state (page, page size, sort, search, filters), kept in the URL query
 * string so that reload, back and shared links keep it. Changing search, a filter or the sort goes
 * back to page 1.
 *
 * `Q` is the list's query type, `z.input` of its shared schema (e.g. `FacilitiesQuery`): the filter names
 * and the default sort must be among its parameters, so the page cannot send one the server does not know
 * (the server answers an unknown parameter with a 400).
 */
export function useTableUrlState<Q extends object = ListQuery<never>>(
  options: TableUrlStateOptions<FilterOf<NoInfer<Q>>, SortOf<NoInfer<Q>>> = {},
): TableUrlState<FilterOf<Q>, Q> {
  type F = FilterOf<Q>;
  const [params, setParams] = useSearchParams();
  const { prefix = '', defaultSort, defaultPageSize = DEFAULT_PAGE_SIZE } = options;
  // Plain strings from here on, so that memoization depends on values, not on array identities.
  const allNames = (options.filters ?? []).join(',');
  const pinnedNames = (options.pinned ?? []).join(',');

  const page = positiveInt(params.get(keyOf(prefix, 'page')), 1, 1_000_000);
  const pageSize = positiveInt(params.get(keyOf(prefix, 'pageSize')), defaultPageSize, MAX_PAGE_SIZE);
  const sort = params.get(keyOf(prefix, 'sort')) || defaultSort;
  const search = params.get(keyOf(prefix, 'search')) ?? '';
  const filterText = new URLSearchParams(
    allNames
      .split(',')
      .filter(Boolean)
      .flatMap((name) => {
        const value = params.get(keyOf(prefix, name));
        return value ? [[name, value]] : [];
      }),
  ).toString();

  const filters = useMemo(
    () => Object.fromEntries(new URLSearchParams(filterText)) as Partial<Record<F, string>>,
    [filterText],
  );
  const narrowing = useMemo(() => {
    const pinned = pinnedNames.split(',');
    return allNames.split(',').filter((name) => name && !pinned.includes(name));
  }, [allNames, pinnedNames]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, { resetPage = true, replace = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(keyOf(prefix, name));
            else next.set(keyOf(prefix, name), String(value));
          }
          if (resetPage && !('page' in changes)) next.delete(keyOf(prefix, 'page'));
          return next;
        },
        { replace },
      );
    },
    [prefix, setParams],
  );

  const query = useMemo(() => {
    const result: Record<string, string | number> = { page, pageSize };
    if (sort) result.sort = sort;
    if (search.trim()) result.search = search.trim();
    for (const [name, value] of new URLSearchParams(filterText)) result[name] = value;
    // The address's text is sent as it is: the names are the schema's (above), the server judges the values.
    return result as Q;
  }, [page, pageSize, sort, search, filterText]);

  const setPage = useCallback(
    (nextPage: number, nextPageSize?: number) => {
      const sizeChanged = nextPageSize !== undefined && nextPageSize !== pageSize;
      const size = nextPageSize ?? pageSize;
      update(
        { page: sizeChanged || nextPage <= 1 ? undefined : nextPage, pageSize: size === defaultPageSize ? undefined : size },
        { resetPage: false },
      );
    },
    [defaultPageSize, pageSize, update],
  );
  const setSort = useCallback(
    (nextSort: string | undefined) => update({ sort: nextSort && nextSort !== defaultSort ? nextSort : undefined }),
    [defaultSort, update],
  );
  const setSearch = useCallback((nextSearch: string) => update({ search: nextSearch }, { replace: true }), [update]);
  const setFilter = useCallback((name: F, value: string | undefined) => update({ [name]: value }), [update]);
  const setFilters = useCallback(
    (changes: Partial<Record<F, string | undefined>>) => update(changes as Record<string, string | undefined>),
    [update],
  );
  const clear = useCallback(
    () => update(Object.fromEntries([['search', undefined], ...narrowing.map((name) => [name, undefined])])),
    [narrowing, update],
  );

  return {
    page,
    pageSize,
    sort,
    search,
    filters,
    isFiltered: search.trim() !== '' || narrowing.some((name) => Boolean(filters[name as F])),
    query,
    setPage,
    setSort,
    setSearch,
    setFilter,
    setFilters,
    clear,
  };
}
