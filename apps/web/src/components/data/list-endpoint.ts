import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { toQueryString } from './query-string';

/**
 * One GET list endpoint as every list's `api/` file uses it: the request, its query options (key
 * `[key, 'list', query]`, so that invalidating `[key]` refreshes every page) and the hook. `Query` is the
 * list's `z.input` of its shared query schema, `Page` what its response schema says.
 */
export function listEndpoint<Query extends object, Page>(path: string, key: string) {
  const list = (query: Query, signal?: AbortSignal): Promise<Page> =>
    apiRequest('GET', `${path}${toQueryString(query)}`, { signal });
  const options = (query: Query) =>
    queryOptions({
      queryKey: [key, 'list', query],
      queryFn: ({ signal }) => list(query, signal),
      placeholderData: keepPreviousData,
    });
  /** The page of `query`; `enabled: false` waits (e.g. for a picked facility). */
  const useList = (query: Query, { enabled = true }: { enabled?: boolean } = {}) =>
    useQuery({ ...options(query), enabled });
  return { list, options, useList };
}
