import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SecuritySettings, securitySettingsResponseSchema } from '@rtms/shared/schemas/mfa';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['security-settings'] as const;

/** GET /api/security-settings (ALL_FACILITY_ADMIN). */
export function useSecuritySettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/security-settings', securitySettingsResponseSchema, { signal }).then((r) => r.data),
  });
}

/** PUT /api/security-settings */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) =>
      apiRequest('PUT', '/security-settings', securitySettingsResponseSchema, { body }).then((r) => r.data),
    onSuccess: (settings) => queryClient.setQueryData(KEY, settings),
  });
}
