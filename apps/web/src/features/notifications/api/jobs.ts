import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/jobs (ALL_FACILITY_ADMIN): every job with its last run. */
export function useJobs() {
  return useQuery({
    queryKey: ['jobs'],
    queryFn: ({ signal }) => apiRequest<{ data: Job[] }>('GET', '/jobs', { signal }).then((body) => body.data),
  });
}

/** POST /api/jobs/:name/run: runs it now and answers its counts. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<{ data: { name: string; result: Record<string, unknown> } }>(
        'POST',
        `/jobs/${encodeURIComponent(name)}/run`,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      ]),
  });
}
