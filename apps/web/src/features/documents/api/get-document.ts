import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentDetail } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/documents/:id: the document with every version, newest first. */
export function getDocument(id: string, signal?: AbortSignal): Promise<{ data: DocumentDetail }> {
  return apiRequest('GET', `/documents/${encodeURIComponent(id)}`, { signal });
}

export const documentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['documents', 'detail', id], queryFn: ({ signal }) => getDocument(id, signal) });

export function useDocument(id: string | undefined) {
  return useQuery({ ...documentQueryOptions(id ?? ''), enabled: Boolean(id) });
}
