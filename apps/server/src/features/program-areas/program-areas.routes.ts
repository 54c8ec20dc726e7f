import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createProgramAreaBodySchema,
  programAreaListQuerySchema,
  programAreaPageSchema,
  programAreaResponseSchema,
  updateProgramAreaBodySchema,
} from '@rtms/shared/schemas/program-areas';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { ProgramAreasService } from './program-areas.service';
import { apiErrors as errors, bearerSecurity as security, idParams as params } from '../../platform/route-schema';

/** Settings → Program Areas: everyone reads; the all-facility roles manage. */
export function programAreasRoutes(programAreas: ProgramAreasService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/program-areas',
      {
        preHandler: guards.requirePermission('programArea:read'),
        schema: {
          tags: ['program-areas'],
          summary: 'List program areas',
          security,
          querystring: programAreaListQuerySchema,
          response: { 200: programAreaPageSchema, ...errors },
        },
      },
      async (request) => programAreas.list(principalOf(request), request.query),
    );

    app.post(
      '/program-areas',
      {
        preHandler: guards.requirePermission('settings:manage'),
        schema: {
          tags: ['program-areas'],
          summary: 'Create a program area (name unique regardless of case)',
          security,
          body: createProgramAreaBodySchema,
          response: { 201: programAreaResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await programAreas.create(principalOf(request), request.body) }),
    );

    app.get(
      '/program-areas/:id',
      {
        preHandler: guards.requirePermission('programArea:read'),
        schema: {
          tags: ['program-areas'],
          summary: 'Read a program area',
          security,
          params,
          response: { 200: programAreaResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await programAreas.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/program-areas/:id',
      {
        preHandler: guards.requirePermission('settings:manage'),
        schema: {
          tags: ['program-areas'],
          summary: 'Update a program area; {active: false} deactivates it',
          security,
          params,
          body: updateProgramAreaBodySchema,
          response: { 200: programAreaResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await programAreas.update(principalOf(request), request.params.id, request.body) }),
    );
  };
}
