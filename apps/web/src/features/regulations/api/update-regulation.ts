import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Regulation, UpdateRegulationBody } from '@rtms/shared/schemas/regulations';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/regulations/:id; `{active: false}` deactivates (the regulation stays readable). */
export function updateRegulation({
  id,
  body,
}: {
  id: string;
  body: UpdateRegulationBody;
}): Promise<{ data: Regulation }> {
  return apiRequest('PATCH', `/regulations/${encodeURIComponent(id)}`, { body });
}

export function useUpdateRegulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegulation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['regulations'] }),
  });
}
