import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createFacilityBodySchema,
  facilityDetailResponseSchema,
  facilityListQuerySchema,
  facilityPageSchema,
  facilityResponseSchema,
  updateFacilityBodySchema,
} from '@rtms/shared/schemas/facilities';
import type { AuthGuards } from '../../platform/auth';
import { registerCrudRoutes } from '../../platform/crud.routes';
import type { FacilitiesService } from './facilities.service';

/** Facilities: everyone reads their own; the all-facility roles create; FACILITY_ADMIN edits their own. */
export function facilitiesRoutes(facilities: FacilitiesService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) =>
    registerCrudRoutes(app, guards, facilities, {
      path: '/facilities',
      list: {
        access: 'facility:read',
        summary: 'List the facilities in my scope',
        query: facilityListQuerySchema,
        page: facilityPageSchema,
      },
      create: {
        access: 'facility:create',
        summary: 'Create a facility (name and code unique)',
        body: createFacilityBodySchema,
        created: facilityResponseSchema,
      },
      get: {
        access: 'facility:read',
        summary: 'Read a facility with its program areas and users',
        answer: facilityDetailResponseSchema,
      },
      update: {
        access: 'facility:update',
        summary: 'Update a facility; {status: "INACTIVE"} deactivates it (facility:deactivate)',
        body: updateFacilityBodySchema,
        answer: facilityResponseSchema,
      },
    });
}
