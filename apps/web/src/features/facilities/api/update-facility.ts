import { type Facility, type UpdateFacilityBody, facilityResponseSchema } from '@rtms/shared/schemas/facilities';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';
import { recordUpdate } from '../../../components/data/list-endpoint';

/** PATCH /api/facilities/:id: any fields; `{status: 'INACTIVE'}` deactivates. */
export const updateFacility = recordUpdate<UpdateFacilityBody, { data: Facility }>(
  '/facilities',
  facilityResponseSchema,
);

export function useUpdateFacility() {
  return useInvalidatingMutation(updateFacility, [['facilities'], ['user-facilities']]);
}
