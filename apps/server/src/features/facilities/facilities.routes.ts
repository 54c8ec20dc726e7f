import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFacilityBodySchema,
  facilityDetailResponseSchema,
  facilityListQuerySchema,
  facilityPageSchema,
  facilityResponseSchema,
  updateFacilityBodySchema,
} from '@rtms/shared/schemas/facilities';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { FacilitiesService } from './facilities.service';
import { apiErrors as errors, bearerSecurity as security, idParams as params } from '../../platform/route-schema';

/** Facilities: everyone reads their own; the all-facility roles create; FACILITY_ADMIN edits their own. */
export function facilitiesRoutes(facilities: FacilitiesService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/facilities',
      {
        preHandler: guards.requirePermission('facility:read'),
        schema: {
          tags: ['facilities'],
          summary: 'List the facilities in my scope',
          security,
          querystring: facilityListQuerySchema,
          response: { 200: facilityPageSchema, ...errors },
        },
      },
      async (request) => facilities.list(principalOf(request), request.query),
    );

    app.post(
      '/facilities',
      {
        preHandler: guards.requirePermission('facility:create'),
        schema: {
          tags: ['facilities'],
          summary: 'Create a facility (name and code unique)',
          security,
          body: createFacilityBodySchema,
          response: { 201: facilityResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await facilities.create(principalOf(request), request.body) }),
    );

    app.get(
      '/facilities/:id',
      {
        preHandler: guards.requirePermission('facility:read'),
        schema: {
          tags: ['facilities'],
          summary: 'Read a facility with its program areas and users',
          security,
          params,
          response: { 200: facilityDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await facilities.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/facilities/:id',
      {
        preHandler: guards.requirePermission('facility:update'),
        schema: {
          tags: ['facilities'],
          summary: 'Update a facility; {status: "INACTIVE"} deactivates it (facility:deactivate)',
          security,
          params,
          body: updateFacilityBodySchema,
          response: { 200: facilityResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await facilities.update(principalOf(request), request.params.id, request.body) }),
    );
  };
}
