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
import { registerRecordRoutes } from '../../platform/crud.routes';
import type { RequirementsService } from './requirements.service';
import { idParams as params, routeOptions } from '../../platform/route-schema';

/** Requirements: everyone reads those of their facilities; the admin roles create, edit and retire. */
export function requirementsRoutes(requirements: RequirementsService, guards: AuthGuards): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'requirements');
  return async (app) => {
    registerRecordRoutes(app, route, requirements, {
      path: '/requirements',
      list: {
        access: 'signed-in',
        summary: 'List requirements (facility roles: those binding one of their facilities)',
        query: requirementListQuerySchema,
        page: requirementPageSchema,
      },
      get: {
        access: 'signed-in',
        summary: 'Read a requirement with its facility bindings',
        answer: requirementResponseSchema,
      },
    });

    app.post(
      '/requirements',
      route('requirement:manage', 'Create a requirement, bind facilities and generate their tasks', {
        body: createRequirementBodySchema,
        response: { 201: requirementSaveResponseSchema },
      }),
      async (request, reply) => reply.status(201).send(await requirements.create(principalOf(request), request.body)),
    );

    app.post(
      '/requirements/preview',
      route(
        'requirement:manage',
        'The tasks a create (no requirementId) or an update would add, move and remove; nothing is written',
        { body: previewRequirementBodySchema, response: { 200: requirementPreviewResponseSchema } },
      ),
      async (request) => ({ data: await requirements.preview(principalOf(request), request.body) }),
    );

    app.patch(
      '/requirements/:id',
      route('requirement:manage', 'Update a requirement; only future tasks nobody has touched change', {
        params,
        body: updateRequirementBodySchema,
        response: { 200: requirementSaveResponseSchema },
      }),
      async (request) => requirements.update(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/requirements/:id/retire',
      route('requirement:manage', 'Retire a requirement: no new tasks; untouched future tasks are removed', {
        params,
        body: retireRequirementBodySchema.nullish(),
        response: { 200: requirementSaveResponseSchema },
      }),
      async (request) => requirements.retire(principalOf(request), request.params.id, request.body ?? {}),
    );
  };
}
