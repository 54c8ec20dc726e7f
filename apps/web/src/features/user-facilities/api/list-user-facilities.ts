import type { z } from 'zod';
import { userFacilityPageSchema, type userFacilityListQuerySchema } from '@rtms/shared/schemas/user-facilities';
import { listEndpoint } from '../../../components/data/list-endpoint';

export type UserFacilityPage = z.infer<typeof userFacilityPageSchema>;
/** GET /api/user-facilities query, typed by its shared schema: a parameter the server does not know does not compile. */
export type UserFacilitiesQuery = z.input<typeof userFacilityListQuerySchema>;

const endpoint = listEndpoint<UserFacilitiesQuery, UserFacilityPage>(
  '/user-facilities',
  'user-facilities',
  userFacilityPageSchema,
);

/** GET /api/user-facilities: assignments with the fields of both sides. */
export const listUserFacilities = endpoint.list;
export const useUserFacilities = endpoint.useList;
