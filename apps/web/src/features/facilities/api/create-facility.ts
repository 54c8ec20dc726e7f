import { type CreateFacilityBody, type Facility, facilityResponseSchema } from '@rtms/shared/schemas/facilities';
import { apiRequest } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation';

/** POST /api/facilities */
export function createFacility(body: CreateFacilityBody): Promise<{ data: Facility }> {
  return apiRequest('POST', '/facilities', facilityResponseSchema, { body });
}

export function useCreateFacility() {
  return useInvalidatingMutation(createFacility, [['facilities']]);
}
