import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentDetail, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiUpload } from '../../../lib/api-upload';
import { invalidateDocuments } from './invalidate';

/** POST /api/documents/:id/versions (multipart, the file only): a new version; older ones are kept. */
export function addDocumentVersion({
  id,
  file,
  onProgress,
  signal,
}: {
  id: string;
  file: File;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}): Promise<{ data: DocumentDetail }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload(`/documents/${encodeURIComponent(id)}/versions`, form, documentResponseSchema, {
    onProgress,
    signal,
  });
}

export function useAddDocumentVersion() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addDocumentVersion, onSuccess: () => invalidateDocuments(queryClient) });
}
