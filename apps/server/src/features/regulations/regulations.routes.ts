import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRegulationBodySchema,
  regulationListQuerySchema,
  regulationPageSchema,
  regulationResponseSchema,
  updateRegulationBodySchema,
} from '@rtms/shared/schemas/regulations';
import type { AuthGuards } from '../../platform/auth';
import { registerCrudRoutes } from '../../platform/crud-routes';
import type { RegulationsService } from './regulations.service';

/** Settings → Regulations: everyone reads; the all-facility roles manage. */
export function regulationsRoutes(regulations: RegulationsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) =>
    registerCrudRoutes(app, guards, regulations, {
      path: '/regulations',
      list: {
        access: 'regulation:read',
        summary: 'List regulations',
        query: regulationListQuerySchema,
        page: regulationPageSchema,
      },
      create: {
        access: 'settings:manage',
        summary: 'Create a regulation',
        body: createRegulationBodySchema,
        created: regulationResponseSchema,
      },
      get: { access: 'regulation:read', summary: 'Read a regulation', answer: regulationResponseSchema },
      update: {
        access: 'settings:manage',
        summary: 'Update a regulation; {active: false} deactivates it',
        body: updateRegulationBodySchema,
        answer: regulationResponseSchema,
      },
    });
}
