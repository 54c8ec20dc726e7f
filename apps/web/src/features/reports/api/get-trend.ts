import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { trendResponseSchema, type ReportQueryInput } from '@rtms/shared/schemas/reports';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/reports/trend: each month of the period per group, in the caller's scope. */
export const trendQueryOptions = (query: ReportQueryInput) =>
  queryOptions({
    queryKey: ['tasks', 'reports', 'trend', query],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/reports/trend${toQueryString(query)}`, trendResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export function useTrend(query: ReportQueryInput) {
  return useQuery(trendQueryOptions(query));
}
