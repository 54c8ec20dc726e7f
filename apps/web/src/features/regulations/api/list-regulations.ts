import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { regulationPageSchema, regulationListQuerySchema } from '@rtms/shared/schemas/regulations';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type RegulationsPage = z.infer<typeof regulationPageSchema>;
/** GET /api/regulations query, typed by its shared schema: a parameter the server does not know does not compile. */
export type RegulationsQuery = z.input<typeof regulationListQuerySchema>;

/** GET /api/regulations */
export function listRegulations(query: RegulationsQuery, signal?: AbortSignal): Promise<RegulationsPage> {
  return apiRequest('GET', `/regulations${toQueryString(query)}`, { signal });
}

export const regulationsQueryOptions = (query: RegulationsQuery) =>
  queryOptions({
    queryKey: ['regulations', 'list', query],
    queryFn: ({ signal }) => listRegulations(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRegulations(query: RegulationsQuery) {
  return useQuery(regulationsQueryOptions(query));
}
