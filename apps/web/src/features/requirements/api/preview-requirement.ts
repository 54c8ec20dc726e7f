import { useMutation } from '@tanstack/react-query';
import {
  type PreviewRequirementBody,
  type RequirementPreview,
  requirementPreviewResponseSchema,
} from '@rtms/shared/schemas/requirements';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/requirements/preview: the tasks a create (no requirementId) or an update would add, move and remove. */
export function previewRequirement(body: PreviewRequirementBody): Promise<{ data: RequirementPreview }> {
  return apiRequest('POST', '/requirements/preview', requirementPreviewResponseSchema, { body });
}

export function usePreviewRequirement() {
  return useMutation({ mutationFn: previewRequirement });
}
