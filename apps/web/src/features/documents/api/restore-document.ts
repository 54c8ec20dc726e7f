import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentDetail, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { invalidateDocuments } from './invalidate';

/** POST /api/documents/:id/restore: back to the active lists. */
export function restoreDocument(id: string): Promise<{ data: DocumentDetail }> {
  return apiRequest('POST', `/documents/${encodeURIComponent(id)}/restore`, documentResponseSchema);
}

export function useRestoreDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreDocument,
    onSuccess: (result) => invalidateDocuments(queryClient, { tasks: result.data.kind === 'TASK' }),
  });
}
