import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateRequirementBody, requirementSaveResponseSchema } from '@rtms/shared/schemas/requirements';
import type { RequirementSaved } from './create-requirement';
import { invalidateRequirementsAndTasks } from './invalidate';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/requirements/:id: only future tasks nobody has touched change; `status: 'ACTIVE'` reactivates. */
export const updateRequirement = recordUpdate<UpdateRequirementBody, RequirementSaved>(
  '/requirements',
  requirementSaveResponseSchema,
);

export function useUpdateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRequirement,
    onSuccess: () => invalidateRequirementsAndTasks(queryClient),
  });
}
