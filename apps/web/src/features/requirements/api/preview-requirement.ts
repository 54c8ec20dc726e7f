import { useMutation } from '@tanstack/react-query';
import type { PreviewRequirementBody, RequirementPreview } from '@rtms/shared/schemas/requirements';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/requirements/preview: the tasks a create (no requirementId) or an update would add, move and remove. */
export function previewRequirement(body: PreviewRequirementBody): Promise<{ data: RequirementPreview }> {
  return apiRequest('POST', '/requirements/preview', { body });
}

export function usePreviewRequirement() {
  return useMutation({ mutationFn: previewRequirement });
}
