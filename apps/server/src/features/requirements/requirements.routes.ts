import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRequirementBodySchema,
  previewRequirementBodySchema,
  requirementListQuerySchema,
  requirementPageSchema,
  requirementPreviewResponseSchema,
  requirementResponseSchema,
  requirementSaveResponseSchema,
  retireRequirementBodySchema,
  updateRequirementBodySchema,
} from '@rtms/shared/schemas/requirements';
import { principalOf, type AuthGuards } from '../../platform/auth';
import type { RequirementsService } from './requirements.service';
import { apiErrors as errors, bearerSecurity as security, idParams as params } from '../../platform/route-schema';

/** Requirements: everyone reads those of their facilities; the admin roles create, edit and retire (PRODUCT §2). */
export function requirementsRoutes(requirements: RequirementsService, guards: AuthGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/requirements',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['requirements'],
          summary: 'List requirements (facility roles: those binding one of their facilities)',
          security,
          querystring: requirementListQuerySchema,
          response: { 200: requirementPageSchema, ...errors },
        },
      },
      async (request) => requirements.list(principalOf(request), request.query),
    );

    app.post(
      '/requirements',
      {
        preHandler: guards.requirePermission('requirement:manage'),
        schema: {
          tags: ['requirements'],
          summary: 'Create a requirement, bind facilities and generate their tasks',
          security,
          body: createRequirementBodySchema,
          response: { 201: requirementSaveResponseSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await requirements.create(principalOf(request), request.body)),
    );

    app.post(
      '/requirements/preview',
      {
        preHandler: guards.requirePermission('requirement:manage'),
        schema: {
          tags: ['requirements'],
          summary: 'The tasks a create (no requirementId) or an update would add, move and remove; nothing is written',
          security,
          body: previewRequirementBodySchema,
          response: { 200: requirementPreviewResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await requirements.preview(principalOf(request), request.body) }),
    );

    app.get(
      '/requirements/:id',
      {
        preHandler: guards.authenticate,
        schema: {
          tags: ['requirements'],
          summary: 'Read a requirement with its facility bindings',
          security,
          params,
          response: { 200: requirementResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await requirements.get(principalOf(request), request.params.id) }),
    );

    app.patch(
      '/requirements/:id',
      {
        preHandler: guards.requirePermission('requirement:manage'),
        schema: {
          tags: ['requirements'],
          summary: 'Update a requirement; only future tasks nobody has touched change',
          security,
          params,
          body: updateRequirementBodySchema,
          response: { 200: requirementSaveResponseSchema, ...errors },
        },
      },
      async (request) => requirements.update(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/requirements/:id/retire',
      {
        preHandler: guards.requirePermission('requirement:manage'),
        schema: {
          tags: ['requirements'],
          summary: 'Retire a requirement: no new tasks; untouched future tasks are removed',
          security,
          params,
          body: retireRequirementBodySchema.nullish(),
          response: { 200: requirementSaveResponseSchema, ...errors },
        },
      },
      async (request) => requirements.retire(principalOf(request), request.params.id, request.body ?? {}),
    );
  };
}
