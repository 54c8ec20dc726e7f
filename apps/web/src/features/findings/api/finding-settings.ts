import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { findingSettingsResponseSchema, type FindingSettings } from '@rtms/shared/schemas/findings';
import { apiRequest } from '../../../lib/api-client';

const KEY = ['finding-settings'];

/** GET /api/finding-settings: whether each automatic source opens findings. */
export function useFindingSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequest('GET', '/finding-settings', findingSettingsResponseSchema, { signal }),
    select: (answer) => answer.data,
  });
}

/** PUT /api/finding-settings (ALL_FACILITY_ADMIN). */
export function useUpdateFindingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FindingSettings) =>
      apiRequest('PUT', '/finding-settings', findingSettingsResponseSchema, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
