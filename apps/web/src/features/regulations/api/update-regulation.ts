import { type Regulation, type UpdateRegulationBody, regulationResponseSchema } from '@rtms/shared/schemas/regulations';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** PATCH /api/regulations/:id; `{active: false}` deactivates (the regulation stays readable). */
export function updateRegulation({
  id,
  body,
}: {
  id: string;
  body: UpdateRegulationBody;
}): Promise<{ data: Regulation }> {
  return apiRequest('PATCH', `/regulations/${encodeURIComponent(id)}`, regulationResponseSchema, { body });
}

export function useUpdateRegulation() {
  return useInvalidatingMutation(updateRegulation, [['regulations']]);
}
