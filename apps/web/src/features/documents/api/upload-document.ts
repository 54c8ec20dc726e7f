import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DocumentDetail, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { apiUpload } from '../../../lib/api-upload';
import { invalidateDocuments } from './invalidate';

/** The text fields of an upload (see `documentUploadFieldsSchema`); empty ones are left out. */
export interface UploadDocumentFields {
  kind: 'TASK' | 'LIBRARY';
  title?: string | null;
  description?: string | null;
  taskId?: string | null;
  evidenceDate?: string | null;
  facilityId?: string | null;
  programAreaId?: string | null;
  regulationId?: string | null;
  tags?: string[];
  retainUntil?: string | null;
}

export interface UploadDocumentInput {
  fields: UploadDocumentFields;
  file: File;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** The multipart body: the text fields first, then the file (the server checks the fields before storing). */
export function uploadForm(fields: object, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  form.append('file', file, file.name);
  return form;
}

/** POST /api/documents (multipart): task evidence or a library document. */
export function uploadDocument({
  fields,
  file,
  onProgress,
  signal,
}: UploadDocumentInput): Promise<{ data: DocumentDetail }> {
  return apiUpload('/documents', uploadForm(fields, file), documentResponseSchema, { onProgress, signal });
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: (_data, input) => invalidateDocuments(queryClient, { tasks: input.fields.kind === 'TASK' }),
  });
}
