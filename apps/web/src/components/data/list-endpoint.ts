import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, type AnswerSchema } from '../../lib/api-client';
import { toQueryString } from './query-string';

/**
 * One GET list endpoint as every list's `api/` file uses it: the request and its hook, typed by its shared
 * schemas. The query is the `z.input` of `querySchema` (a parameter the server does not know does not compile;
 * the schema only types it, the server validates it), the page the output of `page`, its response schema.
 * The query key is `[resource, 'list', query]`, `resource` being `path` without its slash (`'program-areas'`),
 * so that invalidating `[resource]` refreshes every page.
 */
export function listEndpoint<QuerySchema extends z.ZodType<unknown, object>, Page>(
  path: `/${string}`,
  querySchema: QuerySchema,
  page: AnswerSchema<Page>,
) {
  type Query = z.input<QuerySchema>;
  const resource = path.slice(1);
  const list = (query: Query, signal?: AbortSignal): Promise<Page> =>
    apiRequest('GET', `${path}${toQueryString(query)}`, page, { signal });
  const options = (query: Query) =>
    queryOptions({
      queryKey: [resource, 'list', query],
      queryFn: ({ signal }) => list(query, signal),
      placeholderData: keepPreviousData,
    });
  /** The page of `query`; `enabled: false` waits (e.g. for a picked facility). */
  const useList = (query: Query, { enabled = true }: { enabled?: boolean } = {}) =>
    useQuery({ ...options(query), enabled });
  return { list, useList };
}

/** The query of a list endpoint: `z.input` of its shared query schema. */
export type QueryOf<Endpoint extends { list: (query: never) => unknown }> = Parameters<Endpoint['list']>[0];
/** The page a list endpoint answers: the output of its shared page schema. */
export type PageOf<Endpoint extends { list: (query: never) => unknown }> = Awaited<ReturnType<Endpoint['list']>>;

/** A select option of a picker: the record's id and how it is named. */
export interface PickerOption {
  value: string;
  label: string;
}

/**
 * The search of a picker over a list (facility, user, requirement): the first 50 records matching the
 * typed text, in `sort` order, each named by `label`.
 */
export function pickerSearch<Query extends { search?: unknown; pageSize?: unknown; sort?: unknown }, Item extends { _id: string }>(
  list: (query: Query) => Promise<{ data: Item[] }>,
  sort: Query['sort'],
  label: (item: Item) => string,
): (search: string) => Promise<PickerOption[]> {
  return async (search) => {
    const page = await list({ search: search || undefined, pageSize: 50, sort } as Query);
    return page.data.map((item) => ({ value: item._id, label: label(item) }));
  };
}

/**
 * One record's GET endpoint (`<path>/:id`, answered as `{data}` by the shared response schema `answer`) as its
 * `api/` file uses it: the query options (key `[key, view, id]`, so that invalidating `[key]` refreshes it with
 * the lists) and the hook, which waits while `id` is undefined.
 */
export function recordEndpoint<Item>(
  path: string,
  key: string,
  answer: AnswerSchema<{ data: Item }>,
  view = 'detail',
) {
  const get = (id: string, signal?: AbortSignal): Promise<{ data: Item }> =>
    apiRequest('GET', `${path}/${encodeURIComponent(id)}`, answer, { signal });
  const options = (id: string) => queryOptions({ queryKey: [key, view, id], queryFn: ({ signal }) => get(id, signal) });
  const useRecord = (id: string | undefined) => useQuery({ ...options(id ?? ''), enabled: Boolean(id) });
  return { options, useRecord };
}

/**
 * A record's PATCH (`<path>/:id` with `body`), answered as the shared response schema `answer` says: the update
 * as its `api/` file gives it to its mutation hook.
 */
export function recordUpdate<Body, Answer>(path: string, answer: AnswerSchema<Answer>) {
  return ({ id, body }: { id: string; body: Body }): Promise<Answer> =>
    apiRequest('PATCH', `${path}/${encodeURIComponent(id)}`, answer, { body });
}

/**
 * A resource whose GET answers `{data}` under `key` (the caller's settings, a status; the shared response
 * schema `answer`): the hook of its `data`, and the mutation of a change (`method` on `path`, with the body it
 * is given) answered by the same schema, whose `data` replaces the cached one.
 */
export function dataResource<Data>(key: QueryKey, path: string, answer: AnswerSchema<{ data: Data }>) {
  const useData = () =>
    useQuery({
      queryKey: key,
      queryFn: ({ signal }) => apiRequest('GET', path, answer, { signal }).then((body) => body.data),
    });
  const useChange = <Body>(method: 'PUT' | 'DELETE') => {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: (body: Body) => apiRequest(method, path, answer, { body }).then((saved) => saved.data),
      onSuccess: (data) => queryClient.setQueryData(key, data),
    });
  };
  return { useData, useChange };
}
