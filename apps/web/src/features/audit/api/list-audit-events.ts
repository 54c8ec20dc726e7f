import { auditPageSchema, auditListQuerySchema } from '@rtms/shared/schemas/audit';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/audit as a list screen uses it, typed by its shared schemas. */
export const auditEndpoint = listEndpoint('/audit', auditListQuerySchema, auditPageSchema);
/** GET /api/audit query, typed by its shared schema: a parameter the server does not know does not compile. */
export type AuditQuery = QueryOf<typeof auditEndpoint>;

/** GET /api/audit: the trail, newest first (facility roles: events of their facilities). */
export const { list: listAuditEvents, useList: useAuditEvents } = auditEndpoint;
