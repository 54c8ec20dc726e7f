import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FacilityDetail } from '@rtms/shared/schemas/facilities';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/facilities/:id: the facility with its program areas and users. */
export function getFacility(id: string, signal?: AbortSignal): Promise<{ data: FacilityDetail }> {
  return apiRequest('GET', `/facilities/${encodeURIComponent(id)}`, { signal });
}

export const facilityQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['facilities', 'detail', id], queryFn: ({ signal }) => getFacility(id, signal) });

export function useFacility(id: string) {
  return useQuery(facilityQueryOptions(id));
}
