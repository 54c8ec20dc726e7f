import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PageMeta } from '@rtms/shared/schemas/common';
import { likePattern } from './search-text';

/**
 * Shared pieces of every paginated list: sort parsing, search over a stored `search_text` column,
 * and the `{data, meta}` page. The allowed sort values are enumerated by each list's query schema.
 */

/** One page of a list, as every list endpoint answers it. */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export interface SortSpec<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** The field of a sort value: `-name` → `name`. */
export type SortField<S extends string> = S extends `-${infer F}` ? F : S;

/** `name` → ascending by name, `-name` → descending; `fallback` when no sort was asked for. */
export function parseSort<S extends string>(sort: S | undefined, fallback: NoInfer<S>): SortSpec<SortField<S>> {
  const value: string = sort ?? fallback;
  return value.startsWith('-')
    ? { field: value.slice(1) as SortField<S>, direction: 'desc' }
    : { field: value as SortField<S>, direction: 'asc' };
}

/** LIMIT/OFFSET of a page. */
export function pageWindow(query: { page: number; pageSize: number }): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * Case- and accent-insensitive search over a stored, folded `search_text` column (see search-text.ts):
 * every whitespace-separated word must occur. Undefined for an empty search.
 * `column` is a Kysely reference such as `facilities.searchText`.
 */
export function searchMatches(column: string, search: string | undefined): RawBuilder<SqlBool> | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const conditions = words.map((word) => sql<SqlBool>`${sql.ref(column)} like ${likePattern(word)} escape '\\'`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** A condition that is always false: `where id in ()` is not valid SQL, so an empty scope uses this. */
export const nothing: RawBuilder<SqlBool> = sql<SqlBool>`1 = 0`;
