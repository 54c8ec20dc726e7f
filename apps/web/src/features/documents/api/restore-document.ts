import { type DocumentDetail, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { useDocumentChange } from './invalidate';

/** POST /api/documents/:id/restore: back to the active lists. */
export function restoreDocument(id: string): Promise<{ data: DocumentDetail }> {
  return apiRequest('POST', `/documents/${encodeURIComponent(id)}/restore`, documentResponseSchema);
}

export function useRestoreDocument() {
  return useDocumentChange(restoreDocument);
}
