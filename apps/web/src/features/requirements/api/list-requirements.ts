import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { requirementPageSchema, requirementListQuerySchema } from '@rtms/shared/schemas/requirements';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type RequirementPage = z.infer<typeof requirementPageSchema>;
/** GET /api/requirements query, typed by its shared schema: a parameter the server does not know does not compile. */
export type RequirementsQuery = z.input<typeof requirementListQuerySchema>;

/** GET /api/requirements: the requirements binding the caller's facilities. */
export function listRequirements(query: RequirementsQuery, signal?: AbortSignal): Promise<RequirementPage> {
  return apiRequest('GET', `/requirements${toQueryString(query)}`, { signal });
}

export const requirementsQueryOptions = (query: RequirementsQuery) =>
  queryOptions({
    queryKey: ['requirements', 'list', query],
    queryFn: ({ signal }) => listRequirements(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRequirements(query: RequirementsQuery) {
  return useQuery(requirementsQueryOptions(query));
}

/** Requirements matching `search` as select options (title, and citation when there is one). */
export async function fetchRequirementOptions(search: string): Promise<{ value: string; label: string }[]> {
  const page = await listRequirements({ search: search || undefined, pageSize: 50, sort: 'title' });
  return page.data.map((requirement) => ({
    value: requirement._id,
    label: requirement.citation ? `${requirement.title} (${requirement.citation})` : requirement.title,
  }));
}
