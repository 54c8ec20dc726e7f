import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequirementDetail } from '@rtms/shared/schemas/requirements';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/requirements/:id: the requirement with its facility bindings (those in the caller's scope). */
export function getRequirement(id: string, signal?: AbortSignal): Promise<{ data: RequirementDetail }> {
  return apiRequest('GET', `/requirements/${encodeURIComponent(id)}`, { signal });
}

export const requirementQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['requirements', 'detail', id], queryFn: ({ signal }) => getRequirement(id, signal) });

export function useRequirement(id: string) {
  return useQuery(requirementQueryOptions(id));
}
