import type { z } from 'zod';
import { auditPageSchema, type auditListQuerySchema } from '@rtms/shared/schemas/audit';
import { listEndpoint } from '../../../components/data/list-endpoint';

export type AuditPage = z.infer<typeof auditPageSchema>;
/** GET /api/audit query, typed by its shared schema: a parameter the server does not know does not compile. */
export type AuditQuery = z.input<typeof auditListQuerySchema>;

/** GET /api/audit as a list screen uses it. */
export const auditEndpoint = listEndpoint<AuditQuery, AuditPage>('/audit', 'audit', auditPageSchema);

/** GET /api/audit: the trail, newest first (facility roles: events of their facilities). */
export const listAuditEvents = auditEndpoint.list;
export const useAuditEvents = auditEndpoint.useList;
