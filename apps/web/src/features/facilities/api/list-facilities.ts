import type { z } from 'zod';
import { facilityPageSchema, type facilityListQuerySchema } from '@rtms/shared/schemas/facilities';
import { listEndpoint, pickerSearch } from '../../../components/data/list-endpoint';

export type FacilityPage = z.infer<typeof facilityPageSchema>;
/** GET /api/facilities query, typed by its shared schema: a parameter the server does not know does not compile. */
export type FacilitiesQuery = z.input<typeof facilityListQuerySchema>;

/** GET /api/facilities as a list screen uses it. */
export const facilitiesEndpoint = listEndpoint<FacilitiesQuery, FacilityPage>(
  '/facilities',
  'facilities',
  facilityPageSchema,
);

/** GET /api/facilities: the facilities in the caller's scope. */
export const listFacilities = facilitiesEndpoint.list;
export const useFacilities = facilitiesEndpoint.useList;

/** Facilities matching `search` as select options ("Name (CODE)"), for pickers elsewhere. */
export const fetchFacilityOptions = pickerSearch(
  listFacilities,
  'name',
  (facility) => `${facility.name} (${facility.code})`,
);
