import { type FacilityDetail, facilityDetailResponseSchema } from '@rtms/shared/schemas/facilities';
import { recordEndpoint } from '../../../components/data/list-endpoint';

/** GET /api/facilities/:id: the facility with its program areas and users. */
const endpoint = recordEndpoint<FacilityDetail>('/facilities', 'facilities', facilityDetailResponseSchema);

export const facilityQueryOptions = endpoint.options;
export const useFacility = endpoint.useRecord;
