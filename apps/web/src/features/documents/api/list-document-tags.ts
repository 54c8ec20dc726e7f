import type { z } from 'zod';
import {
  type documentTagSchema,
  type documentTagsQuerySchema,
  documentTagsResponseSchema,
} from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type DocumentTag = z.infer<typeof documentTagSchema>;

/** GET /api/documents/tags: tags of the documents the caller can see, most used first (for suggestions). */
export function listDocumentTags(
  query: z.input<typeof documentTagsQuerySchema>,
  signal?: AbortSignal,
): Promise<{ data: DocumentTag[] }> {
  return apiRequest(
    'GET',
    `/documents/tags${toQueryString({ ...query, search: query.search || undefined })}`,
    documentTagsResponseSchema,
    {
      signal,
    },
  );
}
