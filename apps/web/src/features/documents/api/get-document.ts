import { type DocumentDetail, documentResponseSchema } from '@rtms/shared/schemas/documents';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/documents/:id: the document with every version, newest first. */
const endpoint = recordEndpoint<DocumentDetail>('/documents', 'documents', documentResponseSchema);

export const documentQueryOptions = endpoint.options;
export const useDocument = endpoint.useRecord;
