import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema, auditListQuerySchema } from '@rtms/shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString } from '../../../components/data/query-string';

export type AuditPage = z.infer<typeof auditPageSchema>;
/** GET /api/audit query, typed by its shared schema: a parameter the server does not know does not compile. */
export type AuditQuery = z.input<typeof auditListQuerySchema>;

/** GET /api/audit: the trail, newest first (facility roles: events of their facilities). */
export function listAuditEvents(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return apiRequest('GET', `/audit${toQueryString(query)}`, { signal });
}

export const auditEventsQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['audit', 'list', query],
    queryFn: ({ signal }) => listAuditEvents(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditEvents(query: AuditQuery) {
  return useQuery(auditEventsQueryOptions(query));
}
