import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRegulationBodySchema,
  regulationListQuerySchema,
  regulationPageSchema,
  regulationResponseSchema,
  updateRegulationBodySchema,
} from '@rtms/shared/schemas/regulations';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { RegulationsService } from './regulations.service';
import { apiErrors as errors, bearerSecurity as security, idParams as params } from '../../platform/route-schema';

/** Settings → Regulations: everyone reads; the all-facility roles manage. */
export function regulationsRoutes(regulations: RegulationsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/regulations',
      {
        preHandler: guards.requirePermission('regulation:read'),
        schema: {
          tags: ['regulations'],
          summary: 'List regulations',
          security,
          querystring: regulationListQuerySchema,
          response: { 200: regulationPageSchema, ...errors },
        },
      },
      async (request) => regulations.list(principalOf(request), request.query),
    );

    app.post(
      '/regulations',
      {
        preHandler: guards.requirePermission('settings:manage'),
        schema: {
          tags: ['regulations'],
          summary: 'Create a regulation',
          security,
          body: createRegulationBodySchema,
          response: { 201: regulationResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await regulations.create(principalOf(request), request.body) }),
    );

    app.get(
      '/regulations/:id',
      {
        preHandler: guards.requirePermission('regulation:read'),
        schema: {
          tags: ['regulations'],
          summary: 'Read a regulation',
          security,
          params,
          response: { 200: regulationResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await regulations.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/regulations/:id',
      {
        preHandler: guards.requirePermission('settings:manage'),
        schema: {
          tags: ['regulations'],
          summary: 'Update a regulation; {active: false} deactivates it',
          security,
          params,
          body: updateRegulationBodySchema,
          response: { 200: regulationResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await regulations.update(principalOf(request), request.params.id, request.body) }),
    );
  };
}
