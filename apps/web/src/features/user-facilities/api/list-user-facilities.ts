import { userFacilityPageSchema, userFacilityListQuerySchema } from '@rtms/shared/schemas/user-facilities';
import { listEndpoint, type QueryOf } from '../../../components/data/list-endpoint';

/** GET /api/user-facilities, typed by its shared schemas. */
const endpoint = listEndpoint('/user-facilities', userFacilityListQuerySchema, userFacilityPageSchema);
/** GET /api/user-facilities query, typed by its shared schema: a parameter the server does not know does not compile. */
export type UserFacilitiesQuery = QueryOf<typeof endpoint>;

/** GET /api/user-facilities: assignments with the fields of both sides. */
export const { list: listUserFacilities, useList: useUserFacilities } = endpoint;
