import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema } from '@rtms/shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';
import { toQueryString, type QueryValue } from '../../../components/data/query-string';

export type AuditPage = z.infer<typeof auditPageSchema>;
/** GET /api/audit query: page, pageSize, sort, search, entityType, entityId, actorId, action, facilityId, from, to. */
export type AuditQuery = Record<string, QueryValue>;

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
