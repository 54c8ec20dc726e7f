import { useQuery } from '@tanstack/react-query';
import { findingSummaryResponseSchema } from '@rtms/shared/schemas/findings';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

/** GET /api/findings/summary: the findings figures of my scope, or of one facility. */
export function useFindingSummary(facilityId?: string) {
  return useQuery({
    queryKey: ['findings', 'summary', facilityId ?? null],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/findings/summary${toQueryString({ facilityId })}`, findingSummaryResponseSchema, { signal }),
    select: (answer) => answer.data,
  });
}
