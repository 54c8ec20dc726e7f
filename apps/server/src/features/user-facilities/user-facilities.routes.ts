import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkUserFacilitiesBodySchema,
  bulkUserFacilitiesResponseSchema,
  createUserFacilityBodySchema,
  userFacilityListQuerySchema,
  userFacilityPageSchema,
  userFacilityResponseSchema,
} from '@rtms/shared/schemas/user-facilities';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { UserFacilitiesService } from './user-facilities.service';
import { idParams as params, routeOptions } from '../../platform/route-schema';

/** User Facilities: which users work at which facilities (the facility roles' scope). All-facility roles only. */
export function userFacilitiesRoutes(userFacilities: UserFacilitiesService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'user-facilities');
  return async (app) => {
    app.get(
      '/user-facilities',
      route('userFacility:view', 'List assignments (?userId=, ?facilityId=), with user and facility fields', {
        querystring: userFacilityListQuerySchema,
        response: { 200: userFacilityPageSchema },
      }),
      async (request) => userFacilities.list(principalOf(request), request.query),
    );

    app.post(
      '/user-facilities',
      route('userFacility:manage', 'Assign a user to a facility (409 if already assigned); signs the user out', {
        body: createUserFacilityBodySchema,
        response: { 201: userFacilityResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await userFacilities.create(principalOf(request), request.body) }),
    );

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

    app.get(
      '/user-facilities/:id',
      route('userFacility:view', 'Read an assignment', { params, response: { 200: userFacilityResponseSchema } }),
      async (request) => ({ data: await userFacilities.get(principalOf(request), request.params.id) }),
    );

    app.delete(
      '/user-facilities/:id',
      route('userFacility:manage', 'Remove an assignment; signs the user out', {
        params,
        response: { 204: z.null().describe('Removed') },
      }),
      async (request, reply) => {
        await userFacilities.remove(principalOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
