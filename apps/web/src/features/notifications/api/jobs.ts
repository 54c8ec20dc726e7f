import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobListSchema, jobRunResponseSchema } from '@rtms/shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/jobs (ALL_FACILITY_ADMIN): every job with its last run. */
export function useJobs() {
  return useQuery({
    queryKey: ['jobs'],
    queryFn: ({ signal }) => apiRequest('GET', '/jobs', jobListSchema, { signal }).then((body) => body.data),
  });
}

/** POST /api/jobs/:name/run: runs it now and answers its counts. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest('POST', `/jobs/${encodeURIComponent(name)}/run`, jobRunResponseSchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      ]),
  });
}
