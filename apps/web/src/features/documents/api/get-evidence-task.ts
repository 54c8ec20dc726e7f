import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskDetail } from '@rtms/shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/tasks/:id, for its evidence rule (evidenceRequired, minEvidence, evidenceCount) and time zone. */
export function getEvidenceTask(id: string, signal?: AbortSignal): Promise<{ data: TaskDetail }> {
  return apiRequest('GET', `/tasks/${encodeURIComponent(id)}`, { signal });
}

export const evidenceTaskQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tasks', 'evidence-rule', id], queryFn: ({ signal }) => getEvidenceTask(id, signal) });

export function useEvidenceTask(id: string | undefined) {
  return useQuery({ ...evidenceTaskQueryOptions(id ?? ''), enabled: Boolean(id) });
}
