import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequirementSaved } from './create-requirement';
import { invalidateRequirementsAndTasks } from './invalidate';
import { requirementSaveResponseSchema } from '@rtms/shared/schemas/requirements';

/** POST /api/requirements/:id/retire: no new tasks; untouched future tasks are removed, history is kept. */
export function retireRequirement({ id, reason }: { id: string; reason?: string | null }): Promise<RequirementSaved> {
  return apiRequest('POST', `/requirements/${encodeURIComponent(id)}/retire`, requirementSaveResponseSchema, {
    body: { reason: reason ?? null },
  });
}

export function useRetireRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireRequirement,
    onSuccess: () => invalidateRequirementsAndTasks(queryClient),
  });
}
