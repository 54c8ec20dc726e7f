import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userFacilityPageSchema, userFacilityListQuerySchema } from '@rtms/shared/schemas/user-facilities';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type UserFacilityPage = z.infer<typeof userFacilityPageSchema>;
/** GET /api/user-facilities query, typed by its shared schema: a parameter the server does not know does not compile. */
export type UserFacilitiesQuery = z.input<typeof userFacilityListQuerySchema>;

/** GET /api/user-facilities: assignments with the fields of both sides. */
export function listUserFacilities(query: UserFacilitiesQuery, signal?: AbortSignal): Promise<UserFacilityPage> {
  return apiRequest('GET', `/user-facilities${toQueryString(query)}`, { signal });
}

export const userFacilitiesQueryOptions = (query: UserFacilitiesQuery) =>
  queryOptions({
    queryKey: ['user-facilities', 'list', query],
    queryFn: ({ signal }) => listUserFacilities(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUserFacilities(query: UserFacilitiesQuery, enabled = true) {
  return useQuery({ ...userFacilitiesQueryOptions(query), enabled });
}
