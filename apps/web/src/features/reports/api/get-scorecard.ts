import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { scorecardResponseSchema, type ReportQueryInput } from '@rtms/shared/schemas/reports';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/reports/scorecard: the period's outcomes per group, in the caller's scope. */
export const scorecardQueryOptions = (query: ReportQueryInput) =>
  queryOptions({
    // Under ['tasks']: every task mutation refreshes the reports with the lists.
    queryKey: ['tasks', 'reports', 'scorecard', query],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/reports/scorecard${toQueryString(query)}`, scorecardResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export function useScorecard(query: ReportQueryInput) {
  return useQuery(scorecardQueryOptions(query));
}
