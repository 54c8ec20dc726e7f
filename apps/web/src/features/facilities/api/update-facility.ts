import { type Facility, type UpdateFacilityBody, facilityResponseSchema } from '@rtms/shared/schemas/facilities';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** PATCH /api/facilities/:id: any fields; `{status: 'INACTIVE'}` deactivates. */
export function updateFacility({ id, body }: { id: string; body: UpdateFacilityBody }): Promise<{ data: Facility }> {
  return apiRequest('PATCH', `/facilities/${encodeURIComponent(id)}`, facilityResponseSchema, { body });
}

export function useUpdateFacility() {
  return useInvalidatingMutation(updateFacility, [['facilities'], ['user-facilities']]);
}
