import { type CreateRegulationBody, type Regulation, regulationResponseSchema } from '@rtms/shared/schemas/regulations';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** POST /api/regulations */
export function createRegulation(body: CreateRegulationBody): Promise<{ data: Regulation }> {
  return apiRequest('POST', '/regulations', regulationResponseSchema, { body });
}

export function useCreateRegulation() {
  return useInvalidatingMutation(createRegulation, [['regulations']]);
}
