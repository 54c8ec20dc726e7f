import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateRequirementBody, requirementSaveResponseSchema } from '@rtms/shared/schemas/requirements';
import { apiRequest } from '../../../lib/api-client';
import type { RequirementSaved } from './create-requirement';
import { invalidateRequirementsAndTasks } from './invalidate';

/** PATCH /api/requirements/:id: only future tasks nobody has touched change; `status: 'ACTIVE'` reactivates. */
export function updateRequirement({
  id,
  body,
}: {
  id: string;
  body: UpdateRequirementBody;
}): Promise<RequirementSaved> {
  return apiRequest('PATCH', `/requirements/${encodeURIComponent(id)}`, requirementSaveResponseSchema, { body });
}

export function useUpdateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequirement,
    onSuccess: () => invalidateRequirementsAndTasks(queryClient),
  });
}
