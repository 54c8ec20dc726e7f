import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentDetail, type UpdateDocumentBody, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiRequest } from '../../../lib/api-client';
import { invalidateDocuments } from './invalidate';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDocument,
    onSuccess: (result) => invalidateDocuments(queryClient, { tasks: result.data.kind === 'TASK' }),
  });
}
