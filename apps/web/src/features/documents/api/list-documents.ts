import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { documentPageSchema, documentListQuerySchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type DocumentPage = z.infer<typeof documentPageSchema>;
/** GET /api/documents query, typed by its shared schema: a parameter the server does not know does not compile. */
export type DocumentsQuery = z.input<typeof documentListQuerySchema>;

/** GET /api/documents: active documents by default, the archive with `archived: 'true'`. */
export function listDocuments(query: DocumentsQuery, signal?: AbortSignal): Promise<DocumentPage> {
  return apiRequest('GET', `/documents${toQueryString(query)}`, { signal });
}

export const documentsQueryOptions = (query: DocumentsQuery) =>
  queryOptions({
    queryKey: ['documents', 'list', query],
    queryFn: ({ signal }) => listDocuments(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDocuments(query: DocumentsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...documentsQueryOptions(query), enabled: options.enabled ?? true });
}
