import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { programAreaPageSchema, programAreaListQuerySchema } from '@rtms/shared/schemas/program-areas';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type ProgramAreasPage = z.infer<typeof programAreaPageSchema>;
/** GET /api/program-areas query, typed by its shared schema: a parameter the server does not know does not compile. */
export type ProgramAreasQuery = z.input<typeof programAreaListQuerySchema>;

/** GET /api/program-areas */
export function listProgramAreas(query: ProgramAreasQuery, signal?: AbortSignal): Promise<ProgramAreasPage> {
  return apiRequest('GET', `/program-areas${toQueryString(query)}`, { signal });
}

export const programAreasQueryOptions = (query: ProgramAreasQuery) =>
  queryOptions({
    queryKey: ['program-areas', 'list', query],
    queryFn: ({ signal }) => listProgramAreas(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProgramAreas(query: ProgramAreasQuery) {
  return useQuery(programAreasQueryOptions(query));
}
