import type { z } from 'zod';
import type { documentTagSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type DocumentTag = z.infer<typeof documentTagSchema>;

/** GET /api/documents/tags: tags of the documents the caller can see, most used first (for suggestions). */
export function listDocumentTags(
  query: { search?: string; kind?: 'TASK' | 'LIBRARY'; limit?: number },
  signal?: AbortSignal,
): Promise<{ data: DocumentTag[] }> {
  return apiRequest('GET', `/documents/tags${toQueryString({ ...query, search: query.search || undefined })}`, {
    signal,
  });
}
