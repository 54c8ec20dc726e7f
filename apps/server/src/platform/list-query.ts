import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import type { PageMeta } from '@rtms/shared/schemas/common';
import { countRows } from '../db/count-rows';
import type { Db } from '../db/schema';
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

/** What every list query asks for: a page of a size. */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** LIMIT/OFFSET of a page. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(query: PageQuery): PageWindow {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** What a list repository is asked for: which rows (its feature's filters), in which order, which page of them. */
export interface ListRequest<F, S extends string> {
  filters: F;
  sort: SortSpec<S>;
  window: PageWindow;
}

/**
 * A list query's request to a repository: the service's filters, the asked sort (else `fallback`), the page.
 * A list query's filter fields carry the names of its repository's filters, so a service passes the query
 * itself (with what it adds, such as the caller's facility scope); the repository reads only its filters.
 */
export function listRequest<F, S extends string>(
  query: PageQuery & { sort?: S },
  filters: F,
  fallback: NoInfer<S>,
): ListRequest<F, SortField<S>> {
  return { filters, sort: parseSort(query.sort, fallback), window: pageWindow(query) };
}

/** The rows of one page and how many rows the filter matches in all. */
export interface CountedRows<R> {
  total: number;
  rows: R[];
}

/**
 * A list repository's answer: its filtered query counted and, side by side, paged by `page` (which selects,
 * orders and windows it). Kysely's builders are immutable, so both start from the same filter.
 */
export async function countedRows<DB, TB extends keyof DB, O, R>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  page: (query: SelectQueryBuilder<DB, TB, O>) => Promise<R[]>,
): Promise<CountedRows<R>> {
  const [total, rows] = await Promise.all([countRows(filtered), page(filtered)]);
  return { total, rows };
}

/** A list endpoint's `{data, meta}` answer from a repository's counted rows. */
export function pageOf<R, T>(query: PageQuery, { total, rows }: CountedRows<R>, toItem: (row: R) => T): Page<T> {
  return { data: rows.map(toItem), meta: { total, page: query.page, pageSize: query.pageSize } };
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

/** `query` narrowed to the rows whose `column` matches every word of `search`; unchanged without a search. */
export function whereSearchMatches<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  search: string | undefined,
): SelectQueryBuilder<DB, TB, O> {
  const condition = searchMatches(column, search);
  return condition ? query.where(condition) : query;
}

/**
 * `query` narrowed by a list's equality filters: `column = value` for every value given, in the order written.
 * A filter left empty (undefined, '') narrows nothing, as a list query's optional field should.
 */
export function whereEqual<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filters: Partial<Record<StringReference<DB, TB>, string | undefined>>,
): SelectQueryBuilder<DB, TB, O> {
  let narrowed = query;
  for (const [column, value] of Object.entries(filters) as [StringReference<DB, TB>, string | undefined][]) {
    // The value's type is the column's (the filters' types say so); the generic builder cannot see it.
    if (value) narrowed = narrowed.where(column, '=', value as never);
  }
  return narrowed;
}

/** A text column compared without regard to case: `lower(column)`, alike on both databases. */
export function lowerCase(column: string): RawBuilder<unknown> {
  return sql`lower(${sql.ref(column)})`;
}

/**
 * The ORDER BY expression of a list's sort field: the expression `differing` gives that field (a folded search
 * text, a lower-cased text, a joined column), else the column of the field's name, in `table` when given.
 */
export function sortExpression<F extends string>(
  field: F,
  differing: Partial<Record<F, RawBuilder<unknown>>>,
  table?: string,
): RawBuilder<unknown> {
  return differing[field] ?? sql.ref(table ? `${table}.${field}` : field);
}

/** Sorts empty values after the others in either direction, on both databases (they disagree by default). */
export function emptyLast(order: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`case when ${order} is null then 1 else 0 end`;
}

/** How a searchable list orders its rows by the asked field; any field not named here sorts by its own column. */
export interface SearchableSorts<S extends string> {
  /** The field that sorts by the stored search text (it starts with the folded name or title, see search-text.ts). */
  bySearchText: S;
  /** Text fields that sort by lower case, so that "npdes" and "NERC" interleave as a reader expects. */
  byLowerCase?: readonly S[];
  /** The column that orders rows alike in the sorted field, before their id; the search text unless named. */
  tieBreak?: string;
}

/**
 * A searchable list's repository function (facilities, regulations, program areas, users): the rows `filtered`
 * by a request's filters, counted, and one page of them, every column, sorted as `sorts` says (empty values last),
 * their ties by `tieBreak` and then the id, so that every row has one place and pages neither repeat nor skip a row.
 * Accents and case sort alike on both databases.
 */
export function searchableList<F, S extends string, DB, TB extends keyof DB, O>(
  filtered: (db: Db, filters: F) => SelectQueryBuilder<DB, TB, O>,
  { bySearchText, byLowerCase = [], tieBreak = 'searchText' }: SearchableSorts<S>,
) {
  const orderOf = (field: S): RawBuilder<unknown> => {
    if (field === bySearchText) return sql.ref('searchText');
    return byLowerCase.includes(field) ? lowerCase(field) : sql.ref(field);
  };
  return (db: Db, { filters, sort, window }: ListRequest<F, S>) => {
    const order = orderOf(sort.field);
    return countedRows(filtered(db, filters), (query) =>
      query
        .selectAll()
        .orderBy(emptyLast(order))
        .orderBy(order, sort.direction)
        .orderBy(sql.ref(tieBreak))
        .orderBy(sql.ref('id'))
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    );
  };
}

/** A condition that is always false: `where id in ()` is not valid SQL, so an empty scope uses this. */
export const nothing: RawBuilder<SqlBool> = sql<SqlBool>`1 = 0`;

/**
 * The facility scope of a list: `column` is one of `ids`. An empty scope matches nothing (`in ()` is not SQL);
 * the caller applies it only when there is a scope (undefined ids = every facility).
 */
export function inScope(column: string, ids: readonly string[]): RawBuilder<SqlBool> {
  return ids.length ? sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids)})` : nothing;
}
