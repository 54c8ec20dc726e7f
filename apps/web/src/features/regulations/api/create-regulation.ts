import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRegulationBody, Regulation } from '@rtms/shared/schemas/regulations';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/regulations */
export function createRegulation(body: CreateRegulationBody): Promise<{ data: Regulation }> {
  return apiRequest('POST', '/regulations', { body });
}

export function useCreateRegulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRegulation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['regulations'] }),
  });
}
