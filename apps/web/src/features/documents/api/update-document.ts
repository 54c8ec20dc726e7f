import { type DocumentDetail, type UpdateDocumentBody, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { useDocumentChange } from './invalidate';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/documents/:id: metadata; `retainUntil` and `legalHold` for the roles that may archive. */
export const updateDocument = recordUpdate<UpdateDocumentBody, { data: DocumentDetail }>(
  '/documents',
  documentResponseSchema,
);

export function useUpdateDocument() {
  return useDocumentChange(updateDocument);
}
