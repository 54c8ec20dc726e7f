import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { documentPageSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString, type QueryValue } from '../../../components/data/query-string';

export type DocumentPage = z.infer<typeof documentPageSchema>;
/**
 * GET /api/documents query: page, pageSize, sort, search, kind (TASK | LIBRARY), archived ('true'),
 * taskId, requirementId, facilityId, programAreaId, regulationId, uploadedBy, tag, legalHold.
 */
export type DocumentsQuery = Record<string, QueryValue>;

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
