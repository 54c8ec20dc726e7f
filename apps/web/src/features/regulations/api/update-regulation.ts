import { type Regulation, type UpdateRegulationBody, regulationResponseSchema } from '@rtms/shared/schemas/regulations';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/regulations/:id; `{active: false}` deactivates (the regulation stays readable). */
export const updateRegulation = recordUpdate<UpdateRegulationBody, { data: Regulation }>(
  '/regulations',
  regulationResponseSchema,
);

export function useUpdateRegulation() {
  return useInvalidatingMutation(updateRegulation, [['regulations']]);
}
