import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateRequirementBody,
  type RequirementDetail,
  type TaskChangeCounts,
  requirementSaveResponseSchema,
} from '@rtms/shared/schemas/requirements';
import { apiRequest } from '../../../lib/api-client';
import { invalidateRequirementsAndTasks } from './invalidate';

export interface RequirementSaved {
  data: RequirementDetail;
  meta: { tasks: TaskChangeCounts };
}

/** POST /api/requirements: creates it, binds its facilities and generates their tasks. */
export function createRequirement(body: CreateRequirementBody): Promise<RequirementSaved> {
  return apiRequest('POST', '/requirements', requirementSaveResponseSchema, { body });
}

export function useCreateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequirement,
    onSuccess: () => invalidateRequirementsAndTasks(queryClient),
  });
}
