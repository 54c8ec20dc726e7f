import { documentPageSchema, documentListQuerySchema } from '@rtms/shared/schemas/documents';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/documents as a list screen uses it, typed by its shared schemas. */
export const documentsEndpoint = listEndpoint('/documents', documentListQuerySchema, documentPageSchema);
/** GET /api/documents query, typed by its shared schema: a parameter the server does not know does not compile. */
export type DocumentsQuery = QueryOf<typeof documentsEndpoint>;

/** GET /api/documents: active documents by default, the archive with `archived: 'true'`. */
export const { list: listDocuments, useList: useDocuments } = documentsEndpoint;
