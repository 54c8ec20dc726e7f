import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentDetail, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { invalidateDocuments } from './invalidate';

/** POST /api/documents/:id/archive {reason}: hidden from active lists (and from a task's evidence count), never deleted. */
export function archiveDocument({ id, reason }: { id: string; reason: string }): Promise<{ data: DocumentDetail }> {
  return apiRequest('POST', `/documents/${encodeURIComponent(id)}/archive`, documentResponseSchema, {
    body: { reason },
  });
}

export function useArchiveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveDocument,
    onSuccess: (result) => invalidateDocuments(queryClient, { tasks: result.data.kind === 'TASK' }),
  });
}
