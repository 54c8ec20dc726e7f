import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { facilityPageSchema, facilityListQuerySchema } from '@rtms/shared/schemas/facilities';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type FacilityPage = z.infer<typeof facilityPageSchema>;
/** GET /api/facilities query, typed by its shared schema: a parameter the server does not know does not compile. */
export type FacilitiesQuery = z.input<typeof facilityListQuerySchema>;

/** GET /api/facilities: the facilities in the caller's scope. */
export function listFacilities(query: FacilitiesQuery, signal?: AbortSignal): Promise<FacilityPage> {
  return apiRequest('GET', `/facilities${toQueryString(query)}`, { signal });
}

export const facilitiesQueryOptions = (query: FacilitiesQuery) =>
  queryOptions({
    queryKey: ['facilities', 'list', query],
    queryFn: ({ signal }) => listFacilities(query, signal),
    placeholderData: keepPreviousData,
  });

export function useFacilities(query: FacilitiesQuery) {
  return useQuery(facilitiesQueryOptions(query));
}

/** Facilities matching `search` as select options ("Name (CODE)"), for pickers elsewhere. */
export async function fetchFacilityOptions(search: string): Promise<{ value: string; label: string }[]> {
  const page = await listFacilities({ search: search || undefined, pageSize: 50, sort: 'name' });
  return page.data.map((facility) => ({ value: facility._id, label: `${facility.name} (${facility.code})` }));
}
