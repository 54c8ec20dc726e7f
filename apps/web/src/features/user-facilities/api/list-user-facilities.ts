import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userFacilityPageSchema } from '@rtms/shared/schemas/user-facilities';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString, type QueryValue } from '../../../components/data/query-string';

export type UserFacilityPage = z.infer<typeof userFacilityPageSchema>;
/** GET /api/user-facilities query: page, pageSize, sort, search, userId, facilityId. */
export type UserFacilitiesQuery = Record<string, QueryValue>;

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
