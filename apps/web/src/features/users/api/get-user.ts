import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@rtms/shared/schemas/users';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/users/:id */
export function getUser(id: string, signal?: AbortSignal): Promise<{ data: User }> {
  return apiRequest('GET', `/users/${encodeURIComponent(id)}`, { signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
