import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProgramAreaBodySchema,
  programAreaListQuerySchema,
  programAreaPageSchema,
  programAreaResponseSchema,
  updateProgramAreaBodySchema,
} from '@rtms/shared/schemas/program-areas';
import type { AuthGuards } from '../../platform/auth';
import { registerCrudRoutes } from '../../platform/crud-routes';
import type { ProgramAreasService } from './program-areas.service';

/** Settings → Program Areas: everyone reads; the all-facility roles manage. */
export function programAreasRoutes(programAreas: ProgramAreasService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) =>
    registerCrudRoutes(app, guards, programAreas, {
      path: '/program-areas',
      list: {
        access: 'programArea:read',
        summary: 'List program areas',
        query: programAreaListQuerySchema,
        page: programAreaPageSchema,
      },
      create: {
        access: 'settings:manage',
        summary: 'Create a program area (name unique regardless of case)',
        body: createProgramAreaBodySchema,
        created: programAreaResponseSchema,
      },
      get: { access: 'programArea:read', summary: 'Read a program area', answer: programAreaResponseSchema },
      update: {
        access: 'settings:manage',
        summary: 'Update a program area; {active: false} deactivates it',
        body: updateProgramAreaBodySchema,
        answer: programAreaResponseSchema,
      },
    });
}
