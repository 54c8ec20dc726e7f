import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conditionListResponseSchema,
  conditionParamsSchema,
  conditionResponseSchema,
  createConditionBodySchema,
  createPermitBodySchema,
  newPermitVersionBodySchema,
  permitChangePreviewResponseSchema,
  permitDocumentParamsSchema,
  permitListQuerySchema,
  permitPageSchema,
  permitResponseSchema,
  terminatePermitBodySchema,
  updateConditionBodySchema,
  updatePermitBodySchema,
} from '@rtms/shared/schemas/permits';
import { principalOf, type AuthGuards } from '../../platform/auth';
import { idParams as params, routeOptions } from '../../platform/route-schema';
import type { PermitConditionsService } from './permit-conditions.service';
import type { PermitVersionsService } from './permit-versions.service';
import type { PermitsService } from './permits.service';

export interface PermitServices {
  permits: PermitsService;
  conditions: PermitConditionsService;
  versions: PermitVersionsService;
}

/**
 * Permits and their conditions: everyone reads those of their facilities; the all-facility roles and the
 * facility administrators (their facilities) create, edit, version and terminate them.
 */
export function permitsRoutes(
  { permits, conditions, versions }: PermitServices,
  guards: AuthGuards,
): FastifyPluginAsyncZod {
  const route = routeOptions(guards, 'permits');
  return async (app) => {
    app.get(
      '/permits',
      route('signed-in', 'List permits (facility roles: those of their facilities)', {
        querystring: permitListQuerySchema,
        response: { 200: permitPageSchema },
      }),
      async (request) => permits.list(principalOf(request), request.query),
    );
    app.get(
      '/permits/:id',
      route('signed-in', 'Read a permit with its conditions, versions, renewal and documents', {
        params,
        response: { 200: permitResponseSchema },
      }),
      async (request) => ({ data: await permits.get(principalOf(request), request.params.id) }),
    );
    app.post(
      '/permits',
      route('permit:manage', 'Create a permit (and its renewal task when it expires)', {
        body: createPermitBodySchema,
        response: { 201: permitResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send({ data: await permits.create(principalOf(request), request.body) }),
    );
    app.patch(
      '/permits/:id',
      route('permit:manage', 'Update a permit, including the date its renewal was submitted', {
        params,
        body: updatePermitBodySchema,
        response: { 200: permitResponseSchema },
      }),
      async (request) => ({ data: await permits.update(principalOf(request), request.params.id, request.body) }),
    );
    app.post(
      '/permits/:id/versions/preview',
      route('permit:manage', 'What a new version would add and make not applicable; nothing is written', {
        params,
        body: newPermitVersionBodySchema,
        response: { 200: permitChangePreviewResponseSchema },
      }),
      async (request) => ({
        data: await versions.previewVersion(principalOf(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/permits/:id/versions',
      route('permit:manage', 'Make the next version of a permit, with its conditions copied', {
        params,
        body: newPermitVersionBodySchema,
        response: { 201: permitResponseSchema },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await versions.newVersion(principalOf(request), request.params.id, request.body) }),
    );
    app.post(
      '/permits/:id/terminate/preview',
      route('permit:manage', 'What a termination would make not applicable; nothing is written', {
        params,
        body: terminatePermitBodySchema,
        response: { 200: permitChangePreviewResponseSchema },
      }),
      async (request) => ({
        data: await versions.previewTermination(principalOf(request), request.params.id, request.body),
      }),
    );
    app.post(
      '/permits/:id/terminate',
      route('permit:manage', 'Terminate a permit: its conditions make no task from that day', {
        params,
        body: terminatePermitBodySchema,
        response: { 200: permitResponseSchema },
      }),
      async (request) => ({ data: await versions.terminate(principalOf(request), request.params.id, request.body) }),
    );
    app.get(
      '/permits/:id/conditions',
      route('signed-in', 'List the conditions of a permit version', {
        params,
        response: { 200: conditionListResponseSchema },
      }),
      async (request) => ({ data: await conditions.list(principalOf(request), request.params.id) }),
    );
    app.post(
      '/permits/:id/conditions',
      route('permit:manage', 'Add a condition; with a schedule it owns one requirement at the permit’s facility', {
        params,
        body: createConditionBodySchema,
        response: { 201: conditionResponseSchema },
      }),
      async (request, reply) =>
        reply.status(201).send(await conditions.create(principalOf(request), request.params.id, request.body)),
    );
    app.patch(
      '/permits/:id/conditions/:conditionId',
      route('permit:manage', 'Update a condition; a schedule edit changes only future tasks nobody touched', {
        params: conditionParamsSchema,
        body: updateConditionBodySchema,
        response: { 200: conditionResponseSchema },
      }),
      async (request) =>
        conditions.update(principalOf(request), request.params.id, request.params.conditionId, request.body),
    );
    app.delete(
      '/permits/:id/conditions/:conditionId',
      route('permit:manage', 'Delete a condition none of whose tasks was touched', {
        params: conditionParamsSchema,
        response: { 204: z.null() },
      }),
      async (request, reply) => {
        await conditions.remove(principalOf(request), request.params.id, request.params.conditionId);
        return reply.status(204).send(null);
      },
    );
    app.put(
      '/permits/:id/documents/:documentId',
      route('permit:manage', 'Link a library document to the permit', {
        params: permitDocumentParamsSchema,
        response: { 200: permitResponseSchema },
      }),
      async (request) => ({
        data: await permits.linkDocument(principalOf(request), request.params.id, request.params.documentId, true),
      }),
    );
    app.delete(
      '/permits/:id/documents/:documentId',
      route('permit:manage', 'Unlink a document from the permit', {
        params: permitDocumentParamsSchema,
        response: { 200: permitResponseSchema },
      }),
      async (request) => ({
        data: await permits.linkDocument(principalOf(request), request.params.id, request.params.documentId, false),
      }),
    );
  };
}
