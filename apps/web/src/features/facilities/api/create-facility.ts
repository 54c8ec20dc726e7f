import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateFacilityBody, Facility } from '@rtms/shared/schemas/facilities';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/facilities */
export function createFacility(body: CreateFacilityBody): Promise<{ data: Facility }> {
  return apiRequest('POST', '/facilities', { body });
}

export function useCreateFacility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFacility,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['facilities'] }),
  });
}
