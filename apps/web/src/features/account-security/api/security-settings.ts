import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@rtms/shared/schemas/mfa';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['security-settings'] as const;

/** GET /api/security-settings (ALL_FACILITY_ADMIN). */
export function useSecuritySettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest<{ data: SecuritySettings }>('GET', '/security-settings', { signal }).then((r) => r.data),
  });
}

/** PUT /api/security-settings */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      apiRequest<{ data: SecuritySettings }>('PUT', '/security-settings', { body }).then((r) => r.data),
    onSuccess: (settings) => queryClient.setQueryData(KEY, settings),
  });
}
