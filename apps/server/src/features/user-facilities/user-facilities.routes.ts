import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkUserFacilitiesBodySchema,
  bulkUserFacilitiesResponseSchema,
  createUserFacilityBodySchema,
  userFacilityListQuerySchema,
  userFacilityPageSchema,
  userFacilityResponseSchema,
} from '@rtms/shared/schemas/user-facilities';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { registerRecordRoutes } from '../../platform/crud.routes';
import type { UserFacilitiesService } from './user-facilities.service';
import { routeOptions } from '../../platform/route-schema';

/** User Facilities: which users work at which facilities (the facility roles' scope). All-facility roles only. */
export function userFacilitiesRoutes(userFacilities: UserFacilitiesService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'user-facilities');
  return async (app) => {
    registerRecordRoutes(app, route, userFacilities, {
      path: '/user-facilities',
      list: {
        access: 'userFacility:view',
        summary: 'List assignments (?userId=, ?facilityId=), with user and facility fields',
        query: userFacilityListQuerySchema,
        page: userFacilityPageSchema,
      },
      create: {
        access: 'userFacility:manage',
        summary: 'Assign a user to a facility (409 if already assigned); signs the user out',
        body: createUserFacilityBodySchema,
        created: userFacilityResponseSchema,
      },
      get: { access: 'userFacility:view', summary: 'Read an assignment', answer: userFacilityResponseSchema },
      remove: { access: 'userFacility:manage', summary: 'Remove an assignment; signs the user out' },
    });

    app.post(
      '/user-facilities/bulk',
      route('userFacility:manage', 'Assign or unassign every listed user to/from every listed facility', {
        description:
          'Body `{action: "assign" | "unassign", userIds: [...], facilityIds: [...]}` acts on every pair ' +
          '(at most 2000). One user with many facilities, or one facility with many users. Pairs already in ' +
          'the wanted state are counted as `unchanged`. Affected users are signed out.',
        body: bulkUserFacilitiesBodySchema,
        response: { 200: bulkUserFacilitiesResponseSchema },
      }),
      async (request) => ({ data: await userFacilities.bulk(principalOf(request), request.body) }),
    );
  };
}
