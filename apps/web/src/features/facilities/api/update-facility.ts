import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Facility, UpdateFacilityBody } from '@rtms/shared/schemas/facilities';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/facilities/:id: any fields; `{status: 'INACTIVE'}` deactivates. */
export function updateFacility({ id, body }: { id: string; body: UpdateFacilityBody }): Promise<{ data: Facility }> {
  return apiRequest('PATCH', `/facilities/${encodeURIComponent(id)}`, { body });
}

export function useUpdateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFacility,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['facilities'] }),
        queryClient.invalidateQueries({ queryKey: ['user-facilities'] }),
      ]);
    },
  });
}
