import type { z } from 'zod';
import { documentPageSchema, type documentListQuerySchema } from '@rtms/shared/schemas/documents';
import { listEndpoint } from '../../../components/data/list-endpoint';

export type DocumentPage = z.infer<typeof documentPageSchema>;
/** GET /api/documents query, typed by its shared schema: a parameter the server does not know does not compile. */
export type DocumentsQuery = z.input<typeof documentListQuerySchema>;

/** GET /api/documents as a list screen uses it. */
export const documentsEndpoint = listEndpoint<DocumentsQuery, DocumentPage>(
  '/documents',
  'documents',
  documentPageSchema,
);

/** GET /api/documents: active documents by default, the archive with `archived: 'true'`. */
export const listDocuments = documentsEndpoint.list;
export const useDocuments = documentsEndpoint.useList;
