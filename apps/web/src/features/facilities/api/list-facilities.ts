import { facilityPageSchema, facilityListQuerySchema } from '@rtms/shared/schemas/facilities';
import { listEndpoint, pickerSearch, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/facilities as a list screen uses it, typed by its shared schemas. */
export const facilitiesEndpoint = listEndpoint('/facilities', facilityListQuerySchema, facilityPageSchema);
/** GET /api/facilities query, typed by its shared schema: a parameter the server does not know does not compile. */
export type FacilitiesQuery = QueryOf<typeof facilitiesEndpoint>;

/** GET /api/facilities: the facilities in the caller's scope. */
export const { list: listFacilities, useList: useFacilities } = facilitiesEndpoint;

/** Facilities matching `search` as select options ("Name (CODE)"), for pickers elsewhere. */
export const fetchFacilityOptions = pickerSearch(
  listFacilities,
  'name',
  (facility) => `${facility.name} (${facility.code})`,
);

/**
 * Where a facility picker (RemoteSelect) or list filter (UrlRemoteFilter) takes its options: spread it on the
 * component, `<RemoteSelect {...facilityOptions} label=… />`.
 */
export const facilityOptions = { queryKey: ['facilities', 'options'], fetchOptions: fetchFacilityOptions };
