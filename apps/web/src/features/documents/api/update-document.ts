import { type DocumentDetail, type UpdateDocumentBody, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { useDocumentChange } from './invalidate';

/** PATCH /api/documents/:id: metadata; `retainUntil` and `legalHold` for the roles that may archive. */
export function updateDocument({
  id,
  body,
}: {
  id: string;
  body: UpdateDocumentBody;
}): Promise<{ data: DocumentDetail }> {
  return apiRequest('PATCH', `/documents/${encodeURIComponent(id)}`, documentResponseSchema, { body });
}

export function useUpdateDocument() {
  return useDocumentChange(updateDocument);
}
