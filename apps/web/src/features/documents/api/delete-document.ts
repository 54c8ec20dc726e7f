import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../../lib/api-client';
import { invalidateDocuments } from './invalidate';

/**
 * DELETE /api/documents/:id: an archived document and every version's file, for ALL_FACILITY_ADMIN;
 * the server refuses (409) under legal hold or until the retain-until date has passed.
 */
export function deleteDocument(id: string): Promise<void> {
  return apiRequest('DELETE', `/documents/${encodeURIComponent(id)}`, noContent);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDocument, onSuccess: () => invalidateDocuments(queryClient) });
}
